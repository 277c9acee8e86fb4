-- E-mail: editable copy of the system e-mails, mass mails and their campaigns, the log of what was
-- sent, bounces, shunned addresses, unsubscribes and each address's health.

-- The copy of one kind of system e-mail; olympiad_id NULL is the platform's copy (the overlord's),
-- which an olympiad's own copy overrides.
CREATE TABLE email_copies (
    id BIGSERIAL PRIMARY KEY,
    olympiad_id BIGINT REFERENCES olympiads(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    html TEXT NOT NULL,
    text TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX email_copies_kind ON email_copies(kind, olympiad_id);

CREATE TABLE campaigns (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    notes TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);

CREATE TABLE mass_mails (
    id BIGSERIAL PRIMARY KEY,
    olympiad_id BIGINT REFERENCES olympiads(id) ON DELETE CASCADE,
    campaign_id BIGINT REFERENCES campaigns(id) ON DELETE SET NULL,
    title TEXT NOT NULL,
    audience TEXT NOT NULL,
    subject TEXT NOT NULL,
    html TEXT NOT NULL,
    text TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'draft',
    recipients INTEGER NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);

-- A queued e-mail's olympiad, mass mail and addressee, so the queue is searched and released
-- without reading payloads.
ALTER TABLE jobs ADD COLUMN olympiad_id BIGINT;
ALTER TABLE jobs ADD COLUMN mass_mail_id BIGINT;
ALTER TABLE jobs ADD COLUMN recipient TEXT;
CREATE INDEX jobs_mass_mail ON jobs(mass_mail_id, status);

CREATE TABLE email_logs (
    id BIGSERIAL PRIMARY KEY,
    job_id BIGINT,
    olympiad_id BIGINT,
    mass_mail_id BIGINT,
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    status TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX email_logs_olympiad ON email_logs(olympiad_id, created_at);
CREATE INDEX email_logs_recipient ON email_logs(recipient);

-- The reference in an e-mail's unsubscribe link: it names an address (and an olympiad, or none
-- for every olympiad) without showing it.
CREATE TABLE unsubscribe_links (
    id BIGSERIAL PRIMARY KEY,
    reference TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    olympiad_id BIGINT REFERENCES olympiads(id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX unsubscribe_links_email ON unsubscribe_links(email, olympiad_id);

CREATE TABLE unsubscribes (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL,
    olympiad_id BIGINT REFERENCES olympiads(id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX unsubscribes_email ON unsubscribes(email, olympiad_id);

CREATE TABLE bounces (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL,
    kind TEXT NOT NULL,
    source TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX bounces_email ON bounces(email);

CREATE TABLE shunned_emails (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);

CREATE TABLE email_health (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    syntax_ok BOOLEAN NOT NULL,
    mail_servers TEXT NOT NULL,
    overridden BOOLEAN NOT NULL DEFAULT FALSE,
    checked_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
