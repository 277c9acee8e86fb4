DROP TABLE expressions_of_interest;
DROP TABLE useful_contacts;
DROP TABLE country_participants;
DROP TABLE igeo_countries;
