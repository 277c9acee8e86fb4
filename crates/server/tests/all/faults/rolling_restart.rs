//! rolling_restart
