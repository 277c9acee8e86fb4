//! The public sites: the product suite's, each project's, and the pages anyone may open.

use super::*;

pub const PUBLIC: &[Screen] = &[
    public("productHome", "Home", &["/{product}/home"]).calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/projects",
        "GET /api/testimonial/site",
    ]),
    public("productAbout", "About", &["/{product}/about"]).calls(&["GET /api/website/copy/{id}"]),
    public(
        "productPartners",
        "Our Partners",
        &["/{product}/our-partners"],
    )
    .calls(&["GET /api/website/copy/{id}"]),
    public("productFaq", "FAQ", &["/{product}/faq"]).calls(&["GET /api/faq"]),
    public("productContact", "Contact", &["/{product}/contact"]).calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/projects",
        "POST /api/website/other-interest",
    ]),
    public("productUsers", "Our Users", &["/{product}/our-users"])
        .calls(&["GET /api/website/copy/{id}"]),
    // Public project sites
    public(
        "projectHome",
        "Home",
        &["/:projectName", "/:projectName/home"],
    )
    .calls(&["GET /api/{product}-suite/projects"]),
    public("myTutor", "MyTutor", &["/:projectName/mytutor"]).calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/projects",
        "POST /api/website/other-interest",
    ]),
    public(
        "expressInterest",
        "Express Interest",
        &["/:projectName/express-interest"],
    )
    .calls(&[
        "GET /api/{product}-suite/projects",
        "POST /api/interest",
        "POST /api/teacher/expression",
    ]),
    public("topResults", "Top Results", &["/:projectName/top-results"])
        .calls(&["GET /api/results/top-results/{project}"]),
    public("projectAbout", "About", &["/:projectName/about"])
        .calls(&["GET /api/website/copy/{id}"]),
    public(
        "participationAndRules",
        "Participation and Rules",
        &["/:projectName/participation-and-rules"],
    )
    .calls(&["GET /api/website/copy/{id}"]),
    public(
        "pastOlympiads",
        "Past Olympiads",
        &["/:projectName/past-olympiads"],
    )
    .calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/project/{id}",
    ]),
    public(
        "pastWinners",
        "Past Winners",
        &["/:projectName/past-winners"],
    )
    .calls(&["GET /api/results/past-winners/{project}"]),
    public("projectContact", "Contact", &["/:projectName/contact"]).calls(&[
        "GET /api/website/copy/{id}",
        "POST /api/website/other-interest",
    ]),
    public("projectFaq", "FAQ", &["/:projectName/faq"]).calls(&["GET /api/faq"]),
    // Other public pages
    screen(
        "maintenance",
        "Maintenance",
        App::Public,
        Layout::Plain,
        &["/maintenance"],
        Access::Public,
        NOBODY,
    )
    .calls(&["GET /api/system-config", "GET /api/website/copy/{id}"]),
    public("verifyEmail", "Verify E-mail", &["/verify-email/:uuid"])
        .calls(&["POST /api/website/verify-email/{id}"]),
    public(
        "unsubscribe",
        "Unsubscribe",
        &["/:olympiadName/unsubscribe/:ref?", "/unsubscribe/:ref?"],
    )
    .calls(&[
        "GET /api/unsubscribe/{id}",
        "POST /api/unsubscribe",
        "POST /api/unsubscribe/resubscribe",
    ]),
    public("watch", "Watch", &["/"]).calls(&["GET /api/{product}-suite/projects"]),
    public("myTutorLanding", "MyTutor", &["/mytutor"]).calls(&[
        "GET /api/website/copy/{id}",
        "GET /api/{product}-suite/projects",
    ]),
    public(
        "emailValidation",
        "E-mail Validation",
        &["/email-validation-page"],
    )
    .calls(&["GET /api/emailer/email-health"]),
    public("notFound", "Page Not Found", &["*"]),
];
