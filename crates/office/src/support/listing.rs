//! The office's lists as the back office's grids ask for them: a search, a sort and a page (none
//! for an export of every selected row), and each list's own filters, where an empty value means
//! no filter.

use olympiad_domain::id::OlympiadId;
use olympiad_persistence::models::{Page, Sort};
use serde::Deserialize;
use utoipa::IntoParams;

/// What a grid asks of any list beyond the list's own filters.
#[derive(Debug, Clone, Default)]
pub struct Grid {
    /// Free text, matched case-blind against the list's main columns.
    pub search: String,
    pub sort: Vec<Sort>,
    /// None: every selected row, for an export.
    pub page: Option<Page>,
}

/// The query of a report or list of one olympiad: `?olympiadId=`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OlympiadQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
}

/// An empty filter value means no filter.
pub fn given(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// Timestamps in exports, as people read them.
pub fn when(at: Option<chrono::NaiveDateTime>) -> String {
    at.map(|t| t.format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_default()
}
