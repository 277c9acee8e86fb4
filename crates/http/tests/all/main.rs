//! The API through its HTTP routes, on a fresh database of the backend TEST_DATABASE names: one
//! test binary (linked once, not once per area), a module per area, and `common`, the test
//! application they share. A filter of `<module>::` runs one area:
//! `cargo test -p olympiad-http --test all scope::`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test: a panic is the failure, with its cause

mod common;

mod appeals;
mod areas;
mod auth;
mod certificates;
mod contacts;
mod countries;
mod email;
mod entries;
mod files;
mod group_commit;
mod hostile_uploads;
mod interest;
mod invigilation;
mod learner_import;
mod learners;
mod lists;
mod lobby;
mod marking;
mod metrics;
mod module_layers;
mod module_time;
mod overlord;
mod paper;
mod paper_answers;
mod paper_sight;
mod participants;
mod payments;
mod privacy;
mod public_limits;
mod reports;
mod results;
mod results_certificate_lease;
mod results_in_step;
mod rich_text;
mod roles;
mod schools;
mod scope;
mod screen_operations;
mod security;
mod site;
mod sitting;
mod snapshots;
mod start_statements;
mod stated_limits;
mod teachers;
mod teams;
mod two_factor;
mod users;
