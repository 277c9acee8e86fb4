//! disk_full
