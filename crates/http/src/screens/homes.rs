//! Each role's home: where the apps send a person after signing in.

use super::*;

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
