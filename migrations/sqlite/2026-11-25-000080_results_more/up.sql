-- Answers written on paper: an attempt made from the admin's spreadsheet of a school's answer
-- sheets is marked like any other and shown as written on paper. Appeals: a school's team asks
-- for a learner's mark to be looked at again; an admin upholds (adjusting the mark) or dismisses.
CREATE TABLE paper_sheets (
    attempt_id BIGINT PRIMARY KEY NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    imported_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    imported_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX paper_sheets_olympiad_id ON paper_sheets (olympiad_id);

CREATE TABLE result_appeals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    attempt_id BIGINT NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    school_participant_id BIGINT NOT NULL REFERENCES school_participants(id) ON DELETE CASCADE,
    -- the question's number on the paper (1, 2, ...)
    question INTEGER NOT NULL,
    reason TEXT NOT NULL,
    -- lodged, upheld or dismissed
    state TEXT NOT NULL DEFAULT 'lodged',
    -- the admin's reason for the outcome, and the marks an upheld appeal gave
    outcome TEXT NOT NULL DEFAULT '',
    marks BIGINT,
    lodged_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    decided_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    decided_at TIMESTAMP
);
CREATE INDEX result_appeals_olympiad_id ON result_appeals (olympiad_id, id);
CREATE INDEX result_appeals_school_participant_id ON result_appeals (school_participant_id);
