DROP TABLE mass_mail_attachments;
