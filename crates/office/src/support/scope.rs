//! Object scope: whether the caller may reach one object, decided in one place per kind of object.
//!
//! The access table decides which roles may call a route; this decides which of the objects a
//! route names are theirs: an entry of their olympiad, a participant of their school's team, a
//! school no other olympiad shares. A handler that takes an id gets its object only through
//! [`find_in_reach`], so it cannot forget to ask; the API's `tests/all/scope.rs` gives every role a
//! neighbour school's and another olympiad's object on every route that takes an id.
//!
//! What the caller may not see answers exactly as an id that names nothing: a 404 in the same
//! words, so that trying ids tells an outsider nothing about what exists (another olympiad's
//! entries, a neighbour school's learners, files). What the caller sees but may not change answers
//! 403 with the reason: a team member who is not its team admin, a school another olympiad shares.
//! Olympiads themselves are public (their sites list them), so another olympiad is a 403.

use crate::paper_sight;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OrNotFound};
use olympiad_domain::id::{
    AttachmentId, CountryId, CountryParticipantId, ExpressionOfInterestId, LearnerId, ModuleId,
    OlympiadId, ParticipantId, QuestionId, SchoolId, SchoolParticipantId, TeacherId,
    UsefulContactId,
};
use olympiad_domain::Role;
use olympiad_persistence::models::{
    Attachment, CountryParticipant, ExpressionOfInterest, IgeoCountry, Learner, Olympiad,
    Participant, Question, QuestionModule, School, SchoolParticipant, Sitter, Teacher, TeamMember,
    UsefulContact,
};
use olympiad_persistence::DbConnection;

/// An object the caller may reach, found by its id.
pub trait InReach: Sized {
    /// The id that names such an object.
    type Id: Copy;
    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: Self::Id,
    ) -> Result<Self, OfficeError>;
}

/// The object with this id, if the caller may reach it: 404 when there is none or the caller may
/// not see it, 403 when they see it but it is not theirs to change.
pub fn find_in_reach<T: InReach>(
    conn: &mut DbConnection,
    caller: &Caller,
    id: T::Id,
) -> Result<T, OfficeError> {
    T::find_in_reach(conn, caller, id)
}

/// The id of an object the caller reaches, asked first by whatever would cost something before it
/// can tell: an upload asks it before it reads a byte of the file, so a caller out of reach is
/// refused (403, 404) whatever they send and however much.
pub fn id_in_reach<T: InReach>(
    conn: &mut DbConnection,
    caller: &Caller,
    id: T::Id,
) -> Result<T::Id, OfficeError> {
    T::find_in_reach(conn, caller, id)?;
    Ok(id)
}

/// Nothing the caller may see: the answer for an id that names nothing, in the same words.
pub(crate) fn unseen(what: &str) -> OfficeError {
    OfficeError::NotFound(what.to_owned())
}

/// Seen only by staff of this olympiad and the overlord.
pub(crate) fn seen_in(
    caller: &Caller,
    olympiad_id: OlympiadId,
    what: &str,
) -> Result<(), OfficeError> {
    if caller.may_act_in(olympiad_id) {
        Ok(())
    } else {
        Err(unseen(what))
    }
}

/// An object reached through another (a question through its module): what is not seen there is
/// not seen here either, and is named as this object, as a missing one would be.
pub(crate) fn reached_through<T>(
    found: Result<T, OfficeError>,
    what: &str,
) -> Result<T, OfficeError> {
    found.map_err(|error| match error {
        OfficeError::NotFound(_) => unseen(what),
        other => other,
    })
}

/// Objects that belong to one olympiad: staff of it and the overlord reach them.
macro_rules! olympiad_owned {
    ($($kind:ty: $id:ty => $what:literal),* $(,)?) => {$(
        impl InReach for $kind {
            type Id = $id;
            fn find_in_reach(conn: &mut DbConnection, caller: &Caller, id: $id) -> Result<Self, OfficeError> {
                let found = <$kind>::find(conn, id).or_not_found($what)?;
                seen_in(caller, found.olympiad_id, $what)?;
                Ok(found)
            }
        }
    )*};
}

