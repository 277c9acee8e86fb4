//! The lobby: a learner who signs in before their window opens waits on a countdown kept on the
//! server's clock, and meanwhile fetches the paper sealed (AES-256-GCM). At the opening each
//! learner makes one small request, the start, which starts their clock and only then hands over
//! the key and their order of the questions; the device opens the paper it already holds and shows
//! the first question. No other request hands out the key: a learner who could open the paper
//! without starting would read it for the whole window and then start with the full time.
//!
//! The sealed paper is the same bytes for every learner of the olympiad whose window opens at the
//! same moment and who writes in the same language: the paper in the author's order (as the
//! learner's own paper is built, `Paper::for_learner`), gzipped, sealed with a nonce taken from
//! the plain bytes, so that every node seals it alike and a device that has it already is
//! answered "not modified". Its key belongs to one opening and one version of the paper: the
//! opening's stored secret and the paper's bytes make it, so a key once had opens no later,
//! edited paper (the device then asks for the paper in the clear, as after any failed opening).

use crate::learner_paper::{Paper, Sealed};
use crate::sitting::{self, window_at, DeviceKey, SittingView};
use crate::sitting_cache::SittingCache;
use crate::support::caller::Caller;
use crate::support::error::{ErrorCode, OfficeError, OfficeResult};
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use chrono::NaiveDateTime;
use olympiad_domain::id::{OlympiadId, QuestionId, SchoolParticipantId};
use olympiad_domain::lobby::seconds_until;
use olympiad_domain::paper::Language;
use olympiad_domain::sitting::paper_order;
use olympiad_persistence::models::{
    FirstRead, LobbyKey, Olympiad, Sitter, SittingWindow, StartWindow,
};
use olympiad_persistence::{now, DbConnection, DbResult};
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::io::Write;
use std::sync::Arc;
use utoipa::ToSchema;

/// The opening moment of an olympiad without sitting windows (open whenever it is open): its
/// paper's key is kept under this moment.
fn always() -> NaiveDateTime {
    chrono::DateTime::UNIX_EPOCH.naive_utc()
}

/// The windows this learner writes in: their school's staggered windows if it has any, else the
/// olympiad's own. The one way the sitting finds a learner's windows (the start, the clock, the
/// lobby).
pub fn learner_windows(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    school_participant_id: Option<SchoolParticipantId>,
) -> DbResult<Vec<SittingWindow>> {
    let staggered = match school_participant_id {
        Some(entry) => StartWindow::for_entry(conn, entry)?,
        None => Vec::new(),
    };
    if staggered.is_empty() {
        return SittingWindow::for_olympiad(conn, olympiad_id);
    }
    Ok(staggered
        .into_iter()
        .map(|w| SittingWindow {
            id: w.id,
            olympiad_id: w.olympiad_id,
            starts_at: w.starts_at,
            ends_at: w.ends_at,
        })
        .collect())
}

/// What the lobby shows: the server's clock and the learner's window.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LobbyView {
    /// The server's clock now: the device counts down from the difference to its own.
    #[serde(with = "olympiad_domain::utc")]
    pub server_time: NaiveDateTime,
    /// When the learner's window opens (the one open now, else the next); none when the olympiad
    /// has no windows.
    #[serde(with = "olympiad_domain::utc::option")]
    pub opens_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc::option")]
    pub closes_at: Option<NaiveDateTime>,
    /// Seconds until the window opens, by the server's clock; 0 once it has.
    pub seconds_to_opening: i64,
    /// The learner may start now.
    pub open: bool,
    /// The language of the sealed paper this learner gets.
    pub language: Language,
}

/// The learner's paper, sealed: unreadable without the key that the start hands over.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SealedPaper {
    /// The opening moment whose key opens it.
    #[serde(with = "olympiad_domain::utc::option")]
    pub opens_at: Option<NaiveDateTime>,
    pub language: Language,
    /// AES-256-GCM: the 12-byte nonce, base64.
    pub iv: String,
    /// The gzipped JSON of the modules (as `LearnerModule`s in the author's order), sealed, with
    /// GCM's 16-byte tag at its end; base64.
    pub ciphertext: String,
    /// Changes whenever the bytes do (the answer's ETag).
    pub version: String,
}

/// One question of the learner's order: its options' keys in their order (empty: as on the paper).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionInOrder {
    #[schema(value_type = i64)]
    pub question_id: QuestionId,
    pub options: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleInOrder {
    pub module_id: i64,
    pub questions: Vec<QuestionInOrder>,
}

/// The start from the lobby: the clock runs, and the device gets the key of the paper it holds and
/// the learner's own order of it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LobbyStart {
    pub sitting: SittingView,
    pub paper_key: String,
    pub order: Vec<ModuleInOrder>,
}

/// The learner's entry, olympiad and windows.
struct Waiting {
    sitter: Sitter,
    olympiad: Olympiad,
    windows: Arc<Vec<SittingWindow>>,
}

