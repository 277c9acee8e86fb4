DROP TABLE certificate_batches;
DROP TABLE certificate_runs;
DROP TABLE certificate_configs;
DROP TABLE result_changes;
DROP TABLE olympiad_results;
