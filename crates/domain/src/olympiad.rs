//! What kind of olympiad a project runs.

use crate::words::words;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Who enters an olympiad: schools with their learners, or countries with their teams (the
/// international olympiad).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OlympiadKind {
    Schools,
    Countries,
}

words!(OlympiadKind, "olympiad kind" {
    Schools => "schools",
    Countries => "countries",
});
