//! The learner as the sitting reads them: their entry, school and olympiad with their current
//! attempt, and the corrections they make to their details before the start.

use super::*;
use crate::models::school_participant::school_of_entry;
use crate::models::Olympiad;
use crate::models::SessionState;
use crate::schema::{accounts, olympiads, users};
use olympiad_domain::id::AccountId;
use std::collections::HashMap;

/// The participant as the sitting needs them: who they are, where they write, in what language.
#[derive(Debug, Clone, Queryable)]
pub struct Sitter {
    pub participant_id: ParticipantId,
    pub olympiad_id: OlympiadId,
    pub school_participant_id: Option<SchoolParticipantId>,
    pub user_id: UserId,
    pub language: String,
    pub learner_id: LearnerId,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub school_name: Option<String>,
}

/// What a step of the sitting reads first ([`Sitter::at_sitting`]).
#[derive(Debug, Clone)]
pub struct AtSitting {
    pub sitter: Sitter,
    pub olympiad: Olympiad,
    /// The current attempt, once the declaration is accepted.
    pub attempt: Option<Attempt>,
    pub session: SessionState,
}

/// A sitting step's first read ([`Sitter::at_sitting`]) as the step is given it: made already,
/// with other learners' steps of the same batch of grouped writes ([`Sitter::at_sitting_all`]),
/// or left to the step.
#[derive(Debug)]
pub enum FirstRead {
    Made(Option<Box<AtSitting>>),
    ToMake,
}

impl FirstRead {
    /// The read as made, or made now.
    pub fn made(
        self,
        conn: &mut DbConnection,
        user_id: UserId,
        account_id: AccountId,
    ) -> DbResult<Option<AtSitting>> {
        match self {
            FirstRead::Made(at) => Ok(at.map(|at| *at)),
            FirstRead::ToMake => Sitter::at_sitting(conn, user_id, account_id),
        }
    }
}

/// The row an [`AtSitting`] is read from.
type RowOfSitting = (Sitter, Olympiad, Option<Attempt>, SessionState);

impl AtSitting {
    fn of((sitter, olympiad, attempt, session): RowOfSitting) -> AtSitting {
        AtSitting {
            sitter,
            olympiad,
            attempt,
            session,
        }
    }
}

/// The tables an [`AtSitting`] is read from: the entry, its learner, olympiad, user and account,
/// school and current attempt (the account filtered by the caller).
macro_rules! at_sitting_rows {
    () => {
        participants::table
            .inner_join(learners::table)
            .inner_join(olympiads::table)
            .inner_join(users::table)
            .inner_join(accounts::table.on(accounts::user_id.eq(participants::user_id)))
            .left_join(school_participants::table)
            .left_join(school_of_entry())
            .left_join(
                attempts::table.on(attempts::participant_id
                    .eq(participants::id)
                    .and(counting())),
            )
    };
}

/// What an [`AtSitting`] is read from, in [`RowOfSitting`]'s order.
macro_rules! at_sitting_columns {
    () => {
        (
            Sitter::columns(),
            Olympiad::as_select(),
            Option::<Attempt>::as_select(),
            SessionState::columns(),
        )
    };
}

/// How a [`Sitter`] is looked up.
enum SitterKey {
    User(UserId),
    Participant(ParticipantId),
}

impl Sitter {
    pub fn by_user(conn: &mut DbConnection, user_id: UserId) -> DbResult<Option<Sitter>> {
        Sitter::find(conn, SitterKey::User(user_id))
    }

    pub fn by_participant(
        conn: &mut DbConnection,
        participant_id: ParticipantId,
    ) -> DbResult<Sitter> {
        Sitter::find(conn, SitterKey::Participant(participant_id))?.ok_or(crate::DbError::NotFound)
    }

    /// What every step of the sitting starts from, in one read (separate reads were a third of a
    /// start's statements): the learner's entry with its olympiad, their current attempt, and
    /// their session as the token of `account_id` is checked against it. None when the learner
    /// is entered in no olympiad, or the account is not theirs.
    pub fn at_sitting(
        conn: &mut DbConnection,
        user_id: UserId,
        account_id: AccountId,
    ) -> DbResult<Option<AtSitting>> {
        let row = on_backend!(conn, c => at_sitting_rows!()
            .filter(participants::user_id.eq(user_id))
            .filter(accounts::id.eq(account_id))
            .select(at_sitting_columns!())
            .get_result(c))
        .optional()?;
        Ok(row.map(AtSitting::of))
    }

