-- The files a mass mail carries: each a stored upload (kept once by its hash, like the file
-- manager's), under the name the addressee sees.
CREATE TABLE mass_mail_attachments (
    id BIGSERIAL PRIMARY KEY,
    mass_mail_id BIGINT NOT NULL REFERENCES mass_mails(id) ON DELETE CASCADE,
    upload_id BIGINT NOT NULL REFERENCES uploads(id),
    filename TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX mass_mail_attachments_mass_mail ON mass_mail_attachments(mass_mail_id);
CREATE INDEX mass_mail_attachments_upload ON mass_mail_attachments(upload_id);
