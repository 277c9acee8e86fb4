-- Staggered start windows: a window of the olympiad's sitting for some of its schools only. A school
-- with none writes in the olympiad's own sitting windows.
CREATE TABLE start_windows (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX start_windows_olympiad_id ON start_windows(olympiad_id);

CREATE TABLE start_window_schools (
    start_window_id BIGINT NOT NULL REFERENCES start_windows(id) ON DELETE CASCADE,
    school_id BIGINT NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
    PRIMARY KEY (start_window_id, school_id)
);
CREATE INDEX start_window_schools_school_id ON start_window_schools(school_id);

-- The key of the paper sent to the lobby, one per olympiad and opening moment: every learner whose
-- window opens then gets the same encrypted bytes, and the key only once the window has opened.
CREATE TABLE lobby_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    opens_at TIMESTAMP NOT NULL,
    paper_key TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (olympiad_id, opens_at)
);
