//! The lobby: a learner who signs in before their window opens waits on a countdown kept on the
//! server's clock, and meanwhile fetches the paper sealed (AES-256-GCM) with a key that is given
//! out only once the window has opened. At the opening each learner then makes one small request,
//! the start, which hands over the key and their order of the questions; the device opens the
//! paper it already holds and shows the first question.
//!
//! The sealed paper is the same bytes for every learner of the olympiad whose window opens at the
//! same moment and who writes in the same language: the paper in the author's order (as the
//! learner's own paper is built, `Paper::for_learner`), gzipped, sealed with the key of that
//! opening moment and a nonce taken from the plain bytes, so that every node seals it alike and a
//! device that has it already is answered "not modified".

use crate::caller::Caller;
use crate::error::{ErrorCode, OfficeError, OfficeResult};
use crate::learner_paper::{LearnerModule, Paper, Sealed};
use crate::sitting::{self, window_at, DeviceKey, SittingView};
use crate::sitting_cache::SittingCache;
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use chrono::NaiveDateTime;
use olympiad_domain::id::{OlympiadId, QuestionId, SchoolParticipantId};
use olympiad_domain::lobby::seconds_until;
use olympiad_domain::paper::Language;
use olympiad_domain::sitting::paper_order;
use olympiad_persistence::models::{
    Attempt, LobbyKey, Olympiad, Sitter, SittingWindow, StartWindow,
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

/// The key of the learner's sealed paper, given once their window has opened.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperKey {
    /// 32 bytes, base64: AES-256-GCM.
    pub paper_key: String,
    #[serde(with = "olympiad_domain::utc::option")]
    pub opens_at: Option<NaiveDateTime>,
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
    let windows = cache.windows(conn, &olympiad, sitter.school_participant_id)?;
    Ok(Waiting {
        sitter,
        olympiad,
        windows,
    })
}

impl Waiting {
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

/// A new random AES-256 key, base64.
fn fresh_key() -> String {
    BASE64.encode(rand::random::<[u8; 32]>())
}

/// The key of the paper for the learners whose window opens at `opens_at`, made once.
fn key_for(
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
    let key = key_for(conn, waiting.olympiad.id, opening)?;
    let sealed = sealed_with(&paper, language, &key)?;
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

/// The paper in the author's order in this language, sealed with this key: made once per paper
/// (which is read again when it changes), language and key, for every learner who waits.
fn sealed_with(paper: &Paper, language: Language, key: &str) -> OfficeResult<Arc<Sealed>> {
    let kept = |sealed: &[(Language, String, Arc<Sealed>)]| {
        sealed
            .iter()
            .find(|(l, k, _)| *l == language && k == key)
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
    let (iv, ciphertext) = seal(&modules, key)?;
    let sealed = Arc::new(Sealed {
        iv: BASE64.encode(iv),
        version: hex_prefix(&Sha256::digest(&ciphertext)),
        ciphertext: BASE64.encode(ciphertext),
    });
    if let Ok(mut kept) = paper.sealed.lock() {
        if kept.len() >= SEALINGS_KEPT {
            kept.clear();
        }
        kept.push((language, key.to_owned(), Arc::clone(&sealed)));
    }
    Ok(sealed)
}

fn hex_prefix(bytes: &[u8]) -> String {
    bytes.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

fn internal(what: &str) -> OfficeError {
    OfficeError::Internal(format!("sealing the paper: {what}"))
}

/// The modules' JSON, gzipped (a sealed paper does not compress on the way), sealed with the key.
/// The nonce is the start of the plain bytes' SHA-256: the same paper always seals alike, and two
/// different papers under one key never share a nonce but by a 96-bit collision.
fn seal(modules: &[LearnerModule], key: &str) -> OfficeResult<([u8; NONCE_LEN], Vec<u8>)> {
    let plain = serde_json::to_vec(modules).map_err(|e| internal(&e.to_string()))?;
    let mut iv = [0u8; NONCE_LEN];
    iv.copy_from_slice(&Sha256::digest(&plain)[..NONCE_LEN]);
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(&plain)
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

/// The key of the learner's paper: refused (409 `not_open_yet`) until their window has opened.
pub fn paper_key(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
) -> OfficeResult<PaperKey> {
    let waiting = waiting(conn, cache, caller)?;
    let at = now();
    let opens_at = waiting.window(at).map(|w| w.starts_at);
    if !waiting.has_opened(at) {
        return Err(not_open_yet(opens_at));
    }
    Ok(PaperKey {
        paper_key: key_for(conn, waiting.olympiad.id, waiting.opening(at))?,
        opens_at,
    })
}

/// Starts the learner's clock (as `POST /api/sitting/start` does, with its checks) and hands
/// over the key of the sealed paper with the learner's order of it.
pub fn start(
    conn: &mut DbConnection,
    cache: &SittingCache,
    caller: &Caller,
    device: Option<DeviceKey>,
) -> OfficeResult<LobbyStart> {
    let sitting = sitting::start(conn, cache, caller, device)?;
    let waiting = waiting(conn, cache, caller)?;
    let at = now();
    let paper = cache.paper(conn, waiting.olympiad.id)?;
    let attempt = Attempt::current(conn, waiting.sitter.participant_id)?.ok_or_else(|| {
        OfficeError::refused(ErrorCode::NoAttempt, "Accept the declaration first.")
    })?;
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
    // The key of the opening moment this learner's clock started in.
    let opening = attempt
        .started_at
        .and_then(|started| waiting.window(started))
        .map_or_else(|| waiting.opening(at), |w| w.starts_at);
    Ok(LobbyStart {
        paper_key: key_for(conn, waiting.olympiad.id, opening)?,
        order,
        sitting,
    })
}
