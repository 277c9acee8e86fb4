-- A learner's place, percentile, province rank, award and outlier mark are no longer stored in
-- their row: one learner's new score moved the stored place of every learner between their old
-- and new score (tens of thousands of rows in a national round's grade). Beside the results each
-- grade's ranked learners are counted by score and province instead (computed_counts, JSON,
-- with the medal bands and the highest score they were counted with), and every row read is
-- placed from those counts. The stored rows are made again, whole, at each olympiad's next read.
DROP TABLE result_rows;
ALTER TABLE olympiad_results RENAME COLUMN computed_grades TO computed_counts;
UPDATE olympiad_results
SET computed_generation = -1, computed_counts = '', computed_schools = '', computed_questions = '';

-- One learner's result as the results grid, its filters and exports read it, placed at read.
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
    -- the score negated (the best first), the disqualified after everyone: the grid's order by
    -- place, and an award's scores as a range
    rank_key BIGINT NOT NULL,
    best_in_school BOOLEAN NOT NULL,
    on_paper BOOLEAN NOT NULL,
    PRIMARY KEY (results_id, attempt_id)
);
CREATE INDEX result_rows_by_grade ON result_rows (results_id, grade, rank_key, attempt_id);
CREATE INDEX result_rows_by_rank ON result_rows (results_id, rank_key, grade, attempt_id);
CREATE INDEX result_rows_by_school ON result_rows (results_id, school_participant_id);
-- The olympiad's highest score, which scales every grade's distribution, read after each move.
CREATE INDEX result_rows_by_score ON result_rows (results_id, score);
-- The adjusted learners, among whom Results moderation looks for marks moved by more than a fifth.
CREATE INDEX result_rows_adjusted ON result_rows (results_id, adjusted, grade, attempt_id);
