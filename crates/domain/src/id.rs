//! Typed ids: one type per kind of record, so an olympiad's id cannot be passed where a school's
//! belongs. Every id is an `i64` underneath (a `BIGINT` key on both databases, a JSON number and an
//! `integer`/`int64` in the OpenAPI document, a decimal number in a URL path); only the compiler sees
//! the difference.
//!
//! `Id<T>` carries its kind as a zero-size marker from [`of`]; the aliases below (`OlympiadId`,
//! `SchoolId`, …) are what the other crates name. With the `diesel` feature (turned on by the
//! persistence crate, never needed by the rules here) an id is also a diesel `BigInt` value: a
//! column compares with it (`schools::id.eq(school_id)`), a model's field reads it and an insert
//! writes it, on SQLite and PostgreSQL alike.
//!
//! In an OpenAPI-described struct a typed field says `#[schema(value_type = i64)]` (or
//! `Option<i64>`, `Vec<i64>`), so the document keeps its plain integers instead of naming a schema
//! per kind.
//!
//! ```
//! use olympiad_domain::id::SchoolId;
//!
//! let id = SchoolId::new(42);
//! assert_eq!(serde_json::to_string(&id).unwrap(), "42"); // the JSON stays a number
//! assert_eq!(serde_json::from_str::<SchoolId>("42").unwrap(), id);
//! assert_eq!("42".parse::<SchoolId>().unwrap(), id); // a path parameter
//! assert_eq!(id.to_string(), "42");
//! assert_eq!(id.get(), 42);
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::str::FromStr;

/// The id of a record of kind `T` (a marker from [`of`]).
#[cfg_attr(
    feature = "diesel",
    derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)
)]
#[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::BigInt))]
pub struct Id<T>(i64, PhantomData<fn() -> T>);

impl<T> Id<T> {
    /// The id of the record whose key is `raw`: for keys read from somewhere the compiler cannot
    /// see (a job's payload, a CSV cell, a test fixture).
    pub const fn new(raw: i64) -> Self {
        Id(raw, PhantomData)
    }

    /// The key as stored.
    pub const fn get(self) -> i64 {
        self.0
    }
}

/// The kinds of record that have typed ids. Zero-size markers: nothing is ever made of them.
pub mod of {
    macro_rules! kinds {
        ($($kind:ident),* $(,)?) => {$(
            #[derive(Debug)]
            pub enum $kind {}
        )*};
    }
    kinds!(
        Olympiad,
        School,
        SchoolParticipant,
        Participant,
        Learner,
        User,
        Teacher,
        Country,
        CountryParticipant,
        Question,
        QuestionModule,
        Attempt,
        PurchaseOrder,
        Invoice,
        Upload,
        Attachment,
        // Certificates and public content
        CertificateRun,
        CertificateBatch,
        Faq,
        Testimonial,
        PaymentProof,
        // E-mail, the team and the back office
        MassMail,
        Campaign,
        ShunnedEmail,
        ExpressionOfInterest,
        TeamMember,
        UsefulContact,
        Account,
        Appeal,
        Job,
    );
}

