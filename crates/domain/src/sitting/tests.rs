use super::*;
use chrono::NaiveDate;

fn at(hour: u32, minute: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 8, 1)
        .and_then(|d| d.and_hms_opt(hour, minute, 0))
        .unwrap_or_default()
}

fn clock() -> Clock {
    Clock {
        started_at: at(9, 0),
        allowed_seconds: 60 * 60,
        extra_seconds: 0,
        window_ends_at: Some(at(15, 0)),
        paused_seconds: 0,
        paused_at: None,
    }
}

#[test]
fn an_attempt_ends_after_its_duration_and_extra_time() {
    assert_eq!(clock().ends_at(at(9, 30)), at(10, 0));
    let extra = Clock {
        extra_seconds: 15 * 60,
        ..clock()
    };
    assert_eq!(extra.ends_at(at(9, 30)), at(10, 15));
    assert_eq!(extra.remaining_seconds(at(10, 0)), 15 * 60);
    assert_eq!(extra.remaining_seconds(at(11, 0)), 0);
}

#[test]
fn an_attempt_never_runs_past_the_window() {
    let late = Clock {
        started_at: at(14, 30),
        extra_seconds: 30 * 60,
        ..clock()
    };
    assert_eq!(late.ends_at(at(14, 31)), at(15, 0));
}

#[test]
fn a_pause_stops_the_clock_and_gives_the_time_back() {
    // Power goes at 9:20 with 40 minutes left.
    let paused = Clock {
        paused_at: Some(at(9, 20)),
        ..clock()
    };
    assert_eq!(paused.remaining_seconds(at(9, 20)), 40 * 60);
    assert_eq!(
        paused.remaining_seconds(at(11, 0)),
        40 * 60,
        "frozen while paused"
    );
    assert!(
        !paused.takes_saves_at(at(9, 21)),
        "no writing while the clock is stopped"
    );
    // Power back at 11:00: 40 minutes left, ending 11:40.
    let resumed = paused.resumed(at(11, 0));
    assert_eq!(resumed.paused_at, None);
    assert_eq!(resumed.paused_seconds, 100 * 60);
    assert_eq!(resumed.ends_at(at(11, 0)), at(11, 40));
    assert_eq!(resumed.remaining_seconds(at(11, 0)), 40 * 60);
}

#[test]
fn the_stored_end_gives_the_same_time_left_as_the_clock() {
    let running = clock();
    let stored_end = running.ends_at(at(9, 0));
    assert_eq!(
        remaining_seconds(stored_end, None, at(9, 20)),
        running.remaining_seconds(at(9, 20))
    );
    // Paused at 9:20; the stored end is still the one from before the pause.
    let paused = Clock {
        paused_at: Some(at(9, 20)),
        ..running
    };
    assert_eq!(
        remaining_seconds(stored_end, Some(at(9, 20)), at(11, 0)),
        paused.remaining_seconds(at(11, 0))
    );
}

#[test]
fn time_lost_to_a_pause_is_given_back_past_the_window() {
    let near_close = Clock {
        started_at: at(14, 0),
        paused_at: Some(at(14, 30)),
        ..clock()
    };
    let resumed = near_close.resumed(at(16, 0));
    assert_eq!(resumed.ends_at(at(16, 0)), at(16, 30));
}

#[test]
fn saves_count_until_the_grace_after_the_end() {
    let clock = clock();
    assert!(clock.takes_saves_at(at(10, 0)));
    assert!(clock.takes_saves_at(at(10, 0) + Duration::seconds(SAVE_GRACE_SECONDS)));
    assert!(!clock.takes_saves_at(at(10, 0) + Duration::seconds(SAVE_GRACE_SECONDS + 1)));
}

fn content(options: &[&str], correct: &[&str]) -> QuestionContent {
    QuestionContent {
        options: options
            .iter()
            .map(|k| AnswerOption {
                key: (*k).into(),
                text: LocalizedRichText::new(),
            })
            .collect(),
        correct: correct.iter().map(|k| (*k).into()).collect(),
        ..QuestionContent::default()
    }
}

fn choices(keys: &[&str]) -> AnswerValue {
    AnswerValue::Choices(keys.iter().map(|k| (*k).into()).collect())
}

