//! The overlord's area: notes, the consistency checks, search across olympiads, and the job table.

pub mod notes;
pub mod sanity;
pub mod search;
pub mod tasks;