fn waiting(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
) -> OfficeResult<Waiting> {
    let sitter = Sitter::by_user(conn, caller.user_id)?
        .ok_or_else(|| OfficeError::NotFound("Your entry in this olympiad".into()))?;
    let olympiad = Olympiad::find(conn, sitter.olympiad_id)?;
    Waiting::of(conn, cache, sitter, olympiad)
}

impl Waiting {
    /// The learner's entry and olympiad as read, with their windows.
    fn of(
        conn: &mut DbConnection,
        cache: &SittingCache,
        sitter: Sitter,
        olympiad: Olympiad,
    ) -> OfficeResult<Waiting> {
        let windows = cache.windows(conn, &olympiad, sitter.school_participant_id)?;
        Ok(Waiting {
            sitter,
            olympiad,
            windows,
        })
    }

    /// The window open now or the next one.
    fn window(&self, at: NaiveDateTime) -> Option<&SittingWindow> {
        window_at(&self.windows, at)
    }

    /// The moment whose key seals this learner's paper.
    fn opening(&self, at: NaiveDateTime) -> NaiveDateTime {
        self.window(at).map_or_else(always, |w| w.starts_at)
    }

    fn has_opened(&self, at: NaiveDateTime) -> bool {
        self.olympiad.is_open
            && (self.windows.is_empty() || self.window(at).is_some_and(|w| w.starts_at <= at))
    }

    fn language(&self) -> Language {
        Language::from_code(&self.sitter.language)
    }
}

/// Refused before the learner's window opens, with when it does.
pub fn not_open_yet(opens_at: Option<NaiveDateTime>) -> OfficeError {
    let when = opens_at.map_or_else(
        || "when the olympiad opens".to_owned(),
        |at| format!("at {}", olympiad_domain::utc::format(&at)),
    );
    OfficeError::refused(
        ErrorCode::NotOpenYet,
        format!("Your sitting has not opened yet. It opens {when}."),
    )
}

/// The lobby: the server's clock and the learner's window.
pub fn lobby(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
) -> OfficeResult<LobbyView> {
    let waiting = waiting(conn, cache, caller)?;
    let at = now();
    let window = waiting.window(at);
    Ok(LobbyView {
        server_time: at,
        opens_at: window.map(|w| w.starts_at),
        closes_at: window.map(|w| w.ends_at),
        seconds_to_opening: window.map_or(0, |w| seconds_until(w.starts_at, at)),
        open: waiting.has_opened(at),
        language: waiting.language(),
    })
}

/// A new random 256-bit secret, base64.
fn fresh_key() -> String {
    BASE64.encode(rand::random::<[u8; 32]>())
}

/// The secret of the opening at `opens_at`, made once; each version of the paper's key is made
/// from it (`paper_key`).
fn opening_secret(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    opens_at: NaiveDateTime,
) -> OfficeResult<String> {
    Ok(LobbyKey::for_opening(
        conn,
        olympiad_id,
        opens_at,
        fresh_key,
        now(),
    )?)
}

/// The learner's paper sealed with the key of their window's opening.
pub fn sealed_paper(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
) -> OfficeResult<SealedPaper> {
    let waiting = waiting(conn, cache, caller)?;
    let at = now();
    let opening = waiting.opening(at);
    let paper = cache.paper(conn, waiting.olympiad.id)?;
    let language = waiting.language();
    let secret = opening_secret(conn, waiting.olympiad.id, opening)?;
    let sealed = sealed_with(&paper, language, &secret)?;
    Ok(SealedPaper {
        opens_at: waiting.window(at).map(|w| w.starts_at),
        language,
        iv: sealed.iv.clone(),
        ciphertext: sealed.ciphertext.clone(),
        version: sealed.version.clone(),
    })
}

/// Sealings kept per paper (languages times opening moments); beyond, they start over.
const SEALINGS_KEPT: usize = 16;

/// The paper in the author's order in this language, sealed with its key for this opening's
/// secret: made once per paper (which is read again when it changes), language and opening, for
/// every learner who waits.
fn sealed_with(paper: &Paper, language: Language, secret: &str) -> OfficeResult<Arc<Sealed>> {
    let kept = |sealed: &[(Language, String, Arc<Sealed>)]| {
        sealed
            .iter()
            .find(|(l, k, _)| *l == language && k == secret)
            .map(|(_, _, s)| Arc::clone(s))
    };
    if let Some(sealed) = paper.sealed.lock().ok().and_then(|s| kept(&s)) {
        return Ok(sealed);
    }
    let author_order = paper_order(paper.outline(), false, false, 0);
    if author_order.question_count() == 0 {
        return Err(sitting::closed());
    }
    let modules = paper.for_learner(&author_order, language);
    let plain = serde_json::to_vec(&modules).map_err(|e| internal(&e.to_string()))?;
    let key = paper_key(secret, &plain)?;
    let (iv, ciphertext) = seal(&plain, &key)?;
    let sealed = Arc::new(Sealed {
        iv: BASE64.encode(iv),
        version: hex_prefix(&Sha256::digest(&ciphertext)),
        ciphertext: BASE64.encode(ciphertext),
        key,
    });
    if let Ok(mut kept) = paper.sealed.lock() {
        if kept.len() >= SEALINGS_KEPT {
            kept.clear();
        }
        kept.push((language, secret.to_owned(), Arc::clone(&sealed)));
    }
    Ok(sealed)
}

