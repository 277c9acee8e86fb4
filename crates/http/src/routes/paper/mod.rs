//! The paper: its modules, their questions, and the question bank that carries them between
//! olympiads.

pub mod bank;
pub mod modules;
pub mod questions;

use crate::manifest::Area;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    questions::routes(modules::routes(bank::routes(Area::new("paper"))))
}