#[test]
fn choice_questions_are_marked_all_or_nothing() {
    let single = content(&["a", "b", "c"], &["b"]);
    assert_eq!(
        mark(
            QuestionKind::SingleChoice,
            &single,
            2,
            Some(&choices(&["b"]))
        ),
        2
    );
    assert_eq!(
        mark(
            QuestionKind::SingleChoice,
            &single,
            2,
            Some(&choices(&["a"]))
        ),
        0
    );
    assert_eq!(mark(QuestionKind::SingleChoice, &single, 2, None), 0);
    let multiple = content(&["a", "b", "c"], &["a", "c"]);
    assert_eq!(
        mark(
            QuestionKind::MultipleChoice,
            &multiple,
            3,
            Some(&choices(&["c", "a"]))
        ),
        3
    );
    assert_eq!(
        mark(
            QuestionKind::MultipleChoice,
            &multiple,
            3,
            Some(&choices(&["a"]))
        ),
        0
    );
    assert_eq!(
        mark(
            QuestionKind::MultipleChoice,
            &multiple,
            3,
            Some(&choices(&["a", "b", "c"]))
        ),
        0
    );
    let true_false = content(&[], &["false"]);
    assert_eq!(
        mark(
            QuestionKind::TrueFalse,
            &true_false,
            1,
            Some(&choices(&["false"]))
        ),
        1
    );
    assert_eq!(
        mark(QuestionKind::TrueFalse, &true_false, 1, Some(&choices(&[]))),
        0
    );
}

#[test]
fn numbers_count_within_the_tolerance_with_a_comma_or_a_point() {
    let numeric = QuestionContent {
        numeric_answer: Some(1250.5),
        tolerance: Some(0.5),
        ..QuestionContent::default()
    };
    let marks = |typed: &str| {
        let typed = AnswerValue::Text(typed.into());
        mark(QuestionKind::Numeric, &numeric, 2, Some(&typed))
    };
    for typed in ["1250.5", "1250,5", "1 250,9", " 1250 ", "1251"] {
        assert_eq!(marks(typed), 2, "{typed}");
    }
    for typed in ["1251.1", "twelve", ""] {
        assert_eq!(marks(typed), 0, "{typed}");
    }
    let exact = QuestionContent {
        numeric_answer: Some(0.3),
        ..QuestionContent::default()
    };
    assert_eq!(
        mark(
            QuestionKind::Numeric,
            &exact,
            1,
            Some(&AnswerValue::Text("0.3".into()))
        ),
        1
    );
}

#[test]
fn typed_text_ignores_case_and_spacing() {
    let short = QuestionContent {
        accepted_answers: vec!["Drakensberg".into(), "uKhahlamba".into()],
        ..QuestionContent::default()
    };
    for typed in ["drakensberg", "  DRAKENSBERG ", "ukhahlamba"] {
        assert_eq!(
            mark(
                QuestionKind::ShortText,
                &short,
                1,
                Some(&AnswerValue::Text(typed.into()))
            ),
            1
        );
    }
    assert_eq!(
        mark(
            QuestionKind::ShortText,
            &short,
            1,
            Some(&AnswerValue::Text("Drakens berg".into()))
        ),
        0
    );
    assert_eq!(
        mark(
            QuestionKind::ShortText,
            &short,
            1,
            Some(&AnswerValue::Text(" ".into()))
        ),
        0
    );
}

#[test]
fn marking_again_gives_the_same_scores_and_follows_a_corrected_key() {
    let mut first = content(&["a", "b"], &["a"]);
    let second = content(&["a", "b"], &["b"]);
    let answers = BTreeMap::from([
        (QuestionId::new(1), choices(&["a"])),
        (QuestionId::new(2), choices(&["b"])),
    ]);
    let marked = |c1: &QuestionContent| {
        mark_attempt(
            &[
                MarkedQuestion {
                    id: QuestionId::new(1),
                    module_id: 10,
                    kind: QuestionKind::SingleChoice,
                    content: c1,
                    marks: 2,
                },
                MarkedQuestion {
                    id: QuestionId::new(2),
                    module_id: 11,
                    kind: QuestionKind::SingleChoice,
                    content: &second,
                    marks: 3,
                },
            ],
            &answers,
        )
    };
    let (per_question, scores) = marked(&first);
    assert_eq!(
        per_question,
        BTreeMap::from([(QuestionId::new(1), 2), (QuestionId::new(2), 3)])
    );
    assert_eq!(scores.total, 5);
    assert_eq!(scores.modules, BTreeMap::from([(10, 2), (11, 3)]));
    assert_eq!(marked(&first), (per_question, scores), "the same again");
    first.correct = vec!["b".into()];
    assert_eq!(
        marked(&first).1.total,
        3,
        "a corrected key changes the marks"
    );
}

