//! pg_restart
