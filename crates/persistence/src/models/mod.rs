//! One module per table: the row, its insert and update forms, and the queries that belong to it.

pub mod account;
pub mod activity_log;
pub mod answer;
pub mod app_log;
pub mod attempt;
pub mod files;
pub mod job;
pub mod olympiad;
pub mod paper;
pub mod password_reset;
pub mod project;
pub mod sub_project;
pub mod user;

pub use account::{Account, AccountFilter, AccountView, NewAccount};
pub use activity_log::{ActivityLog, ActivityQuery, NewActivity};
pub use answer::{Answer, AnswerSave};
pub use app_log::AppLog;
pub use attempt::{Attempt, AttemptStart, FinishReason, Sitter, SittingPause};
pub use files::{Attachment, NewUpload, Upload};
pub use job::{Job, NewJob};
pub use olympiad::{NewOlympiad, Olympiad, OlympiadSettingsChanges};
pub use paper::{ModuleFields, Question, QuestionFields, QuestionModule, SittingWindow};
pub use password_reset::PasswordReset;
pub use project::{NewProject, Project};
pub use sub_project::SubProject;
pub use user::{NewUser, SessionState, User, UserChanges};
