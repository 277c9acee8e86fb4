//! One module per table: the row, its insert and update forms, and the queries that belong to it.

pub mod account;
pub mod activity_log;
pub mod answer;
pub mod app_log;
pub mod attempt;
pub mod country;
pub mod expression_of_interest;
pub mod files;
pub mod job;
pub mod learner;
pub mod listing;
pub mod merge;
pub mod olympiad;
pub mod paper;
pub mod participant;
pub mod password_reset;
pub mod project;
pub mod school;
pub mod school_participant;
pub mod sub_project;
pub mod teacher;
pub mod useful_contact;
pub mod user;

pub use account::{Account, AccountFilter, AccountView, NewAccount};
pub use activity_log::{ActivityLog, ActivityQuery, NewActivity};
pub use answer::{Answer, AnswerSave};
pub use app_log::AppLog;
pub use attempt::{Attempt, AttemptStart, FinishReason, Sitter, SittingPause};
pub use country::{
    CountryFields, CountryFilter, CountryParticipant, CountryParticipantFields,
    CountryParticipantRow, CountryRow, IgeoCountry,
};
pub use expression_of_interest::{ExpressionFilter, ExpressionOfInterest, NewExpression};
pub use files::{Attachment, NewUpload, Upload};
pub use job::{Job, NewJob};
pub use learner::{Learner, LearnerFields, LearnerFilter, LearnerRow};
pub use listing::{Page, Paged, Sort};
pub use olympiad::{NewOlympiad, Olympiad, OlympiadSettingsChanges};
pub use paper::{ModuleFields, Question, QuestionFields, QuestionModule, SittingWindow};
pub use participant::{LearnerEntry, Participant, ParticipantFilter, ParticipantRow};
pub use password_reset::PasswordReset;
pub use project::{NewProject, Project};
pub use school::{School, SchoolFields, SchoolFilter, SchoolRow};
pub use school_participant::{SchoolParticipant, SchoolParticipantFilter, SchoolParticipantRow};
pub use sub_project::SubProject;
pub use teacher::{
    Teacher, TeacherFields, TeacherFilter, TeacherRow, TeamMember, TeamMemberRow, TeamPlace,
};
pub use useful_contact::{ContactFields, UsefulContact};
pub use user::{NewUser, SessionState, User, UserChanges};
