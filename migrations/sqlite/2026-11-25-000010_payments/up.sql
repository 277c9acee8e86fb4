-- Payments: what each olympiad charges, purchase orders for school and country entries, their
-- discounts' history, invoices and credit notes numbered without gaps, and money received.
-- Amounts are integer cents.

CREATE TABLE olympiad_fees (
    olympiad_id BIGINT PRIMARY KEY REFERENCES olympiads(id) ON DELETE CASCADE,
    -- Per learner, VAT excluded.
    learner_fee_cents BIGINT NOT NULL,
    -- 1500 is 15%.
    vat_basis_points INTEGER NOT NULL DEFAULT 1500,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE purchase_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    -- The school's entry or the country's entry it is for (one of the two).
    school_participant_id BIGINT REFERENCES school_participants(id) ON DELETE SET NULL,
    country_participant_id BIGINT REFERENCES country_participants(id) ON DELETE SET NULL,
    -- What the payer quotes (GEO26-000042).
    reference TEXT NOT NULL UNIQUE,
    -- The secret of the payment page's link, /portal/pay/{token}.
    pay_token TEXT NOT NULL UNIQUE,
    learners INTEGER NOT NULL DEFAULT 0,
    free_learners INTEGER NOT NULL DEFAULT 0,
    unit_cents BIGINT NOT NULL DEFAULT 0,
    vat_basis_points INTEGER NOT NULL DEFAULT 1500,
    subtotal_cents BIGINT NOT NULL DEFAULT 0,
    vat_cents BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL DEFAULT 0,
    paid BOOLEAN NOT NULL DEFAULT FALSE,
    pre_approved BOOLEAN NOT NULL DEFAULT FALSE,
    -- The school's own order number.
    schools_po TEXT NOT NULL DEFAULT '',
    paid_at TIMESTAMP,
    deleted_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX purchase_orders_olympiad_id ON purchase_orders(olympiad_id, id);
CREATE INDEX purchase_orders_school_participant_id ON purchase_orders(school_participant_id);
CREATE INDEX purchase_orders_country_participant_id ON purchase_orders(country_participant_id);

-- Each change of an order's discounted learners, with the reason given.
CREATE TABLE purchase_order_comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purchase_order_id BIGINT NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
    free_learners INTEGER NOT NULL,
    comment TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX purchase_order_comments_order ON purchase_order_comments(purchase_order_id);

-- The last invoice or credit note number of each provider (project), taken in the transaction
-- that issues the document, so numbers have no gaps.
CREATE TABLE invoice_counters (
    project_id BIGINT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
    last_number BIGINT NOT NULL DEFAULT 0
);

-- Tax invoices and the credit notes that cancel them; never changed once issued.
CREATE TABLE invoices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purchase_order_id BIGINT NOT NULL REFERENCES purchase_orders(id),
    project_id BIGINT NOT NULL REFERENCES projects(id),
    number BIGINT NOT NULL,
    credit_note BOOLEAN NOT NULL DEFAULT FALSE,
    -- The invoice a credit note cancels.
    credits_invoice_id BIGINT REFERENCES invoices(id),
    customer_name TEXT NOT NULL,
    customer_address TEXT NOT NULL DEFAULT '',
    schools_po TEXT NOT NULL DEFAULT '',
    reference TEXT NOT NULL,
    learners INTEGER NOT NULL,
    free_learners INTEGER NOT NULL,
    unit_cents BIGINT NOT NULL,
    vat_basis_points INTEGER NOT NULL,
    subtotal_cents BIGINT NOT NULL,
    vat_cents BIGINT NOT NULL,
    total_cents BIGINT NOT NULL,
    issued_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (project_id, number),
    UNIQUE (credits_invoice_id)
);
CREATE INDEX invoices_purchase_order_id ON invoices(purchase_order_id);

-- Money received for an order: a card payment's ITN or a bank statement's line the accountant
-- confirmed. The same payment told twice is stored once.
CREATE TABLE payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purchase_order_id BIGINT NOT NULL REFERENCES purchase_orders(id),
    -- card or eft
    method TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    -- PayFast's pf_payment_id, or the statement line's date, amount and description.
    external_id TEXT NOT NULL,
    recorded_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (method, external_id)
);
CREATE INDEX payments_purchase_order_id ON payments(purchase_order_id);