/// The key of one version of the paper for one opening: HMAC-SHA256 of the paper's plain bytes
/// under the opening's secret, base64. Any change to the paper is a new key.
fn paper_key(secret: &str, plain: &[u8]) -> OfficeResult<String> {
    let secret = BASE64
        .decode(secret)
        .map_err(|_| internal("the stored secret"))?;
    let tag = ring::hmac::sign(
        &ring::hmac::Key::new(ring::hmac::HMAC_SHA256, &secret),
        plain,
    );
    Ok(BASE64.encode(tag.as_ref()))
}

fn hex_prefix(bytes: &[u8]) -> String {
    bytes.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

fn internal(what: &str) -> OfficeError {
    OfficeError::Internal(format!("sealing the paper: {what}"))
}

/// The modules' JSON, gzipped (a sealed paper does not compress on the way), sealed with the key.
/// The nonce is the start of the plain bytes' SHA-256: the same paper always seals alike (and a
/// key is made for one paper's bytes, so it never seals two).
fn seal(plain: &[u8], key: &str) -> OfficeResult<([u8; NONCE_LEN], Vec<u8>)> {
    let mut iv = [0u8; NONCE_LEN];
    iv.copy_from_slice(&Sha256::digest(plain)[..NONCE_LEN]);
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(plain)
        .map_err(|e| internal(&e.to_string()))?;
    let mut bytes = gzip.finish().map_err(|e| internal(&e.to_string()))?;
    let sealing = sealing_key(key)?;
    sealing
        .seal_in_place_append_tag(Nonce::assume_unique_for_key(iv), Aad::empty(), &mut bytes)
        .map_err(|_| internal("AES-GCM"))?;
    Ok((iv, bytes))
}

fn sealing_key(key: &str) -> OfficeResult<LessSafeKey> {
    let raw = BASE64.decode(key).map_err(|_| internal("the stored key"))?;
    let unbound = UnboundKey::new(&AES_256_GCM, &raw).map_err(|_| internal("the stored key"))?;
    Ok(LessSafeKey::new(unbound))
}

/// Opens a sealed paper with its key: what the device does, here for the tests and the tools.
pub fn open_sealed(iv: &str, ciphertext: &str, key: &str) -> OfficeResult<Vec<u8>> {
    let iv: [u8; NONCE_LEN] = BASE64
        .decode(iv)
        .ok()
        .and_then(|iv| iv.try_into().ok())
        .ok_or_else(|| internal("the nonce"))?;
    let mut bytes = BASE64
        .decode(ciphertext)
        .map_err(|_| internal("the bytes"))?;
    let plain = sealing_key(key)?
        .open_in_place(Nonce::assume_unique_for_key(iv), Aad::empty(), &mut bytes)
        .map_err(|_| internal("the key does not open it"))?;
    let mut json = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&plain[..]), &mut json)
        .map_err(|e| internal(&e.to_string()))?;
    Ok(json)
}

/// Starts the learner's clock (as `POST /api/sitting/start` does, with its checks) and hands
/// over the key of the sealed paper with the learner's order of it.
pub fn start(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    first: FirstRead,
    device: Option<DeviceKey>,
) -> OfficeResult<LobbyStart> {
    // The clock first: the key goes only with a started clock.
    let (sitter, olympiad, attempt, sitting) =
        sitting::start(conn, cache, caller, first, device)?.without_paper();
    let waiting = Waiting::of(conn, cache, sitter, olympiad)?;
    let at = now();
    let paper = cache.paper(conn, waiting.olympiad.id)?;
    let order = attempt
        .order()
        .reconciled(paper.outline())
        .modules
        .into_iter()
        .map(|m| ModuleInOrder {
            module_id: m.module_id,
            questions: m
                .questions
                .into_iter()
                .map(|q| QuestionInOrder {
                    question_id: q.question_id,
                    options: q.options,
                })
                .collect(),
        })
        .collect();
    // The key of the paper as it is now, for the opening this learner's clock started in.
    let opening = attempt
        .started_at
        .and_then(|started| waiting.window(started))
        .map_or_else(|| waiting.opening(at), |w| w.starts_at);
    let secret = opening_secret(conn, waiting.olympiad.id, opening)?;
    let sealed = sealed_with(&paper, waiting.language(), &secret)?;
    Ok(LobbyStart {
        paper_key: sealed.key.clone(),
        order,
        sitting,
    })
}
