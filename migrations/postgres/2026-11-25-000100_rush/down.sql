ALTER TABLE attempts DROP COLUMN module_clocks;
