//! Who is asking: the signed-in user behind a request, as their token says and the database still
//! confirms. The API builds it; the office's work decides with it.

use crate::support::error::OfficeError;
use olympiad_domain::id::{AccountId, OlympiadId, UserId};
use olympiad_domain::Role;

#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: UserId,
    pub account_id: AccountId,
    pub role: Role,
    pub olympiad_id: Option<OlympiadId>,
    pub olympiad_name: Option<String>,
    /// The overlord's user id when this session is an impersonation.
    pub impersonator: Option<UserId>,
    /// That overlord's session version when the impersonation began.
    pub impersonator_version: Option<i32>,
    /// The user's session version when the token was issued.
    pub session_version: i32,
    /// Where the request came from (the client's address), for the activity log.
    pub address: Option<String>,
}

impl Caller {
    /// Overlord acts everywhere; everyone else only in the olympiad of their account (a teacher with
    /// a global account in any).
    pub fn may_act_in(&self, olympiad_id: OlympiadId) -> bool {
        match self.role {
            Role::Overlord => true,
            Role::Teacher if self.olympiad_id.is_none() => true,
            _ => self.olympiad_id == Some(olympiad_id),
        }
    }

    pub fn require_olympiad(&self, olympiad_id: OlympiadId) -> Result<(), OfficeError> {
        if self.may_act_in(olympiad_id) {
            Ok(())
        } else {
            Err(OfficeError::forbidden("You may not act in this olympiad."))
        }
    }

    /// A query's `olympiadId`, required to be one the caller may act in; overlord may leave it out
    /// to mean every olympiad.
    pub fn olympiad_scope(
        &self,
        olympiad_id: Option<OlympiadId>,
    ) -> Result<Option<OlympiadId>, OfficeError> {
        match olympiad_id {
            Some(id) => {
                self.require_olympiad(id)?;
                Ok(Some(id))
            }
            None if self.role == Role::Overlord => Ok(None),
            None => Err(OfficeError::invalid("olympiadId", "is required")),
        }
    }

    /// Who did it, for the activity log: the overlord when impersonating.
    pub fn actor(&self) -> UserId {
        self.impersonator.unwrap_or(self.user_id)
    }
}
