//! The office's use cases without HTTP, on the database TEST_DATABASE names: one test binary, a
//! module per area.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test: a panic is the failure

mod appeals;
mod common;
mod money;
mod results;
mod results_follow;
mod sitting_start;
