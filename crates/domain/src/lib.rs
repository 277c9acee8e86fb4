//! Rules of the olympiad platform that need no database and no HTTP: who may do what, how names and
//! passwords are checked. Every other crate of the platform builds on these.

pub mod answer_sheets;
pub mod appeals;
pub mod corrections;
pub mod credentials;
pub mod email;
pub mod id;
pub mod interest;
pub mod item_analysis;
pub mod job;
pub mod lobby;
pub mod module_time;
pub mod olympiad;
pub mod overlord;
pub mod paper;
pub mod paper_sight;
pub mod payments;
pub mod privacy;
pub mod results;
pub mod rich_text;
pub mod role;
pub mod roster;
pub mod school;
pub mod site;
pub mod sitting;
pub mod text;
pub mod utc;
pub mod words;

pub use role::{LoginType, Role};
