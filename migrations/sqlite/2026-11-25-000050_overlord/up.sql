-- The overlord's notes (before the olympiad, common issues): every save is a revision, the newest
-- is the note, the rest its history.
CREATE TABLE note_revisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    topic TEXT NOT NULL,
    body TEXT NOT NULL,
    author_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX note_revisions_topic ON note_revisions(topic, id);

-- Runs of the consistency checks, and what each found.
CREATE TABLE sanity_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    findings INTEGER NOT NULL DEFAULT 0,
    started_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    finished_at TIMESTAMP
);
CREATE INDEX sanity_runs_started_at ON sanity_runs(started_at);

CREATE TABLE sanity_findings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id BIGINT NOT NULL REFERENCES sanity_runs(id) ON DELETE CASCADE,
    check_name TEXT NOT NULL,
    olympiad_id BIGINT REFERENCES olympiads(id) ON DELETE SET NULL,
    subject TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX sanity_findings_run_id ON sanity_findings(run_id, check_name);

-- The reports count an olympiad's learners by entry and status, and bucket entries and starts by
-- day, straight from these indexes.
CREATE INDEX participants_olympiad_entry_status ON participants(olympiad_id, school_participant_id, status);
CREATE INDEX participants_olympiad_created_at ON participants(olympiad_id, created_at);
CREATE INDEX attempts_olympiad_started_at ON attempts(olympiad_id, started_at);
CREATE INDEX activity_logs_action_olympiad ON activity_logs(action, olympiad_id, created_at);
CREATE INDEX activity_logs_email ON activity_logs(email);
CREATE INDEX jobs_created_at ON jobs(created_at);
