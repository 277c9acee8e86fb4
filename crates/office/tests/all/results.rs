//! Results made from finished attempts: each grade ranked with ties sharing the place, the
//! percentile, the award by the medal bands, the rank in the province, the best of each school
//! and the top schools; moderation's changes (a mark set by hand, a disqualification and its
//! reinstatement) and what the moderation screen shows of them; the results moved to final and
//! released as a snapshot that only a new version replaces, as the teams and the public read it.

use crate::common::{answered, entered_school, paper, wrote};
use olympiad_bench::fixtures::{geography_olympiad, overlord};
use olympiad_domain::id::AttemptId;
use olympiad_domain::results::{Award, MedalBands, ResultChangeKind, ResultsState};
use olympiad_office::results::{
    self, AdjustInput, BandsInput, DisqualifyInput, LearnerResult, ResultsQuery, StateInput,
};
use olympiad_office::support::listing::Grid;
use olympiad_office::{Caller, OfficeError};
use olympiad_persistence::models::listing::{Page, Sort};
use olympiad_persistence::models::{Olympiad, SchoolParticipant};
use olympiad_persistence::testing::TestDatabase;
use olympiad_persistence::DbConnection;
use std::collections::BTreeMap;

use Award::{Bronze, Gold, Merit, Participation, Silver};

/// Where a learner came: rank, of how many, rank in the province, percentile, award, best in
/// their school.
pub(crate) type Placed = (usize, usize, usize, f64, Option<Award>, bool);

/// A moderation change: its kind, the learner, the marks after and before, the reason.
type Change<'a> = (ResultChangeKind, &'a str, Option<i64>, Option<i64>, &'a str);

pub(crate) fn placed(l: &LearnerResult) -> Placed {
    (
        l.rank,
        l.of,
        l.province_rank,
        l.percentile,
        l.award,
        l.best_in_school,
    )
}

/// Every learner's current result, by last name, read as the results grid reads them.
pub(crate) fn standings(
    conn: &mut DbConnection,
    office: &Caller,
    olympiad: &Olympiad,
) -> BTreeMap<String, LearnerResult> {
    let query = ResultsQuery {
        olympiad_id: olympiad.id,
        grade: None,
        award: None,
        school_participant_id: None,
        province: None,
        on_paper: None,
    };
    results::list(conn, office, &query, Grid::default())
        .unwrap()
        .rows
        .into_iter()
        .map(|l| (l.last_name.clone(), l))
        .collect()
}

/// The top schools as (school, rank, learners, score, gold, silver, bronze), in order.
fn top_schools(
    conn: &mut DbConnection,
    office: &Caller,
    olympiad: &Olympiad,
) -> Vec<(String, usize, usize, f64, usize, usize, usize)> {
    results::top_school_calcs(conn, office, olympiad.id)
        .unwrap()
        .into_iter()
        .map(|s| {
            let (name, rank, learners, score) = (s.school_name, s.rank, s.learners, s.score);
            (name, rank, learners, score, s.gold, s.silver, s.bronze)
        })
        .collect()
}

pub(crate) fn move_to(
    conn: &mut DbConnection,
    office: &Caller,
    olympiad: &Olympiad,
    state: ResultsState,
) -> Result<results::StateView, OfficeError> {
    let input = StateInput {
        olympiad_id: olympiad.id,
        state,
        reason: "Checked by the moderators".into(),
    };
    results::set_state(conn, office, &input)
}

fn adjust(
    conn: &mut DbConnection,
    office: &Caller,
    olympiad: &Olympiad,
    attempt: AttemptId,
    marks: i64,
) -> Result<LearnerResult, OfficeError> {
    let input = AdjustInput {
        olympiad_id: olympiad.id,
        attempt_id: attempt,
        marks,
        reason: "Script read again".into(),
    };
    results::adjust(conn, office, &input)
}

fn disqualify(
    conn: &mut DbConnection,
    office: &Caller,
    olympiad: &Olympiad,
    attempt: AttemptId,
    disqualified: bool,
) -> LearnerResult {
    let input = DisqualifyInput {
        olympiad_id: olympiad.id,
        attempt_id: attempt,
        disqualified,
        reason: "Wrote with a phone on the desk".into(),
    };
    results::disqualify(conn, office, &input).unwrap()
}

