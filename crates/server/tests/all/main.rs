//! The worker, the e-mail lanes and the `olympiad` binary itself (backups, nodes, a replica, a
//! kill mid-stream): one test binary, a module per area, and `common`, what the e-mail tests share.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test: a panic is the failure, with its cause

mod common;

mod backup;
mod binary;
mod certificate_lane;
mod clusters;
mod durability;
mod email;
mod email_dkim;
mod email_dns;
mod email_sns;
mod faults;
mod nodes;
mod password_reset_mail;
mod replica;
