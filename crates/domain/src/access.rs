//! The access matrix of spec section 6: every screen of the three apps, its paths (aliases included),
//! and who may open it. It is kept here once, as data; the API exports it as JSON and the apps build
//! their route tables from that export, so the two can never disagree.
//!
//! Paths use the router's syntax (`:param`, `:param?` optional). `{product}` stands for the configured
//! product slug (`PRODUCT_SLUG`), which the apps substitute at start.

use crate::role::Role;
use serde::Serialize;

/// Which of the three built apps serves a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum App {
    Admin,
    Portal,
    Public,
}

/// The frame a screen is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    Admin,
    Overlord,
    Portal,
    Learner,
    Public,
    Payment,
    Plain,
}

/// Who may open a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Access {
    /// Anyone, signed in or not.
    Public,
    /// Any signed-in user, whatever the role (the spec: "has no restriction").
    AnyUser,
    /// Only the roles listed.
    Roles,
}

/// A property handed to the screen, for screens that serve two routes in two modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Props {
    All(bool),
    Mode(&'static str),
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Screen {
    pub key: &'static str,
    pub title: &'static str,
    pub app: App,
    pub layout: Layout,
    pub paths: &'static [&'static str],
    pub access: Access,
    pub roles: &'static [Role],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub props: Option<Props>,
    /// Declared by the spec but hidden behind an earlier route with the same path.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub shadowed: bool,
}

impl Screen {
    /// Whether a visitor with `role` (`None`: not signed in) may open this screen.
    pub fn admits(&self, role: Option<Role>) -> bool {
        match (self.access, role) {
            (Access::Public, _) => true,
            (Access::AnyUser, signed_in) => signed_in.is_some(),
            (Access::Roles, Some(role)) => self.roles.contains(&role),
            (Access::Roles, None) => false,
        }
    }
}

use Role::{Accountant, Admin, Funding, Learner, Marketing, Overlord, Teacher};

const ADMIN_ONLY: &[Role] = &[Admin];
const ACCOUNTANT_FUNDING: &[Role] = &[Accountant, Funding];
const ADMIN_FUNDING: &[Role] = &[Admin, Funding];
const ADMIN_ACCOUNTANT_FUNDING: &[Role] = &[Admin, Accountant, Funding];
const ADMIN_ACCOUNTANT_FUNDING_MARKETING: &[Role] = &[Admin, Accountant, Funding, Marketing];
const LEARNER_ONLY: &[Role] = &[Learner];
const TEACHER_ONLY: &[Role] = &[Teacher];
const OVERLORD_ONLY: &[Role] = &[Overlord];
const NOBODY: &[Role] = &[];

const fn screen(
    key: &'static str,
    title: &'static str,
    app: App,
    layout: Layout,
    paths: &'static [&'static str],
    access: Access,
    roles: &'static [Role],
) -> Screen {
    Screen {
        key,
        title,
        app,
        layout,
        paths,
        access,
        roles,
        props: None,
        shadowed: false,
    }
}

const fn admin(
    key: &'static str,
    title: &'static str,
    paths: &'static [&'static str],
    roles: &'static [Role],
) -> Screen {
    screen(
        key,
        title,
        App::Admin,
        Layout::Admin,
        paths,
        Access::Roles,
        roles,
    )
}

const fn overlord(
    key: &'static str,
    title: &'static str,
    paths: &'static [&'static str],
) -> Screen {
    screen(
        key,
        title,
        App::Admin,
        Layout::Overlord,
        paths,
        Access::Roles,
        OVERLORD_ONLY,
    )
}

const fn learner(key: &'static str, title: &'static str, paths: &'static [&'static str]) -> Screen {
    screen(
        key,
        title,
        App::Portal,
        Layout::Learner,
        paths,
        Access::Roles,
        LEARNER_ONLY,
    )
}

const fn portal(key: &'static str, title: &'static str, paths: &'static [&'static str]) -> Screen {
    screen(
        key,
        title,
        App::Portal,
        Layout::Portal,
        paths,
        Access::Roles,
        TEACHER_ONLY,
    )
}

const fn public(key: &'static str, title: &'static str, paths: &'static [&'static str]) -> Screen {
    screen(
        key,
        title,
        App::Public,
        Layout::Public,
        paths,
        Access::Public,
        NOBODY,
    )
}

const fn with_props(mut screen: Screen, props: Props) -> Screen {
    screen.props = Some(props);
    screen
}

const fn shadowed(mut screen: Screen) -> Screen {
    screen.shadowed = true;
    screen
}