/// The field a refusal names.
pub(crate) fn field_of(error: OfficeError) -> Vec<String> {
    match error {
        OfficeError::Invalid { field, .. } => vec![field],
        OfficeError::Problems { fields, .. } => fields.into_keys().collect(),
        other => panic!("not a refusal of a field: {other:?}"),
    }
}

pub(crate) fn is_conflict(result: Result<impl std::fmt::Debug, OfficeError>) -> bool {
    matches!(result, Err(OfficeError::Conflict { .. }))
}

/// Four schools and sixteen learners of grades 10 and 11, the geography olympiad closed:
///
/// | school (province)              | grade 10           | grade 11          |
/// |--------------------------------|--------------------|-------------------|
/// | Crawford College (Gauteng)     | 50, 45, 30, 10     | 30, 20            |
/// | Pietersburg High (Limpopo)     | 45, 30, 20         |                   |
/// | Sunward Park (Gauteng)         | 40, 30, 5          | 20                |
/// | Rondebosch (Western Cape)      |                    | 35, 30, 30        |
///
/// Answers the olympiad, the overlord and the entries in that order, and each attempt by last name.
fn four_schools(
    conn: &mut DbConnection,
) -> (
    Olympiad,
    Caller,
    Vec<SchoolParticipant>,
    BTreeMap<&'static str, AttemptId>,
) {
    let olympiad = geography_olympiad(conn, false);
    let office = overlord(conn);
    let schools = [
        ("Crawford College", "Gauteng"),
        ("Pietersburg High", "Limpopo"),
        ("Sunward Park", "Gauteng"),
        ("Rondebosch", "Western Cape"),
    ];
    let entries: Vec<SchoolParticipant> = schools
        .iter()
        .map(|(name, province)| entered_school(conn, &olympiad, name, province))
        .collect();
    let learners: [(usize, &str, &'static str, i32, i64); 16] = [
        (0, "Thabo", "Molefe", 10, 50),
        (0, "Lerato", "Dube", 10, 45),
        (0, "Anika", "Botha", 10, 30),
        (0, "Sipho", "Nkosi", 10, 10),
        (0, "Karabo", "Sithole", 11, 30),
        (0, "Mpho", "Radebe", 11, 20),
        (1, "Naledi", "Mashilo", 10, 45),
        (1, "Pieter", "Steyn", 10, 30),
        (1, "Zanele", "Khumalo", 10, 20),
        (2, "Ruan", "Muller", 10, 40),
        (2, "Bongani", "Zulu", 10, 30),
        (2, "Helena", "Venter", 10, 5),
        (2, "Johan", "Smit", 11, 20),
        (3, "Ayanda", "Ndlovu", 11, 35),
        (3, "Megan", "Adams", 11, 30),
        (3, "Lwazi", "Cele", 11, 30),
    ];
    let attempts = learners
        .into_iter()
        .map(|(school, first, last, grade, score)| {
            let attempt = wrote(conn, &entries[school], (first, last, grade), score);
            (last, attempt)
        })
        .collect();
    (olympiad, office, entries, attempts)
}

#[test]
fn each_grade_is_ranked_with_ties_sharing_the_place_and_awarded_by_the_default_bands() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let (olympiad, office, _, _) = four_schools(conn);
    let results = standings(conn, &office, &olympiad);
    assert_eq!(results.len(), 16);

    // Grade 10, ten learners: 50, 45, 45, 40, 30, 30, 30, 20, 10, 5 rank 1, 2, 2, 4, 5, 5, 5, 8,
    // 9, 10. The default bands (gold 5, silver 15, bronze 30, merit 50) look at the share of the
    // grade strictly above: rank 2 has 10 % above (silver), rank 4 30 % (not bronze: merit), rank 5
    // 40 % (merit), rank 8 70 % (participation). The percentile is the share at or below: 45 has
    // nine of ten at or below it, 90.0. In Gauteng (Crawford and Sunward Park) the grade is 50, 45,
    // 40, 30, 30, 10, 5; in Limpopo 45, 30, 20. The best of each school counts all its grades.
    // Grade 11, six learners: 35, 30, 30, 30, 20, 20 rank 1, 2, 2, 2, 5, 5: rank 2 has a sixth
    // above (16.7 %: bronze), rank 5 two thirds (participation); 30 has five of six at or below it,
    // 83.3, and 20 two of six, 33.3. Gauteng's grade 11 is 30, 20, 20; the Western Cape's 35, 30, 30.
    let expected: [(&str, Placed); 16] = [
        ("Molefe", (1, 10, 1, 100.0, Some(Gold), true)),
        ("Dube", (2, 10, 2, 90.0, Some(Silver), false)),
        ("Mashilo", (2, 10, 1, 90.0, Some(Silver), true)),
        ("Muller", (4, 10, 3, 70.0, Some(Merit), true)),
        ("Botha", (5, 10, 4, 60.0, Some(Merit), false)),
        ("Steyn", (5, 10, 2, 60.0, Some(Merit), false)),
        ("Zulu", (5, 10, 4, 60.0, Some(Merit), false)),
        ("Khumalo", (8, 10, 3, 30.0, Some(Participation), false)),
        ("Nkosi", (9, 10, 6, 20.0, Some(Participation), false)),
        ("Venter", (10, 10, 7, 10.0, Some(Participation), false)),
        ("Ndlovu", (1, 6, 1, 100.0, Some(Gold), true)),
        ("Sithole", (2, 6, 1, 83.3, Some(Bronze), false)),
        ("Adams", (2, 6, 2, 83.3, Some(Bronze), false)),
        ("Cele", (2, 6, 2, 83.3, Some(Bronze), false)),
        ("Radebe", (5, 6, 2, 33.3, Some(Participation), false)),
        ("Smit", (5, 6, 2, 33.3, Some(Participation), false)),
    ];
    for (last_name, placing) in expected {
        assert_eq!(placed(&results[last_name]), placing, "{last_name}");
    }
    assert!(results
        .values()
        .all(|l| !l.adjusted && !l.disqualified && !l.on_paper));
}

