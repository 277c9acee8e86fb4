//! One backup archive holds everything a restored platform needs: the database (an online copy,
//! see `olympiad_persistence::backup`), the stored files of the folder store (question pictures,
//! proofs of payment, certificate ZIPs, mass mails' attachments; with a bucket, the archive says
//! that the bucket's versioning keeps them) and the token signing secret `DATA_DIR/jwt-secret`, so
//! that signed-in people stay signed in after a restore.
//! A ZIP file with a manifest that lists every entry with its size and SHA-256: `verify-backup`
//! checks an archive without restoring it, and `restore` checks it before it writes anything.
//! The archive is written under a temporary name and renamed when whole, so a backup interrupted
//! (a full disk, a killed job) never leaves a file that looks like a backup.

use crate::settings::Settings;
use olympiad_persistence::backup as database;
use olympiad_persistence::Database;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{self, BufReader, Read, Seek, Write};
use std::path::{Path, PathBuf};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

const FORMAT: &str = "olympiad-backup";
const MANIFEST: &str = "manifest.json";
/// Where the files of `DATA_DIR` go inside the archive.
const DATA: &str = "data/";
/// The files of `DATA_DIR` that a backup holds (the database's own files are in it as one copy).
const JWT_SECRET: &str = "jwt-secret";
const UPLOADS: &str = "uploads";

pub type BackupResult<T> = Result<T, Box<dyn std::error::Error>>;

/// What the archive holds, written into it as `manifest.json`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: String,
    /// The version of the platform that made it (`olympiad migrate` brings an older one up).
    pub made_by: String,
    pub made_at: String,
    /// `sqlite` or `postgres`: which database `restore` puts it into.
    pub database: String,
    /// Every entry but the manifest, the database first.
    pub entries: Vec<Entry>,
    /// What a restore needs that the archive cannot hold (a signing secret given in the
    /// environment), in sentences.
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Entry {
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
}

/// Writes a backup of the database and the files to `file`, which must not exist yet. A disk that
/// fills on the way is said in so many words: nothing was kept (the scratch folder goes with the
/// error), and the operator frees space or writes the backup elsewhere.
pub fn backup(settings: &Settings, file: &Path) -> BackupResult<Manifest> {
    write_backup(settings, file).map_err(|error| {
        if disk_full(&*error) {
            format!(
                "the disk of {} is full, so no backup was made: free space or write the backup \
                 to another disk ({error})",
                file.display()
            )
            .into()
        } else {
            error
        }
    })
}

/// Whether the error, or one that caused it, is a full disk: ENOSPC (or a spent quota) from a
/// write, SQLite's "database or disk is full" from `VACUUM INTO`, or `pg_dump`'s "no space left
/// on device".
fn disk_full(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        let full = match error.downcast_ref::<io::Error>() {
            Some(io) => matches!(
                io.kind(),
                io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
            ),
            None => {
                let said = error.to_string().to_lowercase();
                said.contains("database or disk is full")
                    || said.contains("no space left on device")
            }
        };
        if full {
            return true;
        }
        cause = error.source();
    }
    false
}