/// Every screen of the product, in the order of spec section 2.
pub const SCREENS: &[Screen] = &[
    // Admin layout, prefix /:olympiadName
    admin(
        "paymentPortal",
        "Payment Portal",
        &[
            "/:olympiadName/finance/payments",
            "/:olympiadName/funding/payments",
        ],
        ACCOUNTANT_FUNDING,
    ),
    admin(
        "paymentsDashboard",
        "Payments Dashboard",
        &["/:olympiadName/admin/payments"],
        ADMIN_ONLY,
    ),
    admin(
        "interestedAndAffectedParties",
        "Interested and Affected Parties",
        &[
            "/:olympiadName/admin/edit/interested-and-affected-parties",
            "/:olympiadName/funding/edit/interested-and-affected-parties",
        ],
        ADMIN_FUNDING,
    ),
    admin(
        "participatingLearners",
        "Participating Learners",
        &["/:olympiadName/admin/edit/participating-learners"],
        ADMIN_ONLY,
    ),
    admin(
        "generalCopy",
        "General Copy",
        &["/:olympiadName/admin/edit/general-copy"],
        ADMIN_ONLY,
    ),
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
    ),
    with_props(
        admin(
            "participatingTeachers",
            "Teachers",
            &[
                "/:olympiadName/admin/edit/participating-teachers",
                "/:olympiadName/finance/edit/participating-teachers",
                "/:olympiadName/funding/edit/participating-teachers",
            ],
            ADMIN_ACCOUNTANT_FUNDING,
        ),
        Props::All(false),
    ),
    with_props(
        admin(
            "allTeachers",
            "All Teachers",
            &[
                "/:olympiadName/admin/edit/all-teachers",
                "/:olympiadName/finance/edit/all-teachers",
                "/:olympiadName/funding/edit/all-teachers",
            ],
            ADMIN_ACCOUNTANT_FUNDING,
        ),
        Props::All(true),
    ),
    admin(
        "teamAdmins",
        "Team Admins",
        &[
            "/:olympiadName/funding/edit/team-admins",
            "/:olympiadName/admin/edit/team-admins",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    ),
    admin(
        "learners",
        "Learners",
        &["/:olympiadName/admin/edit/learners"],
        ADMIN_ONLY,
    ),
    admin(
        "questionModules",
        "Question Modules",
        &["/:olympiadName/admin/edit/question-modules"],
        ADMIN_ONLY,
    ),
    admin(
        "massMailers",
        "Mass Mailers",
        &[
            "/:olympiadName/admin/edit/mass-mailers",
            "/:olympiadName/funding/edit/mass-mailers",
        ],
        ADMIN_FUNDING,
    ),
    admin(
        "questions",
        "Questions",
        &["/:olympiadName/admin/edit/questions"],
        ADMIN_ONLY,
    ),
    admin(
        "systemEmails",
        "System Emails",
        &["/:olympiadName/admin/edit/system-emails"],
        ADMIN_ONLY,
    ),
    admin(
        "participatingSchools",
        "Participating Schools",
        &[
            "/:olympiadName/admin/edit/participating-schools",
            "/:olympiadName/finance/edit/participating-schools",
            "/:olympiadName/funding/edit/participating-schools",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    ),
    admin(
        "participatingCountries",
        "Participating Countries",
        &["/:olympiadName/admin/edit/participating-countries"],
        ADMIN_ACCOUNTANT_FUNDING,
    ),
    admin(
        "countries",
        "Countries",
        &["/:olympiadName/admin/edit/countries"],
        ADMIN_ACCOUNTANT_FUNDING,
    ),
    admin(
        "websiteCopy",
        "Website Copy",
        &["/:olympiadName/admin/edit/website-copy"],
        ADMIN_ONLY,
    ),
    admin(
        "fileManager",
        "File Manager",
        &["/:olympiadName/admin/file-attachments"],
        ADMIN_ONLY,
    ),
    admin(
        "settingsAndActions",
        "Settings and Actions",
        &["/:olympiadName/admin/settings-and-actions"],
        ADMIN_ONLY,
    ),
    admin(
        "emailLogs",
        "Email Logs",
        &["/:olympiadName/admin/reports/email-logs"],
        ADMIN_ONLY,
    ),
    admin(
        "unsubscribes",
        "Unsubscribes",
        &[
            "/:olympiadName/admin/reports/unsubscribes",
            "/:olympiadName/funding/reports/unsubscribes",
        ],
        ADMIN_FUNDING,
    ),
    admin(
        "verifyQuestions",
        "Verify Questions",
        &["/:olympiadName/admin/reports/verify-questions"],
        ADMIN_ONLY,
    ),
    admin(
        "overview",
        "Overview",
        &["/:olympiadName/admin/reports/overview"],
        ADMIN_ONLY,
    ),
    admin(
        "expressionsOfInterest",
        "Expressions of Interest",
        &[
            "/:olympiadName/admin/eoi",
            "/:olympiadName/finance/eoi",
            "/:olympiadName/funding/eoi",
        ],
        ADMIN_ACCOUNTANT_FUNDING,
    ),
    admin(
        "resultsModeration",
        "Results moderation",
        &["/:olympiadName/admin/results/moderation"],
        ADMIN_ONLY,
    ),
    admin(
        "editCertificates",
        "Edit certificates",
        &["/:olympiadName/admin/results/edit-certificates"],
        ADMIN_ONLY,
    ),
    admin(
        "viewResults",
        "View results",
        &["/:olympiadName/admin/results/view"],
        ADMIN_ONLY,
    ),
    admin(
        "browseCertificates",
        "Browse certificates",
        &["/:olympiadName/admin/results/browse-certificates"],
        ADMIN_ONLY,
    ),
    admin(
        "sendCertificates",
        "Send Certificates",
        &["/:olympiadName/admin/results/generate-and-send-certificates"],
        ADMIN_ONLY,
    ),
    // Learner olympiad layout, prefix /:olympiadName/olympiad/
    learner(
        "instructions",
        "Instructions",
        &["/:olympiadName/olympiad/instructions"],
    ),
    learner(
        "declaration",
        "No Cheating Declaration",
        &["/:olympiadName/olympiad/declaration"],
    ),
    learner(
        "recoveryPin",
        "Recovery Code",
        &["/:olympiadName/olympiad/recovery-pin"],
    ),
    learner(
        "learnerDetails",
        "Update Details",
        &["/:olympiadName/olympiad/learner-details"],
    ),
    learner(
        "olympiadQuestion",
        "Olympiad",
        &["/:olympiadName/olympiad/:moduleIndex/:questionIndex"],
    ),
    screen(
        "finished",
        "Finished",
        App::Portal,
        Layout::Learner,
        &["/:olympiadName/olympiad/finished"],
        Access::AnyUser,
        NOBODY,
    ),
    // Super-administrator layout, prefix /overlord/
    overlord("allSchools", "All Schools", &["/overlord/edit/schools"]),
    overlord(
        "learnerLogins",
        "Learner Logins",
        &["/overlord/learner-login-activity"],
    ),
    with_props(
        overlord(
            "mergeSchools",
            "Merge Schools",
            &["/overlord/merge-schools"],
        ),
        Props::Mode("schools"),
    ),
    with_props(
        overlord(
            "mergeCountries",
            "Merge Countries",
            &["/overlord/merge-countries"],
        ),
        Props::Mode("countries"),
    ),
    overlord(
        "schoolEmailsOverview",
        "School Emails Overview",
        &["/overlord/school-emails-overview"],
    ),
    overlord("campaigns", "Campaigns", &["/overlord/campaigns"]),
    overlord(
        "nonTeacherInterest",
        "Non-Teacher Interest",
        &["/overlord/learner-parent-interest"],
    ),
    overlord(
        "olympiadNotes",
        "Olympiad Notes",
        &["/overlord/notes/before-olympiad"],
    ),
    overlord(
        "commonIssues",
        "Common Issues",
        &["/overlord/notes/common-issues"],
    ),
    overlord(
        "overlordOverview",
        "Overlord Overview",
        &["/overlord/overview"],
    ),
    overlord(
        "systemConfig",
        "System Config",
        &["/overlord/system-config"],
    ),
    overlord(
        "overlordGeneralCopy",
        "General Copy",
        &["/overlord/general-copy"],
    ),
    overlord("olympiads", "Olympiads", &["/overlord/edit/olympiads"]),
    overlord(
        "termsAndConditions",
        "Terms and Conditions",
        &["/overlord/edit/terms-and-conditions"],
    ),
    overlord("search", "Search", &["/overlord/search"]),
    overlord(
        "appLogViewer",
        "App Log Viewer",
        &["/overlord/app-log-viewer"],
    ),
    overlord(
        "activityLogs",
        "Activity Logs",
        &["/overlord/activity-logs"],
    ),
    overlord("sanityLogs", "Sanity Logs", &["/overlord/sanity-logs"]),
    overlord(
        "overlordUnsubscribes",
        "Unsubscribes",
        &["/overlord/unsubscribes"],
    ),
    overlord("bounces", "Bounces", &["/overlord/bounces"]),
    overlord(
        "massMailQueue",
        "Mass Mail Queue",
        &["/overlord/mass-mail-queue"],
    ),
    overlord(
        "massMailSummary",
        "Mass Mail Summary",
        &["/overlord/mass-mail-summary"],
    ),
    overlord(
        "overlordFileAttachments",
        "File Attachments",
        &["/overlord/file-attachments"],
    ),
    overlord("uploads", "Uploads", &["/overlord/uploads"]),
    overlord("emailCopy", "Email Copy", &["/overlord/edit/email-copy"]),
    overlord("overlordEmailLogs", "Email Logs", &["/overlord/email-logs"]),
    overlord("accounts", "Accounts", &["/overlord/edit/accounts"]),
    overlord("faqs", "FAQs", &["/overlord/edit/faqs"]),
    overlord(
        "testimonials",
        "Testimonials",
        &["/overlord/edit/testimonials"],
    ),
    overlord(
        "productProjects",
        "Projects",
        &["/overlord/edit/{product}-projects"],
    ),
    overlord(
        "productSubProjects",
        "Sub Projects",
        &["/overlord/edit/{product}-sub-projects"],
    ),
    overlord("users", "Users", &["/overlord/edit/users"]),
    overlord("massMails", "Mass Mails", &["/overlord/edit/mass-mails"]),
    overlord("tasks", "Tasks", &["/overlord/tasks"]),
    overlord(
        "shunnedEmails",
        "Shunned Emails",
        &["/overlord/shunned-emails"],
    ),
    // Teacher portal
    portal("portalHome", "My Olympiads", &["/portal"]),
    portal("portalFaq", "FAQ", &["/portal/faq"]),
    portal("myProfile", "My Profile", &["/portal/my-profile"]),
    portal(
        "updatePassword",
        "Update Password",
        &["/portal/update-password"],
    ),
    portal("portalOlympiad", "Olympiad", &["/portal/:olympiadName"]),
    portal(
        "portalCertificates",
        "Certificates",
        &["/portal/:olympiadName/certificates"],
    ),
    portal(
        "portalInvoices",
        "Invoices",
        &["/portal/:olympiadName/invoices"],
    ),
    portal(
        "loadLearners",
        "Load Learners",
        &["/portal/:olympiadName/load-learners"],
    ),
    portal("portalOlympiadFaq", "FAQ", &["/portal/:olympiadName/faq"]),
    portal("portalSchool", "School", &["/portal/:olympiadName/school"]),
    portal("portalTeam", "Team", &["/portal/:olympiadName/team"]),
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
    ),
    // Sign-in and password reset (portal app)
    screen(
        "login",
        "Login",
        App::Portal,
        Layout::Plain,
        &["/login", "/:olympiadName/login"],
        Access::Public,
        NOBODY,
    ),
    screen(
        "resetPassword",
        "Set Password",
        App::Portal,
        Layout::Plain,
        &["/reset-password/:token"],
        Access::Public,
        NOBODY,
    ),
    // Public product suite site
    public("productHome", "Home", &["/{product}/home"]),
    public("productAbout", "About", &["/{product}/about"]),
    public(
        "productPartners",
        "Our Partners",
        &["/{product}/our-partners"],
    ),
    public("productFaq", "FAQ", &["/{product}/faq"]),
    public("productContact", "Contact", &["/{product}/contact"]),
    public("productUsers", "Our Users", &["/{product}/our-users"]),
    // Public project sites
    public(
        "projectHome",
        "Home",
        &["/:projectName", "/:projectName/home"],
    ),
    public("myTutor", "MyTutor", &["/:projectName/mytutor"]),
    public(
        "expressInterest",
        "Express Interest",
        &["/:projectName/express-interest"],
    ),
    public("topResults", "Top Results", &["/:projectName/top-results"]),
    public("projectAbout", "About", &["/:projectName/about"]),
    public(
        "participationAndRules",
        "Participation and Rules",
        &["/:projectName/participation-and-rules"],
    ),
    public(
        "pastOlympiads",
        "Past Olympiads",
        &["/:projectName/past-olympiads"],
    ),
    public(
        "pastWinners",
        "Past Winners",
        &["/:projectName/past-winners"],
    ),
    public("projectContact", "Contact", &["/:projectName/contact"]),
    public("projectFaq", "FAQ", &["/:projectName/faq"]),
    // Other public pages
    screen(
        "maintenance",
        "Maintenance",
        App::Public,
        Layout::Plain,
        &["/maintenance"],
        Access::Public,
        NOBODY,
    ),
    public("verifyEmail", "Verify E-mail", &["/verify-email/:uuid"]),
    public(
        "unsubscribe",
        "Unsubscribe",
        &["/:olympiadName/unsubscribe/:ref?", "/unsubscribe/:ref?"],
    ),
    public("watch", "Watch", &["/"]),
    public("myTutorLanding", "MyTutor", &["/mytutor"]),
    public(
        "emailValidation",
        "E-mail Validation",
        &["/email-validation-page"],
    ),
    public("notFound", "Page Not Found", &["*"]),
];

