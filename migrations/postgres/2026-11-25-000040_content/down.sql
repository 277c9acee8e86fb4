DROP TABLE system_config;
DROP TABLE testimonials;
DROP TABLE faqs;
DROP TABLE general_copies;
DROP TABLE site_copies;
