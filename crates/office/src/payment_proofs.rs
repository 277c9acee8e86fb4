//! Proof of payment: the entry's people upload the bank's confirmation of an EFT (PDF, JPEG or PNG,
//! judged by its first bytes) for their order; the accountant opens it and may mark the order paid
//! from it, which records the payment once however often it is asked.

use crate::activity::record_activity;
use crate::files::{clean_filename, sniff, store_bytes, upload_key};
use crate::payments::{detail, OrderDetail};
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::scope::find_in_reach;
use olympiad_domain::id::{PaymentProofId, PurchaseOrderId};
use olympiad_domain::payments::OrderStatus;
use olympiad_domain::Role;
use olympiad_persistence::models::{PaymentProof, PaymentProofInsertForm, PurchaseOrder};
use olympiad_persistence::{write_transaction, DbConnection};
use olympiad_storage::Storage;
use serde_json::json;

/// A proof is a bank's confirmation, not an archive: 5 MB is plenty for a scan or a photo.
pub const PROOF_LIMIT_BYTES: usize = 5 * 1024 * 1024;

/// Proofs an order may have: a payment's confirmation, sent again when the first was unclear, and
/// a few to spare. Past it the entry's people ask the office, rather than storing file upon file.
pub const PROOFS_PER_ORDER: usize = 5;

/// Refuses a proof past the order's [`PROOFS_PER_ORDER`].
fn room_for_a_proof(conn: &mut DbConnection, order: &PurchaseOrder) -> OfficeResult<()> {
    if PaymentProof::of_order(conn, order.id)?.len() >= PROOFS_PER_ORDER {
        return Err(OfficeError::conflict(format!(
            "file: this order has {PROOFS_PER_ORDER} proofs of payment already, the most it takes; ask the office to look at those."
        )));
    }
    Ok(())
}

/// A proof's key in the file store: under `payment-proofs/`, apart from the question
/// attachments, so that tidying those never touches them.
pub fn proof_key(sha256: &str) -> String {
    format!("payment-proofs/{}", upload_key(sha256))
}

fn is_finance(caller: &Caller) -> bool {
    matches!(
        caller.role,
        Role::Accountant | Role::Funding | Role::Admin | Role::Overlord
    )
}

/// Keeps the file and notes it on the order. The order must be in the caller's reach (another
/// school's is a 404) and still owed: a paid or deleted order takes no proof (409), nor one that
/// has [`PROOFS_PER_ORDER`] already (409).
pub fn upload(
    conn: &mut DbConnection,
    caller: &Caller,
    order_id: PurchaseOrderId,
    filename: &str,
    bytes: &[u8],
    files: &Storage,
) -> OfficeResult<PaymentProof> {
    let order = find_in_reach::<PurchaseOrder>(conn, caller, order_id)?;
    if order.deleted_at.is_some() {
        return Err(OfficeError::conflict("This order is deleted."));
    }
    if order.paid {
        return Err(OfficeError::conflict("This order is paid already."));
    }
    room_for_a_proof(conn, &order)?;
    let filename = clean_filename(filename)?;
    let content_type = match sniff(bytes) {
        Some(t @ ("application/pdf" | "image/jpeg" | "image/png")) => t,
        _ => {
            return Err(OfficeError::UnsupportedFile(
                "file: a proof of payment is a PDF, JPEG or PNG file".into(),
            ))
        }
    };
    if bytes.len() > PROOF_LIMIT_BYTES {
        return Err(OfficeError::invalid("file", "must be at most 5 MB"));
    }
    let sha256 = store_bytes(files, proof_key, bytes)?;
    write_transaction(conn, |conn| {
        // Again in the transaction that adds it: two uploads at once do not both take the last.
        room_for_a_proof(conn, &order)?;
        let proof = PaymentProof::create(
            conn,
            &PaymentProofInsertForm {
                purchase_order_id: order.id,
                sha256: &sha256,
                content_type,
                size_bytes: i64::try_from(bytes.len()).unwrap_or(i64::MAX),
                filename: &filename,
                uploaded_by: Some(caller.actor()),
            },
        )?;
        record_activity(
            conn,
            caller,
            "payment_proof_uploaded",
            Some(order.olympiad_id),
            json!({ "purchaseOrderId": order.id, "reference": order.reference, "proofId": proof.id, "filename": filename }),
        )?;
        Ok(proof)
    })
}

/// One of the order's proofs; a proof of another order is not found.
fn proof_of(
    conn: &mut DbConnection,
    order: &PurchaseOrder,
    proof_id: PaymentProofId,
) -> OfficeResult<PaymentProof> {
    let proof = PaymentProof::find(conn, proof_id).or_not_found("This proof of payment")?;
    if proof.purchase_order_id != order.id {
        return Err(OfficeError::NotFound("This proof of payment".into()));
    }
    Ok(proof)
}

/// An order's proof, for the entry's people and the finance staff.
pub fn find(
    conn: &mut DbConnection,
    caller: &Caller,
    order_id: PurchaseOrderId,
    proof_id: PaymentProofId,
) -> OfficeResult<PaymentProof> {
    let order = find_in_reach::<PurchaseOrder>(conn, caller, order_id)?;
    proof_of(conn, &order, proof_id)
}

/// The proof's bytes, no more than its record says it has. Blocking, and read after the
/// database's answer, so that no connection waits on the file store.
pub fn bytes(files: &Storage, proof: &PaymentProof) -> OfficeResult<Vec<u8>> {
    let size = u64::try_from(proof.size_bytes).unwrap_or(0);
    Ok(files.read(&proof_key(&proof.sha256), size)?)
}

/// The accountant marks the order paid from a proof: the payment is recorded (once: accepting
/// the same proof again changes nothing), the order paid, the proof marked accepted.
pub fn accept(
    conn: &mut DbConnection,
    caller: &Caller,
    order_id: PurchaseOrderId,
    proof_id: PaymentProofId,
) -> OfficeResult<OrderDetail> {
    if !is_finance(caller) {
        return Err(OfficeError::forbidden(
            "Only the finance staff accept a proof.",
        ));
    }
    write_transaction(conn, |conn| {
        find_in_reach::<PurchaseOrder>(conn, caller, order_id)?;
        // Held, so that a statement line confirmed at the same moment does not pay it twice.
        let order = PurchaseOrder::locked(conn, order_id)?;
        let proof = proof_of(conn, &order, proof_id)?;
        if order.paid {
            // Accepting the same proof again is a retry; another proof of a paid order is not.
            if proof.accepted_at.is_some() {
                return detail(conn, caller, order.id);
            }
            return Err(OfficeError::conflict("This order is paid already."));
        }
        let after = order
            .state(true)
            .after(OrderStatus::Paid)
            .map_err(|r| OfficeError::conflict(r.to_string()))?;
        let external = format!("proof:{}", proof.id);
        if crate::payments::record_eft(conn, &order, &external, caller)? {
            PurchaseOrder::set_state(conn, &order, after)?;
            PaymentProof::accept(conn, proof.id, caller.actor())?;
            record_activity(
                conn,
                caller,
                "purchase_order_paid_by_proof",
                Some(order.olympiad_id),
                json!({ "purchaseOrderId": order.id, "reference": order.reference, "proofId": proof.id, "amountCents": order.total_cents }),
            )?;
        }
        detail(conn, caller, order.id)
    })
}