#[test]
fn the_results_grid_filters_by_grade_award_province_and_school_and_sorts_by_place() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let (olympiad, office, entries, _) = four_schools(conn);
    let query = ResultsQuery {
        olympiad_id: olympiad.id,
        grade: None,
        award: None,
        school_participant_id: None,
        province: None,
        on_paper: None,
    };
    let names = |conn: &mut DbConnection, query: &ResultsQuery, search: &str| {
        let grid = Grid {
            search: search.into(),
            ..Grid::default()
        };
        let mut names: Vec<String> = results::list(conn, &office, query, grid)
            .unwrap()
            .rows
            .into_iter()
            .map(|l| l.last_name)
            .collect();
        names.sort();
        names
    };
    // Grade 11's bronze medals: the three in second place.
    let bronze = ResultsQuery {
        grade: Some(11),
        award: Some(Bronze),
        ..query.clone()
    };
    assert_eq!(names(conn, &bronze, ""), ["Adams", "Cele", "Sithole"]);
    // The province whatever its case and spaces: Gauteng's grade 11 (Crawford and Sunward Park).
    let gauteng = ResultsQuery {
        grade: Some(11),
        province: Some(" gauteng ".into()),
        ..query.clone()
    };
    assert_eq!(names(conn, &gauteng, ""), ["Radebe", "Sithole", "Smit"]);
    let pietersburg = ResultsQuery {
        school_participant_id: Some(entries[1].id),
        ..query.clone()
    };
    assert_eq!(
        names(conn, &pietersburg, ""),
        ["Khumalo", "Mashilo", "Steyn"]
    );
    // Searched by name or school.
    assert_eq!(names(conn, &query, "MOLE"), ["Molefe"]);
    assert_eq!(
        names(conn, &query, "rondebosch"),
        ["Adams", "Cele", "Ndlovu"]
    );
    // Nobody wrote on paper.
    let on_paper = ResultsQuery {
        on_paper: Some(true),
        ..query.clone()
    };
    assert!(names(conn, &on_paper, "").is_empty());

    // Grade 10 by place, three to a page: 1, 2, 2 of ten; then 4, 5, 5.
    let grade_ten = ResultsQuery {
        grade: Some(10),
        ..query.clone()
    };
    let page = |offset| Grid {
        sort: Sort::parse_list("rank"),
        page: Some(Page { offset, limit: 3 }),
        ..Grid::default()
    };
    let first = results::list(conn, &office, &grade_ten, page(0)).unwrap();
    assert_eq!(first.total, 10);
    let ranks: Vec<usize> = first.rows.iter().map(|l| l.rank).collect();
    assert_eq!(ranks, [1, 2, 2]);
    let second = results::list(conn, &office, &grade_ten, page(3)).unwrap();
    let ranks: Vec<usize> = second.rows.iter().map(|l| l.rank).collect();
    assert_eq!(ranks, [4, 5, 5]);
    // A key the grid does not sort by is refused, naming it.
    let unknown = Grid {
        sort: Sort::parse_list("marks"),
        ..Grid::default()
    };
    let refused = results::list(conn, &office, &query, unknown).unwrap_err();
    assert_eq!(field_of(refused), ["sort"]);
}

