//! The public sites' words: `/api/faq`, `/api/testimonial`, `/api/website-copy`, `/api/website/…`,
//! `/api/site-copy`, `/api/copy`, `/api/system-config`, the overlord's project edits, and the pages
//! the server sends with their tags, copy, ETag, sitemap and robots.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::{call_service, read_body};
use olympiad_domain::site::{PRODUCT_PAGES, PROJECT_PAGES};
use serde_json::json;

/// A fixture whose public app is a small built page, as `make build` leaves it.
fn with_public_app() -> Fixture {
    Fixture::with_config(|config| {
        // Beside the fixture's SNS certificates, so that it goes with them when the test ends.
        let dir = config.sns_certificates.dir.with_file_name("apps");
        std::fs::create_dir_all(dir.join("public/dist")).unwrap();
        std::fs::write(
            dir.join("public/dist/index.html"),
            "<!doctype html><html><head><title>Olympiads</title><meta name=\"description\" content=\"built\"></head><body><div id=\"root\"></div></body></html>",
        )
        .unwrap();
        config.require_staff_2fa = false;
        config.static_dir = dir;
        config.public_base_url = "https://olympiads.example".into();
    })
}

#[actix_web::test]
async fn the_overlord_keeps_each_sites_faqs_and_anyone_reads_them_sanitised() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    let admin = fx.admin("geography");
    let api = fx.api().await;

    let (status, body) = api
        .post(
            "/api/faq",
            json!({ "site": "nowhere", "question": " " }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["fields"]["question"], "is required");
    let faq = json!({ "site": "geography", "question": "Who may write?", "answer": "<p>Grades 8 to 12.</p><script>alert(1)</script>", "position": 2 });
    let (status, _) = api.post("/api/faq", faq.clone(), &admin).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let created = api
        .call(&overlord, actix_web::http::Method::POST, "/api/faq", faq)
        .await;
    assert_eq!(created["answer"], "<p>Grades 8 to 12.</p>");
    api.call(
        &overlord,
        actix_web::http::Method::POST,
        "/api/faq",
        json!({ "site": "portal", "question": "How do I load learners?" }),
    )
    .await;
    let (status, body) = api
        .post(
            "/api/faq",
            json!({ "site": "nowhere", "question": "Why?" }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["site"],
        "is not the product, a project or the portal"
    );

    let listed = api.ok(get("/api/faq?site=geography")).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["question"], "Who may write?");
    let path = format!("/api/faq/{}", created["id"]);
    let changed = json!({ "site": "geography", "question": "Who may write the olympiad?", "answer": "", "position": 1 });
    api.call(&overlord, actix_web::http::Method::PUT, &path, changed)
        .await;
    assert_eq!(api.ok(get("/api/faq")).await.as_array().unwrap().len(), 2);
    let (status, _) = api.delete(&path, &overlord).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = api.delete(&path, &overlord).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(activities(&fx, "faq_created").len(), 2);
    assert_eq!(activities(&fx, "faq_deleted").len(), 1);
}