olympiad_owned! {
    ExpressionOfInterest: ExpressionOfInterestId => "This expression of interest",
    UsefulContact: UsefulContactId => "This contact",
    CountryParticipant: CountryParticipantId => "This country's entry",
    QuestionModule: ModuleId => "This question module",
}

/// An olympiad: the overlord reaches every one, everyone else the olympiad of their account.
impl InReach for Olympiad {
    type Id = OlympiadId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: OlympiadId,
    ) -> Result<Self, OfficeError> {
        let olympiad = Olympiad::find(conn, id).or_not_found("This olympiad")?;
        caller.require_olympiad(olympiad.id)?;
        Ok(olympiad)
    }
}

impl InReach for Question {
    type Id = QuestionId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: QuestionId,
    ) -> Result<Self, OfficeError> {
        let question = Question::find(conn, id).or_not_found("This question")?;
        reached_through(
            find_in_reach::<QuestionModule>(conn, caller, question.module_id),
            "This question",
        )?;
        Ok(question)
    }
}

/// The school's entry and, for a teacher, their place in its team; not seen by a teacher who is
/// not in it, nor by staff of another olympiad.
fn entry_with_member(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
) -> Result<(SchoolParticipant, Option<TeamMember>), OfficeError> {
    const WHAT: &str = "This school's entry";
    let entry = SchoolParticipant::find(conn, entry_id).or_not_found(WHAT)?;
    seen_in(caller, entry.olympiad_id, WHAT)?;
    if caller.role != Role::Teacher {
        return Ok((entry, None));
    }
    let member =
        TeamMember::of_user(conn, entry.id, caller.user_id)?.ok_or_else(|| unseen(WHAT))?;
    Ok((entry, Some(member)))
}

/// A school's entry: overlord always, staff in its olympiad, a teacher only when in its team.
impl InReach for SchoolParticipant {
    type Id = SchoolParticipantId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: SchoolParticipantId,
    ) -> Result<Self, OfficeError> {
        Ok(entry_with_member(conn, caller, id)?.0)
    }
}

/// A school's entry that the caller may manage: as [`SchoolParticipant`], and a teacher must be a
/// team admin of it (to change the team, the school's details or the learners' passwords).
pub struct ManagedEntry(pub SchoolParticipant);

impl InReach for ManagedEntry {
    type Id = SchoolParticipantId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: SchoolParticipantId,
    ) -> Result<Self, OfficeError> {
        let (entry, member) = entry_with_member(conn, caller, id)?;
        if member.is_some_and(|m| !m.is_team_admin) {
            return Err(OfficeError::forbidden(
                "Only a team admin of this school's entry may do this.",
            ));
        }
        Ok(ManagedEntry(entry))
    }
}

/// A participant: a learner reaches only themselves; others reach them through their school's
/// entry, and one without a school is for staff only.
impl InReach for Participant {
    type Id = ParticipantId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: ParticipantId,
    ) -> Result<Self, OfficeError> {
        const WHAT: &str = "This participant";
        let participant = Participant::find(conn, id).or_not_found(WHAT)?;
        match participant.school_participant_id {
            _ if caller.role == Role::Learner => {
                if participant.user_id != caller.user_id {
                    return Err(unseen(WHAT));
                }
            }
            Some(entry_id) => {
                reached_through(
                    find_in_reach::<SchoolParticipant>(conn, caller, entry_id),
                    WHAT,
                )?;
            }
            None if caller.role == Role::Teacher => return Err(unseen(WHAT)),
            None => seen_in(caller, participant.olympiad_id, WHAT)?,
        }
        Ok(participant)
    }
}

