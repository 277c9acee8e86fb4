DROP INDEX email_logs_created_at;
DROP INDEX app_logs_created_at;
DROP TABLE retention_settings;
DROP TABLE privacy_erasures;
