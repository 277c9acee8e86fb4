//! The super-administrator's screens, under `/overlord/`.

use super::*;

pub const OVERLORD: &[Screen] = &[
    overlord("allSchools", "All Schools", &["/overlord/edit/schools"]).calls(&[
        "GET /api/school",
        "POST /api/school",
        "PUT /api/school/{id}",
        "DELETE /api/school/{id}",
    ]),
    overlord(
        "learnerLogins",
        "Learner Logins",
        &["/overlord/learner-login-activity"],
    )
    .calls(&["GET /api/reports/learner-logins", "GET /api/olympiad/all"]),
    with_props(
        overlord(
            "mergeSchools",
            "Merge Schools",
            &["/overlord/merge-schools"],
        ),
        Props::Mode("schools"),
    )
    .calls(&[
        "GET /api/school",
        "GET /api/school/merge-preview",
        "POST /api/school/merge",
    ]),
    with_props(
        overlord(
            "mergeCountries",
            "Merge Countries",
            &["/overlord/merge-countries"],
        ),
        Props::Mode("countries"),
    )
    .calls(&[
        "GET /api/igeo-country",
        "GET /api/igeo-country/merge-preview",
        "POST /api/igeo-country/merge",
    ]),
    overlord(
        "schoolEmailsOverview",
        "School Emails Overview",
        &["/overlord/school-emails-overview"],
    )
    .calls(&["GET /api/school-emails-overview"]),
    overlord("campaigns", "Campaigns", &["/overlord/campaigns"]).calls(&[
        "GET /api/campaign",
        "POST /api/campaign",
        "DELETE /api/campaign/{id}",
    ]),
    overlord(
        "nonTeacherInterest",
        "Non-Teacher Interest",
        &["/overlord/learner-parent-interest"],
    )
    .calls(&[
        "GET /api/interest/expression-of-interest",
        "DELETE /api/interest/{id}",
        "GET /api/olympiad/all",
    ]),
    overlord(
        "olympiadNotes",
        "Olympiad Notes",
        &["/overlord/notes/before-olympiad"],
    )
    .calls(&["GET /api/note/{topic}", "PUT /api/note/{topic}"]),
    overlord(
        "commonIssues",
        "Common Issues",
        &["/overlord/notes/common-issues"],
    )
    .calls(&["GET /api/note/{topic}", "PUT /api/note/{topic}"]),
    overlord(
        "overlordOverview",
        "Overlord Overview",
        &["/overlord/overview"],
    )
    .calls(&[
        "POST /api/reports/olympiad/overview",
        "POST /api/reports/olympiad/graph-data/{id}",
    ]),
    overlord(
        "systemConfig",
        "System Config",
        &["/overlord/system-config"],
    )
    .calls(&[
        "GET /api/system-config",
        "PUT /api/system-config",
        "GET /api/privacy/retention",
        "PUT /api/privacy/retention",
    ]),
    overlord(
        "overlordGeneralCopy",
        "General Copy",
        &["/overlord/general-copy"],
    )
    .calls(&[
        "GET /api/copy",
        "PUT /api/copy",
        "POST /api/website-copy/preview",
        "GET /api/website-copy",
        "POST /api/site-copy",
        "GET /api/{product}-suite/projects",
    ]),
    overlord("olympiads", "Olympiads", &["/overlord/edit/olympiads"]).calls(&[
        "GET /api/olympiad/all",
        "POST /api/olympiad",
        "GET /api/olympiad/set-olympiad-open/{query}",
        "POST /api/olympiad/set-pinned",
        "GET /api/{product}-suite/projects",
    ]),
    overlord(
        "termsAndConditions",
        "Terms and Conditions",
        &["/overlord/edit/terms-and-conditions"],
    )
    .calls(&[
        "GET /api/copy",
        "PUT /api/copy",
        "POST /api/website-copy/preview",
    ]),
    overlord("search", "Search", &["/overlord/search"]).calls(&[
        "GET /api/search",
        "GET /api/scratchpad/local-teacher-password-reset",
    ]),
    overlord(
        "appLogViewer",
        "App Log Viewer",
        &["/overlord/app-log-viewer"],
    )
    .calls(&["GET /api/app-log/all", "GET /api/app-log/keys"]),
    overlord(
        "activityLogs",
        "Activity Logs",
        &["/overlord/activity-logs"],
    )
    .calls(&["GET /api/activity-log", "GET /api/user/get-basic-list"]),
    overlord("sanityLogs", "Sanity Logs", &["/overlord/sanity-logs"])
        .calls(&["GET /api/sanity-log", "POST /api/sanity-log/run"]),
    overlord(
        "overlordUnsubscribes",
        // The admin's screen is "Unsubscribes" (one olympiad's); this one holds every olympiad's.
        "All Unsubscribes",
        &["/overlord/unsubscribes"],
    )
    .calls(&[
        "GET /api/unsubscribe",
        "POST /api/unsubscribe",
        "POST /api/unsubscribe/resubscribe",
    ]),
    overlord("bounces", "Bounces", &["/overlord/bounces"])
        .calls(&["GET /api/bounce", "DELETE /api/bounce"]),
    overlord(
        "massMailQueue",
        "Mass Mail Queue",
        &["/overlord/mass-mail-queue"],
    )
    .calls(&[
        "GET /api/queued-email",
        "GET /api/queued-email/unsent",
        "GET /api/queued-email/search/{term}",
        "GET /api/queued-email/{id}",
        "POST /api/queued-email/release/{id}",
        "POST /api/queued-email/release-batch",
        "GET /api/mass-mail",
    ]),
    overlord(
        "massMailSummary",
        "Mass Mail Summary",
        &["/overlord/mass-mail-summary"],
    )
    .calls(&["GET /api/mass-mail"]),
    overlord(
        "overlordFileAttachments",
        "File Attachments",
        &["/overlord/file-attachments"],
    )
    .calls(&[
        "GET /api/attachment",
        "GET /api/attachment/{id}",
        "POST /api/attachment/{id}/update-filename",
        "DELETE /api/attachment/{id}",
        "GET /api/{product}-suite/projects",
    ]),
    overlord("uploads", "Uploads", &["/overlord/uploads"]).calls(&[
        "GET /api/upload",
        "GET /api/upload/{id}",
        "DELETE /api/upload/delete/{id}",
    ]),
    overlord("emailCopy", "Email Copy", &["/overlord/edit/email-copy"]).calls(&[
        "GET /api/emailer",
        "PUT /api/emailer/{kind}",
        "DELETE /api/emailer/{kind}",
        "POST /api/emailer/{kind}/preview",
    ]),
    overlord(
        "overlordEmailLogs",
        "All Email Logs",
        &["/overlord/email-logs"],
    )
    .calls(&[
        "GET /api/email-logs/{olympiadId}/{toShow}",
        "GET /api/email-logs/search/{term}",
        "GET /api/emailer/email-health",
        "POST /api/emailer/override-email-health",
    ]),
    overlord("accounts", "Accounts", &["/overlord/edit/accounts"]).calls(&[
        "GET /api/user",
        "POST /api/account",
        "POST /api/account/{id}/disable",
        "POST /api/account/{id}/enable",
        "GET /api/user/impersonate",
        "GET /api/olympiad/all",
    ]),
    overlord("faqs", "FAQs", &["/overlord/edit/faqs"]).calls(&[
        "GET /api/faq",
        "POST /api/faq",
        "PUT /api/faq/{id}",
        "DELETE /api/faq/{id}",
        "GET /api/{product}-suite/projects",
    ]),
    overlord(
        "testimonials",
        "Testimonials",
        &["/overlord/edit/testimonials"],
    )
    .calls(&[
        "GET /api/testimonial",
        "POST /api/testimonial",
        "PUT /api/testimonial/{id}",
        "DELETE /api/testimonial/{id}",
        "GET /api/{product}-suite/projects",
    ]),
    overlord(
        "productProjects",
        "Projects",
        &["/overlord/edit/{product}-projects"],
    )
    .calls(&[
        "GET /api/{product}-project",
        "PUT /api/{product}-project/{id}",
        "POST /api/{product}-project",
    ]),
    overlord(
        "productSubProjects",
        "Sub Projects",
        &["/overlord/edit/{product}-sub-projects"],
    )
    .calls(&[
        "GET /api/{product}-sub-project",
        "POST /api/{product}-sub-project",
        "PUT /api/{product}-sub-project/{id}",
        "GET /api/{product}-project",
    ]),
    overlord("users", "Users", &["/overlord/edit/users"]).calls(&[
        "GET /api/user",
        "GET /api/user/impersonate",
        "POST /api/user",
        "PUT /api/user/{id}",
        "POST /api/user/{id}/disable",
        "POST /api/user/{id}/enable",
        "POST /api/user/{id}/reset-two-factor",
        "GET /api/olympiad/all",
    ]),
    // The same screen as an olympiad's Mass Mailers, which only here lists the campaigns a mail
    // may be put in (offered, as only the overlord may read them).
    overlord("massMails", "Mass Mails", &["/overlord/edit/mass-mails"])
        .calls(MASS_MAIL_CALLS)
        .offers(&["GET /api/campaign"]),
    overlord("tasks", "Tasks", &["/overlord/tasks"])
        .calls(&["GET /api/task", "POST /api/task/{id}/retry"]),
    overlord(
        "shunnedEmails",
        "Shunned Emails",
        &["/overlord/shunned-emails"],
    )
    .calls(&[
        "GET /api/shunned-email",
        "DELETE /api/shunned-email/{id}",
        "GET /api/emailer/email-health",
    ]),
    // Privacy (POPIA): a learner's or a user's data exported or erased on request
    overlord("privacy", "Privacy", &["/overlord/privacy"]).calls(&[
        "GET /api/search",
        "GET /api/privacy/learner/{id}/export",
        "GET /api/privacy/user/{id}/export",
        "POST /api/privacy/learner/{id}/erase",
        "POST /api/privacy/user/{id}/erase",
    ]),
];
