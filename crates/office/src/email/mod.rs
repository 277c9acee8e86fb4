//! E-mail as the office runs it: the copy of system e-mails, mass mails and campaigns, the queue
//! and its release, what the worker asks before and after sending, the log, bounces, shunned
//! addresses, unsubscribes and each address's health.

pub mod bounces;
pub mod copy;
pub mod health;
pub mod mass_mails;
pub mod queue;
pub mod sending;
pub mod unsubscribes;
