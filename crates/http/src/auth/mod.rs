//! Sign-in and everything around it: tokens, passwords, two-factor, resets.

pub mod password;
pub mod password_reset;
pub mod session;
pub mod session_start;
pub mod signin;
pub mod tokens;
pub mod two_factor;

pub use session_start::{SignInResult, SignedInUser};
