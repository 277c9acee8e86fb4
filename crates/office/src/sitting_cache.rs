//! What every learner of an olympiad reads at nine o'clock and nobody changes then: the paper and
//! the sitting windows. Ten thousand learners starting within a minute would otherwise ask the
//! database for the same few rows tens of thousands of times.

use crate::learner_paper::Paper;
use crate::lobby::learner_windows;
use crate::support::error::OfficeResult;
use chrono::NaiveDateTime;
use olympiad_domain::id::{OlympiadId, SchoolParticipantId};
use olympiad_persistence::models::{Olympiad, SittingWindow};
use olympiad_persistence::DbConnection;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a paper is kept in memory. Saves are checked against it, so a question added to an
/// open paper is answerable within this time (the device keeps the answer and sends it again).
const PAPER_TTL: Duration = Duration::from_secs(5);

/// How long a learner's windows are kept. Every change of an olympiad's windows also changes the
/// olympiad's `updated_at`, which each step reads afresh, so a change is seen at once on every node;
/// this bound only covers a change made within the same microsecond as the one before.
const WINDOWS_TTL: Duration = Duration::from_secs(5);

/// The learner's windows are those of their school's entry (staggered starts) or the olympiad's.
type WindowsKey = (OlympiadId, Option<SchoolParticipantId>);

/// The papers and windows of olympiads being written, held by the server for every request.
#[derive(Default)]
pub struct SittingCache {
    papers: Mutex<HashMap<OlympiadId, (Instant, Arc<Paper>)>>,
    windows: Mutex<HashMap<WindowsKey, Windows>>,
}

struct Windows {
    read_at: Instant,
    /// The olympiad's `updated_at` when they were read.
    olympiad_version: NaiveDateTime,
    windows: Arc<Vec<SittingWindow>>,
}

impl SittingCache {
    pub fn get(&self, olympiad_id: OlympiadId) -> Option<Arc<Paper>> {
        let papers = self.papers.lock().ok()?;
        let (at, paper) = papers.get(&olympiad_id)?;
        (at.elapsed() < PAPER_TTL).then(|| Arc::clone(paper))
    }

    pub fn put(&self, olympiad_id: OlympiadId, paper: Paper) -> Arc<Paper> {
        let paper = Arc::new(paper);
        if let Ok(mut papers) = self.papers.lock() {
            papers.insert(olympiad_id, (Instant::now(), Arc::clone(&paper)));
        }
        paper
    }

    /// The paper of the olympiad, from the cache, else read and kept.
    pub fn paper(
        &self,
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> OfficeResult<Arc<Paper>> {
        if let Some(paper) = self.get(olympiad_id) {
            return Ok(paper);
        }
        Ok(self.put(olympiad_id, Paper::load(conn, olympiad_id)?))
    }

    /// The windows of a learner of `olympiad` (as just read) entered through `entry`, in order of
    /// opening: kept while the olympiad is unchanged.
    pub fn windows(
        &self,
        conn: &mut DbConnection,
        olympiad: &Olympiad,
        entry: Option<SchoolParticipantId>,
    ) -> OfficeResult<Arc<Vec<SittingWindow>>> {
        let key = (olympiad.id, entry);
        if let Ok(cached) = self.windows.lock() {
            if let Some(kept) = cached.get(&key).filter(|w| {
                w.olympiad_version == olympiad.updated_at && w.read_at.elapsed() < WINDOWS_TTL
            }) {
                return Ok(Arc::clone(&kept.windows));
            }
        }
        let windows = Arc::new(learner_windows(conn, olympiad.id, entry)?);
        if let Ok(mut cached) = self.windows.lock() {
            // Entries of olympiads no longer being written go when the map grows large.
            if cached.len() > 10_000 {
                cached.retain(|_, w| w.read_at.elapsed() < WINDOWS_TTL);
            }
            cached.insert(
                key,
                Windows {
                    read_at: Instant::now(),
                    olympiad_version: olympiad.updated_at,
                    windows: Arc::clone(&windows),
                },
            );
        }
        Ok(windows)
    }
}
