//! Schools, entries, teams, learners and participants, expressions of interest, and merges, on the
//! backend named by TEST_DATABASE.

use olympiad_domain::id::{OlympiadId, SchoolId};
use olympiad_persistence::models::merge::{merge_countries, merge_schools, school_merge_plan};
use olympiad_persistence::models::*;
use olympiad_persistence::testing::{olympiad_of_2026, TestDatabase};
use olympiad_persistence::{DbConnection, DbError};

fn olympiad(conn: &mut DbConnection, name: &str) -> Olympiad {
    olympiad_of_2026(conn, name, name, true)
}

fn school(conn: &mut DbConnection, name: &str, emis: Option<&str>, province: &str) -> School {
    School::create(
        conn,
        &SchoolForm {
            name: name.into(),
            emis_number: emis.map(Into::into),
            province: province.into(),
            sector: "public".into(),
            country_code: "ZA".into(),
            ..Default::default()
        },
    )
    .unwrap()
}

fn teacher(conn: &mut DbConnection, email: &str, school_id: SchoolId) -> (User, Teacher) {
    let user = User::create(
        conn,
        &UserInsertForm {
            username: email,
            email: Some(email),
            password_hash: "hash",
            first_name: "Thandi",
            last_name: email,
        },
    )
    .unwrap();
    let teacher = Teacher::ensure(conn, user.id, Some(school_id)).unwrap();
    (user, teacher)
}

fn enter_learner(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    entry: &SchoolParticipant,
    first: &str,
    grade: i32,
) -> (Learner, Participant) {
    let fields = LearnerForm {
        first_name: first.into(),
        last_name: "Dube".into(),
        grade,
        class_name: "A".into(),
        ..Default::default()
    };
    Participant::enter_new_learner(
        conn,
        &LearnerEntry {
            olympiad_id,
            school_id: entry.school_id,
            school_participant_id: entry.id,
            learner: &fields,
            language: "en",
            username: &format!("{}{}{}", first.to_lowercase(), entry.id, grade),
            password_hash: "hash",
        },
    )
    .unwrap()
}

#[test]
fn schools_are_listed_by_search_filter_and_entry() {
    let db = TestDatabase::new();
    let conn = &mut db.conn();
    let geo = olympiad(conn, "geography");
    let a = school(conn, "Waterkloof High", Some("700123456"), "Gauteng");
    school(conn, "Umlazi Comprehensive", None, "KwaZulu-Natal");
    school(conn, "Parktown 100% Boys", None, "Gauteng");
    SchoolParticipant::ensure(conn, geo.id, a.id, None).unwrap();

    // The EMIS number is unique.
    let clash = School::create(
        conn,
        &SchoolForm {
            name: "Copy".into(),
            emis_number: Some("700123456".into()),
            ..Default::default()
        },
    );
    assert!(matches!(clash, Err(DbError::Conflict(_))));

    let list = |filter: SchoolFilter| {
        School::list(
            &mut db.conn(),
            &filter,
            Some(Page {
                offset: 0,
                limit: 10,
            }),
        )
        .unwrap()
    };
    let gauteng = list(SchoolFilter {
        province: Some("Gauteng".into()),
        sort: Sort::parse_list("-name"),
        ..Default::default()
    });
    assert_eq!(gauteng.total, 2);
    assert_eq!(gauteng.rows[0].school.details.name, "Waterkloof High");
    let searched = list(SchoolFilter {
        search: "100%".into(),
        ..Default::default()
    });
    assert_eq!(searched.total, 1, "the % of a search is taken literally");
    let by_emis = list(SchoolFilter {
        search: "70012".into(),
        ..Default::default()
    });
    assert_eq!(by_emis.rows[0].school.id, a.id);
    let entered = list(SchoolFilter {
        olympiad_id: Some(geo.id),
        entered: Some(true),
        ..Default::default()
    });
    assert_eq!(entered.total, 1);
    assert_eq!(entered.rows[0].entry_status.as_deref(), Some("entered"));
    let not_entered = list(SchoolFilter {
        olympiad_id: Some(geo.id),
        entered: Some(false),
        ..Default::default()
    });
    assert_eq!(not_entered.total, 2);
}

