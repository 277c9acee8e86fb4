-- The public sites' words: each page's copy and its search and link-preview tags, FAQs,
-- testimonials, general copy (of an olympiad, or the platform's own, such as the terms and
-- conditions), and the platform's switches (maintenance mode).

-- One page of a public site: `site` is the product's slug or a project's, `page_key` the page's
-- key (home, about, ourPartners, faq, contact, ...). `body` is rich text, sanitised when stored.
CREATE TABLE site_copies (
    id BIGSERIAL PRIMARY KEY,
    site TEXT NOT NULL,
    page_key TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    og_title TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    keywords TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE UNIQUE INDEX site_copies_site_page ON site_copies(site, page_key);

-- A text an olympiad's staff (olympiad_id) or the overlord (no olympiad) keep for the platform's
-- pages and letters, by key (for example `terms-and-conditions`). `body` is sanitised rich text.
CREATE TABLE general_copies (
    id BIGSERIAL PRIMARY KEY,
    olympiad_id BIGINT REFERENCES olympiads(id) ON DELETE CASCADE,
    copy_key TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE UNIQUE INDEX general_copies_olympiad_key ON general_copies(COALESCE(olympiad_id, 0), copy_key);

-- A question and its answer on a site's FAQ page (`site`: the product, a project, or `portal`).
CREATE TABLE faqs (
    id BIGSERIAL PRIMARY KEY,
    site TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX faqs_site ON faqs(site, position);

-- What a teacher, learner or partner said about an olympiad, shown on a site's pages.
CREATE TABLE testimonials (
    id BIGSERIAL PRIMARY KEY,
    site TEXT NOT NULL,
    quote TEXT NOT NULL,
    author TEXT NOT NULL,
    affiliation TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX testimonials_site ON testimonials(site, position);

-- The platform's switches, one row (id 1).
CREATE TABLE system_config (
    id BIGINT PRIMARY KEY,
    maintenance_mode BOOLEAN NOT NULL DEFAULT FALSE,
    maintenance_message TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
INSERT INTO system_config (id, maintenance_mode, maintenance_message) VALUES (1, FALSE, '');