/// Where each role lands after signing in; `{olympiadName}` is the signed-in olympiad.
pub const HOMES: &[(Role, &str)] = &[
    (Overlord, "/overlord/overview"),
    (Admin, "/{olympiadName}/admin/reports/overview"),
    (Accountant, "/{olympiadName}/finance/payments"),
    (Funding, "/{olympiadName}/funding/payments"),
    (Marketing, "/{olympiadName}/marketing/edit/schools"),
    (Teacher, "/portal"),
    (Learner, "/{olympiadName}/olympiad/instructions"),
];

pub fn screen_by_key(key: &str) -> Option<&'static Screen> {
    SCREENS.iter().find(|screen| screen.key == key)
}

/// The matrix as the apps read it.
pub fn matrix_json() -> serde_json::Value {
    serde_json::json!({
        "roles": Role::ALL,
        "homes": HOMES.iter().map(|(role, path)| (role.as_str(), *path)).collect::<std::collections::BTreeMap<_, _>>(),
        "screens": SCREENS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn screen_keys_are_unique() {
        let mut seen = HashSet::new();
        for screen in SCREENS {
            assert!(
                seen.insert(screen.key),
                "duplicate screen key {}",
                screen.key
            );
        }
    }

    #[test]
    fn no_two_visible_screens_share_a_path() {
        let mut seen = HashSet::new();
        for screen in SCREENS.iter().filter(|s| !s.shadowed) {
            for path in screen.paths {
                assert!(seen.insert(*path), "{path} is declared twice");
            }
        }
    }

    #[test]
    fn every_role_has_a_home_it_may_open() {
        for role in Role::ALL {
            let home = HOMES
                .iter()
                .find(|(r, _)| *r == role)
                .map(|(_, path)| *path);
            let home = home.unwrap_or_else(|| panic!("{role} has no home"));
            let screen = SCREENS
                .iter()
                .find(|s| {
                    s.paths
                        .iter()
                        .any(|p| p.replace(":olympiadName", "{olympiadName}") == home)
                })
                .unwrap_or_else(|| panic!("no screen at {home}"));
            assert!(
                screen.admits(Some(role)),
                "{role} may not open its own home {home}"
            );
        }
    }

    #[test]
    fn section_six_examples_hold() {
        let roles_of = |key: &str| {
            screen_by_key(key)
                .map(|s| s.roles.to_vec())
                .unwrap_or_default()
        };
        assert_eq!(roles_of("paymentPortal"), vec![Accountant, Funding]);
        assert_eq!(
            roles_of("schools"),
            vec![Admin, Accountant, Funding, Marketing]
        );
        assert_eq!(roles_of("massMailers"), vec![Admin, Funding]);
        assert_eq!(
            roles_of("expressionsOfInterest"),
            vec![Admin, Accountant, Funding]
        );
        let finished = screen_by_key("finished").copied();
        assert!(finished.is_some_and(|s| s.admits(Some(Teacher)) && !s.admits(None)));
        assert!(screen_by_key("makePayment").is_some_and(|s| s.admits(None)));
        for screen in SCREENS.iter().filter(|s| s.layout == Layout::Overlord) {
            assert_eq!(screen.roles, [Overlord], "{}", screen.key);
        }
    }

    #[test]
    fn export_has_roles_homes_and_screens() {
        let json = matrix_json();
        assert_eq!(json["roles"].as_array().map(Vec::len), Some(7));
        assert_eq!(json["homes"]["teacher"], "/portal");
        assert_eq!(json["screens"][0]["key"], "paymentPortal");
        assert_eq!(
            json["screens"][6]["props"],
            serde_json::json!({"all": false})
        );
    }
}