#[test]
fn an_entry_has_a_team_and_learners_who_sign_in_as_users() {
    let db = TestDatabase::new();
    let conn = &mut db.conn();
    let geo = olympiad(conn, "geography");
    let s = school(conn, "Waterkloof High", None, "Gauteng");
    let (user, t) = teacher(conn, "t@example.org", s.id);
    let (entry, created) = SchoolParticipant::ensure(conn, geo.id, s.id, Some(user.id)).unwrap();
    assert!(created);
    assert!(
        !SchoolParticipant::ensure(conn, geo.id, s.id, None)
            .unwrap()
            .1
    );
    TeamMember::ensure(conn, entry.id, t.id, true).unwrap();
    assert!(
        TeamMember::of_user(conn, entry.id, user.id)
            .unwrap()
            .unwrap()
            .is_team_admin
    );

    let (_, p1) = enter_learner(conn, geo.id, &entry, "Sipho", 10);
    enter_learner(conn, geo.id, &entry, "Lerato", 11);
    let account = Account::views_of_user(conn, p1.user_id).unwrap();
    assert_eq!(account[0].role, "learner");
    assert_eq!(account[0].olympiad_id, Some(geo.id));

    let mine = SchoolParticipant::list(
        conn,
        &SchoolParticipantFilter {
            team_user_id: Some(user.id),
            ..Default::default()
        },
        None,
    )
    .unwrap();
    assert_eq!(mine.total, 1);
    assert_eq!(mine.rows[0].learner_count, 2);
    assert_eq!(mine.rows[0].contact_email.as_deref(), Some("t@example.org"));

    let teachers = Teacher::list(
        conn,
        &TeacherFilter {
            olympiad_id: Some(geo.id),
            team_admins: true,
            ..Default::default()
        },
        None,
    )
    .unwrap();
    assert_eq!(teachers.total, 1);
    assert!(teachers.rows[0].teams[0].is_team_admin);

    let participants = Participant::list(
        conn,
        &ParticipantFilter {
            school_participant_id: Some(entry.id),
            grade: Some(10),
            ..Default::default()
        },
        None,
    )
    .unwrap();
    assert_eq!(participants.total, 1);
    assert_eq!(participants.rows[0].first_name, "Sipho");

    let learners = Learner::list(
        conn,
        &LearnerFilter {
            olympiad_id: Some(geo.id),
            search: "ler".into(),
            ..Default::default()
        },
        Some(Page {
            offset: 0,
            limit: 5,
        }),
    )
    .unwrap();
    assert_eq!(learners.total, 1);

    // Withdrawing takes the sign-in away; the learner stays with the school.
    Participant::withdraw(conn, p1.id).unwrap();
    assert!(User::find(conn, p1.user_id).is_err());
    assert_eq!(Learner::names_of_school(conn, s.id).unwrap().len(), 2);
    // Deleting the entry takes the team and the other participant with it.
    SchoolParticipant::delete(conn, entry.id).unwrap();
    assert_eq!(
        Participant::list(conn, &ParticipantFilter::default(), None)
            .unwrap()
            .total,
        0
    );
}

