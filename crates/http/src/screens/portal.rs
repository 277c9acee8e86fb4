//! The teacher portal, its payment page, and signing in.

use super::*;

pub const PORTAL: &[Screen] = &[
    portal("portalHome", "My Olympiads", &["/portal"]).calls(&[
        "GET /api/school-participant",
        "POST /api/school-participant",
        "GET /api/teacher/profile",
        "GET /api/{product}-suite/projects",
    ]),
    portal("portalFaq", "FAQ", &["/portal/faq"]).calls(&["GET /api/faq"]),
    portal("myProfile", "My Profile", &["/portal/my-profile"])
        .calls(&["GET /api/teacher/profile", "PUT /api/teacher/profile"]),
    portal(
        "updatePassword",
        "Update Password",
        &["/portal/update-password"],
    )
    .calls(&["PUT /api/auth/set-password"]),
    portal("portalOlympiad", "Olympiad", &["/portal/:olympiadName"])
        .calls(&["GET /api/school/single"])
        .shows(SITTING_MONITOR_CALLS),
    portal(
        "portalCertificates",
        "Certificates",
        &["/portal/:olympiadName/certificates"],
    )
    .calls(&[
        "GET /api/school/single",
        "GET /api/results/school",
        "GET /api/certificate/download",
        // Results: answers written on paper, and appeals
        "GET /api/results/paper/sheets",
        "GET /api/results/appeals/school",
    ])
    .offers(&["POST /api/results/appeals"]),
    portal(
        "portalInvoices",
        "Invoices",
        &["/portal/:olympiadName/invoices"],
    )
    .calls(&[
        "GET /api/school/single",
        "GET /api/purchase-order",
        "GET /api/purchase-order/{id}/invoice",
        "GET /api/purchase-order/my-countries",
    ])
    .offers(&[
        "POST /api/purchase-order",
        "POST /api/purchase-order/{id}/invoice",
        "PUT /api/purchase-order/set-school-po/{id}",
        "POST /api/purchase-order/{id}/proof",
        "DELETE /api/purchase-order/{id}",
    ]),
    portal(
        "loadLearners",
        "Load Learners",
        &["/portal/:olympiadName/load-learners"],
    )
    .calls(&[
        "GET /api/school/single",
        "GET /api/learner/template",
        "POST /api/learner/import/preview",
        "POST /api/learner/import",
        "GET /api/participant",
        "DELETE /api/participant/{id}",
        // A learner corrected or added by hand
        "GET /api/learner/{id}/correction",
        "PUT /api/learner/{id}",
        "POST /api/learner",
        "PUT /api/auth/set-learner-passwords/{id}",
        "POST /api/participant/login-slips",
    ]),
    portal("portalOlympiadFaq", "FAQ", &["/portal/:olympiadName/faq"])
        .calls(&["GET /api/faq", "GET /api/website/olympiad/{id}"]),
    portal("portalSchool", "School", &["/portal/:olympiadName/school"])
        .calls(&["GET /api/school/single", "PUT /api/school/single"]),
    portal("portalTeam", "Team", &["/portal/:olympiadName/team"]).calls(&[
        "GET /api/school/single",
        "GET /api/team-member",
        "POST /api/team-member",
        "PUT /api/team-member/{id}",
        "DELETE /api/team-member/{id}",
    ]),
    shadowed(screen(
        "publicLoadLearners",
        "Load Learners",
        App::Portal,
        Layout::Portal,
        &["/portal/:olympiadName/load-learners"],
        Access::Public,
        NOBODY,
    )),
    // Payment
    screen(
        "makePayment",
        "Make Payment",
        App::Portal,
        Layout::Payment,
        &["/portal/pay/:uuid/:state?"],
        Access::Public,
        NOBODY,
    )
    .calls(&["GET /api/pay/{token}", "GET /api/pay/{token}/invoice"]),
    // Sign-in and password reset (portal app)
    screen(
        "login",
        "Login",
        App::Portal,
        Layout::Plain,
        &["/login", "/:olympiadName/login"],
        Access::Public,
        NOBODY,
    )
    .calls(&[
        "POST /api/auth/signin",
        "POST /api/auth/forgot-password/{username}",
        "GET /api/{product}-suite/projects",
    ])
    .offers(&[
        "POST /api/auth/2fa/setup",
        "POST /api/auth/2fa/confirm",
        "POST /api/auth/signout",
    ]),
    screen(
        "resetPassword",
        "Set Password",
        App::Portal,
        Layout::Plain,
        &["/reset-password/:token"],
        Access::Public,
        NOBODY,
    )
    .calls(&["PUT /api/auth/set-password"]),
];
