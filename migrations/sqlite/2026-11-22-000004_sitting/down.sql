DROP INDEX accounts_user_id_olympiad_id;
DROP TABLE sitting_pauses;
DROP TABLE answers;
DROP TABLE attempts;