#[test]
fn a_school_is_ranked_by_the_mean_of_its_best_five_and_equal_means_share_the_place() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let (olympiad, office, _, _) = four_schools(conn);
    // Crawford College's six: 50, 45, 30, 30, 20 are its best five (the 10 does not count): 175 / 5
    // = 35.0. Pietersburg High: (45 + 30 + 20) / 3 = 31.7; Rondebosch (35 + 30 + 30) / 3 = 31.7,
    // the same place; Sunward Park (40 + 30 + 20 + 5) / 4 = 23.75, 23.8 and fourth. Medals by the
    // default bands: Crawford's Molefe gold, Dube silver, Sithole bronze; Pietersburg's Mashilo
    // silver; Rondebosch's Ndlovu gold and Adams and Cele bronze; Sunward Park none.
    assert_eq!(
        top_schools(conn, &office, &olympiad),
        [
            ("Crawford College".to_owned(), 1, 6, 35.0, 1, 1, 1),
            ("Pietersburg High".to_owned(), 2, 3, 31.7, 0, 1, 0),
            ("Rondebosch".to_owned(), 2, 3, 31.7, 1, 0, 2),
            ("Sunward Park".to_owned(), 4, 4, 23.8, 0, 0, 0),
        ]
    );
}

#[test]
fn medal_bands_out_of_order_are_refused_and_new_bands_give_new_awards() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let (olympiad, office, _, _) = four_schools(conn);
    let bands = |gold, silver, bronze, merit| BandsInput {
        olympiad_id: olympiad.id,
        bands: MedalBands {
            gold,
            silver,
            bronze,
            merit,
        },
    };
    // Silver below gold, merit past 100: each named, nothing kept.
    let refused = results::set_bands(conn, &office, &bands(20.0, 10.0, 40.0, 120.0)).unwrap_err();
    assert_eq!(field_of(refused), ["bands.merit", "bands.silver"]);
    assert_eq!(
        results::moderation(conn, &office, olympiad.id)
            .unwrap()
            .bands,
        MedalBands::default()
    );

    // Gold 10, silver 20, bronze 40, merit 60. Grade 10 (ten learners): rank 2 has 10 % above
    // (silver), rank 4 30 % (bronze), rank 5 40 % (merit), rank 8 70 % (participation). Grade 11
    // (six): rank 2 has 16.7 % above, silver now.
    results::set_bands(conn, &office, &bands(10.0, 20.0, 40.0, 60.0)).unwrap();
    let results = standings(conn, &office, &olympiad);
    let awards: Vec<(&str, Option<Award>)> = [
        "Molefe", "Dube", "Mashilo", "Muller", "Botha", "Khumalo", "Ndlovu", "Sithole", "Smit",
    ]
    .into_iter()
    .map(|name| (name, results[name].award))
    .collect();
    assert_eq!(
        awards,
        [
            ("Molefe", Some(Gold)),
            ("Dube", Some(Silver)),
            ("Mashilo", Some(Silver)),
            ("Muller", Some(Bronze)),
            ("Botha", Some(Merit)),
            ("Khumalo", Some(Participation)),
            ("Ndlovu", Some(Gold)),
            ("Sithole", Some(Silver)),
            ("Smit", Some(Participation)),
        ]
    );
    // The schools' medals follow: Crawford gold 1, silver 2 (Dube, Sithole); Sunward Park's Muller
    // bronze; Rondebosch gold 1, silver 2.
    let medals: Vec<(usize, usize, usize)> = top_schools(conn, &office, &olympiad)
        .into_iter()
        .map(|(_, _, _, _, gold, silver, bronze)| (gold, silver, bronze))
        .collect();
    assert_eq!(medals, [(1, 2, 0), (0, 1, 0), (1, 2, 0), (0, 0, 1)]);
}

