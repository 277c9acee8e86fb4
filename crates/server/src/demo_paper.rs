//! The demo paper of the `geography` olympiad: three modules of ten questions, every kind of
//! question, in English and Afrikaans, a few with a map. Added once; an olympiad with modules is
//! left as it is.

use chrono::Duration;
use olympiad_domain::paper::{AnswerOption, Language, Localized, QuestionContent, QuestionKind};
use olympiad_domain::rich_text::LocalizedRichText;
use olympiad_office::files::{store_bytes, upload_key};
use olympiad_persistence::models::olympiad::json_of_rich_text;
use olympiad_persistence::models::{
    Attachment, Olympiad, OlympiadSettingsUpdateForm, Question, QuestionForm, QuestionModule,
    QuestionModuleForm, SittingWindow, Upload, UploadInsertForm,
};
use olympiad_persistence::{now, DbConnection};

const MAP_PNG: &[u8] = include_bytes!("../demo/map.png");

fn both(en: &str, af: &str) -> Localized {
    Localized::from([(Language::En, en.to_owned()), (Language::Af, af.to_owned())])
}

/// Rich text in both languages, through the one sanitiser like any other.
fn rich(en: &str, af: &str) -> LocalizedRichText {
    LocalizedRichText::from([(Language::En, en.into()), (Language::Af, af.into())])
}

fn choice(options: &[(&str, &str)]) -> Vec<AnswerOption> {
    options
        .iter()
        .zip(["a", "b", "c", "d"])
        .map(|((en, af), key)| AnswerOption {
            key: key.into(),
            text: rich(en, af),
        })
        .collect()
}

/// One demo question: its kind, stem, options, numeric answer or accepted answers, and whether it
/// shows the map. What is right for the choice kinds stands beside it in the module's list.
struct Demo {
    kind: QuestionKind,
    stem: (&'static str, &'static str),
    options: &'static [(&'static str, &'static str)],
    number: Option<(f64, f64)>,
    accepted: &'static [&'static str],
    with_map: bool,
}

/// A single-choice question; the other kinds change `kind` and add what they need.
const fn single(
    stem: (&'static str, &'static str),
    options: &'static [(&'static str, &'static str)],
) -> Demo {
    Demo {
        kind: QuestionKind::SingleChoice,
        stem,
        options,
        number: None,
        accepted: &[],
        with_map: false,
    }
}

fn content(demo: &Demo, correct: &[&str]) -> QuestionContent {
    QuestionContent {
        stem: rich(
            &format!("<p>{}</p>", demo.stem.0),
            &format!("<p>{}</p>", demo.stem.1),
        ),
        options: choice(demo.options),
        correct: correct.iter().map(|c| (*c).to_owned()).collect(),
        numeric_answer: demo.number.map(|(answer, _)| answer),
        tolerance: demo.number.map(|(_, tolerance)| tolerance),
        accepted_answers: demo.accepted.iter().map(|a| (*a).to_owned()).collect(),
        explanation: LocalizedRichText::new(),
    }
}

type Module = (
    (&'static str, &'static str),
    &'static [(Demo, &'static [&'static str])],
);

const MAPS: Module = (
    ("Maps and the globe", "Kaarte en die aardbol"),
    &[
        (
            Demo {
                with_map: true,
                ..single(
                    (
                        "On the map, which colour shows the sea?",
                        "Watter kleur wys die see op die kaart?",
                    ),
                    &[("Blue", "Blou"), ("Green", "Groen"), ("Brown", "Bruin")],
                )
            },
            &["a"],
        ),
        (
            single(
                ("Lines of latitude run…", "Breedtegraadlyne loop…"),
                &[
                    ("east to west", "oos na wes"),
                    ("north to south", "noord na suid"),
                ],
            ),
            &["a"],
        ),
        (
            single(
                (
                    "The equator is at latitude…",
                    "Die ewenaar lê op breedtegraad…",
                ),
                &[("0°", "0°"), ("90°", "90°"), ("23.5°", "23,5°")],
            ),
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::TrueFalse,
                ..single(
                    (
                        "The prime meridian passes through Greenwich.",
                        "Die nulmeridiaan loop deur Greenwich.",
                    ),
                    &[],
                )
            },
            &["true"],
        ),
        (
            Demo {
                kind: QuestionKind::Numeric,
                number: Some((180.0, 0.0)),
                ..single(
                    (
                        "How many degrees of longitude lie east of the prime meridian?",
                        "Hoeveel lengtegrade lê oos van die nulmeridiaan?",
                    ),
                    &[],
                )
            },
            &[],
        ),
        (
            single(
                (
                    "A scale of 1:50 000 means 1 cm on the map is…",
                    "'n Skaal van 1:50 000 beteken 1 cm op die kaart is…",
                ),
                &[("500 m", "500 m"), ("5 km", "5 km"), ("50 m", "50 m")],
            ),
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::MultipleChoice,
                ..single(
                    ("Which are continents?", "Watter is kontinente?"),
                    &[
                        ("Africa", "Afrika"),
                        ("Asia", "Asië"),
                        ("Madagascar", "Madagaskar"),
                        ("Greenland", "Groenland"),
                    ],
                )
            },
            &["a", "b"],
        ),
        (
            Demo {
                kind: QuestionKind::ShortText,
                accepted: &["north", "noord"],
                ..single(
                    (
                        "On most maps, which direction is at the top?",
                        "Watter rigting is bo-aan op die meeste kaarte?",
                    ),
                    &[],
                )
            },
            &[],
        ),
        (
            Demo {
                with_map: true,
                ..single(
                    (
                        "On the map, which part is land?",
                        "Watter deel op die kaart is land?",
                    ),
                    &[
                        ("The oval in the middle", "Die ovaal in die middel"),
                        ("The blue edges", "Die blou rande"),
                    ],
                )
            },
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::TrueFalse,
                ..single(
                    (
                        "Contour lines close together show a gentle slope.",
                        "Kontoerlyne naby mekaar wys 'n geleidelike helling.",
                    ),
                    &[],
                )
            },
            &["false"],
        ),
    ],
);

