//! The seven roles of the platform and the four ways of signing in.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use utoipa::ToSchema;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord, ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Admin,
    Accountant,
    Funding,
    Marketing,
    Learner,
    Teacher,
    Overlord,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::Admin,
        Role::Accountant,
        Role::Funding,
        Role::Marketing,
        Role::Learner,
        Role::Teacher,
        Role::Overlord,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Accountant => "accountant",
            Role::Funding => "funding",
            Role::Marketing => "marketing",
            Role::Learner => "learner",
            Role::Teacher => "teacher",
            Role::Overlord => "overlord",
        }
    }

    /// Staff of one olympiad: they sign in with login type `admin`.
    pub fn is_olympiad_staff(self) -> bool {
        matches!(
            self,
            Role::Admin | Role::Accountant | Role::Funding | Role::Marketing
        )
    }

    /// Staff and overlord see money and personal data of many schools, so they use two-factor sign-in.
    pub fn needs_two_factor(self) -> bool {
        self.is_olympiad_staff() || self == Role::Overlord
    }

    /// Every role but overlord acts inside one olympiad; a teacher's account may also be global.
    pub fn is_global(self) -> bool {
        self == Role::Overlord
    }

    /// Why an account of this role cannot have (or lack) an olympiad, if it cannot.
    pub fn olympiad_problem(self, has_olympiad: bool) -> Option<&'static str> {
        match (self, has_olympiad) {
            (Role::Overlord, true) => {
                Some("must be empty for an overlord, who acts in every olympiad")
            }
            (Role::Teacher | Role::Overlord, _) => None,
            (_, false) => Some("is required for this role"),
            (_, true) => None,
        }
    }

    /// The login type with which a user of this role signs in.
    pub fn login_type(self) -> LoginType {
        match self {
            Role::Learner => LoginType::Learner,
            Role::Teacher => LoginType::Teacher,
            Role::Overlord => LoginType::Overlord,
            _ => LoginType::Admin,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown role {0:?}; expected one of admin, accountant, funding, marketing, learner, teacher, overlord")]
pub struct UnknownRole(pub String);

impl FromStr for Role {
    type Err = UnknownRole;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::ALL
            .into_iter()
            .find(|role| role.as_str() == s)
            .ok_or_else(|| UnknownRole(s.to_owned()))
    }
}

/// How a person signs in: `admin` covers the four staff roles of an olympiad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LoginType {
    Learner,
    Teacher,
    Admin,
    Overlord,
}

impl LoginType {
    /// Whether an account of `role` may be used with this login type.
    pub fn admits(self, role: Role) -> bool {
        role.login_type() == self
    }

    /// How the login type is named in a sentence.
    pub fn noun(self) -> &'static str {
        match self {
            LoginType::Learner => "learner",
            LoginType::Teacher => "teacher",
            LoginType::Admin => "staff",
            LoginType::Overlord => "overlord",
        }
    }

    /// Learners and staff belong to one olympiad, so their sign-in must name it.
    pub fn needs_olympiad(self) -> bool {
        matches!(self, LoginType::Learner | LoginType::Admin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_through_their_names() {
        for role in Role::ALL {
            assert_eq!(role.as_str().parse::<Role>(), Ok(role));
            assert_eq!(
                serde_json::to_string(&role).ok(),
                Some(format!("\"{role}\""))
            );
        }
        assert!("root".parse::<Role>().is_err());
    }

    #[test]
    fn login_type_admin_covers_the_four_staff_roles_only() {
        let admitted: Vec<Role> = Role::ALL
            .into_iter()
            .filter(|r| LoginType::Admin.admits(*r))
            .collect();
        assert_eq!(
            admitted,
            vec![
                Role::Admin,
                Role::Accountant,
                Role::Funding,
                Role::Marketing
            ]
        );
        assert!(LoginType::Overlord.admits(Role::Overlord));
        assert!(!LoginType::Teacher.admits(Role::Learner));
    }

    #[test]
    fn only_overlord_is_global_and_only_teachers_may_be_either() {
        assert!(Role::Overlord.olympiad_problem(true).is_some());
        assert!(Role::Overlord.olympiad_problem(false).is_none());
        assert!(
            Role::Teacher.olympiad_problem(true).is_none()
                && Role::Teacher.olympiad_problem(false).is_none()
        );
        assert!(Role::Learner.olympiad_problem(false).is_some());
        assert!(Role::Funding.olympiad_problem(true).is_none());
    }

    #[test]
    fn only_staff_and_overlord_need_two_factor() {
        assert!(Role::Overlord.needs_two_factor());
        assert!(Role::Marketing.needs_two_factor());
        assert!(!Role::Teacher.needs_two_factor());
        assert!(!Role::Learner.needs_two_factor());
    }
}
