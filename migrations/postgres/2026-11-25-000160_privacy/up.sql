-- Privacy (POPIA): each erasure of a learner's or a user's personal data, with the overlord's
-- reason (kept here, not in the activity log, since a reason may name people). One a person: a
-- second request finds it and changes nothing.
CREATE TABLE privacy_erasures (
    id BIGSERIAL PRIMARY KEY,
    subject TEXT NOT NULL,
    subject_id BIGINT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT NOT NULL,
    erased_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE UNIQUE INDEX privacy_erasures_subject ON privacy_erasures(subject, subject_id);

-- How many days logs and unfinished accounts are kept; NULL keeps them (the default). One row.
CREATE TABLE retention_settings (
    id BIGINT PRIMARY KEY NOT NULL,
    app_log_days INTEGER,
    activity_log_days INTEGER,
    email_log_days INTEGER,
    signin_days INTEGER,
    unfinished_account_days INTEGER,
    last_swept_at TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
INSERT INTO retention_settings (id) VALUES (1);

-- The sweep deletes by age.
CREATE INDEX app_logs_created_at ON app_logs(created_at);
CREATE INDEX email_logs_created_at ON email_logs(created_at);
