-- Schools and their entries in olympiads; teachers and the teams that run an entry; learners and
-- their entries (participants), each of which signs in as a user with a learner account.
CREATE TABLE schools (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    -- The national Education Management Information System number; unique when given.
    emis_number TEXT UNIQUE,
    -- One of the nine provinces; empty for schools outside South Africa.
    province TEXT NOT NULL DEFAULT '',
    district TEXT NOT NULL DEFAULT '',
    town TEXT NOT NULL DEFAULT '',
    street_address TEXT NOT NULL DEFAULT '',
    postal_address TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    -- public or independent
    sector TEXT NOT NULL DEFAULT 'public',
    quintile INTEGER,
    language_of_teaching TEXT NOT NULL DEFAULT '',
    -- ISO 3166 alpha-2; ZA for South African schools, another for international ones (igeo).
    country_code TEXT NOT NULL DEFAULT 'ZA',
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX schools_name ON schools(name);

CREATE TABLE school_participants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    school_id BIGINT NOT NULL REFERENCES schools(id),
    -- entered, confirmed or withdrawn
    status TEXT NOT NULL DEFAULT 'entered',
    contact_teacher_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    entered_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (olympiad_id, school_id)
);
CREATE INDEX school_participants_school_id ON school_participants(school_id);

-- A teacher is a user (names and e-mail there) with these details.
CREATE TABLE teachers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    school_id BIGINT REFERENCES schools(id) ON DELETE SET NULL,
    title TEXT NOT NULL DEFAULT '',
    cell TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX teachers_school_id ON teachers(school_id);

CREATE TABLE team_members (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    school_participant_id BIGINT NOT NULL REFERENCES school_participants(id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
    is_team_admin BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (school_participant_id, teacher_id)
);
CREATE INDEX team_members_teacher_id ON team_members(teacher_id);

CREATE TABLE learners (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    school_id BIGINT NOT NULL REFERENCES schools(id),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    grade INTEGER NOT NULL,
    gender TEXT NOT NULL DEFAULT '',
    home_language TEXT NOT NULL DEFAULT '',
    -- The class within the grade (10B), so that login slips can be handed out class by class.
    class_name TEXT NOT NULL DEFAULT '',
    email TEXT,
    -- POPIA: a competent person (parent or guardian) consents to the processing of a child's data.
    consent_given BOOLEAN NOT NULL DEFAULT FALSE,
    consent_by TEXT NOT NULL DEFAULT '',
    consent_relationship TEXT NOT NULL DEFAULT '',
    consent_recorded_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX learners_school_id ON learners(school_id);
CREATE INDEX learners_last_name ON learners(last_name, first_name);
CREATE INDEX learners_grade ON learners(grade);

-- A learner entered in an olympiad. Its username and password hash are those of its user, which has
-- one learner account in the olympiad.
CREATE TABLE participants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    learner_id BIGINT NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    school_participant_id BIGINT REFERENCES school_participants(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    -- registered, writing, finished or absent
    status TEXT NOT NULL DEFAULT 'registered',
    -- The language the learner writes in: en or af.
    language TEXT NOT NULL DEFAULT 'en',
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (olympiad_id, learner_id)
);
CREATE INDEX participants_school_participant_id ON participants(school_participant_id);
CREATE INDEX participants_learner_id ON participants(learner_id);

-- The International Geography Olympiad's countries, and each country's entry in an olympiad.
CREATE TABLE igeo_countries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    -- ISO 3166 alpha-2, upper case.
    iso_code TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE country_participants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    country_id BIGINT NOT NULL REFERENCES igeo_countries(id),
    -- entered, confirmed or withdrawn
    status TEXT NOT NULL DEFAULT 'entered',
    team_leader_name TEXT NOT NULL DEFAULT '',
    team_leader_email TEXT NOT NULL DEFAULT '',
    team_leader_phone TEXT NOT NULL DEFAULT '',
    -- JSON list of the team members' names.
    team_members TEXT NOT NULL DEFAULT '[]',
    -- Who receives the invoice.
    invoice_name TEXT NOT NULL DEFAULT '',
    invoice_email TEXT NOT NULL DEFAULT '',
    invoice_address TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (olympiad_id, country_id)
);
CREATE INDEX country_participants_country_id ON country_participants(country_id);

-- Interested and affected parties: people the olympiad's office keeps in touch with.
CREATE TABLE useful_contacts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    organisation TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX useful_contacts_olympiad_id ON useful_contacts(olympiad_id);

-- A teacher (or someone else: a parent, a tutor) who wants to take part; an admin processes a
-- teacher's into an entry of their school, or declines it.
CREATE TABLE expressions_of_interest (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    -- teacher or other
    kind TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    -- The school as the teacher typed it.
    school_name TEXT NOT NULL DEFAULT '',
    emis_number TEXT NOT NULL DEFAULT '',
    province TEXT NOT NULL DEFAULT '',
    town TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL DEFAULT '',
    -- Others: their organisation and how they relate to a learner (parent, tutor, ...).
    organisation TEXT NOT NULL DEFAULT '',
    relationship TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    -- The secret of the verification link.
    verify_token TEXT NOT NULL UNIQUE,
    email_verified BOOLEAN NOT NULL DEFAULT FALSE,
    verified_at TIMESTAMP,
    -- open, processed or declined
    status TEXT NOT NULL DEFAULT 'open',
    decline_reason TEXT NOT NULL DEFAULT '',
    handled_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    handled_at TIMESTAMP,
    -- The entry a processed teacher's interest became.
    school_participant_id BIGINT REFERENCES school_participants(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX expressions_of_interest_olympiad_status ON expressions_of_interest(olympiad_id, status);
CREATE INDEX expressions_of_interest_email ON expressions_of_interest(email);
CREATE INDEX expressions_of_interest_school_participant_id ON expressions_of_interest(school_participant_id);
