//! Who is asking: the signed-in user behind a request, as their token says and the database still
//! confirms. The API builds it; the office's work decides with it.

use crate::support::error::{ErrorCode, OfficeError, OfficeResult};
use olympiad_domain::id::{AccountId, OlympiadId, UserId};
use olympiad_domain::Role;
use olympiad_persistence::models::SessionState;
use olympiad_persistence::DbConnection;

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

    /// Whether the caller's session still holds as the database has it (`state`, read for the
    /// caller's user and account; none when the account is not theirs): the user's session
    /// version is the token's (no sign-out, pause of the learner or password change since),
    /// neither the user nor the account is disabled, and an impersonating overlord's own session
    /// holds. Checked on every request, never cached, so that a sign-out on one node is seen at
    /// once on every other.
    pub fn session_holds(
        &self,
        conn: &mut DbConnection,
        state: Option<SessionState>,
    ) -> OfficeResult<()> {
        let holds = state.is_some_and(|s| {
            s.session_version == self.session_version && !s.user_disabled && !s.account_disabled
        });
        // An impersonation lasts only while the overlord's own session does.
        let impersonation_holds = match self.impersonator {
            Some(overlord) if holds => {
                SessionState::overlord_version(conn, overlord)? == self.impersonator_version
            }
            _ => true,
        };
        if holds && impersonation_holds {
            Ok(())
        } else {
            // The API answers it as 401: the app signs the learner out.
            Err(OfficeError::Refused {
                code: ErrorCode::SessionEnded,
                message: "Your session has ended. Please sign in again.".into(),
            })
        }
    }
}