fn write_backup(settings: &Settings, file: &Path) -> BackupResult<Manifest> {
    if file.exists() {
        return Err(format!(
            "{} exists already: a backup never overwrites a file",
            file.display()
        )
        .into());
    }
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    // Beside the archive, so that the database's copy is made on the disk the archive goes to.
    let scratch = tempfile::Builder::new()
        .prefix(".olympiad-backup-")
        .tempdir_in(folder)?;
    let database_copy = scratch.path().join("database");
    database::backup(&settings.database, &database_copy)?;

    let partial = scratch.path().join("archive.zip");
    let mut zip = ZipWriter::new(File::create(&partial)?);
    let mut entries = Vec::new();
    let backend = settings.database.backend_name();
    let database_entry = format!("database.{}", database_extension(&settings.database));
    entries.push(add_file(
        &mut zip,
        &database_entry,
        &database_copy,
        CompressionMethod::Deflated,
    )?);
    let mut notes = Vec::new();
    let secret = settings.data_dir.join(JWT_SECRET);
    if secret.is_file() {
        entries.push(add_file(
            &mut zip,
            &format!("{DATA}{JWT_SECRET}"),
            &secret,
            CompressionMethod::Stored,
        )?);
    }
    if settings.secret_from_environment() {
        notes.push(
            "Tokens are signed with JWT_SECRET from the environment: keep it with this backup, \
             or everyone signs in again after a restore."
                .to_owned(),
        );
    }
    match settings.files.local_folder() {
        Some(folder) => {
            for (path, relative) in files_under(folder)? {
                let name = format!("{DATA}{UPLOADS}/{relative}");
                // Pictures, PDFs and ZIPs are compressed already.
                entries.push(add_file(&mut zip, &name, &path, CompressionMethod::Stored)?);
            }
        }
        None => notes.push(format!(
            "The files are kept in {}, not in this archive: keep the bucket's versioning on, with \
             noncurrent versions kept at least as long as the backups, or copy the bucket beside \
             each backup.",
            settings.files.name()
        )),
    }
    let manifest = Manifest {
        format: FORMAT.to_owned(),
        made_by: env!("CARGO_PKG_VERSION").to_owned(),
        made_at: chrono::Utc::now().to_rfc3339(),
        database: backend.to_owned(),
        entries,
        notes,
    };
    zip.start_file(MANIFEST, SimpleFileOptions::default())?;
    zip.write_all(&serde_json::to_vec_pretty(&manifest)?)?;
    zip.finish()?.sync_all()?;
    // Linked into place whole: never a half-written backup, never one replaced.
    match std::fs::hard_link(&partial, file) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            return Err(format!("{} appeared while the backup was written", file.display()).into())
        }
        // A file system without hard links; that the file is new was checked at the start.
        Err(_) => std::fs::rename(&partial, file)?,
    }
    Ok(manifest)
}

/// Reads the archive's manifest and checks every entry against it (size and SHA-256, none
/// missing, none added); answers the manifest of a sound archive.
pub fn verify(file: &Path) -> BackupResult<Manifest> {
    let mut zip = open(file)?;
    let manifest = read_manifest(&mut zip, file)?;
    let mut listed: Vec<&str> = manifest.entries.iter().map(|e| e.path.as_str()).collect();
    listed.push(MANIFEST);
    listed.sort_unstable();
    let mut held = zip
        .file_names()
        .map(|name| name.map(|n| n.into_owned()))
        .collect::<Result<Vec<String>, _>>()?;
    held.sort_unstable();
    if listed != held {
        return Err(format!(
            "{}: its entries are not those its manifest lists",
            file.display()
        )
        .into());
    }
    for entry in &manifest.entries {
        let mut reader = zip.by_name(&entry.path)?;
        let found = copy_hashed(&mut reader, &mut io::sink())?;
        if found != (entry.bytes, entry.sha256.clone()) {
            return Err(format!(
                "{}: {} is damaged (its size or checksum differs from the manifest)",
                file.display(),
                entry.path
            )
            .into());
        }
    }
    Ok(manifest)
}

/// Restores the archive into the database of `settings` (new and empty) and `DATA_DIR` (without
/// uploads or a signing secret yet). The archive is checked whole before anything is written;
/// the files are unpacked beside their place and moved in once the database is restored.
pub fn restore(settings: &Settings, file: &Path) -> BackupResult<Manifest> {
    let manifest = verify(file)?;
    if manifest.database != settings.database.backend_name() {
        return Err(format!(
            "{} holds a {} database; DATABASE_URL names a {} one",
            file.display(),
            manifest.database,
            settings.database.backend_name()
        )
        .into());
    }
    let secret = settings.data_dir.join(JWT_SECRET);
    let folder_in_use = match settings.files.local_folder() {
        Some(folder) => !files_under(folder)?.is_empty(),
        // A bucket's files are named by their content or their run; putting them again is safe.
        None => false,
    };
    if secret.exists() || folder_in_use {
        return Err(format!(
            "{} has files already (uploads or jwt-secret): restore into a new, empty DATA_DIR",
            settings.data_dir.display()
        )
        .into());
    }
    std::fs::create_dir_all(&settings.data_dir)?;
    let staging = tempfile::Builder::new()
        .prefix(".olympiad-restore-")
        .tempdir_in(&settings.data_dir)?;
    let mut zip = open(file)?;
    for entry in &manifest.entries {
        let target = staging.path().join(safe_relative(&entry.path)?);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let mut out = File::create(&target)?;
        copy_hashed(&mut zip.by_name(&entry.path)?, &mut out)?;
        out.sync_all()?;
    }
    let database_entry = manifest
        .entries
        .first()
        .ok_or("the manifest lists no database")?;
    database::restore(
        &settings.database,
        &staging.path().join(safe_relative(&database_entry.path)?),
    )?;
    let data = staging.path().join(DATA.trim_end_matches('/'));
    if data.join(JWT_SECRET).is_file() {
        std::fs::rename(data.join(JWT_SECRET), &secret)?;
        private(&secret)?;
    }
    for (path, relative) in files_under(&data.join(UPLOADS))? {
        match settings.files.local_folder() {
            Some(folder) => {
                let target = folder.join(&relative);
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::rename(path, target)?;
            }
            // Into the bucket (a folder's backup restored onto nodes that share a bucket).
            None => settings.files.put(&relative, &std::fs::read(&path)?)?,
        }
    }
    Ok(manifest)
}