#[test]
fn an_expression_of_interest_is_verified_then_handled() {
    let db = TestDatabase::new();
    let conn = &mut db.conn();
    let geo = olympiad(conn, "geography");
    let new = ExpressionInsertForm {
        olympiad_id: geo.id,
        details: ExpressionDetails {
            kind: olympiad_domain::interest::InterestKind::Teacher,
            title: "Ms".into(),
            first_name: "Naledi".into(),
            last_name: "Mokoena".into(),
            email: "naledi@school.example".into(),
            phone: String::new(),
            school_name: "Mokopane High".into(),
            emis_number: String::new(),
            province: "Limpopo".into(),
            town: "Mokopane".into(),
            subject: "Geography".into(),
            organisation: String::new(),
            relationship: String::new(),
            message: String::new(),
        },
        verify_token: "secret-token".into(),
    };
    let created = ExpressionOfInterest::create(conn, &new).unwrap();
    assert!(!created.email_verified);
    assert!(ExpressionOfInterest::verify(conn, "wrong")
        .unwrap()
        .is_none());
    let verified = ExpressionOfInterest::verify(conn, "secret-token")
        .unwrap()
        .unwrap();
    assert!(verified.email_verified);
    assert!(ExpressionOfInterest::open_by_email(
        conn,
        geo.id,
        "naledi@school.example",
        olympiad_domain::interest::InterestKind::Teacher
    )
    .unwrap()
    .is_some());
    let s = school(conn, "Anywhere", None, "");
    let (admin, _) = teacher(conn, "admin@example.org", s.id);
    let declined =
        ExpressionOfInterest::mark_declined(conn, created.id, admin.id, "Not a school").unwrap();
    assert_eq!(
        declined.status,
        olympiad_domain::interest::InterestStatus::Declined
    );
    let open = ExpressionOfInterest::list(
        conn,
        &ExpressionFilter {
            status: Some("open".into()),
            ..Default::default()
        },
        None,
    )
    .unwrap();
    assert_eq!(open.total, 0);
}

#[test]
fn merging_a_school_moves_every_reference_to_the_survivor() {
    let db = TestDatabase::new();
    let conn = &mut db.conn();
    let geo = olympiad(conn, "geography");
    let hist = olympiad(conn, "history");
    let survivor = school(conn, "Waterkloof High School", None, "Gauteng");
    let mut duplicate = school(conn, "Hoërskool Waterkloof", Some("700123456"), "Gauteng");
    duplicate = School::update(
        conn,
        duplicate.id,
        &SchoolForm {
            phone: "012 345 6789".into(),
            ..duplicate.details.clone()
        },
    )
    .unwrap();

    // The survivor is in geography already; the duplicate is in geography and in history.
    let (kept_user, kept_teacher) = teacher(conn, "kept@example.org", survivor.id);
    let (kept_entry, _) = SchoolParticipant::ensure(conn, geo.id, survivor.id, None).unwrap();
    TeamMember::ensure(conn, kept_entry.id, kept_teacher.id, false).unwrap();
    let (dup_user, dup_teacher) = teacher(conn, "dup@example.org", duplicate.id);
    let (dup_geo, _) =
        SchoolParticipant::ensure(conn, geo.id, duplicate.id, Some(dup_user.id)).unwrap();
    let (dup_hist, _) = SchoolParticipant::ensure(conn, hist.id, duplicate.id, None).unwrap();
    TeamMember::ensure(conn, dup_geo.id, dup_teacher.id, true).unwrap();
    // The kept teacher is in both teams: one place remains, the higher one.
    TeamMember::ensure(conn, dup_geo.id, kept_teacher.id, true).unwrap();
    TeamMember::ensure(conn, dup_hist.id, dup_teacher.id, true).unwrap();
    let (_, geo_learner) = enter_learner(conn, geo.id, &dup_geo, "Sipho", 10);
    enter_learner(conn, hist.id, &dup_hist, "Lerato", 9);
    let eoi = ExpressionOfInterest::create(
        conn,
        &ExpressionInsertForm {
            olympiad_id: geo.id,
            details: ExpressionDetails {
                kind: olympiad_domain::interest::InterestKind::Teacher,
                title: String::new(),
                first_name: "Dup".into(),
                last_name: "Teacher".into(),
                email: "dup@example.org".into(),
                phone: String::new(),
                school_name: "Hoerskool Waterkloof".into(),
                emis_number: String::new(),
                province: String::new(),
                town: String::new(),
                subject: String::new(),
                organisation: String::new(),
                relationship: String::new(),
                message: String::new(),
            },
            verify_token: "t1".into(),
        },
    )
    .unwrap();
    ExpressionOfInterest::mark_processed(conn, eoi.id, dup_user.id, Some(dup_geo.id)).unwrap();

    let plan = school_merge_plan(conn, duplicate.id, survivor.id).unwrap();
    assert_eq!(plan.entries.len(), 2);
    assert_eq!(plan.entries[0].action, "joins");
    assert_eq!(plan.entries[0].participants, 1);
    assert_eq!(plan.entries[1].action, "moves");
    assert_eq!(
        (plan.teachers, plan.learners, plan.expressions_of_interest),
        (1, 2, 1)
    );
    assert!(plan.filled_fields.contains(&"emisNumber".to_owned()));

    use diesel::Connection;
    conn.transaction(|conn| merge_schools(conn, duplicate.id, survivor.id))
        .unwrap();

    assert!(School::find(conn, duplicate.id).is_err());
    let merged = School::find(conn, survivor.id).unwrap();
    assert_eq!(merged.details.emis_number.as_deref(), Some("700123456"));
    assert_eq!(merged.details.phone, "012 345 6789");
    let entries = SchoolParticipant::for_school(conn, survivor.id).unwrap();
    assert_eq!(entries.len(), 2);
    assert!(entries.iter().any(|e| e.id == kept_entry.id));
    assert!(entries.iter().any(|e| e.id == dup_hist.id));
    assert_eq!(
        SchoolParticipant::find(conn, kept_entry.id)
            .unwrap()
            .contact_teacher_id,
        Some(dup_user.id)
    );
    let team = TeamMember::team(conn, kept_entry.id).unwrap();
    assert_eq!(team.len(), 2);
    assert!(team.iter().all(|m| m.member.is_team_admin), "{team:?}");
    assert_eq!(
        TeamMember::of_user(conn, kept_entry.id, kept_user.id)
            .unwrap()
            .map(|m| m.is_team_admin),
        Some(true)
    );
    assert_eq!(
        Participant::find(conn, geo_learner.id)
            .unwrap()
            .school_participant_id,
        Some(kept_entry.id)
    );
    assert_eq!(
        Teacher::find(conn, dup_teacher.id).unwrap().school_id,
        Some(survivor.id)
    );
    assert_eq!(
        Learner::names_of_school(conn, survivor.id).unwrap().len(),
        2
    );
    assert_eq!(
        ExpressionOfInterest::find(conn, eoi.id)
            .unwrap()
            .school_participant_id,
        Some(kept_entry.id)
    );
    assert!(matches!(
        school_merge_plan(conn, survivor.id, survivor.id),
        Err(DbError::Conflict(_))
    ));
}

