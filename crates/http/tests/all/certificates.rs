//! The certificate's design beyond its words: background and signature pictures uploaded for an
//! olympiad (found in reach before the file is read, judged by content, bounded, logged), drawn
//! into the PDF as image objects, and the PDF preview of a design before it is saved. Also the
//! answer sheets and login slips written with the embedded font, and the paper answers
//! spreadsheet that goes back in unchanged but for the answers.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_documents::fonts::extract::shown_texts;
use olympiad_documents::images::samples;
use olympiad_http::testing::multipart;
use serde_json::{json, Value};

#[actix_web::test]
async fn pictures_are_uploaded_in_reach_and_drawn_into_the_previewed_and_generated_certificates() {
    let s = Sitting::finished().await;
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    let upload = |name: &str, bytes: &[u8], token: &str| {
        with_token(
            multipart(&format!("/api/certificate/image/{o}"), name, bytes),
            token,
        )
    };

    // A PNG with transparency and a JPEG: kept as attachments of the olympiad, sized.
    let (status, signature) = api
        .send(upload(
            "signature.png",
            &samples::png(60, 20, true),
            &s.admin,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{signature}");
    assert_eq!(signature["data"]["widthPx"], 60);
    assert_eq!(signature["data"]["contentType"], "image/png");
    let signature_id = signature["data"]["attachmentId"].as_i64().unwrap();
    let (status, background) = api
        .send(upload("paper.jpg", &samples::jpeg_header(), &s.admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{background}");
    let background_id = background["data"]["attachmentId"].as_i64().unwrap();
    assert!(s.logged("attachment_uploaded"));

    // Judged by content, bounded, and only for those who may design.
    let (status, body) = api
        .send(upload("logo.png", b"GIF89a\x01\x00\x01\x00", &s.admin))
        .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    let (status, body) = api
        .send(upload("broken.png", b"\x89PNG\r\n\x1a\nbroken", &s.admin))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["file"].is_string(), "{body}");
    let mut large = samples::png(8, 8, false);
    large.resize(2 * 1024 * 1024 + 10, 0);
    let (status, body) = api.send(upload("large.png", &large, &s.admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["file"].is_string(), "{body}");
    let (status, _) = api
        .send(upload(
            "signature.png",
            &samples::png(4, 4, true),
            &s.teacher,
        ))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // The preview of the design as edited: the PDF, with the pictures as image objects.
    let (_, config) = api
        .get(&format!("/api/certificate/config/{o}"), &s.admin)
        .await;
    let mut design = config["data"].clone();
    design["awards"][0]["backgroundAttachmentId"] = json!(background_id);
    design["awards"][0]["signatures"] = json!([
        { "attachmentId": signature_id, "x": 40, "y": 160, "width": 60, "height": 20 }
    ]);
    let preview = |design: &Value| {
        with_token(
            post_json(
                &format!("/api/certificate/preview/{o}?award=gold"),
                design.clone(),
            ),
            &s.admin,
        )
    };
    let (status, content_type, pdf) = api.file(preview(&design)).await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&pdf));
    assert_eq!(content_type, "application/pdf");
    let text = String::from_utf8_lossy(&pdf);
    assert_eq!(
        text.matches("/Subtype /Image").count(),
        3,
        "two pictures and a mask"
    );
    assert!(text.contains("/DCTDecode"));
    let shown = shown_texts(&pdf);
    assert!(shown.iter().any(|t| t == "Zoë Ŋwenya-Mašilo"), "{shown:?}");
    assert!(
        shown.iter().any(|t| t == "Hoërskool Waterkloof"),
        "{shown:?}"
    );

    // A picture that is not the olympiad's, or a box off the page, is named; nothing is saved.
    let mut wrong = design.clone();
    wrong["awards"][0]["backgroundAttachmentId"] = json!(999_999);
    wrong["awards"][0]["signatures"][0]["width"] = json!(400);
    let (status, body) = api
        .post(
            &format!("/api/certificate/config/{o}"),
            wrong.clone(),
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["fields"]["awards[0].backgroundAttachmentId"].is_string(),
        "{body}"
    );
    assert!(
        body["fields"]["awards[0].signatures[0].width"].is_string(),
        "{body}"
    );
    let (status, _, _) = api.file(preview(&wrong)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Saved, and the run draws them into every certificate.
    let (status, body) = api
        .post(&format!("/api/certificate/config/{o}"), design, &s.admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["awards"][0]["backgroundAttachmentId"],
        background_id
    );
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": o, "state": state, "reason": "Done" });
        api.post("/api/results/state", body, &s.admin).await;
    }
    let (status, _) = api
        .post(
            &format!("/api/certificate/generate?olympiadId={o}"),
            json!({}),
            &s.admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    s.run_certificate_jobs();
    let (_, run) = api
        .get(
            &format!("/api/certificate/generation-status?olympiadId={o}"),
            &s.admin,
        )
        .await;
    assert_eq!(run["data"]["made"], 1, "{run}");
    assert_eq!(run["data"]["failed"], 0, "{run}");

    // The preview of a learner of the released results.
    let uri = format!(
        "/api/certificate/preview/{o}?award=gold&participantId={}",
        s.participant_id
    );
    let (_, config) = api
        .get(&format!("/api/certificate/config/{o}"), &s.admin)
        .await;
    let request = with_token(post_json(&uri, config["data"].clone()), &s.admin);
    let (status, _, pdf) = api.file(request).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!shown_texts(&pdf).iter().any(|t| t == "Zoë Ŋwenya-Mašilo"));
}

#[actix_web::test]
async fn answer_sheets_and_login_slips_print_every_south_african_name() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    let entry =
        s.fx.school()
            .named("Hoërskool Ŋwenya")
            .entered_in(&s.olympiad)
            .build()
            .entry();
    let learner =
        s.fx.learner("sibongile.n")
            .named("Šibongile", "Ŋcobo")
            .entered_with(entry);
    let teacher =
        s.fx.teacher("juffrou@example.org")
            .in_team_of(entry)
            .build();

    let sheets = format!("/api/results/paper/sheets?schoolParticipantId={entry}");
    let (status, _, pdf) = api
        .file(with_token(TestRequest::get().uri(&sheets), &s.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let shown = shown_texts(&pdf);
    assert!(shown.iter().any(|t| t == "Šibongile Ŋcobo"), "{shown:?}");
    assert!(
        shown.iter().any(|t| t.contains("Hoërskool Ŋwenya")),
        "{shown:?}"
    );
    assert!(shown.iter().any(|t| t == "sibongile.n"), "{shown:?}");

    let slips = json!({ "schoolParticipantId": entry, "credentials": [{ "participantId": learner.participant_id, "password": "kx7m-p3qa" }] });
    let request = with_token(
        post_json("/api/participant/login-slips", slips),
        &teacher.token,
    );
    let (status, content_type, pdf) = api.file(request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/pdf");
    let shown = shown_texts(&pdf);
    assert!(shown.iter().any(|t| t == "Šibongile Ŋcobo"), "{shown:?}");
    assert!(
        shown.iter().any(|t| t.contains("Hoërskool Ŋwenya")),
        "{shown:?}"
    );
    assert!(shown.iter().any(|t| t == "kx7m-p3qa"), "{shown:?}");
}

#[actix_web::test]
async fn the_paper_answers_spreadsheet_goes_back_in_with_only_the_answers_typed() {
    let s = Sitting::new();
    let api = s.fx.api().await;
    let o = s.olympiad_id;
    let entry = s.school_participant_id;
    s.add_learner("lindiwe.k");
    let template = format!("/api/results/paper/template?schoolParticipantId={entry}");
    let (status, content_type, bytes) = api
        .file(with_token(TestRequest::get().uri(&template), &s.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        content_type,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    let (status, _, _) = api
        .file(with_token(TestRequest::get().uri(&template), &s.teacher))
        .await;
    assert_eq!(status, StatusCode::OK, "the team prints its own");

    // The headings the import reads, a row a learner with the learner number filled in.
    let table = olympiad_documents::read_table(&bytes).unwrap();
    assert_eq!(table.headings, ["Learner number", "1", "2", "3", "4"]);
    let mut numbers: Vec<&str> = table.rows.iter().map(|r| r[0].as_str()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, ["lindiwe.k", "thabo.m"]);

    // The admin types the answers into it and imports it as it is.
    let mut answers = olympiad_documents::Table::new(&["Learner number", "1", "2", "3", "4"]);
    for row in &table.rows {
        answers.push(vec![
            row[0].as_str().into(),
            "B".into(),
            "A,C".into(),
            "12,5".into(),
            "Limpopo".into(),
        ]);
    }
    let filled = answers.to_xlsx("Answers").unwrap();
    let request = with_token(
        multipart(
            &format!("/api/results/paper/import?olympiadId={o}"),
            "answers.xlsx",
            &filled,
        ),
        &s.admin,
    );
    let (status, body) = api.send(request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["created"], 2);
}
