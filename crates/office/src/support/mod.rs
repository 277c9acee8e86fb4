//! What every use case shares: who is asking (`caller`), which objects they reach (`scope`,
//! `find_in_reach`), form fields checked at the boundary (`fields`), grids (`listing`), tokens and
//! codes kept as their hash (`secrets`), and the office's error with the code every failure
//! carries (`error`).

pub mod caller;
pub mod error;
pub mod fields;
pub mod listing;
pub mod scope;
pub mod secrets;
