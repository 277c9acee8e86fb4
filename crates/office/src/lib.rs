//! The olympiad office's work, between the HTTP API (which extracts a request, calls one operation
//! with the caller, and answers) and storage (which keeps what the operation decided). Every rule
//! and every operation of more than one step belongs here or in the pure domain crate; nothing here
//! knows of HTTP, so the CLI, the demo and the benchmarks call the same operations as the API.

pub mod accounts;
pub mod activity;
pub mod caller;
pub mod contacts;
pub mod countries;
pub mod entries;
pub mod error;
pub mod fields;
pub mod files;
pub mod interest;
pub mod invigilation;
pub mod learner_accounts;
pub mod learner_paper;
pub mod learners;
pub mod listing;
pub mod logs;
pub mod mail;
pub mod merges;
pub mod olympiads;
pub mod paper;
// Who sees the paper, when
pub mod paper_sight;
pub mod participants;
// Payments
pub mod payment_proofs;
pub mod payments;
pub mod question_bank;
pub mod schools;
pub mod scope;
pub mod secrets;
pub mod sitting;
pub mod sitting_cache;
pub mod suite;
pub mod teachers;
pub mod teams;
pub mod users;
// Results and certificates
pub mod certificates;
pub mod results;
// Results: answers written on paper, and appeals
pub mod appeals;
pub mod paper_answers;

// Public sites and content
pub mod copy;
pub mod faqs;
pub mod site;
pub mod system;

// The overlord's area and the reports: notes, consistency checks, search, the job table.
pub mod notes;
pub mod reports;
pub mod sanity;
pub mod search;
pub mod tasks;
// E-mail
pub mod email;
// Privacy (POPIA): exports, erasures and retention
pub mod privacy;

pub use caller::Caller;
pub use error::{ErrorCode, OfficeError, OfficeResult, OrNotFound};
pub use scope::{find_in_reach, id_in_reach, InReach, ManagedEntry};
// The lobby: staggered start windows and the paper sent ahead, sealed
pub mod lobby;
pub mod start_windows;