/// Whether `file` is an archive of this kind (a backup made before archives held the files is a
/// bare database copy, restored as before).
pub fn is_archive(file: &Path) -> bool {
    open(file)
        .map(|mut zip| zip.by_name(MANIFEST).is_ok())
        .unwrap_or(false)
}

fn database_extension(database: &Database) -> &'static str {
    match database {
        Database::Sqlite(_) => "sqlite",
        Database::Postgres(_) => "pgdump",
    }
}

fn open(file: &Path) -> BackupResult<ZipArchive<BufReader<File>>> {
    let reader = BufReader::new(
        File::open(file).map_err(|e| format!("cannot open {}: {e}", file.display()))?,
    );
    ZipArchive::new(reader)
        .map_err(|e| format!("{} is not a backup archive: {e}", file.display()).into())
}

fn read_manifest<R: Read + Seek>(zip: &mut ZipArchive<R>, file: &Path) -> BackupResult<Manifest> {
    let reader = zip.by_name(MANIFEST).map_err(|_| {
        format!(
            "{} has no manifest: it is no backup archive",
            file.display()
        )
    })?;
    // A manifest lists one line per file: a few megabytes at most, however large the archive.
    let manifest: Manifest = serde_json::from_reader(reader.take(64 * 1024 * 1024))
        .map_err(|e| format!("{}: its manifest cannot be read: {e}", file.display()))?;
    if manifest.format != FORMAT {
        return Err(format!("{}: not an {FORMAT} archive", file.display()).into());
    }
    Ok(manifest)
}

/// An entry's name as a path under the staging folder: plain names only, nothing that climbs.
fn safe_relative(name: &str) -> BackupResult<PathBuf> {
    let path = Path::new(name);
    if path
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)))
    {
        Ok(path.to_path_buf())
    } else {
        Err(format!("the archive names an unsafe path: {name:?}").into())
    }
}

fn add_file<W: Write + Seek>(
    zip: &mut ZipWriter<W>,
    name: &str,
    path: &Path,
    method: CompressionMethod,
) -> BackupResult<Entry> {
    let options = SimpleFileOptions::default()
        .compression_method(method)
        .large_file(std::fs::metadata(path)?.len() >= u64::from(u32::MAX));
    zip.start_file(name, options)?;
    let (bytes, sha256) = copy_hashed(&mut File::open(path)?, zip)?;
    Ok(Entry {
        path: name.to_owned(),
        bytes,
        sha256,
    })
}

/// Copies `from` into `to`, answering how many bytes and their SHA-256.
fn copy_hashed(from: &mut impl Read, to: &mut impl Write) -> io::Result<(u64, String)> {
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 256 * 1024];
    let mut bytes = 0u64;
    loop {
        let read = from.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
        to.write_all(&buffer[..read])?;
        bytes += read as u64;
    }
    let sha256 = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok((bytes, sha256))
}

/// Every file under `root` (none when it does not exist) with its path relative to it, in `/`
/// form, sorted; files still being written (`.partial`) are left out.
fn files_under(root: &Path) -> io::Result<Vec<(PathBuf, String)>> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let listing = match std::fs::read_dir(&folder) {
            Ok(listing) => listing,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        };
        for item in listing {
            let path = item?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_none_or(|e| e != "partial") {
                let relative = path
                    .strip_prefix(root)
                    .map_err(io::Error::other)?
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                found.push((path, relative));
            }
        }
    }
    found.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(found)
}

/// The signing secret is readable by the platform's own user only.
fn private(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    }
    let _ = path;
    Ok(())
}
