DROP TABLE result_appeals;
DROP TABLE paper_sheets;
