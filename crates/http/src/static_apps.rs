//! Serving the three built apps. Hashed files under `/static/<app>/` are cached for a year; every
//! other path gets its app's `index.html` (never cached), chosen by path as DESIGN.md says. Public
//! pages get their title and description written into the HTML here, so that search engines and
//! link previews see them without running the app's script.

use crate::state::AppState;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use olympiad_domain::access::{Access, App, SCREENS};
use olympiad_persistence::models::Project;
use std::path::{Path, PathBuf};

/// Which app serves a page.
pub fn app_for_path(path: &str) -> App {
    let segments: Vec<&str> = path
        .trim_matches('/')
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    match segments.as_slice() {
        ["overlord", ..] => App::Admin,
        [_, "admin" | "finance" | "funding" | "marketing", ..] => App::Admin,
        ["portal", ..]
        | ["login"]
        | [_, "login"]
        | ["reset-password", ..]
        | [_, "olympiad", ..] => App::Portal,
        _ => App::Public,
    }
}

fn app_folder(app: App) -> &'static str {
    match app {
        App::Admin => "admin",
        App::Portal => "portal",
        App::Public => "public",
    }
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// `/static/<app>/<file>` as a path inside the static folder, refusing anything that could climb out.
fn static_file(static_dir: &Path, path: &str) -> Option<PathBuf> {
    let rest = path.strip_prefix("/static/")?;
    let (app, file) = rest.split_once('/')?;
    if !["admin", "portal", "public"].contains(&app) || file.is_empty() {
        return None;
    }
    let safe = file
        .split('/')
        .all(|part| !part.is_empty() && part != ".." && part != "." && !part.contains('\\'));
    safe.then(|| static_dir.join(app).join("dist").join(file))
}

/// The learner pages' service worker: the one static file without a content hash in its name.
const SITTING_SERVICE_WORKER: &str = "/static/portal/sitting-sw.js";

/// The default service: static files, then the page of the app that owns the path.
pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let path = req.path();
    if path.starts_with("/static/") {
        return match static_file(&state.config.static_dir, path) {
            Some(file) => match tokio_read(file.clone()).await {
                // Checked anew at every visit; it serves pages above its folder (`/{olympiad}/olympiad/`).
                Some(bytes) if path == SITTING_SERVICE_WORKER => HttpResponse::Ok()
                    .insert_header((CONTENT_TYPE, content_type(&file)))
                    .insert_header((CACHE_CONTROL, "no-cache"))
                    .insert_header(("Service-Worker-Allowed", "/"))
                    .body(bytes),
                Some(bytes) => HttpResponse::Ok()
                    .insert_header((CONTENT_TYPE, content_type(&file)))
                    .insert_header((CACHE_CONTROL, "public, max-age=31536000, immutable"))
                    .body(bytes),
                None => HttpResponse::NotFound().finish(),
            },
            None => HttpResponse::NotFound().finish(),
        };
    }
    let app = app_for_path(path);
    let index = state
        .config
        .static_dir
        .join(app_folder(app))
        .join("dist")
        .join("index.html");
    let Some(html) = tokio_read(index)
        .await
        .and_then(|b| String::from_utf8(b).ok())
    else {
        return HttpResponse::build(StatusCode::SERVICE_UNAVAILABLE)
            .insert_header((CONTENT_TYPE, "text/plain; charset=utf-8"))
            .body("The apps are not built yet: run `make build`.");
    };
    let html = match app {
        App::Public => with_seo(&html, &public_page_seo(&state, path).await),
        _ => html,
    };
    // The apps fill `{product}` in their route tables from this.
    let html = html.replacen(
        "</head>",
        &format!(
            "<meta name=\"product\" content=\"{}\"></head>",
            escape(&state.config.product_slug)
        ),
        1,
    );
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((CACHE_CONTROL, "no-cache"))
        .body(html)
}

async fn tokio_read(path: PathBuf) -> Option<Vec<u8>> {
    web::block(move || std::fs::read(path)).await.ok()?.ok()
}

/// Title and description of a public page.
#[derive(Debug, PartialEq, Eq)]
pub struct Seo {
    pub title: String,
    pub description: String,
}

/// The title of the public screen at `path`, from the access matrix.
fn screen_title(path: &str, product_slug: &str) -> Option<&'static str> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    SCREENS
        .iter()
        .filter(|s| s.app == App::Public && s.access == Access::Public)
        .find_map(|screen| {
            screen
                .paths
                .iter()
                .any(|pattern| {
                    let pattern = pattern.replace("{product}", product_slug);
                    let parts: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
                    parts.len() == segments.len()
                        && parts
                            .iter()
                            .zip(&segments)
                            .all(|(p, s)| p.starts_with(':') || p == s)
                })
                .then_some(screen.title)
        })
}

