-- The learner's sitting: an attempt per participant (a reset keeps the old one, superseded), its
-- answers, each with the sequence number of the save that wrote it, and the pauses of a school's
-- sitting (load-shedding).
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    participant_id BIGINT NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    school_participant_id BIGINT REFERENCES school_participants(id) ON DELETE SET NULL,
    -- preparing (declaration accepted, clock not running), writing or finished
    status TEXT NOT NULL DEFAULT 'preparing',
    superseded BOOLEAN NOT NULL DEFAULT FALSE,
    declaration_accepted_at TIMESTAMP NOT NULL,
    -- bcrypt of the recovery code the learner wrote down; a new device must give it
    recovery_code_hash TEXT,
    -- sha-256 of the secret that the device holding the attempt sends with every call
    device_key_hash TEXT NOT NULL,
    -- JSON: the learner's order of questions and options, fixed at the start
    paper_order TEXT NOT NULL DEFAULT '{"modules":[]}',
    started_at TIMESTAMP,
    allowed_seconds INTEGER NOT NULL DEFAULT 0,
    extra_seconds INTEGER NOT NULL DEFAULT 0,
    window_ends_at TIMESTAMP,
    paused_seconds INTEGER NOT NULL DEFAULT 0,
    paused_at TIMESTAMP,
    -- derived from the fields above whenever they change, for the sweep that ends attempts
    ends_at TIMESTAMP,
    finished_at TIMESTAMP,
    -- submitted or time_up
    finish_reason TEXT,
    last_seen_at TIMESTAMP,
    -- where the learner is, e.g. "2/5" (module/question), from the progress pings
    last_position TEXT NOT NULL DEFAULT '',
    online BOOLEAN NOT NULL DEFAULT TRUE,
    score BIGINT,
    -- JSON: module id to marks
    module_scores TEXT NOT NULL DEFAULT '{}',
    marked_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- One attempt that counts per participant. Queries find attempts by participant through the plain
-- index: a partial index serves only queries whose condition is written into the SQL itself.
CREATE UNIQUE INDEX attempts_current ON attempts(participant_id) WHERE superseded = FALSE;
CREATE INDEX attempts_participant_id ON attempts(participant_id);
CREATE INDEX attempts_olympiad_id ON attempts(olympiad_id, status);
CREATE INDEX attempts_school_participant_id ON attempts(school_participant_id);
CREATE INDEX attempts_status_ends_at ON attempts(status, ends_at);

-- Deleting a question that learners have answered is refused: their answers are their work.
CREATE TABLE answers (
    attempt_id BIGINT NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    question_id BIGINT NOT NULL REFERENCES questions(id),
    -- JSON: a list of option keys, or the typed text; null once cleared
    answer TEXT NOT NULL,
    flagged BOOLEAN NOT NULL DEFAULT FALSE,
    seq BIGINT NOT NULL,
    marks INTEGER,
    saved_at TIMESTAMP NOT NULL,
    PRIMARY KEY (attempt_id, question_id)
);
CREATE INDEX answers_question_id ON answers(question_id);

-- The answer writer finds each learner's account by user and olympiad, thousands of times a second.
CREATE INDEX accounts_user_id_olympiad_id ON accounts(user_id, olympiad_id);

CREATE TABLE sitting_pauses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    school_participant_id BIGINT NOT NULL REFERENCES school_participants(id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    paused_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    started_at TIMESTAMP NOT NULL,
    resumed_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    ended_at TIMESTAMP
);
CREATE INDEX sitting_pauses_school_participant_id ON sitting_pauses(school_participant_id, ended_at);
