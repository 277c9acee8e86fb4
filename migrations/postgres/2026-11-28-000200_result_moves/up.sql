-- What moved an olympiad's results since they were stored, written by the same writes that raise
-- its generation (see `results_versions`): the attempt whose result moved (finished, marked, set
-- aside, moved, adjusted, disqualified), or none when everything may have moved (a learner's name
-- or grade, a school's name or province, an entry moved, paper sheets, a remark). New medal
-- bands are not a move: their one writer moves every award itself. A reader whose stored results
-- are behind takes the moves and places only what they moved; a move of everything computes the
-- results whole. Written in the writer's transaction: a move is seen with the change that made it.
CREATE TABLE result_moves (
    id BIGSERIAL PRIMARY KEY,
    olympiad_id BIGINT NOT NULL,
    attempt_id BIGINT
);
CREATE INDEX result_moves_by_olympiad ON result_moves (olympiad_id);
-- Each question's answers by their marks, of every learner the stored results hold (Results
-- moderation's per-question figures), followed with them as learners enter and leave.
ALTER TABLE olympiad_results ADD COLUMN computed_questions TEXT NOT NULL DEFAULT '';
-- What moved before there were moves is not known: every olympiad's results are computed whole
-- at their next read.
UPDATE olympiad_results SET computed_generation = -1;

-- The olympiad's highest score, which scales every grade's distribution, read after each move.
CREATE INDEX result_rows_by_score ON result_rows (results_id, score);
-- The learners to check first on Results moderation: a few among hundreds of thousands.
CREATE INDEX result_rows_outliers ON result_rows (results_id, outlier, grade, attempt_id);

CREATE FUNCTION results_attempt_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, OLD.id);
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.olympiad_id IS DISTINCT FROM OLD.olympiad_id) THEN
        INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (NEW.olympiad_id, NEW.id);
    END IF;
    RETURN NULL;
END $$;

-- For rows that name their olympiad: everything in it may have moved.
CREATE FUNCTION results_all_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, NULL);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (NEW.olympiad_id, NULL);
    END IF;
    RETURN NULL;
END $$;

-- A learner's adjustment, disqualification or reinstatement moves their result; a remark moves
-- everything (its attempt is none); moving the results on or back (a change of no learner) moves
-- nothing.
CREATE FUNCTION results_change_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (NEW.olympiad_id, NEW.attempt_id);
    RETURN NULL;
END $$;

CREATE FUNCTION results_learner_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id)
        SELECT DISTINCT olympiad_id, NULL::BIGINT FROM participants WHERE learner_id = NEW.id;
    RETURN NULL;
END $$;

CREATE FUNCTION results_school_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id)
        SELECT DISTINCT olympiad_id, NULL::BIGINT FROM school_participants WHERE school_id = NEW.id;
    RETURN NULL;
END $$;

CREATE TRIGGER attempts_moves_insert AFTER INSERT ON attempts
FOR EACH ROW WHEN (NEW.status = 'finished')
EXECUTE FUNCTION results_attempt_moved();

CREATE TRIGGER attempts_moves_update AFTER UPDATE ON attempts
FOR EACH ROW
WHEN ((OLD.status = 'finished' OR NEW.status = 'finished')
  AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.score IS DISTINCT FROM NEW.score
       OR OLD.superseded IS DISTINCT FROM NEW.superseded
       OR OLD.school_participant_id IS DISTINCT FROM NEW.school_participant_id
       OR OLD.participant_id IS DISTINCT FROM NEW.participant_id
       OR OLD.olympiad_id IS DISTINCT FROM NEW.olympiad_id))
EXECUTE FUNCTION results_attempt_moved();

CREATE TRIGGER attempts_moves_delete AFTER DELETE ON attempts
FOR EACH ROW WHEN (OLD.status = 'finished')
EXECUTE FUNCTION results_attempt_moved();

CREATE TRIGGER learners_moves_update AFTER UPDATE ON learners
FOR EACH ROW
WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
      OR OLD.grade IS DISTINCT FROM NEW.grade)
EXECUTE FUNCTION results_learner_moved();

CREATE TRIGGER participants_moves_update AFTER UPDATE ON participants
FOR EACH ROW
WHEN (OLD.learner_id IS DISTINCT FROM NEW.learner_id OR OLD.olympiad_id IS DISTINCT FROM NEW.olympiad_id)
EXECUTE FUNCTION results_all_moved();

CREATE TRIGGER school_participants_moves_update AFTER UPDATE ON school_participants
FOR EACH ROW
WHEN (OLD.school_id IS DISTINCT FROM NEW.school_id OR OLD.olympiad_id IS DISTINCT FROM NEW.olympiad_id)
EXECUTE FUNCTION results_all_moved();

CREATE TRIGGER schools_moves_update AFTER UPDATE ON schools
FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.province IS DISTINCT FROM NEW.province)
EXECUTE FUNCTION results_school_moved();

CREATE TRIGGER result_changes_moves_insert AFTER INSERT ON result_changes
FOR EACH ROW WHEN (NEW.attempt_id IS NOT NULL OR NEW.kind = 'remarked')
EXECUTE FUNCTION results_change_moved();

CREATE TRIGGER result_changes_moves_change AFTER UPDATE OR DELETE ON result_changes
FOR EACH ROW EXECUTE FUNCTION results_all_moved();

CREATE TRIGGER paper_sheets_moves AFTER INSERT OR UPDATE OR DELETE ON paper_sheets
FOR EACH ROW EXECUTE FUNCTION results_all_moved();
