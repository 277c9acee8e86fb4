DROP TABLE result_rows;
ALTER TABLE olympiad_results RENAME COLUMN computed_counts TO computed_grades;
UPDATE olympiad_results
SET computed_generation = -1, computed_grades = '', computed_schools = '', computed_questions = '';
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
    province_key TEXT NOT NULL,
    search_text TEXT NOT NULL,
    score BIGINT NOT NULL,
    marked_score BIGINT NOT NULL,
    adjusted BOOLEAN NOT NULL,
    disqualified BOOLEAN NOT NULL,
    rank BIGINT NOT NULL,
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
CREATE INDEX result_rows_by_score ON result_rows (results_id, score);
CREATE INDEX result_rows_outliers ON result_rows (results_id, outlier, grade, attempt_id);