async fn public_page_seo(state: &AppState, path: &str) -> Seo {
    let product = &state.config.product_slug;
    let title = screen_title(path, product)
        .filter(|t| *t != "Page Not Found")
        .unwrap_or("Olympiads");
    let first = path
        .trim_matches('/')
        .split('/')
        .next()
        .unwrap_or("")
        .to_owned();
    let project = if first.is_empty() || first == *product {
        None
    } else {
        state
            .db
            .run(move |conn| Ok(Project::by_slug(conn, &first)?))
            .await
            .ok()
            .flatten()
    };
    match project {
        Some(project) => Seo {
            title: format!("{} | {}", title, project.name),
            description: if project.description.is_empty() { format!("{} for South African schools.", project.name) } else { project.description },
        },
        None => Seo {
            title: format!("{title} | Olympiads"),
            description: "School olympiads in geography, Afrikaans and history, and the International Geography Olympiad.".into(),
        },
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes the page's title into `<title>` and its description into `<meta name="description">`.
pub fn with_seo(html: &str, seo: &Seo) -> String {
    let mut out = html.to_owned();
    if let (Some(start), Some(end)) = (out.find("<title>"), out.find("</title>")) {
        if start < end {
            out.replace_range(start + "<title>".len()..end, &escape(&seo.title));
        }
    }
    let description = format!(
        "<meta name=\"description\" content=\"{}\">",
        escape(&seo.description)
    );
    match out.find("<meta name=\"description\"") {
        Some(start) => {
            let end = out[start..].find('>').map_or(out.len(), |e| start + e + 1);
            out.replace_range(start..end, &description);
        }
        None => {
            if let Some(head_end) = out.find("</head>") {
                out.insert_str(head_end, &description);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_go_to_the_app_that_owns_them() {
        assert_eq!(app_for_path("/overlord/overview"), App::Admin);
        assert_eq!(app_for_path("/geography/admin/edit/schools"), App::Admin);
        assert_eq!(app_for_path("/geography/funding/payments"), App::Admin);
        assert_eq!(app_for_path("/portal/pay/abc"), App::Portal);
        assert_eq!(app_for_path("/login"), App::Portal);
        assert_eq!(app_for_path("/geography/login"), App::Portal);
        assert_eq!(app_for_path("/geography/olympiad/1/2"), App::Portal);
        assert_eq!(app_for_path("/reset-password/abc"), App::Portal);
        assert_eq!(app_for_path("/"), App::Public);
        assert_eq!(app_for_path("/geography/past-winners"), App::Public);
        assert_eq!(app_for_path("/no/such/page/here"), App::Public);
    }

    #[test]
    fn static_files_stay_inside_their_folder() {
        let root = Path::new("/srv/apps");
        assert_eq!(
            static_file(root, "/static/admin/main.1a2b.js"),
            Some(PathBuf::from("/srv/apps/admin/dist/main.1a2b.js"))
        );
        assert_eq!(static_file(root, "/static/admin/../../etc/passwd"), None);
        assert_eq!(static_file(root, "/static/other/x.js"), None);
        assert_eq!(static_file(root, "/static/public/"), None);
    }

    #[test]
    fn titles_come_from_the_access_matrix() {
        assert_eq!(
            screen_title("/geography/past-winners", "olympiads"),
            Some("Past Winners")
        );
        assert_eq!(
            screen_title("/olympiads/our-partners", "olympiads"),
            Some("Our Partners")
        );
        assert_eq!(screen_title("/", "olympiads"), Some("Watch"));
    }

    #[test]
    fn seo_is_written_into_the_page_escaped() {
        let html = "<html><head><title>Olympiads</title><meta name=\"description\" content=\"\"></head><body></body></html>";
        let seo = Seo {
            title: "Past Winners | Geography <Olympiad>".into(),
            description: "Who \"won\"".into(),
        };
        let out = with_seo(html, &seo);
        assert!(out.contains("<title>Past Winners | Geography &lt;Olympiad&gt;</title>"));
        assert!(out.contains("<meta name=\"description\" content=\"Who &quot;won&quot;\">"));
        let bare = with_seo("<html><head><title></title></head></html>", &seo);
        assert!(bare.contains("<meta name=\"description\""));
    }
}
