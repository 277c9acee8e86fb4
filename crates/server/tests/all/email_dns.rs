//! E-mail health asks a resolver for the domain's mail servers (a tiny DNS server on loopback),
//! answers "unknown" when it does not answer in time or none is configured.

use olympiad_persistence::testing::TestDatabase;
use std::time::Duration;

/// A tiny DNS server on loopback UDP: answers MX and A questions for a few test domains, the
/// way a recursive resolver would.
fn dns_responder() -> std::net::SocketAddr {
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let address = socket.local_addr().unwrap();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 512];
        while let Ok((size, from)) = socket.recv_from(&mut buffer) {
            let question = &buffer[..size];
            let mut at = 12;
            let mut labels = Vec::new();
            while question[at] != 0 {
                let len = usize::from(question[at]);
                labels.push(String::from_utf8_lossy(&question[at + 1..at + 1 + len]).into_owned());
                at += 1 + len;
            }
            let kind = u16::from_be_bytes([question[at + 1], question[at + 2]]);
            let domain = labels.join(".");
            let exchange = |name: &str| -> Vec<u8> {
                let mut data = vec![0, 10];
                for label in name.split('.').filter(|l| !l.is_empty()) {
                    data.push(u8::try_from(label.len()).unwrap());
                    data.extend(label.as_bytes());
                }
                data.push(0);
                data
            };
            let (code, answers): (u8, Vec<Vec<u8>>) = match (domain.as_str(), kind) {
                ("school.example.org", 15) => (0, vec![exchange("mail.school.example.org")]),
                ("null.example.org", 15) => (0, vec![exchange(".")]),
                ("webonly.example.org", 1) => (0, vec![vec![192, 0, 2, 10]]),
                ("gone.example.org", _) => (3, vec![]),
                _ => (0, vec![]),
            };
            let mut reply = question[..2].to_vec();
            // A response, recursion available; one question, the answers, nothing else.
            let count = u8::try_from(answers.len()).unwrap();
            reply.extend([0x81, 0x80 | code, 0, 1, 0, count, 0, 0, 0, 0]);
            reply.extend(&question[12..at + 5]);
            for data in answers {
                reply.extend([0xC0, 0x0C]);
                reply.extend(kind.to_be_bytes());
                reply.extend([0, 1, 0, 0, 1, 0x2C]);
                reply.extend(u16::try_from(data.len()).unwrap().to_be_bytes());
                reply.extend(data);
            }
            let _ = socket.send_to(&reply, from);
        }
    });
    address
}

/// A token of the overlord, who sees any address's health (anyone else needs the link mailed to
/// the address).
fn overlord_token(db: &TestDatabase, state: &olympiad_http::AppState) -> String {
    use olympiad_http::auth::tokens::{Purpose, Subject};
    use olympiad_office::accounts::{provision, Provision};
    let request = Provision {
        username: "overlord@example.org".into(),
        email: Some("overlord@example.org".into()),
        password_hash: bcrypt::hash("correct horse battery", 4).unwrap(),
        first_name: "Test".into(),
        last_name: "Overlord".into(),
        role: olympiad_domain::Role::Overlord,
        olympiad_id: None,
    };
    let (user, account, _) = provision(&mut db.conn(), &request).unwrap();
    let subject = Subject {
        user_id: user.id,
        account_id: account.id,
        role: olympiad_domain::Role::Overlord,
        olympiad_id: None,
        olympiad_name: None,
        session_version: user.session_version,
        impersonator: None,
        impersonator_version: None,
    };
    state.tokens.issue(&subject, Purpose::Access).unwrap()
}

#[actix_web::test]
async fn e_mail_health_asks_the_resolver_for_mail_servers() {
    use actix_web::test::{call_service, init_service, read_body_json, TestRequest};
    use olympiad_mailer::mx::MxResolver;
    let db = TestDatabase::new();
    let resolver = MxResolver {
        nameserver: dns_responder(),
        timeout: Duration::from_millis(500),
    };
    let mut config = olympiad_http::ApiConfig::for_tests();
    config.dns_resolver = Some(resolver.clone());
    let state = actix_web::web::Data::new(olympiad_http::AppState::new(db.pool.clone(), config));
    let token = overlord_token(&db, &state);
    let app = init_service(olympiad_http::app(state)).await;
    let health = |email: &'static str| {
        let (app, token) = (&app, &token);
        async move {
            let request = TestRequest::get()
                .uri(&format!("/api/emailer/email-health?email={email}"))
                .insert_header(("Authorization", format!("Bearer {token}")))
                .to_request();
            let response = call_service(app, request).await;
            assert_eq!(response.status(), 200);
            let body: serde_json::Value = read_body_json(response).await;
            body["data"].clone()
        }
    };
    for (email, servers, healthy) in [
        ("thandi@school.example.org", "found", true),
        ("info@webonly.example.org", "found", true),
        ("someone@nomail.example.org", "none", false),
        ("someone@null.example.org", "none", false),
        ("someone@gone.example.org", "none", false),
    ] {
        let data = health(email).await;
        assert_eq!(data["mailServers"], servers, "{email}: {data}");
        assert_eq!(data["healthy"], healthy, "{email}");
    }

    // A resolver that never answers: "unknown" once the timeout is up, not a hang.
    let silent = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let quiet = MxResolver {
        nameserver: silent.local_addr().unwrap(),
        timeout: Duration::from_millis(200),
    };
    let started = std::time::Instant::now();
    assert_eq!(
        quiet.mail_servers("school.example.org"),
        olympiad_domain::email::MailServers::Unknown
    );
    assert!(started.elapsed() < Duration::from_secs(2));

    // Without a resolver configured nothing is asked: "unknown".
    let state = actix_web::web::Data::new(olympiad_http::AppState::new(
        db.pool.clone(),
        olympiad_http::ApiConfig::for_tests(),
    ));
    let offline = init_service(olympiad_http::app(state)).await;
    let request = TestRequest::get()
        .uri("/api/emailer/email-health?email=new@school.example.org")
        .insert_header(("Authorization", format!("Bearer {token}")))
        .to_request();
    let body: serde_json::Value = read_body_json(call_service(&offline, request).await).await;
    assert_eq!(body["data"]["mailServers"], "unknown");
}
