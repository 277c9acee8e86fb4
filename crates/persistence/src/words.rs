//! Statuses and kinds stored as their word in a `TEXT` column, on both databases.
//!
//! The enums live in `olympiad_domain`, which knows nothing of diesel, so the impls here are written
//! for the connection's [`MultiBackend`] (a type of this crate). `AsExpression` cannot be given to a
//! type and trait that are both foreign, so a value is written with `column.eq(value.as_str())`, or
//! through [`Word`] in an insert or changeset struct; it is always read as the enum.

use crate::connection::MultiBackend;
use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql, Queryable};
use diesel::expression::AsExpression;
use diesel::pg::Pg;
use diesel::serialize::{self, IsNull, Output, ToSql};
use diesel::sql_types::Text;
use diesel::sqlite::Sqlite;

/// The stored word of an enum value, for the fields of insert and changeset structs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, AsExpression)]
#[diesel(sql_type = Text)]
pub struct Word(pub &'static str);

impl ToSql<Text, MultiBackend> for Word {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, MultiBackend>) -> serialize::Result {
        out.set_value((Text, self.0));
        Ok(IsNull::No)
    }
}

// An insert sends its values to the backend of the connection it runs on.
impl ToSql<Text, Pg> for Word {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
        <str as ToSql<Text, Pg>>::to_sql(self.0, out)
    }
}

impl ToSql<Text, Sqlite> for Word {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Sqlite>) -> serialize::Result {
        <str as ToSql<Text, Sqlite>>::to_sql(self.0, out)
    }
}

/// A stored word read on any backend: what a model read on the connection's own backend
/// ([`crate::on_backend!`]) names as its field's `deserialize_as`. The enums' own impls are for
/// the two-backend connection only, since an impl for a backend of diesel's on a type of the
/// domain's would be an impl of neither crate's.
#[derive(Debug, Clone, Copy)]
pub struct Stored<T>(pub T);

impl<T, DB> FromSql<Text, DB> for Stored<T>
where
    T: olympiad_domain::words::Words,
    DB: Backend,
    String: FromSql<Text, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
        let text = <String as FromSql<Text, DB>>::from_sql(bytes)?;
        Ok(Stored(T::from_word(&text)?))
    }
}

impl<T, DB> Queryable<Text, DB> for Stored<T>
where
    Stored<T>: FromSql<Text, DB>,
    DB: Backend,
{
    type Row = Self;

    fn build(row: Self) -> deserialize::Result<Self> {
        Ok(row)
    }
}

/// Reads the column's text as a value of `T`; an unknown word is an error that names it.
pub fn read_word<T: olympiad_domain::words::Words>(
    bytes: <MultiBackend as Backend>::RawValue<'_>,
) -> deserialize::Result<T> {
    let text = <String as FromSql<Text, MultiBackend>>::from_sql(bytes)?;
    Ok(T::from_word(&text)?)
}

/// Stores each of the enums as its word; for the tests, [`round_trip_every_word`] checks each
/// value of every one of them on a real database.
macro_rules! stored_as_word {
    ($($ty:ty),+ $(,)?) => {
        $(
        impl FromSql<Text, MultiBackend> for $ty {
            fn from_sql(bytes: <MultiBackend as Backend>::RawValue<'_>) -> deserialize::Result<Self> {
                read_word(bytes)
            }
        }

        impl ToSql<Text, MultiBackend> for $ty {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, MultiBackend>) -> serialize::Result {
                out.set_value((Text, self.as_str()));
                Ok(IsNull::No)
            }
        }

        impl Queryable<Text, MultiBackend> for $ty {
            type Row = $ty;

            fn build(row: $ty) -> deserialize::Result<$ty> {
                Ok(row)
            }
        }

        impl From<Stored<$ty>> for $ty {
            fn from(stored: Stored<$ty>) -> $ty {
                stored.0
            }
        }

        impl From<$ty> for Word {
            fn from(value: $ty) -> Word {
                Word(value.as_str())
            }
        }
        )+

        /// Sends each value of every stored enum as a bound parameter and reads the database's
        /// answer as the enum again, and as plain text, which must be the value's word; answers
        /// how many values came back as themselves.
        #[cfg(feature = "testing")]
        pub fn round_trip_every_word(conn: &mut crate::DbConnection) -> Result<usize, String> {
            use diesel::prelude::*;
            let sql = format!(
                "SELECT {} AS value, CAST({} AS TEXT) AS text",
                crate::placeholder(conn, 1),
                crate::placeholder(conn, 2)
            );
            let mut checked = 0;
            $({
                #[derive(QueryableByName)]
                struct Read {
                    #[diesel(sql_type = Text)]
                    value: $ty,
                    #[diesel(sql_type = Text)]
                    text: String,
                }
                for &value in <$ty as olympiad_domain::words::Words>::ALL {
                    let read: Read = diesel::sql_query(&sql)
                        .bind::<Text, _>(value)
                        .bind::<Text, _>(value)
                        .get_result(conn)
                        .map_err(|e| e.to_string())?;
                    if read.value != value || read.text != value.as_str() {
                        return Err(format!("{value:?} came back as {:?} ({})", read.value, read.text));
                    }
                    checked += 1;
                }
            })+
            Ok(checked)
        }
    };
}

use olympiad_domain::appeals::AppealState;
use olympiad_domain::email::{Audience, BounceKind, EmailOutcome, MailServers, MassMailStatus};
use olympiad_domain::interest::{InterestKind, InterestStatus};
use olympiad_domain::job::{JobKind, JobStatus};
use olympiad_domain::olympiad::OlympiadKind;
use olympiad_domain::paper::QuestionKind;
use olympiad_domain::privacy::{ErasureOutcome, ErasureSubject};
use olympiad_domain::results::{Award, ResultChangeKind, ResultsState};
use olympiad_domain::school::{EntryStatus, ParticipantStatus};
use olympiad_domain::sitting::AttemptStatus;

stored_as_word!(
    AttemptStatus,
    EntryStatus,
    ParticipantStatus,
    InterestKind,
    InterestStatus,
    JobKind,
    JobStatus,
    OlympiadKind,
    QuestionKind,
    // Results and certificates
    Award,
    ResultChangeKind,
    ResultsState,
    // Results: appeals
    AppealState,
    // E-mail
    MassMailStatus,
    Audience,
    BounceKind,
    EmailOutcome,
    MailServers,
    // Privacy (POPIA)
    ErasureSubject,
    ErasureOutcome,
);
