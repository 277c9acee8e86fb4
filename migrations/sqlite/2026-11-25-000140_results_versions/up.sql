-- Results computed once per change of what they are made from, not on every read. Every write that
-- can change an olympiad's results (an attempt finished, marked, set aside or moved; a learner's
-- name or grade; a school's name or province; a moderation change; a paper sheet; the medal bands)
-- raises the olympiad's generation here, in the writer's own transaction, through the triggers
-- below: no code path can forget it. A reader whose stored results are of an older generation
-- computes them again first.
CREATE TABLE result_generations (
    olympiad_id BIGINT NOT NULL,
    -- PostgreSQL spreads concurrent writers over a few rows (the generation is their sum)
    shard INTEGER NOT NULL,
    generation BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (olympiad_id, shard)
);

-- The generation the stored rows were computed at (-1: never), when, and what moderation and the
-- top-school calculation show (JSON), computed with them.
ALTER TABLE olympiad_results ADD COLUMN computed_generation BIGINT NOT NULL DEFAULT -1;
ALTER TABLE olympiad_results ADD COLUMN computed_at TIMESTAMP;
ALTER TABLE olympiad_results ADD COLUMN computed_grades TEXT NOT NULL DEFAULT '';
ALTER TABLE olympiad_results ADD COLUMN computed_schools TEXT NOT NULL DEFAULT '';

-- One learner's computed result: what the results grid, its filters and exports read.
CREATE TABLE result_rows (
    results_id BIGINT NOT NULL REFERENCES olympiad_results(id) ON DELETE CASCADE,
    attempt_id BIGINT NOT NULL,
    participant_id BIGINT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    grade INTEGER NOT NULL,
    school_participant_id BIGINT NOT NULL,
    school_name TEXT NOT NULL,
    province TEXT NOT NULL,
    -- the province in ASCII lower case, for the case-blind province filter
    province_key TEXT NOT NULL,
    -- "first last school" in lower case, for the grid's search
    search_text TEXT NOT NULL,
    score BIGINT NOT NULL,
    marked_score BIGINT NOT NULL,
    adjusted BOOLEAN NOT NULL,
    disqualified BOOLEAN NOT NULL,
    rank BIGINT NOT NULL,
    -- the rank, with the disqualified last
    rank_key BIGINT NOT NULL,
    of_count BIGINT NOT NULL,
    province_rank BIGINT NOT NULL,
    percentile_tenths BIGINT NOT NULL,
    award TEXT,
    best_in_school BOOLEAN NOT NULL,
    on_paper BOOLEAN NOT NULL,
    outlier BOOLEAN NOT NULL,
    PRIMARY KEY (results_id, attempt_id)
);
CREATE INDEX result_rows_by_grade ON result_rows (results_id, grade, rank_key, attempt_id);
CREATE INDEX result_rows_by_rank ON result_rows (results_id, rank_key, grade, attempt_id);
CREATE INDEX result_rows_by_award ON result_rows (results_id, award, grade, rank_key, attempt_id);
CREATE INDEX result_rows_by_school ON result_rows (results_id, school_participant_id);

CREATE TRIGGER attempts_results_insert AFTER INSERT ON attempts
WHEN NEW.status = 'finished'
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1 WHERE olympiad_id = NEW.olympiad_id AND shard = 0;
END;

CREATE TRIGGER attempts_results_update AFTER UPDATE ON attempts
WHEN (OLD.status = 'finished' OR NEW.status = 'finished')
  AND (OLD.status IS NOT NEW.status OR OLD.score IS NOT NEW.score
       OR OLD.superseded IS NOT NEW.superseded
       OR OLD.school_participant_id IS NOT NEW.school_participant_id
       OR OLD.participant_id IS NOT NEW.participant_id OR OLD.olympiad_id IS NOT NEW.olympiad_id)
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (OLD.olympiad_id, 0, 0);
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1
    WHERE shard = 0 AND olympiad_id IN (OLD.olympiad_id, NEW.olympiad_id);
END;

CREATE TRIGGER attempts_results_delete AFTER DELETE ON attempts
WHEN OLD.status = 'finished'
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (OLD.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1 WHERE olympiad_id = OLD.olympiad_id AND shard = 0;
END;

CREATE TRIGGER learners_results_update AFTER UPDATE ON learners
WHEN OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name
  OR OLD.grade IS NOT NEW.grade
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation)
        SELECT DISTINCT olympiad_id, 0, 0 FROM participants WHERE learner_id = NEW.id;
    UPDATE result_generations SET generation = generation + 1
    WHERE shard = 0 AND olympiad_id IN (SELECT olympiad_id FROM participants WHERE learner_id = NEW.id);
END;

CREATE TRIGGER participants_results_update AFTER UPDATE ON participants
WHEN OLD.learner_id IS NOT NEW.learner_id OR OLD.olympiad_id IS NOT NEW.olympiad_id
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (OLD.olympiad_id, 0, 0);
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1
    WHERE shard = 0 AND olympiad_id IN (OLD.olympiad_id, NEW.olympiad_id);
END;

CREATE TRIGGER school_participants_results_update AFTER UPDATE ON school_participants
WHEN OLD.school_id IS NOT NEW.school_id OR OLD.olympiad_id IS NOT NEW.olympiad_id
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (OLD.olympiad_id, 0, 0);
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1
    WHERE shard = 0 AND olympiad_id IN (OLD.olympiad_id, NEW.olympiad_id);
END;

CREATE TRIGGER schools_results_update AFTER UPDATE ON schools
WHEN OLD.name IS NOT NEW.name OR OLD.province IS NOT NEW.province
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation)
        SELECT DISTINCT olympiad_id, 0, 0 FROM school_participants WHERE school_id = NEW.id;
    UPDATE result_generations SET generation = generation + 1
    WHERE shard = 0 AND olympiad_id IN (SELECT olympiad_id FROM school_participants WHERE school_id = NEW.id);
END;

CREATE TRIGGER result_changes_results_insert AFTER INSERT ON result_changes
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1 WHERE olympiad_id = NEW.olympiad_id AND shard = 0;
END;

CREATE TRIGGER result_changes_results_update AFTER UPDATE ON result_changes
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (OLD.olympiad_id, 0, 0);
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1
    WHERE shard = 0 AND olympiad_id IN (OLD.olympiad_id, NEW.olympiad_id);
END;

CREATE TRIGGER result_changes_results_delete AFTER DELETE ON result_changes
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (OLD.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1 WHERE olympiad_id = OLD.olympiad_id AND shard = 0;
END;

CREATE TRIGGER paper_sheets_results_insert AFTER INSERT ON paper_sheets
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1 WHERE olympiad_id = NEW.olympiad_id AND shard = 0;
END;

CREATE TRIGGER paper_sheets_results_update AFTER UPDATE ON paper_sheets
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (OLD.olympiad_id, 0, 0);
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1
    WHERE shard = 0 AND olympiad_id IN (OLD.olympiad_id, NEW.olympiad_id);
END;

CREATE TRIGGER paper_sheets_results_delete AFTER DELETE ON paper_sheets
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (OLD.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1 WHERE olympiad_id = OLD.olympiad_id AND shard = 0;
END;

CREATE TRIGGER olympiad_results_bands_update AFTER UPDATE ON olympiad_results
WHEN OLD.bands IS NOT NEW.bands
BEGIN
    INSERT OR IGNORE INTO result_generations (olympiad_id, shard, generation) VALUES (NEW.olympiad_id, 0, 0);
    UPDATE result_generations SET generation = generation + 1 WHERE olympiad_id = NEW.olympiad_id AND shard = 0;
END;
