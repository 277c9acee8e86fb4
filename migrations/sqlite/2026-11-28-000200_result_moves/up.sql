-- What moved an olympiad's results since they were stored, written by the same writes that raise
-- its generation (see `results_versions`): the attempt whose result moved (finished, marked, set
-- aside, moved, adjusted, disqualified), or none when everything may have moved (a learner's name
-- or grade, a school's name or province, an entry moved, paper sheets, a remark). New medal
-- bands are not a move: their one writer moves every award itself. A reader whose stored results
-- are behind takes the moves and places only what they moved; a move of everything computes the
-- results whole.
CREATE TABLE result_moves (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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

CREATE TRIGGER attempts_moves_insert AFTER INSERT ON attempts
WHEN NEW.status = 'finished'
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (NEW.olympiad_id, NEW.id);
END;

CREATE TRIGGER attempts_moves_update AFTER UPDATE ON attempts
WHEN (OLD.status = 'finished' OR NEW.status = 'finished')
  AND (OLD.status IS NOT NEW.status OR OLD.score IS NOT NEW.score
       OR OLD.superseded IS NOT NEW.superseded
       OR OLD.school_participant_id IS NOT NEW.school_participant_id
       OR OLD.participant_id IS NOT NEW.participant_id OR OLD.olympiad_id IS NOT NEW.olympiad_id)
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (NEW.olympiad_id, NEW.id);
    INSERT INTO result_moves (olympiad_id, attempt_id)
        SELECT OLD.olympiad_id, OLD.id WHERE OLD.olympiad_id IS NOT NEW.olympiad_id;
END;

CREATE TRIGGER attempts_moves_delete AFTER DELETE ON attempts
WHEN OLD.status = 'finished'
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, OLD.id);
END;

CREATE TRIGGER learners_moves_update AFTER UPDATE ON learners
WHEN OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name
  OR OLD.grade IS NOT NEW.grade
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id)
        SELECT DISTINCT olympiad_id, NULL FROM participants WHERE learner_id = NEW.id;
END;

CREATE TRIGGER participants_moves_update AFTER UPDATE ON participants
WHEN OLD.learner_id IS NOT NEW.learner_id OR OLD.olympiad_id IS NOT NEW.olympiad_id
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, NULL), (NEW.olympiad_id, NULL);
END;

CREATE TRIGGER school_participants_moves_update AFTER UPDATE ON school_participants
WHEN OLD.school_id IS NOT NEW.school_id OR OLD.olympiad_id IS NOT NEW.olympiad_id
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, NULL), (NEW.olympiad_id, NULL);
END;

CREATE TRIGGER schools_moves_update AFTER UPDATE ON schools
WHEN OLD.name IS NOT NEW.name OR OLD.province IS NOT NEW.province
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id)
        SELECT DISTINCT olympiad_id, NULL FROM school_participants WHERE school_id = NEW.id;
END;

-- A learner's adjustment, disqualification or reinstatement moves their result; a remark moves
-- everything; moving the results on or back (a change of no learner) moves nothing.
CREATE TRIGGER result_changes_moves_insert AFTER INSERT ON result_changes
WHEN NEW.attempt_id IS NOT NULL OR NEW.kind = 'remarked'
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (NEW.olympiad_id, NEW.attempt_id);
END;

CREATE TRIGGER result_changes_moves_update AFTER UPDATE ON result_changes
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, NULL), (NEW.olympiad_id, NULL);
END;

CREATE TRIGGER result_changes_moves_delete AFTER DELETE ON result_changes
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, NULL);
END;

CREATE TRIGGER paper_sheets_moves_insert AFTER INSERT ON paper_sheets
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (NEW.olympiad_id, NULL);
END;

CREATE TRIGGER paper_sheets_moves_update AFTER UPDATE ON paper_sheets
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, NULL), (NEW.olympiad_id, NULL);
END;

CREATE TRIGGER paper_sheets_moves_delete AFTER DELETE ON paper_sheets
BEGIN
    INSERT INTO result_moves (olympiad_id, attempt_id) VALUES (OLD.olympiad_id, NULL);
END;
