-- A timed module's own clock per attempt: JSON, by module id, when the learner opened it and how
-- much pause the attempt had had by then (`olympiad_domain::module_time::ModuleClocks`).
ALTER TABLE attempts ADD COLUMN module_clocks TEXT NOT NULL DEFAULT '{}';