    /// [`Sitter::at_sitting`] for many learners in one statement: what a batch of grouped writes
    /// reads for the sitting's steps in it, instead of a statement a step. Every learner (user
    /// and the account of their token) asked for is answered; one whose entry is more than one
    /// row is left to read alone, as [`Sitter::at_sitting`] reads it.
    pub fn at_sitting_all(
        conn: &mut DbConnection,
        learners: &[(UserId, AccountId)],
    ) -> DbResult<HashMap<(UserId, AccountId), FirstRead>> {
        let (users, accounts): (Vec<UserId>, Vec<AccountId>) = learners.iter().copied().unzip();
        let rows: Vec<(AccountId, RowOfSitting)> = on_backend!(conn, c => at_sitting_rows!()
            .filter(participants::user_id.eq_any(&users))
            .filter(accounts::id.eq_any(&accounts))
            .select((accounts::id, at_sitting_columns!()))
            .load(c))?;
        let mut read: HashMap<(UserId, AccountId), FirstRead> = learners
            .iter()
            .map(|&learner| (learner, FirstRead::Made(None)))
            .collect();
        for (account_id, row) in rows {
            // Only the pairs asked for: not a user's other account, asked for by no token.
            if let Some(first) = read.get_mut(&(row.0.user_id, account_id)) {
                *first = match first {
                    FirstRead::Made(None) => FirstRead::Made(Some(Box::new(AtSitting::of(row)))),
                    _ => FirstRead::ToMake,
                };
            }
        }
        Ok(read)
    }

    /// What a [`Sitter`] is read from, in its fields' order.
    #[allow(clippy::type_complexity)]
    fn columns() -> (
        participants::id,
        participants::olympiad_id,
        participants::school_participant_id,
        participants::user_id,
        participants::language,
        learners::id,
        learners::first_name,
        learners::last_name,
        learners::grade,
        diesel::dsl::Nullable<schools::name>,
    ) {
        (
            participants::id,
            participants::olympiad_id,
            participants::school_participant_id,
            participants::user_id,
            participants::language,
            learners::id,
            learners::first_name,
            learners::last_name,
            learners::grade,
            schools::name.nullable(),
        )
    }

    fn find(conn: &mut DbConnection, key: SitterKey) -> DbResult<Option<Sitter>> {
        let query = participants::table
            .inner_join(learners::table)
            .left_join(school_participants::table)
            .left_join(school_of_entry())
            .select(Sitter::columns())
            .into_boxed();
        let query = match key {
            SitterKey::User(id) => query.filter(participants::user_id.eq(id)),
            SitterKey::Participant(id) => query.filter(participants::id.eq(id)),
        };
        Ok(query.get_result(conn).optional()?)
    }

    /// The learner's corrections on the details screen.
    pub fn update_details(
        conn: &mut DbConnection,
        sitter: &Sitter,
        first_name: &str,
        last_name: &str,
        grade: i32,
        language: &str,
    ) -> DbResult<()> {
        let at = now();
        diesel::update(learners::table.find(sitter.learner_id))
            .set((
                learners::first_name.eq(first_name),
                learners::last_name.eq(last_name),
                learners::grade.eq(grade),
                learners::updated_at.eq(at),
            ))
            .execute(conn)?;
        diesel::update(participants::table.find(sitter.participant_id))
            .set((
                participants::language.eq(language),
                participants::updated_at.eq(at),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// Keeps the participant's status in step with the attempt (the grids show it).
    pub fn set_status(
        conn: &mut DbConnection,
        participant_id: ParticipantId,
        status: ParticipantStatus,
    ) -> DbResult<()> {
        let update = diesel::update(participants::table.find(participant_id))
            .set((
                participants::status.eq(status.as_str()),
                participants::updated_at.eq(now()),
            ))
            .returning(participants::id);
        on_backend!(conn, c => PreparedOnce(update).get_result::<ParticipantId>(c)).optional()?;
        Ok(())
    }
}
