-- Results computed once per change of what they are made from, not on every read. Every write that
-- can change an olympiad's results (an attempt finished, marked, set aside or moved; a learner's
-- name or grade; a school's name or province; a moderation change; a paper sheet; the medal bands)
-- raises the olympiad's generation here, in the writer's own transaction, through the triggers
-- below: no code path can forget it. A reader whose stored results are of an older generation
-- computes them again first. The triggers run at commit (deferred), once per olympiad and
-- transaction, on one of eight rows chosen by the connection, so that learners finishing at the
-- same moment do not queue on one row; the generation is the sum of the rows.
CREATE TABLE result_generations (
    olympiad_id BIGINT NOT NULL,
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

-- One learner's computed result: what the results grid, its filters and exports read. Text sorts
-- byte by byte ("C"), as SQLite and the released snapshot do.
CREATE TABLE result_rows (
    results_id BIGINT NOT NULL REFERENCES olympiad_results(id) ON DELETE CASCADE,
    attempt_id BIGINT NOT NULL,
    participant_id BIGINT NOT NULL,
    first_name TEXT COLLATE "C" NOT NULL,
    last_name TEXT COLLATE "C" NOT NULL,
    grade INTEGER NOT NULL,
    school_participant_id BIGINT NOT NULL,
    school_name TEXT COLLATE "C" NOT NULL,
    province TEXT COLLATE "C" NOT NULL,
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

-- Raises an olympiad's generation once in the transaction.
CREATE FUNCTION raise_result_generation(olympiad BIGINT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    marker TEXT := 'olympiad.results_raised_' || olympiad;
BEGIN
    IF olympiad IS NULL OR current_setting(marker, true) = 'yes' THEN
        RETURN;
    END IF;
    INSERT INTO result_generations (olympiad_id, shard, generation)
    VALUES (olympiad, pg_backend_pid() % 8, 1)
    ON CONFLICT (olympiad_id, shard) DO UPDATE SET generation = result_generations.generation + 1;
    PERFORM set_config(marker, 'yes', true);
END $$;

-- For rows that name their olympiad.
CREATE FUNCTION results_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM raise_result_generation(OLD.olympiad_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM raise_result_generation(NEW.olympiad_id);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION results_learner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    olympiad BIGINT;
BEGIN
    FOR olympiad IN SELECT DISTINCT olympiad_id FROM participants WHERE learner_id = NEW.id LOOP
        PERFORM raise_result_generation(olympiad);
    END LOOP;
    RETURN NULL;
END $$;

CREATE FUNCTION results_school_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    olympiad BIGINT;
BEGIN
    FOR olympiad IN SELECT DISTINCT olympiad_id FROM school_participants WHERE school_id = NEW.id LOOP
        PERFORM raise_result_generation(olympiad);
    END LOOP;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER attempts_results_insert AFTER INSERT ON attempts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.status = 'finished')
EXECUTE FUNCTION results_row_changed();

CREATE CONSTRAINT TRIGGER attempts_results_update AFTER UPDATE ON attempts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.status = 'finished' OR NEW.status = 'finished')
  AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.score IS DISTINCT FROM NEW.score
       OR OLD.superseded IS DISTINCT FROM NEW.superseded
       OR OLD.school_participant_id IS DISTINCT FROM NEW.school_participant_id
       OR OLD.participant_id IS DISTINCT FROM NEW.participant_id
       OR OLD.olympiad_id IS DISTINCT FROM NEW.olympiad_id))
EXECUTE FUNCTION results_row_changed();

CREATE CONSTRAINT TRIGGER attempts_results_delete AFTER DELETE ON attempts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.status = 'finished')
EXECUTE FUNCTION results_row_changed();

CREATE CONSTRAINT TRIGGER learners_results_update AFTER UPDATE ON learners
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
      OR OLD.grade IS DISTINCT FROM NEW.grade)
EXECUTE FUNCTION results_learner_changed();

CREATE CONSTRAINT TRIGGER participants_results_update AFTER UPDATE ON participants
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.learner_id IS DISTINCT FROM NEW.learner_id OR OLD.olympiad_id IS DISTINCT FROM NEW.olympiad_id)
EXECUTE FUNCTION results_row_changed();

CREATE CONSTRAINT TRIGGER school_participants_results_update AFTER UPDATE ON school_participants
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.school_id IS DISTINCT FROM NEW.school_id OR OLD.olympiad_id IS DISTINCT FROM NEW.olympiad_id)
EXECUTE FUNCTION results_row_changed();

CREATE CONSTRAINT TRIGGER schools_results_update AFTER UPDATE ON schools
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.province IS DISTINCT FROM NEW.province)
EXECUTE FUNCTION results_school_changed();

CREATE CONSTRAINT TRIGGER result_changes_results_change AFTER INSERT OR UPDATE OR DELETE ON result_changes
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION results_row_changed();

CREATE CONSTRAINT TRIGGER paper_sheets_results_change AFTER INSERT OR UPDATE OR DELETE ON paper_sheets
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION results_row_changed();

CREATE CONSTRAINT TRIGGER olympiad_results_bands_update AFTER UPDATE ON olympiad_results
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.bands IS DISTINCT FROM NEW.bands)
EXECUTE FUNCTION results_row_changed();