/// Two schools of grade 9 learners and a paper of two questions (out of 2 and 3):
/// Waterkloof's Mthembu 40 and Coetzee 20, Kearsney's Zungu 30 and Mkhize 10.
pub(crate) fn grade_nine(
    conn: &mut DbConnection,
) -> (
    Olympiad,
    Caller,
    Vec<SchoolParticipant>,
    BTreeMap<&'static str, AttemptId>,
) {
    let olympiad = geography_olympiad(conn, false);
    let office = overlord(conn);
    let waterkloof = entered_school(conn, &olympiad, "Hoërskool Waterkloof", "Gauteng");
    let kearsney = entered_school(conn, &olympiad, "Kearsney College", "KwaZulu-Natal");
    let questions = paper(conn, &olympiad, &[2, 3]);
    let mut attempts = BTreeMap::new();
    for (entry, first, last, score) in [
        (&waterkloof, "Anele", "Mthembu", 40),
        (&waterkloof, "Ruben", "Coetzee", 20),
        (&kearsney, "Sizwe", "Zungu", 30),
        (&kearsney, "Thandi", "Mkhize", 10),
    ] {
        attempts.insert(last, wrote(conn, entry, (first, last, 9), score));
    }
    // Question 1 (out of 2): Mthembu 2, Zungu 2, Coetzee 1. Question 2 (out of 3): Mthembu 3.
    for (last, question, marks) in [
        ("Mthembu", 0, 2),
        ("Zungu", 0, 2),
        ("Coetzee", 0, 1),
        ("Mthembu", 1, 3),
    ] {
        answered(conn, attempts[last], questions[question], marks);
    }
    (olympiad, office, vec![waterkloof, kearsney], attempts)
}