#[test]
fn merging_a_country_moves_its_entries_and_schools() {
    let db = TestDatabase::new();
    let conn = &mut db.conn();
    let igeo = olympiad(conn, "igeo");
    let namibia = IgeoCountry::create(
        conn,
        &CountryForm {
            name: "Namibia".into(),
            iso_code: "NA".into(),
        },
    )
    .unwrap();
    let copy = IgeoCountry::create(
        conn,
        &CountryForm {
            name: "Republic of Namibia".into(),
            iso_code: "NM".into(),
        },
    )
    .unwrap();
    let entry = CountryParticipant::create(
        conn,
        igeo.id,
        copy.id,
        &CountryParticipantUpdateForm {
            status: olympiad_domain::school::EntryStatus::Entered,
            team_members: r#"["A","B"]"#.into(),
            ..Default::default()
        },
    )
    .unwrap();
    School::create(
        conn,
        &SchoolForm {
            name: "Windhoek High".into(),
            country_code: "NM".into(),
            ..Default::default()
        },
    )
    .unwrap();
    use diesel::Connection;
    let plan = conn
        .transaction(|conn| merge_countries(conn, copy.id, namibia.id))
        .unwrap();
    assert_eq!(plan.schools, 1);
    assert_eq!(plan.entries[0].team_members, 2);
    assert_eq!(
        CountryParticipant::find(conn, entry.id).unwrap().country_id,
        namibia.id
    );
    let listed = IgeoCountry::list(
        conn,
        &CountryFilter {
            olympiad_id: Some(igeo.id),
            ..Default::default()
        },
        None,
    )
    .unwrap();
    assert_eq!(listed.total, 1);
    assert_eq!(listed.rows[0].country_participant_id, Some(entry.id));
}