#[test]
fn answers_must_fit_their_question() {
    let single = content(&["a", "b"], &["a"]);
    assert_eq!(
        answer_problem(QuestionKind::SingleChoice, &single, &choices(&["a"])),
        None
    );
    assert_eq!(
        answer_problem(QuestionKind::SingleChoice, &single, &choices(&[])),
        None
    );
    assert!(answer_problem(QuestionKind::SingleChoice, &single, &choices(&["a", "b"])).is_some());
    assert!(answer_problem(QuestionKind::MultipleChoice, &single, &choices(&["a", "a"])).is_some());
    assert!(answer_problem(QuestionKind::SingleChoice, &single, &choices(&["z"])).is_some());
    assert!(answer_problem(
        QuestionKind::SingleChoice,
        &single,
        &AnswerValue::Text("a".into())
    )
    .is_some());
    assert_eq!(
        answer_problem(QuestionKind::TrueFalse, &single, &choices(&["true"])),
        None
    );
    assert!(answer_problem(QuestionKind::Numeric, &single, &choices(&["a"])).is_some());
    assert!(answer_problem(
        QuestionKind::ShortText,
        &single,
        &AnswerValue::Text("x".repeat(501))
    )
    .is_some());
}

fn outline() -> Vec<ModuleOutline> {
    vec![
        ModuleOutline {
            module_id: 1,
            questions: (1..=8)
                .map(|q| {
                    (
                        QuestionId::new(q),
                        vec!["a".into(), "b".into(), "c".into(), "d".into()],
                    )
                })
                .collect(),
        },
        ModuleOutline {
            module_id: 2,
            questions: (9..=12).map(|q| (QuestionId::new(q), Vec::new())).collect(),
        },
    ]
}

#[test]
fn the_order_is_fixed_by_the_seed_and_shuffled_only_when_asked() {
    let plain = paper_order(&outline(), false, false, 7);
    let ids: Vec<i64> = plain.modules[0]
        .questions
        .iter()
        .map(|q| q.question_id.get())
        .collect();
    assert_eq!(ids, (1..=8).collect::<Vec<_>>());
    assert_eq!(plain.modules[0].questions[0].options, ["a", "b", "c", "d"]);

    let shuffled = paper_order(&outline(), true, true, 7);
    assert_eq!(
        shuffled,
        paper_order(&outline(), true, true, 7),
        "same seed, same order"
    );
    assert_ne!(shuffled, paper_order(&outline(), true, true, 8));
    let mut ids: Vec<i64> = shuffled.modules[0]
        .questions
        .iter()
        .map(|q| q.question_id.get())
        .collect();
    assert_ne!(ids, (1..=8).collect::<Vec<_>>());
    ids.sort_unstable();
    assert_eq!(ids, (1..=8).collect::<Vec<_>>(), "every question once");
    assert_eq!(shuffled.modules[1].module_id, 2, "modules keep their order");
    assert_eq!(shuffled.question_count(), 12);
}

#[test]
fn a_changed_paper_keeps_what_the_learner_has_seen_in_place() {
    let fixed = paper_order(&outline(), true, true, 3);
    let mut changed = outline();
    changed[0].questions.retain(|(id, _)| id.get() != 4);
    changed[0]
        .questions
        .push((QuestionId::new(20), vec!["a".into(), "b".into()]));
    changed.push(ModuleOutline {
        module_id: 3,
        questions: vec![(QuestionId::new(30), Vec::new())],
    });
    let now = fixed.reconciled(&changed);
    let before: Vec<i64> = fixed.modules[0]
        .questions
        .iter()
        .map(|q| q.question_id.get())
        .filter(|id| *id != 4)
        .collect();
    let after: Vec<i64> = now.modules[0]
        .questions
        .iter()
        .map(|q| q.question_id.get())
        .collect();
    assert_eq!(after[..7], before[..]);
    assert_eq!(after[7], 20);
    assert_eq!(now.modules[2].module_id, 3);
    assert_eq!(now.question_count(), 13);
}
