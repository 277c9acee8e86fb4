-- The olympiad's settings, its sitting windows, the paper (modules and questions), and files:
-- an upload is stored once by content hash; an attachment is its use, under a name, in an olympiad.
ALTER TABLE olympiads ADD COLUMN kind TEXT NOT NULL DEFAULT 'schools';
ALTER TABLE olympiads ADD COLUMN duration_minutes INTEGER NOT NULL DEFAULT 60;
ALTER TABLE olympiads ADD COLUMN grades TEXT NOT NULL DEFAULT '[8,9,10,11,12]';
ALTER TABLE olympiads ADD COLUMN languages TEXT NOT NULL DEFAULT '["en"]';
ALTER TABLE olympiads ADD COLUMN instructions TEXT NOT NULL DEFAULT '{}';
ALTER TABLE olympiads ADD COLUMN declaration TEXT NOT NULL DEFAULT '{}';
ALTER TABLE olympiads ADD COLUMN shuffle_questions BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE olympiads ADD COLUMN shuffle_options BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE sitting_windows (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL
);
CREATE INDEX sitting_windows_olympiad_id ON sitting_windows(olympiad_id);

CREATE TABLE uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sha256 TEXT NOT NULL UNIQUE,
    size_bytes BIGINT NOT NULL,
    content_type TEXT NOT NULL,
    filename TEXT NOT NULL,
    uploaded_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE attachments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    upload_id BIGINT NOT NULL REFERENCES uploads(id),
    olympiad_id BIGINT REFERENCES olympiads(id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX attachments_olympiad_id ON attachments(olympiad_id);
CREATE INDEX attachments_upload_id ON attachments(upload_id);

CREATE TABLE question_modules (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    title TEXT NOT NULL DEFAULT '{}',
    instructions TEXT NOT NULL DEFAULT '{}',
    time_limit_minutes INTEGER,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX question_modules_olympiad_id ON question_modules(olympiad_id, position);

CREATE TABLE questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    module_id BIGINT NOT NULL REFERENCES question_modules(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    kind TEXT NOT NULL,
    content TEXT NOT NULL,
    marks INTEGER NOT NULL DEFAULT 1,
    difficulty INTEGER NOT NULL DEFAULT 3,
    attachment_id BIGINT REFERENCES attachments(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX questions_module_id ON questions(module_id, position);
CREATE INDEX questions_attachment_id ON questions(attachment_id);
