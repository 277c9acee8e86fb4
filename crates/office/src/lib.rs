//! The olympiad office's work, between the HTTP API (which extracts a request, calls one operation
//! with the caller, and answers) and storage (which keeps what the operation decided). Every rule
//! and every operation of more than one step belongs here or in the pure domain crate; nothing here
//! knows of HTTP, so the CLI, the demo and the benchmarks call the same operations as the API.

pub mod accounts;
pub mod activity;
pub mod appeals;
pub mod certificates;
pub mod contacts;
pub mod copy;
pub mod countries;
pub mod email;
pub mod entries;
pub mod faqs;
pub mod files;
pub mod interest;
pub mod invigilation;
pub mod learner_accounts;
pub mod learner_paper;
pub mod learners;
pub mod lobby;
pub mod logs;
pub mod mail;
pub mod merges;
pub mod olympiads;
pub mod overlord;
pub mod paper;
pub mod paper_answers;
pub mod paper_sight;
pub mod participants;
pub mod payment_proofs;
pub mod payments;
pub mod privacy;
pub mod question_bank;
pub mod reports;
pub mod results;
pub mod schools;
pub mod site;
pub mod sitting;
pub mod sitting_cache;
pub mod start_windows;
pub mod suite;
pub mod support;
pub mod system;
pub mod teachers;
pub mod teams;
pub mod users;

// Who is asking, what they reach, and the shapes every use case shares.
pub use support::caller::Caller;
pub use support::error::{ErrorCode, OfficeError, OfficeResult, OrNotFound};
pub use support::scope::{find_in_reach, id_in_reach, InReach, ManagedEntry};