#[test]
fn a_mark_set_by_hand_and_a_disqualification_change_the_places_and_are_kept_with_their_reasons() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let (olympiad, office, _, attempts) = grade_nine(conn);
    let o = &olympiad;
    // Four learners, 40, 30, 20, 10: rank 2 has a quarter above (bronze), rank 3 half (none).
    let before = standings(conn, &office, o);
    assert_eq!(
        placed(&before["Zungu"]),
        (2, 4, 1, 75.0, Some(Bronze), true)
    );

    // A change says why; the marks stay within 0 to 100000.
    let mut blank = AdjustInput {
        olympiad_id: o.id,
        attempt_id: attempts["Mkhize"],
        marks: 35,
        reason: "  ".into(),
    };
    let refused = results::adjust(conn, &office, &blank).unwrap_err();
    assert_eq!(field_of(refused), ["reason"]);
    blank.reason = "Read again".into();
    blank.marks = 100_001;
    let refused = results::adjust(conn, &office, &blank).unwrap_err();
    assert_eq!(field_of(refused), ["marks"]);

    // Mkhize's 10 set to 35: 40, 35, 30, 20. Second (a quarter above: bronze), three of four at
    // or below, 75.0; Kearsney's best now, and first of KwaZulu-Natal. Zungu third, half above: no
    // medal, 50.0, and second of the province.
    let mkhize = adjust(conn, &office, o, attempts["Mkhize"], 35).unwrap();
    assert_eq!(
        (mkhize.score, mkhize.marked_score, mkhize.adjusted),
        (35, 10, true)
    );
    assert_eq!(placed(&mkhize), (2, 4, 1, 75.0, Some(Bronze), true));
    let after = standings(conn, &office, o);
    assert_eq!(
        placed(&after["Zungu"]),
        (3, 4, 2, 50.0, Some(Participation), false)
    );
    // Kearsney (35 + 30) / 2 = 32.5 passes Waterkloof (40 + 20) / 2 = 30.0.
    let schools = top_schools(conn, &office, o);
    assert_eq!(schools[0].0, "Kearsney College");
    assert_eq!((schools[0].3, schools[1].3), (32.5, 30.0));

    // Mthembu disqualified: out of every count. Three left, 35, 30, 20: Mkhize first (gold),
    // Zungu second with a third above (merit, 66.7), Coetzee third and now Waterkloof's best.
    let mthembu = disqualify(conn, &office, o, attempts["Mthembu"], true);
    assert!(mthembu.disqualified);
    assert_eq!(placed(&mthembu), (0, 0, 0, 0.0, None, false));
    let after = standings(conn, &office, o);
    assert_eq!(placed(&after["Mkhize"]), (1, 3, 1, 100.0, Some(Gold), true));
    assert_eq!(placed(&after["Zungu"]), (2, 3, 2, 66.7, Some(Merit), false));
    assert_eq!(
        placed(&after["Coetzee"]),
        (3, 3, 1, 33.3, Some(Participation), true)
    );
    // Waterkloof counts Coetzee's 20 alone.
    let waterkloof = &top_schools(conn, &office, o)[1];
    assert_eq!((waterkloof.1, waterkloof.2, waterkloof.3), (2, 1, 20.0));
    // Asked again, nothing more is recorded.
    disqualify(conn, &office, o, attempts["Mthembu"], true);

    // What the moderation screen shows. Grade 9 without the disqualified: 20, 30, 35, mean 28.3,
    // median 30. The buckets are tenths of the olympiad's highest score (Mthembu's 40 still): 20
    // in the sixth, 30 in the eighth, 35 in the ninth. Mkhize's mark moved by 25, more than a
    // fifth of 40: the one to check first. Question 1.1 (out of 2) was answered by three of the
    // four finished attempts, two with full marks: 50.0 %, 5 marks / 4 = 1.25 on average;
    // question 1.2 (out of 3) by Mthembu alone, full marks: 25.0 %, 0.75.
    let view = results::moderation(conn, &office, o.id).unwrap();
    assert_eq!(
        (view.state, view.version, view.learners),
        (ResultsState::Provisional, 0, 4)
    );
    let grade = &view.grades[0];
    assert_eq!(
        (
            grade.grade,
            grade.learners,
            grade.mean,
            grade.median,
            grade.lowest,
            grade.highest
        ),
        (9, 3, 28.3, 30, 20, 35)
    );
    assert_eq!(grade.buckets, [0, 0, 0, 0, 0, 1, 0, 1, 1, 0]);
    let outliers: Vec<&str> = view.outliers.iter().map(|l| l.last_name.as_str()).collect();
    assert_eq!(outliers, ["Mkhize"]);
    let questions: Vec<(&str, i32, i64, i64, f64, f64)> = view
        .questions
        .iter()
        .map(|q| {
            (
                q.label.as_str(),
                q.out_of,
                q.answered,
                q.full_marks,
                q.facility,
                q.mean_marks,
            )
        })
        .collect();
    assert_eq!(
        questions,
        [("1.1", 2, 3, 2, 50.0, 1.25), ("1.2", 3, 1, 1, 25.0, 0.75)]
    );
    // Newest first, each with its learner and reason; the second disqualification is not there.
    let changes: Vec<Change> = view
        .changes
        .iter()
        .map(|c| {
            (
                c.kind,
                c.learner.as_str(),
                c.marks,
                c.marks_before,
                c.reason.as_str(),
            )
        })
        .collect();
    assert_eq!(
        changes,
        [
            (
                ResultChangeKind::Disqualified,
                "Anele Mthembu",
                None,
                None,
                "Wrote with a phone on the desk"
            ),
            (
                ResultChangeKind::Adjusted,
                "Thandi Mkhize",
                Some(35),
                Some(10),
                "Script read again"
            ),
        ]
    );

    // Reinstated: first again, and Waterkloof's best.
    let mthembu = disqualify(conn, &office, o, attempts["Mthembu"], false);
    assert_eq!(placed(&mthembu), (1, 4, 1, 100.0, Some(Gold), true));
    let view = results::moderation(conn, &office, o.id).unwrap();
    assert_eq!(view.changes[0].kind, ResultChangeKind::Reinstated);
}

