ALTER TABLE users DROP COLUMN totp_last_step;
