//! What the e-mail tests share: an olympiad, interested parties, the overlord, a worker on a
//! real SMTP server on loopback, a mass mail.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)] // each test file uses some of it

use olympiad_bench::server::{free_port, ServerProcess};
use olympiad_domain::email::Audience;
use olympiad_domain::id::{MassMailId, OlympiadId};
use olympiad_domain::interest::InterestKind;
use olympiad_mailer::testing::SmtpServer;
use olympiad_mailer::Mailer;
use olympiad_office::email::copy::CopyInput;
use olympiad_office::email::mass_mails::{self, MassMailInput};
use olympiad_office::Caller;
use olympiad_persistence::models::{
    ExpressionDetails, ExpressionInsertForm, ExpressionOfInterest, Olympiad,
};
use olympiad_persistence::testing::{olympiad_of_2026, TestDatabase};
use olympiad_server::worker::Worker;
use std::collections::HashMap;
use std::path::Path;

pub const BASE: &str = "http://127.0.0.1:8080";

pub fn olympiad(db: &TestDatabase) -> Olympiad {
    olympiad_of_2026(&mut db.conn(), "geography", "Geography Olympiad", true)
}

pub fn interested(db: &TestDatabase, olympiad_id: OlympiadId, email: &str) {
    ExpressionOfInterest::create(
        &mut db.conn(),
        &ExpressionInsertForm {
            olympiad_id,
            details: ExpressionDetails {
                kind: InterestKind::Teacher,
                title: "Ms".into(),
                first_name: "Thandi".into(),
                last_name: email.split('@').next().unwrap().into(),
                email: email.into(),
                phone: String::new(),
                school_name: "Waterkloof High".into(),
                emis_number: String::new(),
                province: "Gauteng".into(),
                town: "Pretoria".into(),
                subject: String::new(),
                organisation: String::new(),
                relationship: String::new(),
                message: String::new(),
            },
            verify_token: olympiad_office::support::secrets::new_token(),
        },
    )
    .unwrap();
}

/// The overlord, made once per database (the activity log and a mass mail name who acted).
pub fn overlord_in(db: &TestDatabase) -> Caller {
    olympiad_bench::fixtures::overlord(&mut db.conn())
}

pub fn worker(db: &TestDatabase, mailer: Mailer) -> Worker {
    Worker {
        name: "test-worker".into(),
        pool: db.pool.clone(),
        mailer,
        files: olympiad_storage::Storage::folder(
            std::env::temp_dir().join(format!("olympiad-test-files-{}", std::process::id())),
        ),
        mail_rate_per_minute: 60_000,
    }
}

/// How many messages the server received for each addressee.
pub fn received_by(server: &SmtpServer) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for message in server.received() {
        for to in message.to {
            *counts
                .entry(to.trim_matches(['<', '>']).to_owned())
                .or_insert(0) += 1;
        }
    }
    counts
}

pub fn smtp_mailer(server: &SmtpServer) -> Mailer {
    Mailer::new(
        Some(&server.url()),
        std::env::temp_dir(),
        "Olympiads <no-reply@olympiads.test>",
    )
    .unwrap()
}

pub fn mass_mail(db: &TestDatabase, olympiad_id: OlympiadId, title: &str) -> MassMailId {
    let input = MassMailInput {
        olympiad_id: Some(olympiad_id),
        campaign_id: None,
        title: title.into(),
        audience: Audience::InterestedParties,
        copy: CopyInput {
            subject: "Entries close on Friday".into(),
            html: "<p>Dear {{name}}, enter your school.</p>".into(),
            text: "Dear {{name}}, enter your school.".into(),
        },
    };
    let caller = overlord_in(db);
    mass_mails::create(&mut db.conn(), &caller, &input)
        .unwrap()
        .mass_mail
        .id
}

/// Nodes of the platform on one database, each with its own data folder (nothing shared but the
/// database) and the same settings; stopped, then their folders removed, when dropped.
pub struct Nodes {
    pub bases: Vec<String>,
    _processes: Vec<ServerProcess>,
    /// Each node's data folder (its outbox among them); removed after the node stops.
    pub folders: Vec<tempfile::TempDir>,
}

pub fn start_nodes(
    bin: &Path,
    database_url: &str,
    count: usize,
    settings: &[(&str, &str)],
) -> Nodes {
    let folders: Vec<_> = (0..count).map(|_| tempfile::tempdir().unwrap()).collect();
    let processes: Vec<ServerProcess> = folders
        .iter()
        .map(|folder| {
            let port = free_port().unwrap();
            ServerProcess::start_with(bin, database_url, folder.path(), port, settings).unwrap()
        })
        .collect();
    Nodes {
        bases: processes.iter().map(|node| node.base_url.clone()).collect(),
        _processes: processes,
        folders,
    }
}
