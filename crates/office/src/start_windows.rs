//! Staggered start windows, set in the olympiad's settings: a window of the sitting for some of
//! its schools, so that not every learner starts at the same moment. A school without one writes
//! in the olympiad's own sitting windows; its learners' start, lobby, end of the sitting and module
//! clocks follow their school's window.

use crate::activity::record_change;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::scope::find_in_reach;
use chrono::NaiveDateTime;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::lobby::{window_problems, Span, StaggeredWindow};
use olympiad_persistence::models::{
    entered_schools, Olympiad, SittingWindow, StartWindow, StartWindowInsertForm,
};
use olympiad_persistence::{now, write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use validator::Validate;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolChoice {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartWindowView {
    pub id: i64,
    #[serde(with = "olympiad_domain::utc")]
    pub starts_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub ends_at: NaiveDateTime,
    pub school_ids: Vec<i64>,
}

/// The olympiad's staggered windows, with the schools they may cover.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartWindows {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub start_windows: Vec<StartWindowView>,
    /// The schools entered in the olympiad, by name.
    pub schools: Vec<SchoolChoice>,
}

#[derive(Debug, Clone, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartWindowInput {
    /// UTC.
    #[serde(with = "olympiad_domain::utc")]
    pub starts_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub ends_at: NaiveDateTime,
    /// The schools it covers (entered in the olympiad).
    #[validate(length(max = 5000, message = "must name at most 5000 schools"))]
    #[schema(max_items = 5000)]
    pub school_ids: Vec<i64>,
}

/// The whole list: windows not in it are removed.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateStartWindows {
    #[validate(length(max = 100, message = "must hold at most 100 windows"), nested)]
    #[schema(max_items = 100)]
    pub start_windows: Vec<StartWindowInput>,
}

fn windows_of(conn: &mut DbConnection, olympiad_id: OlympiadId) -> OfficeResult<StartWindows> {
    Ok(StartWindows {
        olympiad_id,
        start_windows: StartWindow::for_olympiad(conn, olympiad_id)?
            .into_iter()
            .map(|(w, school_ids)| StartWindowView {
                id: w.id,
                starts_at: w.starts_at,
                ends_at: w.ends_at,
                school_ids,
            })
            .collect(),
        schools: entered_schools(conn, olympiad_id)?
            .into_iter()
            .map(|(id, name)| SchoolChoice { id, name })
            .collect(),
    })
}

/// The olympiad's staggered windows.
pub fn start_windows(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<StartWindows> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    windows_of(conn, olympiad.id)
}

/// Replaces the olympiad's staggered windows, each checked: inside the olympiad's sitting windows,
/// covering schools entered in it, none overlapping another for the same school. Noted in the
/// activity log.
pub fn update_start_windows(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    input: &UpdateStartWindows,
) -> OfficeResult<StartWindows> {
    write_transaction(conn, |conn| {
        let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        let before = windows_of(conn, olympiad.id)?;
        let entered: Vec<i64> = before.schools.iter().map(|s| s.id).collect();
        for (i, window) in input.start_windows.iter().enumerate() {
            if window.school_ids.len() > 5000
                || window.school_ids.iter().any(|id| !entered.contains(id))
            {
                return Err(OfficeError::invalid(
                    &format!("startWindows[{i}].schoolIds"),
                    "must name schools entered in this olympiad",
                ));
            }
        }
        let sitting: Vec<Span> = SittingWindow::for_olympiad(conn, olympiad.id)?
            .iter()
            .map(|w| Span {
                starts_at: w.starts_at,
                ends_at: w.ends_at,
            })
            .collect();
        let staggered: Vec<StaggeredWindow> = input
            .start_windows
            .iter()
            .map(|w| StaggeredWindow {
                span: Span {
                    starts_at: w.starts_at,
                    ends_at: w.ends_at,
                },
                school_ids: w.school_ids.clone(),
            })
            .collect();
        if let Some((field, problem)) = window_problems(&staggered, &sitting).into_iter().next() {
            return Err(OfficeError::invalid(&field, problem));
        }
        let forms: Vec<StartWindowInsertForm> = input
            .start_windows
            .iter()
            .map(|w| StartWindowInsertForm {
                starts_at: w.starts_at,
                ends_at: w.ends_at,
                school_ids: w.school_ids.clone(),
            })
            .collect();
        StartWindow::replace(conn, olympiad.id, &forms, now())?;
        let after = windows_of(conn, olympiad.id)?;
        record_change(
            conn,
            caller,
            "start_windows_changed",
            Some(olympiad.id),
            json!({ "olympiadId": olympiad.id }),
            &before.start_windows,
            &after.start_windows,
        )?;
        Ok(after)
    })
}
