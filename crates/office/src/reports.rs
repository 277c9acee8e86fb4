//! The reports: every olympiad at a glance (the overlord's Overview), one olympiad's schools with
//! their learners by status, its graph data (entries and starts over time, by province, by grade),
//! and its questions by difficulty (facility and discrimination of each question).

use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::scope::find_in_reach;
use chrono::{NaiveDate, NaiveDateTime};
use olympiad_domain::id::{
    ModuleId, OlympiadId, QuestionId, SchoolId, SchoolParticipantId, UserId,
};
use olympiad_domain::item_analysis::{analyse, Item, Script};
use olympiad_domain::school::ParticipantStatus;
use olympiad_domain::Role;
use olympiad_persistence::models::report;
use olympiad_persistence::models::{Olympiad, Question, QuestionModule};
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::{IntoParams, ToSchema};

/// Learners entered, by where they are on the day.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerCounts {
    pub learners: i64,
    /// Registered, not started.
    pub not_started: i64,
    pub writing: i64,
    pub finished: i64,
    pub absent: i64,
    /// Writing or finished: every learner whose attempt began.
    pub started: i64,
}

impl LearnerCounts {
    fn add(&mut self, status: ParticipantStatus, n: i64) {
        self.learners += n;
        match status {
            ParticipantStatus::Registered => self.not_started += n,
            ParticipantStatus::Writing => {
                self.writing += n;
                self.started += n;
            }
            ParticipantStatus::Finished => {
                self.finished += n;
                self.started += n;
            }
            ParticipantStatus::Absent => self.absent += n,
        }
    }
}

/// One olympiad at a glance.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OlympiadGlance {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub name: String,
    pub title: String,
    pub year: i32,
    pub is_open: bool,
    /// Schools entered (withdrawn entries not counted).
    pub entries: i64,
    #[serde(flatten)]
    pub counts: LearnerCounts,
    /// Orders paid (deleted ones not counted).
    pub paid_orders: i64,
    /// What the paid orders came to, VAT included, in cents (R 1.00 is 100).
    pub paid_cents: i64,
}

/// Every olympiad the caller reaches (the overlord: all; staff: their own), newest year first.
pub fn olympiads_at_a_glance(
    conn: &mut DbConnection,
    caller: &Caller,
) -> OfficeResult<Vec<OlympiadGlance>> {
    let entries: HashMap<OlympiadId, i64> =
        report::entries_per_olympiad(conn)?.into_iter().collect();
    let mut counts = tally(report::learners_per_olympiad(conn)?);
    let paid: HashMap<OlympiadId, (i64, i64)> = report::paid_orders_per_olympiad(conn)?
        .into_iter()
        .map(|(olympiad, orders, cents)| (olympiad, (orders, cents)))
        .collect();
    let mut olympiads: Vec<OlympiadGlance> = Olympiad::list(conn)?
        .into_iter()
        .filter(|o| caller.role == Role::Overlord || caller.may_act_in(o.id))
        .map(|o| OlympiadGlance {
            entries: entries.get(&o.id).copied().unwrap_or(0),
            counts: counts.remove(&o.id).unwrap_or_default(),
            paid_orders: paid.get(&o.id).map_or(0, |p| p.0),
            paid_cents: paid.get(&o.id).map_or(0, |p| p.1),
            olympiad_id: o.id,
            name: o.name,
            title: o.title,
            year: o.year,
            is_open: o.is_open,
        })
        .collect();
    olympiads.sort_by(|a, b| b.year.cmp(&a.year).then_with(|| a.title.cmp(&b.title)));
    Ok(olympiads)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OverviewQuery {
    /// A school's id, or -1 (the default) for every school.
    #[param(minimum = -1)]
    pub school_id: Option<i64>,
}

/// A school's entry and its learners.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolGlance {
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    #[schema(value_type = i64)]
    pub school_id: SchoolId,
    pub school_name: String,
    pub province: String,
    pub entry_status: String,
    #[serde(flatten)]
    pub counts: LearnerCounts,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OlympiadOverview {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub title: String,
    /// Schools entered (withdrawn entries not counted), of the school asked for or all.
    pub entries: i64,
    /// The learners of the school asked for, or of every school.
    pub totals: LearnerCounts,
    pub schools: Vec<SchoolGlance>,
}

/// One olympiad's schools with their learners by status; `school_id` -1 (or none) for all.
pub fn olympiad_overview(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    school_id: Option<i64>,
) -> OfficeResult<OlympiadOverview> {
    let olympiad = find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let school_id = match school_id {
        None | Some(-1) => None,
        Some(id) if id >= 1 => Some(SchoolId::new(id)),
        Some(_) => {
            return Err(OfficeError::invalid(
                "schoolId",
                "must be a school's id or -1",
            ))
        }
    };
    let mut per_entry = learners_per_entry(conn, olympiad_id)?;
    let schools: Vec<SchoolGlance> = report::entries_of(conn, olympiad_id)?
        .into_iter()
        .filter(|(_, school, ..)| school_id.is_none_or(|wanted| wanted == *school))
        .map(|(entry, school, name, province, status)| SchoolGlance {
            counts: per_entry.remove(&entry).unwrap_or_default(),
            school_participant_id: entry,
            school_id: school,
            school_name: name,
            province,
            entry_status: status,
        })
        .collect();
    if let Some(id) = school_id {
        if schools.is_empty() {
            return Err(OfficeError::NotFound(format!(
                "School {id}'s entry in this olympiad"
            )));
        }
    }
    let mut totals = LearnerCounts::default();
    let mut entries = 0;
    for school in &schools {
        if school.entry_status != "withdrawn" {
            entries += 1;
        }
        totals.learners += school.counts.learners;
        totals.not_started += school.counts.not_started;
        totals.writing += school.counts.writing;
        totals.finished += school.counts.finished;
        totals.absent += school.counts.absent;
        totals.started += school.counts.started;
    }
    Ok(OlympiadOverview {
        olympiad_id,
        title: olympiad.title,
        entries,
        totals,
        schools,
    })
}

/// A count at a moment: a day (`2026-11-25`) or an hour (`2026-11-25T09:00:00Z`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Point {
    pub at: String,
    pub count: i64,
}

