//! Values that are one of a fixed set of words: statuses and kinds. The database stores the word and
//! the API sends it, so each has one spelling, given once with [`words!`].

use std::fmt;

/// A word that names none of the values of its set; `what` names the set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {value:?}; expected one of {expected}")]
pub struct UnknownWord {
    pub what: &'static str,
    pub value: String,
    pub expected: String,
}

/// A set of values each spelled as one word.
pub trait Words: Copy + Eq + fmt::Debug + 'static {
    /// What the set is called in an error ("attempt status").
    const WHAT: &'static str;
    const ALL: &'static [Self];

    fn as_str(self) -> &'static str;

    fn parse(text: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|value| value.as_str() == text)
    }

    fn from_word(text: &str) -> Result<Self, UnknownWord> {
        Self::parse(text).ok_or_else(|| UnknownWord {
            what: Self::WHAT,
            value: text.to_owned(),
            expected: Self::ALL
                .iter()
                .map(|value| value.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}

/// Spells each value of an enum: `as_str`, `parse`, [`Words`], `FromStr` and `Display`. The serde
/// names of the enum must be the same words (a test of each enum checks it).
macro_rules! words {
    ($ty:ident, $what:literal { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $ty {
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $word,)+
                }
            }

            pub fn parse(text: &str) -> Option<$ty> {
                <$ty as $crate::words::Words>::parse(text)
            }
        }

        impl $crate::words::Words for $ty {
            const WHAT: &'static str = $what;
            const ALL: &'static [$ty] = $ty::ALL;

            fn as_str(self) -> &'static str {
                $ty::as_str(self)
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::words::UnknownWord;

            fn from_str(text: &str) -> Result<$ty, Self::Err> {
                <$ty as $crate::words::Words>::from_word(text)
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

pub(crate) use words;

#[cfg(test)]
mod tests {
    use super::Words;
    use crate::email::{Audience, BounceKind, EmailOutcome, MailServers, MassMailStatus};
    use crate::interest::{InterestKind, InterestStatus};
    use crate::job::{JobKind, JobStatus};
    use crate::olympiad::OlympiadKind;
    use crate::paper::QuestionKind;
    use crate::school::{EntryStatus, ParticipantStatus};
    use crate::sitting::AttemptStatus;
    use serde::Serialize;

    fn spelled_as_serde<T: Words + Serialize>() {
        for &value in T::ALL {
            assert_eq!(
                serde_json::to_value(value).unwrap(),
                serde_json::Value::String(value.as_str().into()),
                "{value:?}"
            );
            assert_eq!(T::from_word(value.as_str()), Ok(value));
        }
    }

    #[test]
    fn each_word_is_the_serde_name_and_reads_back() {
        spelled_as_serde::<AttemptStatus>();
        spelled_as_serde::<EntryStatus>();
        spelled_as_serde::<ParticipantStatus>();
        spelled_as_serde::<InterestKind>();
        spelled_as_serde::<InterestStatus>();
        spelled_as_serde::<JobKind>();
        spelled_as_serde::<JobStatus>();
        spelled_as_serde::<OlympiadKind>();
        spelled_as_serde::<QuestionKind>();
        spelled_as_serde::<MassMailStatus>();
        spelled_as_serde::<Audience>();
        spelled_as_serde::<BounceKind>();
        spelled_as_serde::<EmailOutcome>();
        spelled_as_serde::<MailServers>();
    }

    #[test]
    fn an_unknown_word_names_itself_and_the_set() {
        let error = "paused".parse::<AttemptStatus>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown attempt status \"paused\"; expected one of preparing, writing, finished"
        );
    }
}
