-- The time step of the last two-factor code accepted, so that no code is accepted twice.
ALTER TABLE users ADD COLUMN totp_last_step BIGINT;
