//! Secrets that need no slow hash: random tokens (reset and invitation links, device keys) and
//! recovery codes, which are limited like password guesses. Only their SHA-256 is stored.

use rand::RngCore;
use sha2::{Digest, Sha256};

/// SHA-256 of the bytes, in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What is stored of a token: its SHA-256 in hex.
pub fn token_hash(token: &str) -> String {
    sha256_hex(token.as_bytes())
}

/// A fresh token of 256 random bits, in hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
