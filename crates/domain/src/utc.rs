//! Moments in time as the API speaks them: RFC 3339 in UTC with its `Z` (`2026-11-24T18:52:56Z`),
//! so that a browser in Johannesburg or a phone set to another zone reads the same instant. The
//! database keeps UTC without a zone (`NaiveDateTime`); fields carry `#[serde(with = "utc")]`.
//! Read back, an offset is honoured (`…+02:00` is two hours earlier in UTC) and a time without one
//! is taken as UTC, as the apps have always sent it.

use chrono::{DateTime, NaiveDateTime, SecondsFormat};
use serde::{Deserialize, Deserializer, Serializer};

/// `2026-11-24T18:52:56Z`, with fractions of a second only when there are any.
pub fn format(at: &NaiveDateTime) -> String {
    at.and_utc().to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// RFC 3339 with any offset, or a date and time without one (UTC).
pub fn parse(text: &str) -> Option<NaiveDateTime> {
    let text = text.trim();
    DateTime::parse_from_rfc3339(text)
        .map(|at| at.naive_utc())
        .ok()
        .or_else(|| text.parse::<NaiveDateTime>().ok())
        .or_else(|| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M").ok())
}

pub fn serialize<S: Serializer>(at: &NaiveDateTime, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&format(at))
}

pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<NaiveDateTime, D::Error> {
    let text = String::deserialize(deserializer)?;
    parse(&text).ok_or_else(|| {
        serde::de::Error::custom("must be a date and time like 2026-11-24T18:52:56Z")
    })
}

/// The same for a moment that may be missing (`null`).
pub mod option {
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        at: &Option<NaiveDateTime>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match at {
            Some(at) => serializer.serialize_str(&super::format(at)),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<NaiveDateTime>, D::Error> {
        match Option::<String>::deserialize(deserializer)? {
            None => Ok(None),
            Some(text) if text.trim().is_empty() => Ok(None),
            Some(text) => super::parse(&text).map(Some).ok_or_else(|| {
                serde::de::Error::custom("must be a date and time like 2026-11-24T18:52:56Z")
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_in_utc_with_its_zone() {
        let at = parse("2026-11-24T18:52:56").unwrap();
        assert_eq!(format(&at), "2026-11-24T18:52:56Z");
        let fraction = parse("2026-11-24T18:52:56.250").unwrap();
        assert_eq!(format(&fraction), "2026-11-24T18:52:56.250Z");
    }

    #[test]
    fn read_with_an_offset_or_without_one() {
        let utc = parse("2026-11-24T16:52:56Z").unwrap();
        assert_eq!(parse("2026-11-24T18:52:56+02:00"), Some(utc));
        assert_eq!(parse("2026-11-24T16:52:56"), Some(utc));
        assert_eq!(parse("2026-11-24T16:52"), utc.with_second(0));
        assert_eq!(parse("24 November"), None);
    }

    use chrono::Timelike;
}
