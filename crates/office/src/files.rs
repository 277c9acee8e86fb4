//! Stored files: uploads judged by their content, kept once under the data folder by their hash.

use crate::error::{OfficeError, OfficeResult};
use crate::secrets::sha256_hex;
use std::path::{Path, PathBuf};

/// What we accept, judged from the first bytes of the file, never from its name.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some("image/png"),
        [0xFF, 0xD8, 0xFF, ..] => Some("image/jpeg"),
        [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some("image/gif"),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some("image/webp"),
        [b'%', b'P', b'D', b'F', b'-', ..] => Some("application/pdf"),
        _ => None,
    }
}

/// A file name people can read, with nothing that could climb folders or break a header.
pub fn clean_filename(name: &str) -> OfficeResult<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("").trim();
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .take(200)
        .collect();
    if cleaned.is_empty() || cleaned == "." || cleaned == ".." {
        return Err(OfficeError::invalid("filename", "is required"));
    }
    Ok(cleaned)
}

pub fn stored_path(root: &Path, sha256: &str) -> PathBuf {
    root.join(&sha256[..2]).join(sha256)
}

/// Keeps the bytes under `root` by their SHA-256 (once, however often they are uploaded) and
/// answers the hash. Written under a temporary name, then renamed, so that a record never points
/// at half a file. Blocking: call it off the async workers.
pub fn store_bytes(root: &Path, bytes: &[u8]) -> std::io::Result<String> {
    let sha256 = sha256_hex(bytes);
    let path = stored_path(root, &sha256);
    if !path.exists() {
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        let partial = path.with_extension("partial");
        std::fs::write(&partial, bytes)?;
        std::fs::rename(partial, &path)?;
    }
    Ok(sha256)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_judged_by_content() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(sniff(b"\xff\xd8\xff\xe0"), Some("image/jpeg"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"%PDF-1.7"), Some("application/pdf"));
        assert_eq!(sniff(b"<svg onload=alert(1)>"), None);
        assert_eq!(sniff(b"MZ\x90\0"), None);
    }

    #[test]
    fn file_names_cannot_climb_or_break_headers() {
        assert_eq!(
            clean_filename("../../etc/passwd").ok().as_deref(),
            Some("passwd")
        );
        assert_eq!(
            clean_filename("C:\\maps\\Map \"1\".png").ok().as_deref(),
            Some("Map 1.png")
        );
        assert!(clean_filename("..").is_err());
        assert!(clean_filename("  ").is_err());
    }
}
