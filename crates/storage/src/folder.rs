//! The files under a folder of the local disk: each key is its path under the folder.

use crate::{StorageError, StorageResult};
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) struct Folder {
    root: PathBuf,
}

/// Tells apart the partial files of writes running at once in this process.
static WRITES: AtomicU64 = AtomicU64::new(0);

impl Folder {
    pub(crate) fn new(root: PathBuf) -> Self {
        Folder { root }
    }

    pub(crate) fn root(&self) -> &Path {
        &self.root
    }

    pub(crate) fn name(&self) -> String {
        format!("the file folder {}", self.root.display())
    }

    fn unavailable(&self, cause: impl std::fmt::Display) -> StorageError {
        StorageError::Unavailable {
            store: self.name(),
            cause: cause.to_string(),
        }
    }

    /// A write that failed: a full disk (ENOSPC, or a spent quota) is told apart, since the
    /// person can only try again later and the operator must free space.
    pub(crate) fn not_written(&self, error: std::io::Error) -> StorageError {
        match error.kind() {
            ErrorKind::StorageFull | ErrorKind::QuotaExceeded => StorageError::Full {
                store: self.name(),
                cause: error.to_string(),
            },
            _ => self.unavailable(error),
        }
    }

    fn missing(&self, key: &str) -> StorageError {
        StorageError::Missing {
            store: self.name(),
            key: key.to_owned(),
        }
    }

    /// Written under a partial name of its own, then renamed: a reader sees all of the file or
    /// none, and two nodes (or two requests) writing the same key never mix their bytes.
    pub(crate) fn put(&self, key: &str, bytes: &[u8]) -> StorageResult<()> {
        let path = self.root.join(key);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| self.not_written(e))?;
        }
        let write = WRITES.fetch_add(1, Ordering::Relaxed);
        let partial = path.with_extension(format!("{}-{write}.partial", std::process::id()));
        let written =
            std::fs::write(&partial, bytes).and_then(|()| std::fs::rename(&partial, &path));
        // A write cut short (a full disk) leaves nothing behind under either name.
        written.map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            self.not_written(e)
        })
    }

    pub(crate) fn read(&self, key: &str, limit: u64) -> StorageResult<Vec<u8>> {
        let file = std::fs::File::open(self.root.join(key)).map_err(|e| match e.kind() {
            ErrorKind::NotFound => self.missing(key),
            _ => self.unavailable(e),
        })?;
        let mut bytes = Vec::new();
        // One byte past the limit tells a file just too large from one exactly at it.
        file.take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| self.unavailable(e))?;
        if bytes.len() as u64 > limit {
            return Err(StorageError::TooLarge {
                store: self.name(),
                key: key.to_owned(),
                limit,
            });
        }
        Ok(bytes)
    }

    pub(crate) fn exists(&self, key: &str) -> StorageResult<bool> {
        self.root
            .join(key)
            .try_exists()
            .map_err(|e| self.unavailable(e))
    }

    pub(crate) fn delete(&self, key: &str) -> StorageResult<()> {
        match std::fs::remove_file(self.root.join(key)) {
            Err(e) if e.kind() != ErrorKind::NotFound => Err(self.unavailable(e)),
            _ => Ok(()),
        }
    }
}