#[test]
fn results_are_released_as_a_snapshot_that_only_the_next_version_replaces() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let (olympiad, office, entries, attempts) = four_schools(conn);
    let o = &olympiad;
    // Nothing is released before the first final.
    assert_eq!(
        results::download_details(conn, &office, o.id)
            .unwrap()
            .version,
        0
    );
    assert!(results::top_results(conn, "geography").unwrap().is_none());
    assert!(
        !results::of_school(conn, &office, entries[1].id)
            .unwrap()
            .released
    );

    // Provisional results are moderated before they are final; every move says why.
    assert!(is_conflict(move_to(conn, &office, o, ResultsState::Final)));
    let unexplained = StateInput {
        olympiad_id: o.id,
        state: ResultsState::Moderated,
        reason: String::new(),
    };
    let refused = results::set_state(conn, &office, &unexplained).unwrap_err();
    assert_eq!(field_of(refused), ["reason"]);
    move_to(conn, &office, o, ResultsState::Moderated).unwrap();
    let released = move_to(conn, &office, o, ResultsState::Final).unwrap();
    assert_eq!((released.state, released.version), (ResultsState::Final, 1));
    // Asked again: the same version.
    assert_eq!(
        move_to(conn, &office, o, ResultsState::Final)
            .unwrap()
            .version,
        1
    );
    let snapshot = results::download_details(conn, &office, o.id).unwrap();
    assert_eq!(
        (
            snapshot.version,
            snapshot.learners.len(),
            snapshot.schools.len()
        ),
        (1, 16, 4)
    );

    // Final results take no change until reopened.
    assert!(is_conflict(adjust(
        conn,
        &office,
        o,
        attempts["Venter"],
        55
    )));
    let bands = BandsInput {
        olympiad_id: o.id,
        bands: MedalBands::default(),
    };
    assert!(is_conflict(results::set_bands(conn, &office, &bands)));

    // Pietersburg High's team reads its three learners by grade and place, and its place among
    // the four schools (second, with Rondebosch).
    let mine = results::of_school(conn, &office, entries[1].id).unwrap();
    let learners: Vec<(&str, usize)> = mine
        .learners
        .iter()
        .map(|l| (l.last_name.as_str(), l.rank))
        .collect();
    assert_eq!(learners, [("Mashilo", 2), ("Steyn", 5), ("Khumalo", 8)]);
    assert_eq!(
        (mine.released, mine.version, mine.school_rank, mine.schools),
        (true, 1, 2, 4)
    );
    assert_eq!(mine.school_name, "Pietersburg High");

    // The public's past winners: the first three places of each grade, more when tied (grade 11
    // has three in second place), by name within a place; the schools placed first to third.
    let past = results::past_winners(conn, "geography").unwrap();
    assert_eq!(past.len(), 1);
    let winners: Vec<(i32, usize, &str)> = past[0]
        .learners
        .iter()
        .map(|l| (l.grade, l.rank, l.name.as_str()))
        .collect();
    assert_eq!(
        winners,
        [
            (10, 1, "Thabo Molefe"),
            (10, 2, "Lerato Dube"),
            (10, 2, "Naledi Mashilo"),
            (11, 1, "Ayanda Ndlovu"),
            (11, 2, "Karabo Sithole"),
            (11, 2, "Lwazi Cele"),
            (11, 2, "Megan Adams"),
        ]
    );
    let schools: Vec<(usize, &str)> = past[0]
        .schools
        .iter()
        .map(|s| (s.rank, s.school.as_str()))
        .collect();
    assert_eq!(
        schools,
        [
            (1, "Crawford College"),
            (2, "Pietersburg High"),
            (2, "Rondebosch")
        ]
    );
    let top = results::top_results(conn, "geography").unwrap().unwrap();
    assert_eq!(
        (top.version, top.learners.len(), top.schools.len()),
        (1, 16, 4)
    );

    // Reopened, Venter's 5 set to 55: first in grade 10 now, for the moderators; the released
    // results still say 5 and tenth until the next final.
    move_to(conn, &office, o, ResultsState::Moderated).unwrap();
    let venter = adjust(conn, &office, o, attempts["Venter"], 55).unwrap();
    assert_eq!((venter.rank, venter.award), (1, Some(Gold)));
    let snapshot = results::download_details(conn, &office, o.id).unwrap();
    let released_venter = snapshot
        .learners
        .iter()
        .find(|l| l.last_name == "Venter")
        .unwrap();
    assert_eq!(
        (
            snapshot.version,
            released_venter.score,
            released_venter.rank
        ),
        (1, 5, 10)
    );
    let top = results::top_results(conn, "geography").unwrap().unwrap();
    assert_eq!(top.learners[0].name, "Thabo Molefe");

    let second = move_to(conn, &office, o, ResultsState::Final).unwrap();
    assert_eq!(second.version, 2);
    let top = results::top_results(conn, "geography").unwrap().unwrap();
    assert_eq!(
        (top.version, top.learners[0].name.as_str()),
        (2, "Helena Venter")
    );
    // Sunward Park (55 + 40 + 30 + 20) / 4 = 36.3 now passes Crawford College's 35.0.
    assert_eq!(top.schools[0].school, "Sunward Park");
}
