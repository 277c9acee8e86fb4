DROP TABLE participants;
DROP TABLE learners;
DROP TABLE team_members;
DROP TABLE teachers;
DROP TABLE school_participants;
DROP TABLE schools;