/// A count of a named group: a province, a grade.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bar {
    pub label: String,
    pub learners: i64,
    pub started: i64,
    pub finished: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GraphData {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    /// Schools entered per day.
    pub entries_per_day: Vec<Point>,
    /// Learners entered per day.
    pub learners_per_day: Vec<Point>,
    /// Attempts started per hour (UTC).
    pub starts_per_hour: Vec<Point>,
    pub by_province: Vec<Bar>,
    pub by_grade: Vec<Bar>,
}

fn hour_of(bucket: String) -> String {
    // `YYYY-MM-DD HH` from either database, as RFC 3339.
    match NaiveDateTime::parse_from_str(&format!("{bucket}:00:00"), "%Y-%m-%d %H:%M:%S") {
        Ok(at) => format!("{}Z", at.format("%Y-%m-%dT%H:%M:%S")),
        Err(_) => bucket,
    }
}

fn day_of(bucket: String) -> String {
    match NaiveDate::parse_from_str(&bucket, "%Y-%m-%d") {
        Ok(day) => day.format("%Y-%m-%d").to_string(),
        Err(_) => bucket,
    }
}

fn points(rows: Vec<(String, i64)>, at: fn(String) -> String) -> Vec<Point> {
    rows.into_iter()
        .map(|(bucket, count)| Point {
            at: at(bucket),
            count,
        })
        .collect()
}

fn bar(label: String, counts: &LearnerCounts) -> Bar {
    Bar {
        label,
        learners: counts.learners,
        started: counts.started,
        finished: counts.finished,
    }
}

/// Entries and starts over time, and learners by province and by grade.
pub fn graph_data(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<GraphData> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let mut per_entry = learners_per_entry(conn, olympiad_id)?;
    let mut provinces: BTreeMap<String, LearnerCounts> = BTreeMap::new();
    for (entry, _, _, province, _) in report::entries_of(conn, olympiad_id)? {
        let counts = per_entry.remove(&entry).unwrap_or_default();
        let total = provinces.entry(province).or_default();
        total.learners += counts.learners;
        total.started += counts.started;
        total.finished += counts.finished;
    }
    let grades = tally(report::learners_per_grade(conn, olympiad_id)?);
    Ok(GraphData {
        olympiad_id,
        entries_per_day: points(report::entries_per_day(conn, olympiad_id)?, day_of),
        learners_per_day: points(report::learners_per_day(conn, olympiad_id)?, day_of),
        starts_per_hour: points(report::starts_per_hour(conn, olympiad_id)?, hour_of),
        by_province: provinces
            .iter()
            .map(|(province, counts)| {
                let label = if province.is_empty() {
                    "(none)".to_owned()
                } else {
                    province.clone()
                };
                bar(label, counts)
            })
            .collect(),
        by_grade: grades
            .iter()
            .map(|(grade, counts)| bar(format!("Grade {grade}"), counts))
            .collect(),
    })
}

/// One question of the paper and how the finished scripts did on it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionDifficulty {
    #[schema(value_type = i64)]
    pub question_id: QuestionId,
    #[schema(value_type = i64)]
    pub module_id: ModuleId,
    /// `2.5`: the fifth question of the second module.
    pub number: String,
    pub kind: String,
    pub marks: i32,
    /// The difficulty the setter gave it.
    pub set_difficulty: i32,
    /// How many finished scripts answered it.
    pub answered: i64,
    /// The share of its marks earned, 0 to 1; none before any script is finished.
    pub facility: Option<f64>,
    /// Top 27% less bottom 27% facility, -1 to 1; none with fewer than two scripts.
    pub discrimination: Option<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionsByDifficulty {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    /// Finished scripts analysed.
    pub scripts: i64,
    /// Hardest first (lowest facility); questions nobody has written yet last.
    pub questions: Vec<QuestionDifficulty>,
}