/// An olympiad (one year's contest, with its staff).
pub type OlympiadId = Id<of::Olympiad>;
/// A school, shared by every olympiad it enters.
pub type SchoolId = Id<of::School>;
/// A school's entry in one olympiad (its team, its learners' places).
pub type SchoolParticipantId = Id<of::SchoolParticipant>;
/// A learner's place in one olympiad.
pub type ParticipantId = Id<of::Participant>;
/// A learner of a school, across olympiads.
pub type LearnerId = Id<of::Learner>;
/// A person who signs in.
pub type UserId = Id<of::User>;
/// A teacher of a school.
pub type TeacherId = Id<of::Teacher>;
/// A country (IGEO).
pub type CountryId = Id<of::Country>;
/// A country's entry in one olympiad.
pub type CountryParticipantId = Id<of::CountryParticipant>;
/// A question of the question bank.
pub type QuestionId = Id<of::Question>;
/// A module of an olympiad's paper.
pub type ModuleId = Id<of::QuestionModule>;
/// A learner's attempt at the paper.
pub type AttemptId = Id<of::Attempt>;
/// A purchase order of a school's or country's entry.
pub type PurchaseOrderId = Id<of::PurchaseOrder>;
/// An invoice.
pub type InvoiceId = Id<of::Invoice>;
/// An uploaded file's bytes.
pub type UploadId = Id<of::Upload>;
/// A stored file as the olympiad uses it.
pub type AttachmentId = Id<of::Attachment>;
/// One run of an olympiad's certificates (made from one version of its results).
pub type CertificateRunId = Id<of::CertificateRun>;
/// One school's ZIP of certificates in a run.
pub type CertificateBatchId = Id<of::CertificateBatch>;
/// A question and answer of a public site's FAQ.
pub type FaqId = Id<of::Faq>;
/// A testimonial shown on a public site.
pub type TestimonialId = Id<of::Testimonial>;
/// A proof of payment uploaded for a purchase order.
pub type PaymentProofId = Id<of::PaymentProof>;
/// An e-mail written once and sent to an audience.
pub type MassMailId = Id<of::MassMail>;
/// A campaign that groups mass mails.
pub type CampaignId = Id<of::Campaign>;
/// An address no mail goes to (it bounced or complained).
pub type ShunnedEmailId = Id<of::ShunnedEmail>;
/// An expression of interest from a public site.
pub type ExpressionOfInterestId = Id<of::ExpressionOfInterest>;
/// A teacher's place in a school entry's team.
pub type TeamMemberId = Id<of::TeamMember>;
/// A contact on a school's list of useful contacts.
pub type UsefulContactId = Id<of::UsefulContact>;
/// The account a user signs in to one olympiad (or the platform) with.
pub type AccountId = Id<of::Account>;
/// A school's appeal against a learner's marks.
pub type AppealId = Id<of::Appeal>;
/// A job of the background queue: an e-mail waiting to go, or another task.
pub type JobId = Id<of::Job>;

// The derives would ask the marker for each trait; an id is a number whatever its kind.
impl<T> Clone for Id<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Id<T> {}
impl<T> PartialEq for Id<T> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<T> Eq for Id<T> {}
impl<T> PartialOrd for Id<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Id<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}
impl<T> Hash for Id<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}
impl<T> fmt::Debug for Id<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}
impl<T> fmt::Display for Id<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
impl<T> FromStr for Id<T> {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Id::new)
    }
}
impl<T> From<Id<T>> for i64 {
    fn from(id: Id<T>) -> i64 {
        id.0
    }
}
impl<T> Serialize for Id<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(self.0)
    }
}
impl<'de, T> Deserialize<'de> for Id<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        i64::deserialize(deserializer).map(Id::new)
    }
}

// Where a typed id is named as a schema (a `Vec<SchoolId>` body, a `params(...)` entry), it is the
// same `integer`/`int64` as the `i64` it stands for.
impl<T> utoipa::PartialSchema for Id<T> {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <i64 as utoipa::PartialSchema>::schema()
    }
}
impl<T> utoipa::ToSchema for Id<T> {}

#[cfg(feature = "diesel")]
mod stored {
    use super::Id;
    use diesel::backend::Backend;
    use diesel::deserialize::{self, FromSql};
    use diesel::serialize::{self, Output, ToSql};
    use diesel::sql_types::BigInt;

    impl<T, DB: Backend> ToSql<BigInt, DB> for Id<T>
    where
        i64: ToSql<BigInt, DB>,
    {
        fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
            self.0.to_sql(out)
        }
    }

    impl<T, DB: Backend> FromSql<BigInt, DB> for Id<T>
    where
        i64: FromSql<BigInt, DB>,
    {
        fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
            i64::from_sql(bytes).map(Id::new)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_a_plain_number_to_the_outside() {
        let id = OlympiadId::new(7);
        assert_eq!(serde_json::to_value(id).ok(), Some(serde_json::json!(7)));
        assert_eq!(serde_json::from_str::<OlympiadId>("7").ok(), Some(id));
        assert!(serde_json::from_str::<OlympiadId>("\"7\"").is_err());
        assert_eq!("7".parse::<OlympiadId>().ok(), Some(id));
        assert!("seven".parse::<OlympiadId>().is_err());
        assert_eq!(format!("{id} {id:?}"), "7 7");
        let schema = serde_json::to_value(<OlympiadId as utoipa::PartialSchema>::schema()).ok();
        let plain = serde_json::to_value(<i64 as utoipa::PartialSchema>::schema()).ok();
        assert_eq!(schema, plain);
    }
}
