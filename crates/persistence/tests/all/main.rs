//! The diesel models and connections on the database TEST_DATABASE names: one test binary, a
//! module per area.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test: a panic is the failure, with its cause

mod accounts;
mod group_commit;
mod jobs_and_logs;
mod schema_parity;
mod schools;
mod transactions;
mod typed_ids;
mod words;
