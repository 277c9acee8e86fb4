//! The `olympiad` binary's parts: settings from the environment, the commands, the demo data and
//! the background worker. `main.rs` only parses the command line.

pub mod backup;
pub mod commands;
pub mod demo;
pub mod demo_content;
pub mod demo_paper;
pub mod demo_schools;
pub mod fuzz;
pub mod settings;
pub mod worker;