/// Facility and discrimination of every question, from the finished attempts in force.
pub fn questions_by_difficulty(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<QuestionsByDifficulty> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let mut paper: Vec<(String, Question)> = vec![];
    for (m, module) in QuestionModule::for_olympiad(conn, olympiad_id)?
        .into_iter()
        .enumerate()
    {
        for (q, question) in Question::for_module(conn, module.id)?
            .into_iter()
            .enumerate()
        {
            paper.push((format!("{}.{}", m + 1, q + 1), question));
        }
    }
    let (totals, marks) = report::scripts(conn, olympiad_id)?;
    let mut scripts: HashMap<i64, Script> = totals
        .into_iter()
        .map(|(attempt, total)| {
            (
                attempt,
                Script {
                    total: total.unwrap_or(0),
                    marks: HashMap::new(),
                },
            )
        })
        .collect();
    for (attempt, question, earned) in marks {
        if let (Some(script), Some(earned)) = (scripts.get_mut(&attempt), earned) {
            script.marks.insert(question, earned);
        }
    }
    let scripts: Vec<Script> = scripts.into_values().collect();
    let items: Vec<Item> = paper
        .iter()
        .map(|(_, q)| Item {
            question_id: q.id,
            max_marks: q.marks,
        })
        .collect();
    let stats = analyse(&items, &scripts);
    let mut questions: Vec<QuestionDifficulty> = paper
        .into_iter()
        .zip(stats)
        .map(|((number, q), s)| QuestionDifficulty {
            question_id: q.id,
            module_id: q.module_id,
            number,
            kind: q.kind.to_string(),
            marks: q.marks,
            set_difficulty: q.difficulty,
            answered: i64::try_from(s.answered).unwrap_or(i64::MAX),
            facility: s.facility.map(|f| (f * 1000.0).round() / 1000.0),
            discrimination: s.discrimination.map(|d| (d * 1000.0).round() / 1000.0),
        })
        .collect();
    questions.sort_by(|a, b| match (a.facility, b.facility) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    Ok(QuestionsByDifficulty {
        olympiad_id,
        scripts: i64::try_from(scripts.len()).unwrap_or(i64::MAX),
        questions,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LearnerLoginQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
    /// A date, `YYYY-MM-DD` (UTC); default: the last `timeWindow` hours.
    #[param(format = Date)]
    pub start_date: Option<String>,
    /// Hours from the start date; default 24, at most 744 (31 days).
    #[param(minimum = 1, maximum = 744)]
    pub time_window: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerSignIn {
    #[serde(with = "olympiad_domain::utc")]
    pub at: NaiveDateTime,
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<UserId>,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub school_name: String,
    pub address: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerLogins {
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[serde(with = "olympiad_domain::utc")]
    pub since: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub until: NaiveDateTime,
    /// Sign-ins per hour (UTC) in the window.
    pub per_hour: Vec<Point>,
    /// Newest first, at most 2,000.
    pub sign_ins: Vec<LearnerSignIn>,
}

const SIGN_IN_LIMIT: i64 = 2000;

/// Learners' sign-ins to an olympiad in a window of hours, and how many came each hour.
pub fn learner_logins(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &LearnerLoginQuery,
) -> OfficeResult<LearnerLogins> {
    find_in_reach::<Olympiad>(conn, caller, query.olympiad_id)?;
    let (since, until) = crate::logs::window(query.start_date.as_deref(), query.time_window)?;
    let rows = report::learner_sign_ins(conn, query.olympiad_id, since, until, SIGN_IN_LIMIT)?;
    let mut per_hour: BTreeMap<String, i64> = BTreeMap::new();
    for row in &rows {
        *per_hour
            .entry(format!("{}Z", row.0.format("%Y-%m-%dT%H:00:00")))
            .or_default() += 1;
    }
    Ok(LearnerLogins {
        olympiad_id: query.olympiad_id,
        since,
        until,
        per_hour: per_hour
            .into_iter()
            .map(|(at, count)| Point { at, count })
            .collect(),
        sign_ins: rows
            .into_iter()
            .map(
                |(at, user_id, first_name, last_name, grade, school_name, address)| LearnerSignIn {
                    at,
                    user_id,
                    first_name,
                    last_name,
                    grade,
                    school_name,
                    address,
                },
            )
            .collect(),
    })
}
/// The olympiad's learners counted by status, per school entry.
fn learners_per_entry(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> OfficeResult<BTreeMap<SchoolParticipantId, LearnerCounts>> {
    let rows = report::learners_per_entry(conn, olympiad_id)?;
    // Learners not entered through a school (a country's) have no entry to count under.
    Ok(tally(rows.into_iter().filter_map(|(entry, status, n)| {
        Some((entry?, status, n))
    })))
}

/// Learners counted by status under each key of the rows: an olympiad, a school's entry, a grade.
fn tally<K: Ord>(
    rows: impl IntoIterator<Item = (K, ParticipantStatus, i64)>,
) -> BTreeMap<K, LearnerCounts> {
    let mut counts: BTreeMap<K, LearnerCounts> = BTreeMap::new();
    for (key, status, n) in rows {
        counts.entry(key).or_default().add(status, n);
    }
    counts
}
