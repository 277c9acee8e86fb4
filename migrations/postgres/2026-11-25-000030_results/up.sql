-- Results and certificates. Each olympiad's results move provisional -> moderated -> final; the
-- final results are kept as a snapshot (JSON) that later edits cannot change without a new
-- version. Every moderation change carries a reason. Certificates: one configuration per
-- olympiad, and runs that make one ZIP of PDFs per school, school by school, so that a run picks
-- up after a crash where it stopped.
CREATE TABLE olympiad_results (
    id BIGSERIAL PRIMARY KEY,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    -- provisional, moderated or final
    state TEXT NOT NULL DEFAULT 'provisional',
    -- 0 until first final; each finalising adds one
    version INTEGER NOT NULL DEFAULT 0,
    -- JSON: the medal bands, as percentiles from the top per grade
    bands TEXT NOT NULL DEFAULT '{}',
    -- JSON: the results as they were made final (empty until then)
    snapshot TEXT NOT NULL DEFAULT '',
    finalised_at TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE UNIQUE INDEX olympiad_results_olympiad_id ON olympiad_results (olympiad_id);

CREATE TABLE result_changes (
    id BIGSERIAL PRIMARY KEY,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    attempt_id BIGINT REFERENCES attempts(id) ON DELETE CASCADE,
    -- adjusted, disqualified, reinstated, remarked, moderated, finalised, reopened
    kind TEXT NOT NULL,
    -- the marks an adjustment gives, and the marks before it
    marks BIGINT,
    marks_before BIGINT,
    reason TEXT NOT NULL,
    made_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX result_changes_olympiad_id ON result_changes (olympiad_id, id);

CREATE TABLE certificate_configs (
    id BIGSERIAL PRIMARY KEY,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    -- JSON: the templates per award and the text placed on them
    config TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE UNIQUE INDEX certificate_configs_olympiad_id ON certificate_configs (olympiad_id);

CREATE TABLE certificate_runs (
    id BIGSERIAL PRIMARY KEY,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    -- the version of the final results it was made from
    results_version INTEGER NOT NULL,
    -- generating, generated
    status TEXT NOT NULL DEFAULT 'generating',
    -- sending: schools' e-mails are queued as their ZIPs are ready; paused: none is queued
    sending BOOLEAN NOT NULL DEFAULT FALSE,
    paused BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX certificate_runs_olympiad_id ON certificate_runs (olympiad_id, id);

CREATE TABLE certificate_batches (
    id BIGSERIAL PRIMARY KEY,
    run_id BIGINT NOT NULL REFERENCES certificate_runs(id) ON DELETE CASCADE,
    school_participant_id BIGINT NOT NULL REFERENCES school_participants(id) ON DELETE CASCADE,
    -- waiting, made, sent or failed
    status TEXT NOT NULL DEFAULT 'waiting',
    certificates INTEGER NOT NULL DEFAULT 0,
    -- the ZIP under the data folder, relative to it
    file_path TEXT NOT NULL DEFAULT '',
    bytes BIGINT NOT NULL DEFAULT 0,
    made_at TIMESTAMP,
    sent_at TIMESTAMP,
    error TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX certificate_batches_run_school ON certificate_batches (run_id, school_participant_id);
