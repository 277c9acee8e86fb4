//! One module per table: the row, its insert and update forms, and the queries that belong to it.
//!
//! The forms are named after the row: `XInsertForm` holds what creating an `X` writes,
//! `XUpdateForm` what changing one writes, and `XForm` serves both where creating and changing
//! take the same fields (a `School` is created and edited from the same form).
//!
//! Lookups of one row by a key that is unique (an id, a username, a learner's current attempt)
//! read with `get_result`, not `first`: `first` adds `LIMIT ?`, and SQLite (3.5x) plans such a
//! statement around the bound limit, so it prepares it again on every run, which made a quarter of
//! the server's work on olympiad morning (measured with callgrind). Olympiad morning's lookups do
//! this; others may follow when they matter.

pub mod account;
pub mod activity_log;
pub mod answer;
pub mod app_log;
pub mod attempt;
pub mod country;
// E-mail
pub mod email;
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
// Payments
pub mod purchase_order;
pub mod school;
pub mod school_participant;
pub mod sub_project;
pub mod teacher;
pub mod useful_contact;
pub mod user;
// Results and certificates
pub mod certificate;
pub mod results;

// The overlord's area: notes, consistency checks, reports, the one search box and the job table.
pub mod note;
pub mod report;
pub mod sanity;
pub mod search;
pub mod task;

pub use account::{Account, AccountFilter, AccountInsertForm, AccountView};
pub use activity_log::{ActivityLog, ActivityLogInsertForm, ActivityQuery, SignInNote};
pub use answer::{Answer, AnswerSave};
pub use app_log::{AppLog, AppLogFilter};
pub use attempt::{
    AtSitting, Attempt, AttemptStart, FinishReason, FirstRead, Sitter, SittingPause,
};
pub use country::{
    CountryFilter, CountryForm, CountryParticipant, CountryParticipantRow,
    CountryParticipantUpdateForm, CountryRow, IgeoCountry,
};
pub use expression_of_interest::{
    ExpressionDetails, ExpressionFilter, ExpressionInsertForm, ExpressionOfInterest,
};
// E-mail
pub use email::{
    audience, release_jobs, school_reach, Addressee, Bounce, Campaign, EmailCopy, EmailHealthCheck,
    EmailLog, EmailLogInsertForm, MassMail, MassMailAttachment, MassMailForm, QueuedEmail,
    QueuedEmailFilter, SchoolReach, ShunnedEmail, Unsubscribe, UnsubscribeLink,
};
pub use files::{Attachment, Upload, UploadInsertForm};
pub use job::{EmailJobPlace, Job, JobInsertForm, Lane};
pub use learner::{Learner, LearnerFilter, LearnerForm, LearnerRow};
pub use listing::{Page, Paged, Sort};
pub use olympiad::{Olympiad, OlympiadInsertForm, OlympiadSettingsUpdateForm};
pub use paper::{Question, QuestionForm, QuestionModule, QuestionModuleForm, SittingWindow};
pub use participant::{LearnerEntry, Participant, ParticipantFilter, ParticipantRow};
pub use password_reset::PasswordReset;
pub use project::{Project, ProjectInsertForm, ProjectUpdateForm};
// Payments
pub use purchase_order::{
    Invoice, InvoiceInsertForm, Payment, PaymentTotals, PaymentTotalsBy, PurchaseOrder,
    PurchaseOrderComment, PurchaseOrderFilter, PurchaseOrderInsertForm, PurchaseOrderRow,
};
pub use school::{School, SchoolFilter, SchoolForm, SchoolRow};
pub use school_participant::{SchoolParticipant, SchoolParticipantFilter, SchoolParticipantRow};
pub use sub_project::{SubProject, SubProjectForm};

pub use note::NoteRevision;
pub use sanity::{SanityFinding, SanityFindingInsertForm, SanityRun};
pub use teacher::{
    Teacher, TeacherFilter, TeacherRow, TeacherUpdateForm, TeamMember, TeamMemberRow, TeamPlace,
};
pub use useful_contact::{UsefulContact, UsefulContactForm};
pub use user::{SessionState, User, UserInsertForm, UserUpdateForm};
// Results and certificates
pub use certificate::{CertificateBatch, CertificateBatchRow, CertificateConfig, CertificateRun};
pub use results::{
    ComputedResults, FinishedAttempt, MarksCount, OlympiadResults, OlympiadResultsForm,
    QuestionPlace, ResultChange, ResultChangeInsertForm, ResultRow, ResultRowFilter, ScoreRange,
};
// Results: answers written on paper, and appeals
pub mod paper_sheet;
pub use paper_sheet::{OlympiadLearner, PaperSheet};
pub mod appeal;
pub use appeal::{Appeal, AppealInsertForm, AppealRow, AppealUpdateForm, AppealsOf};

// Public sites and content
pub mod faq;
pub mod general_copy;
pub mod site_copy;
pub mod system_config;
pub mod testimonial;
pub use faq::{Faq, FaqForm};
pub use general_copy::{GeneralCopy, GeneralCopyForm};
pub use site_copy::{SiteCopy, SiteCopyForm};
pub use system_config::{SystemConfig, SystemConfigUpdateForm};
pub use testimonial::{Testimonial, TestimonialForm};

// Payments: proofs of payment
pub mod payment_proof;
pub use payment_proof::{PaymentProof, PaymentProofInsertForm};

// Nodes, metrics and privacy
pub mod signin_limit;
pub use signin_limit::SigninLimit;

// The lobby: staggered start windows and the keys of the paper sent ahead
pub mod lobby;
pub use lobby::{entered_schools, LobbyKey, StartWindow, StartWindowInsertForm};

// Privacy (POPIA): exports, erasures and retention
pub mod privacy;
pub use privacy::{
    LearnerKeys, PrivacyErasure, RetentionSettings, RetentionSettingsUpdateForm, RowKey,
    SweepCounts, UserKeys,
};