#[actix_web::test]
async fn testimonials_belong_to_a_site() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    let api = fx.api().await;
    let quote = json!({ "site": "olympiads", "quote": "My learners loved it.", "author": "Ms Dlamini", "affiliation": "Soweto High" });
    api.call(
        &overlord,
        actix_web::http::Method::POST,
        "/api/testimonial",
        quote,
    )
    .await;
    let other = json!({ "site": "geography", "quote": "Maps!", "author": "Thabo" });
    api.call(
        &overlord,
        actix_web::http::Method::POST,
        "/api/testimonial",
        other,
    )
    .await;
    let (status, body) = api
        .post(
            "/api/testimonial",
            json!({ "site": "portal", "quote": "x", "author": "" }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let product = api.ok(get("/api/testimonial/site")).await;
    assert_eq!(product.as_array().unwrap().len(), 1);
    assert_eq!(product[0]["author"], "Ms Dlamini");
    assert_eq!(
        api.ok(get("/api/testimonial/site?site=geography")).await[0]["quote"],
        "Maps!"
    );
    assert_eq!(
        api.ok(get("/api/testimonial"))
            .await
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[actix_web::test]
async fn an_admin_edits_their_projects_pages_only_and_visitors_read_them() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography");
    fx.olympiad("history");
    let admin = fx.admin("geography");
    let overlord = fx.overlord();
    let api = fx.api().await;

    let page = json!({ "site": "geography", "pageKey": "about", "title": "About the Geography Olympiad", "ogTitle": "Geography Olympiad", "description": "Maps and more.", "keywords": "geography, olympiad", "body": "<p>Since 2001.</p><img src=\"https://tracker.example/x.gif\" onerror=\"alert(1)\">" });
    let saved = api
        .call(
            &admin,
            actix_web::http::Method::POST,
            "/api/site-copy",
            page,
        )
        .await;
    let body = saved["body"].as_str().unwrap();
    assert!(body.starts_with("<p>Since 2001.</p>"), "{body}");
    assert!(
        !body.contains("tracker") && !body.contains("onerror"),
        "{body}"
    );
    assert_eq!(saved["path"], "/geography/about");
    let (status, _) = api
        .post(
            "/api/site-copy",
            json!({ "site": "history", "pageKey": "about", "body": "x" }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = api
        .post(
            "/api/site-copy",
            json!({ "site": "geography", "pageKey": "ourPartners" }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["pageKey"], "is not a page of this site");
    let (status, body) = api
        .post(
            "/api/site-copy",
            json!({ "site": "geography", "pageKey": "about", "title": "x".repeat(121) }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["title"], "must be at most 120 characters");
    // The product's own site is the overlord's.
    let (status, _) = api
        .post(
            "/api/site-copy",
            json!({ "site": "olympiads", "pageKey": "ourPartners" }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let partners = json!({ "site": "olympiads", "pageKey": "ourPartners", "body": "<p>The Department of Basic Education.</p>" });
    api.call(
        &overlord,
        actix_web::http::Method::POST,
        "/api/site-copy",
        partners,
    )
    .await;

    let pages = api.ok(get("/api/website/copy/geography")).await;
    assert_eq!(pages.as_array().unwrap().len(), PROJECT_PAGES.len());
    let about = pages
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["pageKey"] == "about")
        .unwrap();
    assert_eq!(about["title"], "About the Geography Olympiad");
    let product = api.ok(get("/api/website-copy")).await;
    assert_eq!(product.as_array().unwrap().len(), PRODUCT_PAGES.len());
    let (status, _) = api.send(get("/api/website/copy/nowhere")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let own = format!("/api/website-copy/olympiad?olympiadId={}", geography.id);
    let (status, listed) = api.get(&own, &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed["data"][4]["pageKey"], "about");
    let history = fx.olympiad("history");
    let (status, _) = api
        .get(
            &format!("/api/website-copy/olympiad?olympiadId={}", history.id),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let preview = api
        .call(
            &admin,
            actix_web::http::Method::POST,
            "/api/website-copy/preview",
            json!({ "body": "<b>Bold</b><iframe src=x></iframe>" }),
        )
        .await;
    assert_eq!(preview["body"], "<b>Bold</b>");
    let (_, copies) = api.get("/api/site-copy?websiteOnly=true", &overlord).await;
    assert_eq!(copies["data"].as_array().unwrap().len(), 2);
    assert_eq!(activities(&fx, "site_copy_saved").len(), 2);
}

#[actix_web::test]
async fn general_copy_is_an_olympiads_or_the_platforms_own() {
    let fx = Fixture::new();
    let geography = fx.olympiad("geography");
    let history = fx.olympiad("history");
    let admin = fx.admin("geography");
    let overlord = fx.overlord();
    let api = fx.api().await;
    let notice = json!({ "olympiadId": geography.id, "copyKey": "portal-notice", "title": "Notice", "body": "<p>Entries close on 1 May.</p>" });
    api.call(&admin, actix_web::http::Method::PUT, "/api/copy", notice)
        .await;
    let again = json!({ "olympiadId": geography.id, "copyKey": "portal-notice", "title": "Notice", "body": "<p>Entries close on 8 May.</p>" });
    api.call(&admin, actix_web::http::Method::PUT, "/api/copy", again)
        .await;
    let listed = api
        .ok(get(&format!("/api/copy?olympiadId={}", geography.id)))
        .await;
    assert_eq!(
        listed.as_array().unwrap().len(),
        1,
        "saving again changes the one copy"
    );
    assert_eq!(listed[0]["body"], "<p>Entries close on 8 May.</p>");
    let (status, _) = api
        .put(
            "/api/copy",
            json!({ "olympiadId": history.id, "copyKey": "x" }),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = api
        .put("/api/copy", json!({ "copyKey": "Terms And" }), &admin)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["copyKey"].is_string(), "{body}");
    let terms =
        json!({ "copyKey": "terms-and-conditions", "title": "Terms", "body": "<p>Be kind.</p>" });
    api.call(&overlord, actix_web::http::Method::PUT, "/api/copy", terms)
        .await;
    let platform = api.ok(get("/api/copy")).await;
    assert_eq!(platform[0]["copyKey"], "terms-and-conditions");
    assert_eq!(activities(&fx, "general_copy_saved").len(), 3);
}

#[actix_web::test]
async fn maintenance_mode_sends_public_pages_to_the_maintenance_page() {
    let fx = with_public_app();
    let overlord = fx.overlord();
    let admin = fx.admin("geography");
    let api = fx.api().await;
    assert_eq!(
        api.ok(get("/api/system-config")).await["maintenanceMode"],
        false
    );
    let on = json!({ "maintenanceMode": true, "maintenanceMessage": "Back at noon." });
    let (status, _) = api.put("/api/system-config", on.clone(), &admin).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = api
        .put(
            "/api/system-config",
            json!({ "maintenanceMode": true, "maintenanceMessage": "x".repeat(501) }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    api.call(
        &overlord,
        actix_web::http::Method::PUT,
        "/api/system-config",
        on,
    )
    .await;
    let response = call_service(&api.app, get("/geography/about").to_request()).await;
    assert_eq!(response.status(), StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(response.headers().get("location").unwrap(), "/maintenance");
    let response = call_service(&api.app, get("/maintenance").to_request()).await;
    assert_eq!(response.status(), StatusCode::OK);
    // Sign-in and the back office are not the public sites'.
    let response = call_service(&api.app, get("/login").to_request()).await;
    assert_ne!(response.status(), StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(activities(&fx, "system_config_updated").len(), 1);

    // The pages of the links in our e-mails stay open: a person still confirms an address and
    // unsubscribes, on the page or with the mailbox's one-click button.
    let (one_click, page) = olympiad_office::email::unsubscribes::links_for(
        &mut fx.db.conn(),
        "reader@school.example.org",
        Some(fx.olympiad("geography").id),
        "",
    )
    .unwrap();
    for open in [
        page.as_str(),
        "/unsubscribe",
        "/verify-email/0b7e6f1c-8d2a-4c55-9a43-1f2e3d4c5b6a",
    ] {
        let response = call_service(&api.app, get(open).to_request()).await;
        assert_eq!(response.status(), StatusCode::OK, "{open}");
    }
    let response = call_service(
        &api.app,
        actix_web::test::TestRequest::post()
            .uri(&one_click)
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .set_payload("List-Unsubscribe=One-Click")
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let link: serde_json::Value = serde_json::from_slice(&read_body(response).await).unwrap();
    assert_eq!(link["data"]["unsubscribed"], true, "{link}");
}

#[actix_web::test]
async fn every_public_page_carries_its_tags_canonical_link_and_copy() {
    let fx = with_public_app();
    let overlord = fx.overlord();
    let api = fx.api().await;
    let written = json!({ "site": "geography", "pageKey": "participation-and-rules", "title": "Rules | Geography", "ogTitle": "How to take part", "description": "Who may write, and how.", "keywords": "rules", "body": "<p>Grades 8 to 12 write.</p>" });
    api.call(
        &overlord,
        actix_web::http::Method::POST,
        "/api/site-copy",
        written,
    )
    .await;

    let html = |body: Vec<u8>| String::from_utf8(body).unwrap();
    let (status, _, page) = api.file(get("/geography/participation-and-rules")).await;
    assert_eq!(status, StatusCode::OK);
    let page = html(page);
    assert!(page.contains("<title>Rules | Geography</title>"), "{page}");
    assert!(page.contains("<meta name=\"description\" content=\"Who may write, and how.\">"));
    assert!(
        !page.contains("content=\"built\""),
        "the build's own description goes"
    );
    assert!(page.contains("<meta property=\"og:title\" content=\"How to take part\">"));
    assert!(page.contains("<meta name=\"twitter:card\" content=\"summary\">"));
    assert!(page.contains("<meta name=\"keywords\" content=\"rules\">"));
    assert!(page.contains("<link rel=\"canonical\" href=\"https://olympiads.example/geography/participation-and-rules\">"));
    assert!(page.contains("<div id=\"root\"><main id=\"server-copy\"><h1>Participation and Rules</h1><p>Grades 8 to 12 write.</p></main>"));

    // Every page of both kinds of site is named and described, written or not.
    let mut paths: Vec<String> = PRODUCT_PAGES
        .iter()
        .map(|p| format!("/olympiads/{}", p.path))
        .collect();
    paths.extend(
        PROJECT_PAGES
            .iter()
            .map(|p| format!("/geography/{}", p.path)),
    );
    paths.extend([
        "/".to_owned(),
        "/mytutor".to_owned(),
        "/geography".to_owned(),
    ]);
    for path in paths {
        let (status, _, page) = api.file(get(&path)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let page = html(page);
        for tag in [
            "<meta name=\"description\"",
            "og:title",
            "og:description",
            "twitter:title",
            "<link rel=\"canonical\"",
        ] {
            assert!(page.contains(tag), "{path} lacks {tag}");
        }
        assert!(!page.contains("noindex"), "{path}");
    }
    let (_, _, missing) = api.file(get("/no-such-project/about")).await;
    let missing = html(missing);
    assert!(missing.contains("<title>Page Not Found | Olympiads</title>"));
    assert!(missing.contains("noindex"));
}

#[actix_web::test]
async fn pages_answer_with_an_etag_and_a_copy_edit_changes_it() {
    let fx = with_public_app();
    let overlord = fx.overlord();
    let api = fx.api().await;
    let response = call_service(&api.app, get("/geography/about").to_request()).await;
    let tag = response
        .headers()
        .get("etag")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let again = get("/geography/about").insert_header(("If-None-Match", tag.clone()));
    let response = call_service(&api.app, again.to_request()).await;
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
    assert!(read_body(response).await.is_empty());
    let copy = json!({ "site": "geography", "pageKey": "about", "body": "<p>New words.</p>" });
    api.call(
        &overlord,
        actix_web::http::Method::POST,
        "/api/site-copy",
        copy,
    )
    .await;
    let after = get("/geography/about").insert_header(("If-None-Match", tag.clone()));
    let response = call_service(&api.app, after.to_request()).await;
    assert_eq!(response.status(), StatusCode::OK, "the edit shows at once");
    assert_ne!(
        response.headers().get("etag").unwrap().to_str().unwrap(),
        tag
    );
}

#[actix_web::test]
async fn the_sitemap_lists_the_pages_of_the_projects_that_exist_and_robots_point_to_it() {
    let fx = with_public_app();
    fx.olympiad("history");
    let api = fx.api().await;
    let (status, content_type, sitemap) = api.file(get("/sitemap.xml")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("application/xml"));
    let sitemap = String::from_utf8(sitemap).unwrap();
    assert!(sitemap.contains("<loc>https://olympiads.example/history/past-olympiads</loc>"));
    assert!(sitemap.contains("<loc>https://olympiads.example/olympiads/our-partners</loc>"));
    assert!(!sitemap.contains("/igeo"));
    let (_, _, robots) = api.file(get("/robots.txt")).await;
    let robots = String::from_utf8(robots).unwrap();
    assert!(robots.contains("Sitemap: https://olympiads.example/sitemap.xml"));
    assert!(robots.contains("Disallow: /api/"));
}

#[actix_web::test]
async fn a_robot_that_fills_the_hidden_field_is_answered_and_nothing_is_kept() {
    let fx = Fixture::new();
    let api = fx.api().await;
    let form = json!({ "projectName": "geography", "firstName": "Spam", "lastName": "Bot", "email": "bot@example.org", "message": "Buy", "website": "https://spam.example" });
    let answer = api.ok(post_json("/api/website/other-interest", form)).await;
    assert_eq!(answer["id"], 0);
    let overlord = fx.overlord();
    let (_, listed) = api
        .get("/api/interest/expression-of-interest", &overlord)
        .await;
    assert_eq!(listed["data"]["total"], 0, "{listed}");
}

#[actix_web::test]
async fn the_overlord_edits_projects_and_sub_projects_and_the_site_shows_past_olympiads() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    let api = fx.api().await;
    let projects = api
        .ok(with_token(get("/api/olympiads-project"), &overlord))
        .await;
    let id = projects[0]["id"].as_i64().unwrap();
    let path = format!("/api/olympiads-project/{id}");
    let (status, body) = api.put(&path, json!({ "name": "" }), &overlord).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["name"], "is required");
    let renamed = api
        .call(
            &overlord,
            actix_web::http::Method::PUT,
            &path,
            json!({ "name": "Geography Olympiad", "description": "Maps and more." }),
        )
        .await;
    assert_eq!(renamed["slug"], "geography");
    let (status, _) = api
        .put(
            "/api/olympiads-project/9999",
            json!({ "name": "X" }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = api
        .put("/api/other-project/1", json!({ "name": "X" }), &overlord)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let sub = json!({ "projectId": id, "slug": "grade-8-9", "name": "Grades 8 and 9" });
    let created = api
        .call(
            &overlord,
            actix_web::http::Method::POST,
            "/api/olympiads-sub-project",
            sub,
        )
        .await;
    let (status, body) = api
        .post(
            "/api/olympiads-sub-project",
            json!({ "projectId": id, "slug": "Grade 8", "name": "x" }),
            &overlord,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["slug"].is_string());
    let listed = api
        .ok(with_token(get("/api/olympiads-sub-project"), &overlord))
        .await;
    assert_eq!(listed[0]["slug"], "grade-8-9");
    let sub_path = format!("/api/olympiads-sub-project/{}", created["id"]);
    let renamed = json!({ "projectId": id, "slug": "grade-8-9", "name": "Junior" });
    api.call(&overlord, actix_web::http::Method::PUT, &sub_path, renamed)
        .await;
    assert_eq!(activities(&fx, "project_updated").len(), 1);
    assert_eq!(activities(&fx, "sub_project_updated").len(), 1);

    {
        use diesel::prelude::*;
        use olympiad_persistence::schema::olympiads;
        let mut conn = fx.db.conn();
        let old = fx.olympiad("geography2019");
        diesel::update(olympiads::table.find(old.id))
            .set((
                olympiads::project_id.eq(id),
                olympiads::year.eq(2019),
                olympiads::is_open.eq(false),
            ))
            .execute(&mut conn)
            .unwrap();
    }
    let project = api.ok(get("/api/olympiads-suite/project/geography")).await;
    assert_eq!(project["pastOlympiads"][0]["name"], "geography2019");
    let olympiad = api.ok(get("/api/website/olympiad/geography2019")).await;
    assert_eq!(olympiad["projectSlug"], "geography");
    assert_eq!(olympiad["year"], 2019);
    let (status, _) = api.send(get("/api/website/olympiad/nothing")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn the_overlord_makes_a_project_whose_slug_is_checked_field_by_field() {
    let fx = Fixture::new();
    let overlord = fx.overlord();
    let admin = fx.admin("geography");
    let api = fx.api().await;
    let made =
        |slug: &str| json!({ "slug": slug, "name": "Mathematics", "description": "Numbers." });

    // Bad input names the field and changes nothing.
    for (body, field, problem) in [
        (
            made("Maths Site"),
            "slug",
            "must be lower-case words joined by hyphens, 2 to 60 characters",
        ),
        (made("geography"), "slug", "is taken by another project"),
        (
            made("overlord"),
            "slug",
            "is an address of the platform itself",
        ),
        (
            json!({ "slug": "maths", "name": " " }),
            "name",
            "is required",
        ),
    ] {
        let (status, refused) = api.post("/api/olympiads-project", body, &overlord).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert_eq!(refused["fields"][field], problem, "{refused}");
    }
    let before = api
        .ok(with_token(get("/api/olympiads-project"), &overlord))
        .await;
    assert!(activities(&fx, "project_created").is_empty());

    let (status, _) = api
        .post("/api/olympiads-project", made("maths"), &admin)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let created = api
        .call(
            &overlord,
            actix_web::http::Method::POST,
            "/api/olympiads-project",
            made("maths"),
        )
        .await;
    assert_eq!(created["slug"], "maths");
    assert_eq!(created["kind"], "schools");
    let after = api
        .ok(with_token(get("/api/olympiads-project"), &overlord))
        .await;
    assert_eq!(
        after.as_array().unwrap().len(),
        before.as_array().unwrap().len() + 1
    );
    assert_eq!(activities(&fx, "project_created").len(), 1);
    let site = api.ok(get("/api/olympiads-suite/project/maths")).await;
    assert_eq!(site["name"], "Mathematics");
}

/// The text between `open` and the next `</script>` of `page`.
fn script_of<'a>(page: &'a str, open: &str) -> Option<&'a str> {
    let start = page.find(open)? + open.len();
    let end = page[start..].find("</script>")? + start;
    Some(&page[start..end])
}

#[actix_web::test]
async fn pages_that_list_something_carry_their_entries_and_an_faq_its_structured_data() {
    let fx = with_public_app();
    let overlord = fx.overlord();
    let api = fx.api().await;
    for (question, answer) in [
        ("Who may write <the> olympiad & when?", "<p>Learners in Grades 8 to 12, entered by a teacher, in August.</p><script>alert(1)</script>"),
        ("Which topics does it cover?", "<p>Map work, climate, settlement and development, as in the curriculum.</p>"),
    ] {
        api.call(
            &overlord,
            actix_web::http::Method::POST,
            "/api/faq",
            json!({ "site": "geography", "question": question, "answer": answer }),
        )
        .await;
    }
    let html = |body: Vec<u8>| String::from_utf8(body).unwrap();

    let (status, _, page) = api.file(get("/geography/faq")).await;
    assert_eq!(status, StatusCode::OK);
    let page = html(page);
    let copy = &page[page.find("<main id=\"server-copy\">").unwrap()..];
    assert!(
        copy.contains("<details><summary>Who may write &lt;the&gt; olympiad &amp; when?</summary><div><p>Learners in Grades 8 to 12, entered by a teacher, in August.</p></div></details>"),
        "{copy}"
    );
    assert!(copy.contains("Map work, climate, settlement and development"));
    assert!(!page.contains("alert(1)"), "answers only as sanitised");

    // FAQPage structured data, as schema.org names it; nothing in it closes its element early.
    let data = script_of(&page, "<script type=\"application/ld+json\">").expect("JSON-LD");
    assert!(!data.contains('<'), "{data}");
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(data["@context"], "https://schema.org");
    assert_eq!(data["@type"], "FAQPage");
    assert_eq!(data["mainEntity"][0]["@type"], "Question");
    assert_eq!(
        data["mainEntity"][0]["name"],
        "Who may write <the> olympiad & when?"
    );
    assert_eq!(data["mainEntity"][0]["acceptedAnswer"]["@type"], "Answer");
    assert_eq!(data["mainEntity"].as_array().unwrap().len(), 2);

    // The app's first answer is the API's own.
    let answers = script_of(
        &page,
        "<script type=\"application/json\" id=\"server-answers\">",
    )
    .expect("the app's first answers");
    let answers: serde_json::Value = serde_json::from_str(answers).unwrap();
    assert_eq!(answers[0]["key"], json!(["faqs", "geography"]));
    assert_eq!(
        answers[0]["data"],
        api.ok(get("/api/faq?site=geography")).await
    );

    // A site with no questions, and results not released: each page says so, with no FAQPage.
    for (path, sentence) in [
        (
            "/olympiads/faq",
            "No questions have been answered here yet.",
        ),
        (
            "/geography/top-results",
            "The results of this year's olympiad are not released yet.",
        ),
        (
            "/geography/past-winners",
            "No olympiad of this project has released its results yet.",
        ),
    ] {
        let (_, _, page) = api.file(get(path)).await;
        let page = html(page);
        let copy = &page[page.find("<main id=\"server-copy\">").unwrap()..];
        assert!(copy.contains(sentence), "{path}: {copy}");
        assert!(!page.contains("application/ld+json"), "{path}");
    }
}
