//! An olympiad and a module of its paper, found for the caller, as every route about the paper
//! (the invigilation's too) asks for them.

use crate::access::Caller;
use crate::error::ApiError;
use olympiad_domain::id::ModuleId;
use olympiad_persistence::models::{Olympiad, QuestionModule};
use olympiad_persistence::DbConnection;

/// The olympiad, if the caller may act in it.
pub fn olympiad_of(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: i64,
) -> Result<Olympiad, ApiError> {
    Ok(olympiad_office::find_in_reach(conn, caller, olympiad_id)?)
}

/// The module and its olympiad, if the caller may act in it.
pub fn module_of(
    conn: &mut DbConnection,
    caller: &Caller,
    module_id: ModuleId,
) -> Result<(QuestionModule, Olympiad), ApiError> {
    Ok(olympiad_office::paper::module_of(conn, caller, module_id)?)
}
