//! The faults of a real morning, each a module named after it: the database failing over to its
//! replica or restarting under load (on SQLite, its lock held past every writer's patience), the
//! mail server down for a while, a full disk, and the nodes restarted one after the other. In
//! each, nothing acknowledged is lost and the service comes back by itself. docs/operations.md
//! says what each does to a sitting and what the operator does.

pub mod devices;
mod disk_full;
mod failover;
mod mail_outage;
mod pg_restart;
mod rolling_restart;
mod sqlite_busy;
