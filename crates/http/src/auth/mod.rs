//! Sign-in and everything around it: tokens, passwords, two-factor, resets.

pub mod password;
pub mod password_reset;
pub mod session;
pub mod session_start;
pub mod signin;
pub mod tokens;
pub mod two_factor;

use crate::manifest::{
    Allowed::{Public, SignedIn, TwoFactorSetup},
    Area,
};
pub use session_start::{SignInResult, SignedInUser};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("auth")
        .route(signin::signin, Public)
        .beyond_schema("olympiadName is required for the learner and teacher login types")
        .route(session::get_login_status, Public)
        .route(session::current_user, SignedIn)
        .route(session::signout, SignedIn)
        .route(password_reset::forgot_password, Public)
        .unscoped("public: answers the same for every name")
        // With the token of a reset e-mail, or signed in: the handler checks which.
        .route(password_reset::set_password, Public)
        .beyond_schema("currentPassword is required when no reset token is given")
        .route(two_factor::setup, TwoFactorSetup)
        .route(two_factor::confirm, TwoFactorSetup)
}
