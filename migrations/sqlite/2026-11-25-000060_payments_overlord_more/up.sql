-- Proof of payment: a file the entry's people upload for an order (PDF, JPEG or PNG), kept under
-- DATA_DIR/uploads/payment-proofs by its SHA-256, which the accountant opens and may accept as
-- the order's payment.
CREATE TABLE payment_proofs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purchase_order_id BIGINT NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
    sha256 TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    filename TEXT NOT NULL,
    uploaded_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    -- When the accountant marked the order paid from it.
    accepted_at TIMESTAMP,
    accepted_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX payment_proofs_order ON payment_proofs(purchase_order_id);

-- Fees beyond one per learner: an early-bird fee for orders made before a date and a late fee
-- for orders made from a date (midnight UTC), and bands of grades with their own fee.
ALTER TABLE olympiad_fees ADD COLUMN early_fee_cents BIGINT;
ALTER TABLE olympiad_fees ADD COLUMN early_until TIMESTAMP;
ALTER TABLE olympiad_fees ADD COLUMN late_fee_cents BIGINT;
ALTER TABLE olympiad_fees ADD COLUMN late_from TIMESTAMP;

CREATE TABLE olympiad_fee_bands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    olympiad_id BIGINT NOT NULL REFERENCES olympiads(id) ON DELETE CASCADE,
    grade_from INTEGER NOT NULL,
    grade_to INTEGER NOT NULL,
    -- Per learner, VAT excluded.
    fee_cents BIGINT NOT NULL
);
CREATE INDEX olympiad_fee_bands_olympiad ON olympiad_fee_bands(olympiad_id);

-- A school's entry a funder sponsors: the share of its fees the funder pays (10000 is all).
CREATE TABLE sponsored_entries (
    school_participant_id BIGINT PRIMARY KEY REFERENCES school_participants(id) ON DELETE CASCADE,
    basis_points INTEGER NOT NULL,
    sponsored_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- What an order and an invoice say about them: the sponsored part, and the lines (JSON: label,
-- learners, unit, free learners, amount of each fee).
ALTER TABLE purchase_orders ADD COLUMN sponsored_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE purchase_orders ADD COLUMN fee_lines TEXT NOT NULL DEFAULT '[]';
ALTER TABLE invoices ADD COLUMN sponsored_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN fee_lines TEXT NOT NULL DEFAULT '[]';
