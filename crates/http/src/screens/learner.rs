//! The learner's sitting, under `/:olympiadName/olympiad/`.

use super::*;

pub const LEARNER: &[Screen] = &[
    learner(
        "instructions",
        "Instructions",
        &["/:olympiadName/olympiad/instructions"],
    )
    .calls(&["GET /api/sitting", "POST /api/sitting/recover"]),
    learner(
        "declaration",
        "No Cheating Declaration",
        &["/:olympiadName/olympiad/declaration"],
    )
    .calls(&["GET /api/sitting", "POST /api/sitting/declaration"]),
    learner(
        "recoveryPin",
        "Recovery Code",
        &["/:olympiadName/olympiad/recovery-pin"],
    )
    .calls(&["GET /api/sitting", "POST /api/sitting/recovery-code"]),
    learner(
        "learnerDetails",
        "Update Details",
        &["/:olympiadName/olympiad/learner-details"],
    )
    .calls(&[
        "GET /api/sitting",
        "PUT /api/sitting/details",
        "POST /api/sitting/start",
        // The lobby
        "GET /api/sitting/lobby",
        "GET /api/sitting/lobby/paper",
        "POST /api/sitting/lobby/start",
    ]),
    learner(
        "olympiadQuestion",
        "Olympiad",
        &["/:olympiadName/olympiad/:moduleIndex/:questionIndex"],
    )
    .calls(&[
        "GET /api/sitting",
        "GET /api/sitting/paper",
        "GET /api/attachment/{id}",
        "POST /api/sitting/answers",
        "POST /api/participant-tracker",
        "POST /api/sitting/finish",
    ]),
    screen(
        "finished",
        "Finished",
        App::Portal,
        Layout::Learner,
        &["/:olympiadName/olympiad/finished"],
        Access::AnyUser,
        NOBODY,
    )
    .offers(&["GET /api/sitting"]),
];