/// A learner: staff of an olympiad their school is entered in, a teacher in the team of such an
/// entry, overlord always.
impl InReach for Learner {
    type Id = LearnerId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: LearnerId,
    ) -> Result<Self, OfficeError> {
        let learner = Learner::find(conn, id).or_not_found("This learner")?;
        if caller.role == Role::Overlord {
            return Ok(learner);
        }
        let entries = SchoolParticipant::for_school(conn, learner.school_id)?;
        for entry in entries.iter().filter(|e| caller.may_act_in(e.olympiad_id)) {
            if caller.role != Role::Teacher
                || TeamMember::of_user(conn, entry.id, caller.user_id)?.is_some()
            {
                return Ok(learner);
            }
        }
        Err(unseen("This learner"))
    }
}

/// A file: staff reach their olympiad's files, the overlord every file and alone those of no
/// olympiad; a learner only the pictures of their own paper, once their attempt has started;
/// teachers none (nothing of theirs shows question files).
impl InReach for Attachment {
    type Id = AttachmentId;

    fn find_in_reach(
        conn: &mut DbConnection,
        caller: &Caller,
        id: AttachmentId,
    ) -> Result<Self, OfficeError> {
        const WHAT: &str = "This file";
        let attachment = Attachment::find(conn, id).or_not_found(WHAT)?;
        let refused = || unseen(WHAT);
        // An olympiad's files are its paper's pictures: shown by the paper rule. Teachers are
        // shown the paper as text only.
        match (caller.role, attachment.olympiad_id) {
            (Role::Overlord, _) => {}
            (Role::Teacher, _) | (_, None) => return Err(refused()),
            (Role::Learner, Some(olympiad_id)) => {
                let sitter = Sitter::by_user(conn, caller.user_id)?
                    .filter(|s| s.olympiad_id == olympiad_id)
                    .ok_or_else(refused)?;
                let mut on_paper = false;
                for question in Question::using_attachment(conn, id)? {
                    on_paper |=
                        QuestionModule::find(conn, question.module_id)?.olympiad_id == olympiad_id;
                }
                let olympiad = Olympiad::find(conn, olympiad_id)?;
                if !(on_paper
                    && paper_sight::of_learner(conn, caller, &olympiad, sitter.participant_id)?
                        .questions)
                {
                    return Err(refused());
                }
            }
            (_, Some(olympiad_id)) => {
                seen_in(caller, olympiad_id, WHAT)?;
                let olympiad = Olympiad::find(conn, olympiad_id)?;
                if !paper_sight::of_olympiad(conn, caller, &olympiad)?.questions {
                    return Err(refused());
                }
            }
        }
        Ok(attachment)
    }
}

/// Platform-wide records (schools, teachers, countries) are shared by every olympiad they take
/// part in: staff change one only while no other olympiad shares it; the overlord always.
fn require_unshared(
    caller: &Caller,
    olympiad_ids: &[OlympiadId],
    what: &str,
) -> Result<(), OfficeError> {
    let shared = caller.role != Role::Overlord
        && olympiad_ids
            .iter()
            .any(|id| caller.olympiad_id != Some(*id));
    if shared {
        return Err(OfficeError::forbidden(format!(
            "{what} also takes part in another olympiad: ask the overlord to change it."
        )));
    }
    Ok(())
}

/// Platform-wide records the caller may change: the overlord always, staff while no other
/// olympiad shares the record.
macro_rules! platform_wide {
    ($($kind:ty: $id:ty => $what:literal),* $(,)?) => {$(
        impl InReach for $kind {
            type Id = $id;
            fn find_in_reach(conn: &mut DbConnection, caller: &Caller, id: $id) -> Result<Self, OfficeError> {
                let found = <$kind>::find(conn, id).or_not_found($what)?;
                require_unshared(caller, &<$kind>::olympiad_ids(conn, id)?, $what)?;
                Ok(found)
            }
        }
    )*};
}

platform_wide! {
    School: SchoolId => "This school",
    Teacher: TeacherId => "This teacher",
    IgeoCountry: CountryId => "This country",
}
