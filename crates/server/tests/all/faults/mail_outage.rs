//! mail_outage
