//! Where the platform keeps the files that every node must see: uploads and question pictures,
//! proofs of payment, certificate ZIPs and mass-mail files. Either the data folder (one node, or
//! several sharing it) or an S3-compatible bucket (several nodes, nothing shared but the bucket).
//!
//! A file is named by its key, a relative path such as `ab/ab12…` or `certificates/3/x.zip`: in
//! the folder it is that path under the uploads folder, exactly the layout kept before buckets, so
//! existing data keeps working; in a bucket it is the object `prefix/key`.
//!
//! Blocking: every call does file or network I/O, so the callers run it off the async workers
//! (they already do, for the database).

mod bucket;
mod folder;

use std::path::PathBuf;
use std::sync::Arc;

pub use bucket::BucketSettings;

/// Why a file could not be kept or read.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// No file under that key.
    #[error("{store} has no file {key}")]
    Missing { store: String, key: String },
    /// The file is larger than the reader allows.
    #[error("the file {key} in {store} is larger than {limit} bytes")]
    TooLarge {
        store: String,
        key: String,
        limit: u64,
    },
    /// The store could not be reached, refused, or failed: down, no bucket, access denied.
    /// `cause` never carries a credential.
    #[error("{store} could not be used: {cause}")]
    Unavailable { store: String, cause: String },
    /// The disk under the folder is full (or its quota spent): nothing was kept, and the next
    /// write may succeed once space is freed.
    #[error("{store} is full: {cause}")]
    Full { store: String, cause: String },
    /// A key that is not a plain relative path (never one a person chose).
    #[error("{0:?} is not a file's key")]
    BadKey(String),
}

pub type StorageResult<T> = Result<T, StorageError>;

/// The files' store, cheap to clone: every clone uses the same folder or bucket (and the
/// bucket's connections).
#[derive(Clone)]
pub struct Storage {
    kind: Arc<Kind>,
}

enum Kind {
    Folder(folder::Folder),
    Bucket(Box<bucket::Bucket>),
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

impl Storage {
    /// The files under `root`, the uploads folder of `DATA_DIR`.
    pub fn folder(root: impl Into<PathBuf>) -> Self {
        Storage {
            kind: Arc::new(Kind::Folder(folder::Folder::new(root.into()))),
        }
    }

    /// The bucket `settings` name.
    pub fn bucket(settings: BucketSettings) -> Result<Self, String> {
        Ok(Storage {
            kind: Arc::new(Kind::Bucket(Box::new(bucket::Bucket::new(settings)?))),
        })
    }

    /// The store `STORAGE_URL` names: `s3://bucket/prefix` (the rest of the bucket's settings
    /// from `var`, the process's environment in production), `file:///path` for a folder of its
    /// own, or nothing for `uploads` (the uploads folder of `DATA_DIR`).
    pub fn from_url(
        url: Option<&str>,
        uploads: PathBuf,
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, String> {
        let Some(url) = url.map(str::trim).filter(|u| !u.is_empty()) else {
            return Ok(Storage::folder(uploads));
        };
        if let Some(path) = url.strip_prefix("file://") {
            if path.is_empty() {
                return Ok(Storage::folder(uploads));
            }
            return Ok(Storage::folder(PathBuf::from(path)));
        }
        if url.starts_with("s3://") {
            return Storage::bucket(BucketSettings::from_env(url, var)?);
        }
        Err(format!(
            "STORAGE_URL: {url:?} is neither s3://bucket/prefix nor file:///folder"
        ))
    }

    /// The store as people and logs name it: the folder's path or `s3://bucket/prefix` and its
    /// endpoint; never a credential.
    pub fn name(&self) -> String {
        match &*self.kind {
            Kind::Folder(folder) => folder.name(),
            Kind::Bucket(bucket) => bucket.name(),
        }
    }

    /// The folder, when the files are kept in one.
    pub fn local_folder(&self) -> Option<&std::path::Path> {
        match &*self.kind {
            Kind::Folder(folder) => Some(folder.root()),
            Kind::Bucket(_) => None,
        }
    }

    /// Keeps `bytes` under `key`, replacing what was there. A file is never seen half-written:
    /// the folder writes it under another name and renames it, a bucket shows an object only
    /// once all of it has arrived.
    pub fn put(&self, key: &str, bytes: &[u8]) -> StorageResult<()> {
        let key = checked(key)?;
        match &*self.kind {
            Kind::Folder(folder) => folder.put(key, bytes),
            Kind::Bucket(bucket) => bucket.put(key, bytes),
        }
    }

    /// The file under `key`, refused as [`StorageError::TooLarge`] past `limit` bytes.
    pub fn read(&self, key: &str, limit: u64) -> StorageResult<Vec<u8>> {
        let key = checked(key)?;
        match &*self.kind {
            Kind::Folder(folder) => folder.read(key, limit),
            Kind::Bucket(bucket) => bucket.read(key, limit),
        }
    }

    /// Whether a file is kept under `key`.
    pub fn exists(&self, key: &str) -> StorageResult<bool> {
        let key = checked(key)?;
        match &*self.kind {
            Kind::Folder(folder) => folder.exists(key),
            Kind::Bucket(bucket) => bucket.exists(key),
        }
    }

    /// Removes the file under `key`; one already gone is no error.
    pub fn delete(&self, key: &str) -> StorageResult<()> {
        let key = checked(key)?;
        match &*self.kind {
            Kind::Folder(folder) => folder.delete(key),
            Kind::Bucket(bucket) => bucket.delete(key),
        }
    }
}

/// The store of a test whose files go in `folder`: that folder, or, when `TEST_STORAGE_URL` names
/// a bucket (`s3://bucket/prefix`, with `AWS_ENDPOINT_URL` and the keys set, as
/// `scripts/test.sh` sets them), the prefix `unique` in it, so that tests running at once never
/// meet. Called twice with the same arguments, two stores over the same files (two nodes).
pub fn for_tests(folder: &std::path::Path, unique: &str) -> Result<Storage, String> {
    match std::env::var("TEST_STORAGE_URL") {
        Ok(url) if !url.trim().is_empty() => {
            let url = format!("{}/{unique}", url.trim().trim_end_matches('/'));
            Storage::from_url(Some(&url), folder.into(), |name| std::env::var(name).ok())
        }
        _ => Ok(Storage::folder(folder)),
    }
}

/// A key is a plain relative path of named parts: nothing that climbs out of the folder or the
/// prefix, nothing absolute, no empty part.
fn checked(key: &str) -> StorageResult<&str> {
    let plain = !key.is_empty()
        && key.split('/').all(|part| {
            !part.is_empty()
                && part != "."
                && part != ".."
                && !part.contains('\\')
                && !part.chars().any(char::is_control)
        });
    if plain {
        Ok(key)
    } else {
        Err(StorageError::BadKey(key.to_owned()))
    }
}

#[cfg(test)]
mod tests;
