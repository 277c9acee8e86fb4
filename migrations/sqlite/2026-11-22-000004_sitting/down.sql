DROP TABLE sitting_pauses;
DROP TABLE answers;
DROP TABLE attempts;
