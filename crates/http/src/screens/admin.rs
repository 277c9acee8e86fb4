//! The admin app's screens: an olympiad's staff, under `/:olympiadName`.

use super::*;

pub const ADMIN: &[Screen] = &[
    admin(
        "paymentPortal",
        "Payment Portal",
        &[
            "/:olympiadName/finance/payments",
            "/:olympiadName/funding/payments",
        ],
        ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/purchase-order"])
    .offers(&[
        "PUT /api/purchase-order/{id}",
        "DELETE /api/purchase-order/admin/{id}",
        "PUT /api/purchase-order/set-school-po/{id}",
        "PUT /api/purchase-order/set-num-learners-discount/{id}",
        "PUT /api/purchase-order/send-discount-email/{id}",
        "GET /api/purchase-order/{id}/invoice",
        "POST /api/purchase-order/{id}/invoice",
        "POST /api/purchase-order/reconcile/preview",
        "POST /api/purchase-order/reconcile/confirm",
        "GET /api/purchase-order/{id}",
        "GET /api/purchase-order/{id}/proof/{proofId}",
        "PUT /api/purchase-order/{id}/proof/{proofId}/accept",
        "PUT /api/purchase-order/set-sponsored/{id}",
    ]),
    admin(
        "paymentsDashboard",
        "Payments Dashboard",
        &["/:olympiadName/admin/payments"],
        ADMIN_ONLY,
    )
    .calls(&["GET /api/purchase-order/dashboard"])
    .offers(&["PUT /api/purchase-order/fees"]),
    admin(
        "interestedAndAffectedParties",
        "Interested and Affected Parties",
        &[
            "/:olympiadName/admin/edit/interested-and-affected-parties",
            "/:olympiadName/funding/edit/interested-and-affected-parties",
        ],
        ADMIN_FUNDING,
    )
    .calls(&[
        "GET /api/useful-contact",
        "POST /api/useful-contact",
        "PUT /api/useful-contact/{id}",
        "DELETE /api/useful-contact/{id}",
    ]),
    admin(
        "participatingLearners",
        "Participating Learners",
        &["/:olympiadName/admin/edit/participating-learners"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/participant",
        "PUT /api/participant/{id}",
        "DELETE /api/participant/{id}",
        "PUT /api/auth/set-learner-passwords/{id}",
        "POST /api/participant/login-slips",
    ]),
    admin(
        "generalCopy",
        "General Copy",
        &["/:olympiadName/admin/edit/general-copy"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/copy",
        "PUT /api/copy",
        "POST /api/website-copy/preview",
    ]),
    admin(
        "schools",
        "Schools",
        &[
            "/:olympiadName/admin/edit/schools",
            "/:olympiadName/finance/edit/schools",
            "/:olympiadName/funding/edit/schools",
            "/:olympiadName/marketing/edit/schools",
        ],
        ADMIN_ACCOUNTANT_FUNDING_MARKETING,
    )
    .calls(&["GET /api/school"])
    .offers(&[
        "POST /api/school",
        "PUT /api/school/{id}",
        "POST /api/school-participant",
    ]),
    teachers(
        "participatingTeachers",
        "Teachers",
        &[
            "/:olympiadName/admin/edit/participating-teachers",
            "/:olympiadName/finance/edit/participating-teachers",
            "/:olympiadName/funding/edit/participating-teachers",
        ],
        false,
    ),
    teachers(
        "allTeachers",
        "All Teachers",
        &[
            "/:olympiadName/admin/edit/all-teachers",
            "/:olympiadName/finance/edit/all-teachers",
            "/:olympiadName/funding/edit/all-teachers",
        ],
        true,
    ),
    admin(
        "teamAdmins",
        "Team Admins",
        &[
            "/:olympiadName/funding/edit/team-admins",
            "/:olympiadName/admin/edit/team-admins",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/teacher"])
    .offers(&["PUT /api/teacher/{id}", "GET /api/school"]),
    admin(
        "learners",
        "Learners",
        &["/:olympiadName/admin/edit/learners"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/learner",
        "PUT /api/learner/{id}",
        "DELETE /api/learner/{id}",
    ]),
    admin(
        "questionModules",
        "Question Modules",
        &["/:olympiadName/admin/edit/question-modules"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/olympiad",
        "GET /api/question-module",
        "POST /api/question-module",
        "PUT /api/question-module/{id}",
        "DELETE /api/question-module/{id}",
        "POST /api/question-module/reorder",
        "GET /api/olympiad/{id}/question-bank",
        "POST /api/olympiad/{id}/question-bank",
        "POST /api/olympiad/{id}/question-bank/csv",
    ]),
    admin(
        "massMailers",
        "Mass Mailers",
        &[
            "/:olympiadName/admin/edit/mass-mailers",
            "/:olympiadName/funding/edit/mass-mailers",
        ],
        ADMIN_FUNDING,
    )
    .calls(MASS_MAIL_CALLS),
    admin(
        "questions",
        "Questions",
        &["/:olympiadName/admin/edit/questions"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/olympiad",
        "GET /api/question-module",
        "GET /api/question",
        "POST /api/question",
        "PUT /api/question/{id}",
        "DELETE /api/question/{id}",
        "POST /api/question/{id}/duplicate",
        "POST /api/question/reorder",
        "GET /api/attachment",
        "GET /api/attachment/{id}",
        "POST /api/attachment/upload",
    ]),
    admin(
        "systemEmails",
        "System Emails",
        &["/:olympiadName/admin/edit/system-emails"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/emailer",
        "PUT /api/emailer/{kind}",
        "DELETE /api/emailer/{kind}",
        "POST /api/emailer/{kind}/preview",
    ]),
    admin(
        "participatingSchools",
        "Participating Schools",
        &[
            "/:olympiadName/admin/edit/participating-schools",
            "/:olympiadName/finance/edit/participating-schools",
            "/:olympiadName/funding/edit/participating-schools",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/school-participant"])
    .offers(&[
        "POST /api/school-participant",
        "PUT /api/school-participant/{id}",
        "DELETE /api/school-participant/{id}",
        "GET /api/school",
        "GET /api/team-member",
        "POST /api/team-member",
        "PUT /api/team-member/{id}",
        "DELETE /api/team-member/{id}",
    ]),
    admin(
        "participatingCountries",
        "Participating Countries",
        &["/:olympiadName/admin/edit/participating-countries"],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/igeo-country-participant"])
    .offers(&[
        "PUT /api/igeo-country-participant/{id}",
        "DELETE /api/igeo-country-participant/{id}",
    ]),
    admin(
        "countries",
        "Countries",
        &["/:olympiadName/admin/edit/countries"],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&["GET /api/igeo-country"])
    .offers(&[
        "POST /api/igeo-country",
        "PUT /api/igeo-country/{id}",
        "DELETE /api/igeo-country/{id}",
        "POST /api/igeo-country-participant",
    ]),
    admin(
        "websiteCopy",
        "Website Copy",
        &["/:olympiadName/admin/edit/website-copy"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/website-copy/olympiad",
        "POST /api/site-copy",
        "POST /api/website-copy/preview",
    ]),
    admin(
        "fileManager",
        "File Manager",
        &["/:olympiadName/admin/file-attachments"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/attachment",
        "GET /api/attachment/{id}",
        "POST /api/attachment/upload",
        "POST /api/attachment/{id}/update-filename",
        "DELETE /api/attachment/{id}",
        "POST /api/olympiad/modules/{id}",
    ]),
    admin(
        "settingsAndActions",
        "Settings and Actions",
        &["/:olympiadName/admin/settings-and-actions"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/olympiad",
        "PUT /api/olympiad/{id}",
        "GET /api/olympiad/set-olympiad-open/{query}",
        "POST /api/olympiad/set-pinned",
        "GET /api/olympiad/verify/{id}",
        "GET /api/participant/reset/{id}",
        "GET /api/{product}-suite/projects",
        // The lobby: staggered start windows
        "GET /api/olympiad/{id}/start-windows",
        "PUT /api/olympiad/{id}/start-windows",
    ]),
    admin(
        "emailLogs",
        "Email Logs",
        &["/:olympiadName/admin/reports/email-logs"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/email-logs/{olympiadId}/{toShow}",
        "GET /api/email-logs/search/{term}",
        "GET /api/emailer/email-health",
        "POST /api/emailer/override-email-health",
    ]),
    admin(
        "unsubscribes",
        "Unsubscribes",
        &[
            "/:olympiadName/admin/reports/unsubscribes",
            "/:olympiadName/funding/reports/unsubscribes",
        ],
        ADMIN_FUNDING,
    )
    .calls(&[
        "GET /api/unsubscribe",
        "POST /api/unsubscribe",
        "POST /api/unsubscribe/resubscribe",
    ]),
    admin(
        "verifyQuestions",
        "Verify Questions",
        &["/:olympiadName/admin/reports/verify-questions"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/olympiad/verify/{id}",
        "POST /api/olympiad/modules/{id}",
    ]),
    admin(
        "overview",
        "Overview",
        &["/:olympiadName/admin/reports/overview"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/reports/olympiad/start-times",
        "POST /api/reports/olympiad/overview/{id}",
        "POST /api/reports/olympiad/graph-data/{id}",
        "POST /api/reports/olympiad/questions-by-difficulty/{id}",
    ])
    .shows(SITTING_MONITOR_CALLS),
    admin(
        "expressionsOfInterest",
        "Expressions of Interest",
        &[
            "/:olympiadName/admin/eoi",
            "/:olympiadName/finance/eoi",
            "/:olympiadName/funding/eoi",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    )
    .calls(&[
        "GET /api/interest/expression-of-interest",
        "GET /api/interest/expression-of-interest/possible-matches",
        "POST /api/interest/expression-of-interest/{id}/process",
        "POST /api/interest/expression-of-interest/{id}/decline",
        "DELETE /api/interest/{id}",
    ]),
    admin(
        "resultsModeration",
        "Results moderation",
        &["/:olympiadName/admin/results/moderation"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/results/moderation",
        "GET /api/results",
        // Results: answers written on paper
        "GET /api/school-participant",
        "GET /api/results/paper/sheets",
        // Results: appeals
        "GET /api/results/appeals",
        // Results: the paper answers spreadsheet to fill in
        "GET /api/results/paper/template",
    ])
    .offers(&[
        "POST /api/results/adjust",
        "POST /api/results/disqualify",
        "POST /api/results/remark",
        "POST /api/results/state",
        "PUT /api/results/bands",
        // Results: answers written on paper
        "POST /api/results/paper/preview",
        "POST /api/results/paper/import",
        // Results: appeals
        "POST /api/results/appeals/{id}/decide",
    ]),
    admin(
        "editCertificates",
        "Edit certificates",
        &["/:olympiadName/admin/results/edit-certificates"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/certificate/config/{id}",
        // Certificates: the PDF preview, of a sample learner or a chosen one
        "GET /api/certificate/moderated",
        "POST /api/certificate/preview/{id}",
    ])
    .offers(&[
        "POST /api/certificate/config/{id}",
        // Certificates: pictures
        "POST /api/certificate/image/{id}",
    ]),
    admin(
        "viewResults",
        "View results",
        &["/:olympiadName/admin/results/view"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/results",
        "GET /api/results/moderation",
        "GET /api/reports/olympiad/top-school-calcs/{id}",
    ]),
    admin(
        "browseCertificates",
        "Browse certificates",
        &["/:olympiadName/admin/results/browse-certificates"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/certificate/moderated",
        "GET /api/certificate/list/{id}",
        "GET /api/certificate/download",
    ]),
    admin(
        "sendCertificates",
        "Send Certificates",
        &["/:olympiadName/admin/results/generate-and-send-certificates"],
        ADMIN_ONLY,
    )
    .calls(&[
        "GET /api/certificate/generation-status",
        "GET /api/certificate/send-status",
        "GET /api/certificate/list/{id}",
        "GET /api/certificate/download",
    ])
    .offers(&[
        "POST /api/certificate/generate",
        "POST /api/certificate/send",
        "POST /api/certificate/pause",
        "GET /api/certificates/regenerate-and-send-to-school",
    ]),
];
