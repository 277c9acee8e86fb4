//! Staggered start windows: which window a learner writes in, and whether a set of windows is one
//! an olympiad can keep (each inside the olympiad's own sitting windows, none overlapping another
//! for the same school).

use chrono::NaiveDateTime;

/// A window of the sitting, from its start up to (not including) its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
}

impl Span {
    fn overlaps(&self, other: &Span) -> bool {
        self.starts_at < other.ends_at && other.starts_at < self.ends_at
    }

    fn inside(&self, other: &Span) -> bool {
        other.starts_at <= self.starts_at && self.ends_at <= other.ends_at
    }
}

/// A staggered window as the admin sets it: its span and the schools it covers.
#[derive(Debug, Clone)]
pub struct StaggeredWindow {
    pub span: Span,
    pub school_ids: Vec<i64>,
}

/// What is wrong with a set of staggered windows, as (field, problem), the field named as the
/// request names it (`startWindows[1].startsAt`). `sitting` is the olympiad's own windows; with
/// none, the olympiad has no dates to keep inside.
pub fn window_problems(windows: &[StaggeredWindow], sitting: &[Span]) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for (i, window) in windows.iter().enumerate() {
        let field = |name: &str| format!("startWindows[{i}].{name}");
        if window.span.ends_at <= window.span.starts_at {
            problems.push((
                field("endsAt"),
                "must be after the window starts".to_owned(),
            ));
            continue;
        }
        if window.school_ids.is_empty() {
            problems.push((
                field("schoolIds"),
                "must name at least one school".to_owned(),
            ));
        }
        if !sitting.is_empty() && !sitting.iter().any(|s| window.span.inside(s)) {
            problems.push((
                field("startsAt"),
                "must lie inside one of the olympiad's sitting windows".to_owned(),
            ));
        }
        let clash = windows[..i].iter().position(|earlier| {
            earlier.span.ends_at > earlier.span.starts_at
                && earlier.span.overlaps(&window.span)
                && earlier
                    .school_ids
                    .iter()
                    .any(|s| window.school_ids.contains(s))
        });
        if let Some(earlier) = clash {
            problems.push((
                field("schoolIds"),
                format!(
                    "a school here already has window {} at this time",
                    earlier + 1
                ),
            ));
        }
    }
    problems
}

/// Seconds from `now` until `opens_at` (0 once it has opened): the lobby's countdown.
pub fn seconds_until(opens_at: NaiveDateTime, now: NaiveDateTime) -> i64 {
    (opens_at - now).num_seconds().max(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(hour: u32, minute: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2027, 3, 4)
            .and_then(|d| d.and_hms_opt(hour, minute, 0))
            .expect("a time")
    }

    fn window(from: (u32, u32), to: (u32, u32), schools: &[i64]) -> StaggeredWindow {
        StaggeredWindow {
            span: Span {
                starts_at: at(from.0, from.1),
                ends_at: at(to.0, to.1),
            },
            school_ids: schools.to_vec(),
        }
    }

    fn day() -> Vec<Span> {
        vec![Span {
            starts_at: at(8, 0),
            ends_at: at(16, 0),
        }]
    }

    #[test]
    fn windows_of_different_schools_may_overlap() {
        let windows = [window((8, 0), (10, 0), &[1]), window((9, 0), (11, 0), &[2])];
        assert!(window_problems(&windows, &day()).is_empty());
    }

    #[test]
    fn a_school_may_not_have_two_windows_at_once() {
        let windows = [
            window((8, 0), (10, 0), &[1, 2]),
            window((9, 30), (11, 0), &[3, 2]),
        ];
        let problems = window_problems(&windows, &day());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].0, "startWindows[1].schoolIds");
        // Back to back is no overlap.
        let windows = [
            window((8, 0), (10, 0), &[1]),
            window((10, 0), (11, 0), &[1]),
        ];
        assert!(window_problems(&windows, &day()).is_empty());
    }

    #[test]
    fn a_window_lies_inside_the_olympiads_dates() {
        let windows = [window((7, 30), (9, 0), &[1])];
        let problems = window_problems(&windows, &day());
        assert_eq!(problems[0].0, "startWindows[0].startsAt");
        // An olympiad without windows of its own has no dates to keep inside.
        assert!(window_problems(&windows, &[]).is_empty());
    }

    #[test]
    fn a_window_ends_after_it_starts_and_covers_a_school() {
        let problems = window_problems(&[window((9, 0), (9, 0), &[1])], &day());
        assert_eq!(problems[0].0, "startWindows[0].endsAt");
        let problems = window_problems(&[window((9, 0), (10, 0), &[])], &day());
        assert_eq!(problems[0].0, "startWindows[0].schoolIds");
    }

    #[test]
    fn the_lobby_counts_down_to_the_opening() {
        assert_eq!(seconds_until(at(9, 0), at(8, 59)), 60);
        assert_eq!(seconds_until(at(9, 0), at(9, 1)), 0);
    }
}