const SOUTH_AFRICA: Module = (
    ("South Africa", "Suid-Afrika"),
    &[
        (
            single(
                (
                    "Which is the longest river in South Africa?",
                    "Watter is die langste rivier in Suid-Afrika?",
                ),
                &[
                    ("Orange", "Oranje"),
                    ("Limpopo", "Limpopo"),
                    ("Vaal", "Vaal"),
                ],
            ),
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::Numeric,
                number: Some((9.0, 0.0)),
                ..single(
                    (
                        "How many provinces does South Africa have?",
                        "Hoeveel provinsies het Suid-Afrika?",
                    ),
                    &[],
                )
            },
            &[],
        ),
        (
            single(
                (
                    "Which province is the largest by area?",
                    "Watter provinsie is die grootste in oppervlakte?",
                ),
                &[
                    ("Northern Cape", "Noord-Kaap"),
                    ("Gauteng", "Gauteng"),
                    ("Limpopo", "Limpopo"),
                ],
            ),
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::ShortText,
                accepted: &["Pretoria", "Tshwane"],
                ..single(
                    (
                        "Name the administrative capital.",
                        "Noem die administratiewe hoofstad.",
                    ),
                    &[],
                )
            },
            &[],
        ),
        (
            Demo {
                kind: QuestionKind::TrueFalse,
                ..single(
                    (
                        "Lesotho lies entirely inside South Africa.",
                        "Lesotho lê heeltemal binne Suid-Afrika.",
                    ),
                    &[],
                )
            },
            &["true"],
        ),
        (
            single(
                (
                    "The Drakensberg is highest in…",
                    "Die Drakensberg is die hoogste in…",
                ),
                &[
                    ("KwaZulu-Natal and Lesotho", "KwaZulu-Natal en Lesotho"),
                    ("the Western Cape", "die Wes-Kaap"),
                ],
            ),
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::MultipleChoice,
                ..single(
                    (
                        "Which oceans border South Africa?",
                        "Watter oseane grens aan Suid-Afrika?",
                    ),
                    &[
                        ("Atlantic", "Atlanties"),
                        ("Indian", "Indies"),
                        ("Pacific", "Stille"),
                    ],
                )
            },
            &["a", "b"],
        ),
        (
            single(
                ("Table Mountain overlooks…", "Tafelberg kyk uit oor…"),
                &[("Cape Town", "Kaapstad"), ("Durban", "Durban")],
            ),
            &["a"],
        ),
        (
            Demo {
                with_map: true,
                ..single(
                    (
                        "The map's oval has two colours. What could they show?",
                        "Die kaart se ovaal het twee kleure. Wat kan hulle wys?",
                    ),
                    &[
                        ("Two regions", "Twee streke"),
                        ("Two oceans", "Twee oseane"),
                    ],
                )
            },
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::Numeric,
                number: Some((1_220_000.0, 30_000.0)),
                ..single(
                    (
                        "South Africa's area in km², to the nearest 10 000?",
                        "Suid-Afrika se oppervlakte in km², tot die naaste 10 000?",
                    ),
                    &[],
                )
            },
            &[],
        ),
    ],
);

const CLIMATE: Module = (
    ("Climate and people", "Klimaat en mense"),
    &[
        (
            single(
                (
                    "Cape Town gets most of its rain in…",
                    "Kaapstad kry die meeste reën in…",
                ),
                &[("winter", "die winter"), ("summer", "die somer")],
            ),
            &["a"],
        ),
        (
            single(
                (
                    "Which wind brings the berg wind?",
                    "Watter wind bring die bergwind?",
                ),
                &[
                    (
                        "A dry wind from the interior",
                        "'n Droë wind uit die binneland",
                    ),
                    ("A wet sea wind", "'n Nat seewind"),
                ],
            ),
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::TrueFalse,
                ..single(
                    (
                        "Highveld thunderstorms come mostly in the afternoon.",
                        "Hoëveldse donderstorms kom meestal in die middag.",
                    ),
                    &[],
                )
            },
            &["true"],
        ),
        (
            Demo {
                kind: QuestionKind::ShortText,
                accepted: &["drought", "droogte"],
                ..single(
                    (
                        "A long time without rain is called a…",
                        "'n Lang tyd sonder reën word 'n … genoem.",
                    ),
                    &[],
                )
            },
            &[],
        ),
        (
            Demo {
                kind: QuestionKind::MultipleChoice,
                ..single(
                    (
                        "Which help farmers in dry areas?",
                        "Watter help boere in droë gebiede?",
                    ),
                    &[
                        ("Drip irrigation", "Drupbesproeiing"),
                        ("Dams", "Damme"),
                        ("Cutting all trees", "Alle bome afkap"),
                    ],
                )
            },
            &["a", "b"],
        ),
        (
            single(
                (
                    "Most South Africans live in…",
                    "Die meeste Suid-Afrikaners woon in…",
                ),
                &[
                    ("towns and cities", "dorpe en stede"),
                    ("the Karoo", "die Karoo"),
                ],
            ),
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::Numeric,
                number: Some((23.5, 0.5)),
                ..single(
                    (
                        "At what latitude south is the Tropic of Capricorn (degrees)?",
                        "Op watter suiderbreedte lê die Steenbokskeerkring (grade)?",
                    ),
                    &[],
                )
            },
            &[],
        ),
        (
            single(
                ("The Namib is a…", "Die Namib is 'n…"),
                &[("desert", "woestyn"), ("rain forest", "reënwoud")],
            ),
            &["a"],
        ),
        (
            Demo {
                kind: QuestionKind::TrueFalse,
                ..single(
                    (
                        "The Karoo is wetter than KwaZulu-Natal.",
                        "Die Karoo is natter as KwaZulu-Natal.",
                    ),
                    &[],
                )
            },
            &["false"],
        ),
        (
            single(
                (
                    "Which gas do trees take from the air?",
                    "Watter gas neem bome uit die lug op?",
                ),
                &[
                    ("Carbon dioxide", "Koolstofdioksied"),
                    ("Oxygen", "Suurstof"),
                ],
            ),
            &["a"],
        ),
    ],
);

/// Adds the demo paper to the olympiad when it has none, and opens it with a 60-minute sitting.
pub fn seed(
    conn: &mut DbConnection,
    olympiad: &Olympiad,
    files: &olympiad_storage::Storage,
) -> Result<bool, Box<dyn std::error::Error>> {
    if !QuestionModule::for_olympiad(conn, olympiad.id)?.is_empty() {
        return Ok(false);
    }
    let sha256 = store_bytes(files, upload_key, MAP_PNG)?;
    let size = i64::try_from(MAP_PNG.len())?;
    let upload = Upload::ensure(
        conn,
        &UploadInsertForm {
            sha256: &sha256,
            size_bytes: size,
            content_type: "image/png",
            filename: "map.png",
            uploaded_by: None,
        },
    )?;
    let map = Attachment::create(conn, upload.id, Some(olympiad.id), "Demo map.png")?;

    for (title, questions) in [MAPS, SOUTH_AFRICA, CLIMATE] {
        let fields = QuestionModuleForm {
            title: both(title.0, title.1),
            instructions: Default::default(),
            time_limit_minutes: None,
        };
        let module = QuestionModule::create(conn, olympiad.id, &fields)?;
        for (index, (demo, correct)) in questions.iter().enumerate() {
            let fields = QuestionForm {
                kind: demo.kind,
                content: content(demo, correct),
                marks: if demo.kind == QuestionKind::MultipleChoice {
                    2
                } else {
                    1
                },
                difficulty: i32::try_from(index % 5 + 1)?,
                attachment_id: demo.with_map.then_some(map.id),
            };
            Question::create(conn, module.id, &fields)?;
        }
    }

    let changes = OlympiadSettingsUpdateForm {
        title: olympiad.title.clone(),
        year: olympiad.year,
        kind: olympiad.kind,
        duration_minutes: 60,
        grades: "[8,9,10,11,12]".into(),
        languages: r#"["en","af"]"#.into(),
        instructions: json_of_rich_text(&rich(
            "<p>Answer every question. You have 60 minutes. Your answers are saved as you go.</p>",
            "<p>Beantwoord elke vraag. Jy het 60 minute. Jou antwoorde word gestoor terwyl jy werk.</p>",
        )),
        declaration: json_of_rich_text(&rich(
            "<p>I will write this olympiad on my own, without help from anyone or anything.</p>",
            "<p>Ek sal hierdie olimpiade self skryf, sonder hulp van iemand of iets.</p>",
        )),
        shuffle_questions: false,
        shuffle_options: true,
        updated_at: now(),
    };
    Olympiad::update_settings(conn, olympiad.id, &changes)?;
    SittingWindow::replace(
        conn,
        olympiad.id,
        &[(now() - Duration::hours(1), now() + Duration::days(30))],
    )?;
    Olympiad::set_open(conn, olympiad.id, true)?;
    Ok(true)
}
