//! Serving the three built apps. Hashed files under `/static/<app>/` are cached for a year; every
//! other path gets its app's `index.html` (never cached), chosen by path as DESIGN.md says. Public
//! pages get their title and description written into the HTML here, so that search engines and
//! link previews see them without running the app's script.

use crate::screens::{Access, App, Screen, SCREENS};
use crate::state::AppState;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH, LOCATION};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use olympiad_domain::site::{site_address, SiteAddress};
use olympiad_office::site;
use olympiad_persistence::models::SystemConfig;
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
    match path {
        "/robots.txt" => return robots_txt(&req, &state),
        "/sitemap.xml" => return sitemap_xml(&req, &state).await,
        _ => {}
    }
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
    let (html, status) = match app {
        App::Public => {
            let page = public_page(&state, path).await;
            if page.maintenance && !open_in_maintenance(path, &state.config.product_slug) {
                return HttpResponse::TemporaryRedirect()
                    .insert_header((LOCATION, MAINTENANCE_PAGE))
                    .insert_header((CACHE_CONTROL, "no-cache"))
                    .finish();
            }
            (with_seo(&html, &page.seo), StatusCode::OK)
        }
        _ => (html, StatusCode::OK),
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
    with_etag(&req, status, "text/html; charset=utf-8", html)
}

/// Robots may read the public sites, not the back office, the portal or the API.
fn robots_txt(req: &HttpRequest, state: &AppState) -> HttpResponse {
    let base = state.config.public_base_url.trim_end_matches('/');
    let body = format!(
        "User-agent: *\nDisallow: /api/\nDisallow: /overlord/\nDisallow: /portal/\nDisallow: /login\nDisallow: /maintenance\nSitemap: {base}/sitemap.xml\n"
    );
    with_etag(req, StatusCode::OK, "text/plain; charset=utf-8", body)
}

/// Every page of the product's site and of each project's, from the projects that exist.
async fn sitemap_xml(req: &HttpRequest, state: &AppState) -> HttpResponse {
    use olympiad_domain::site::{PRODUCT_PAGES, PROJECT_PAGES};
    let projects = state
        .db
        .run(|conn| Ok(olympiad_persistence::models::Project::list(conn)?))
        .await
        .unwrap_or_default();
    let base = state.config.public_base_url.trim_end_matches('/');
    let product = &state.config.product_slug;
    let mut addresses = vec![format!("{base}/")];
    addresses.extend(
        PRODUCT_PAGES
            .iter()
            .map(|p| format!("{base}/{product}/{}", p.path)),
    );
    for project in &projects {
        addresses.push(format!("{base}/{}", project.slug));
        addresses.extend(
            PROJECT_PAGES
                .iter()
                .filter(|p| p.key != "home")
                .map(|p| format!("{base}/{}/{}", project.slug, p.path)),
        );
    }
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for address in addresses {
        body.push_str(&format!("  <url><loc>{}</loc></url>\n", escape(&address)));
    }
    body.push_str("</urlset>\n");
    with_etag(req, StatusCode::OK, "application/xml; charset=utf-8", body)
}

/// Where the public sites send their visitors while the platform is in maintenance.
const MAINTENANCE_PAGE: &str = "/maintenance";

/// The public pages that stay open in maintenance: the maintenance page itself, and the pages of
/// the links in our e-mails, since a person must still be able to confirm an address or
/// unsubscribe while the sites are being worked on (the API they call is never redirected).
fn open_in_maintenance(path: &str, product_slug: &str) -> bool {
    path == MAINTENANCE_PAGE
        || public_screen(path, product_slug)
            .is_some_and(|screen| matches!(screen.key, "verifyEmail" | "unsubscribe"))
}

/// A page answered with a validator: it is checked at every visit (`no-cache`), and a browser
/// or proxy that has this very page gets a bodiless 304, so copy edits show at once and cost
/// little.
fn with_etag(
    req: &HttpRequest,
    status: StatusCode,
    content_type: &str,
    body: String,
) -> HttpResponse {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(body.as_bytes());
    let tag = format!(
        "\"{}\"",
        digest[..12]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let matches = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|candidate| candidate.trim() == tag || candidate.trim() == "*")
        });
    if matches && status == StatusCode::OK {
        return HttpResponse::NotModified()
            .insert_header((ETAG, tag))
            .insert_header((CACHE_CONTROL, "no-cache"))
            .finish();
    }
    HttpResponse::build(status)
        .insert_header((CONTENT_TYPE, content_type))
        .insert_header((CACHE_CONTROL, "no-cache"))
        .insert_header((ETAG, tag))
        .body(body)
}

async fn tokio_read(path: PathBuf) -> Option<Vec<u8>> {
    web::block(move || std::fs::read(path)).await.ok()?.ok()
}

/// What the server writes into a public page's HTML: its title and tags for search engines and
/// link previews (WhatsApp, Facebook), its canonical address and its main copy.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Seo {
    pub title: String,
    pub description: String,
    pub og_title: String,
    pub keywords: String,
    /// The page's one address, absolute.
    pub canonical: String,
    /// The page's heading, and its copy (sanitised HTML), shown until the app starts.
    pub heading: String,
    pub body: String,
    /// An address no page answers: search engines are asked not to keep it.
    pub not_found: bool,
    /// What the page lists (its FAQ, its results), below its copy.
    pub entries: crate::public_entries::Entries,
}

/// A public page as the server sends it.
struct PublicPage {
    seo: Seo,
    maintenance: bool,
}

/// The public screen at `path`, from the access matrix, matched as the apps' router does: a
/// static segment beats a `:param`, and `:param?` may be absent.
fn public_screen(path: &str, product_slug: &str) -> Option<&'static Screen> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let score = |pattern: &str| -> Option<usize> {
        if pattern == "*" {
            return Some(0);
        }
        let pattern = pattern.replace("{product}", product_slug);
        let parts: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
        let mut points = 1;
        for i in 0..parts.len().max(segments.len()) {
            match (parts.get(i), segments.get(i)) {
                (Some(p), None) if p.ends_with('?') => {}
                (Some(p), Some(_)) if p.starts_with(':') => points += 2,
                (Some(p), Some(s)) if p == s => points += 3,
                _ => return None,
            }
        }
        Some(points)
    };
    SCREENS
        .iter()
        .filter(|s| s.app == App::Public && s.access == Access::Public && !s.shadowed)
        .filter_map(|screen| {
            let best = screen.paths.iter().filter_map(|p| score(p)).max()?;
            Some((best, screen))
        })
        // The first of equals, as the matrix lists them.
        .rev()
        .max_by_key(|(points, _)| *points)
        .map(|(_, screen)| screen)
}

/// The title of the public screen at `path`.
fn screen_title(path: &str, product_slug: &str) -> Option<&'static str> {
    public_screen(path, product_slug).map(|screen| screen.title)
}

const PRODUCT_DESCRIPTION: &str =
    "School olympiads in geography, Afrikaans and history, and the International Geography Olympiad.";

async fn public_page(state: &AppState, path: &str) -> PublicPage {
    let product = state.config.product_slug.clone();
    let owned_path = path.to_owned();
    let found = state
        .db
        .run(move |conn| {
            let maintenance = SystemConfig::get(conn).is_ok_and(|c| c.maintenance_mode);
            let (page, site) = match site_address(&owned_path, &product) {
                Some(SiteAddress::Product(page)) => (
                    site::site_page(conn, &product, &product, page.key),
                    Some((product.as_str(), page.key)),
                ),
                Some(SiteAddress::Project { project, page }) => (
                    site::site_page(conn, &product, project, page.key),
                    Some((project, page.key)),
                ),
                None => (Ok(None), None),
            };
            let page = page.ok().flatten();
            // Only a page that exists lists anything.
            let entries = match (&page, site) {
                (Some(_), Some((site, key))) => {
                    crate::public_entries::of_page(conn, site, key).unwrap_or_default()
                }
                _ => Default::default(),
            };
            Ok((maintenance, page, entries))
        })
        .await;
    let (maintenance, page, entries) = found.unwrap_or((false, None, Default::default()));
    let page_key =
        site_address(path, &state.config.product_slug).map_or("", |address| match address {
            SiteAddress::Product(page) | SiteAddress::Project { page, .. } => page.key,
        });
    let base = state.config.public_base_url.trim_end_matches('/');
    let canonical_path = if path == "/" {
        "/".to_owned()
    } else {
        path.trim_end_matches('/').to_owned()
    };
    let matrix_title = screen_title(path, &state.config.product_slug);
    let seo = match page {
        Some((copy, project)) => {
            let site_name = project.as_ref().map_or("Olympiads", |p| p.name.as_str());
            let title = if copy.title.is_empty() {
                format!("{} | {site_name}", matrix_title.unwrap_or(&copy.page_title))
            } else {
                copy.title
            };
            let description = match (copy.description.is_empty(), &project) {
                (false, _) => copy.description,
                (true, Some(p)) if !p.description.is_empty() => p.description.clone(),
                (true, Some(p)) => format!("{} for South African schools.", p.name),
                (true, None) => PRODUCT_DESCRIPTION.into(),
            };
            Seo {
                og_title: if copy.og_title.is_empty() {
                    title.clone()
                } else {
                    copy.og_title
                },
                heading: page_heading(
                    page_key,
                    project.as_ref().map(|p| p.name.as_str()),
                    matrix_title.unwrap_or(&copy.page_title),
                ),
                title,
                description,
                keywords: copy.keywords,
                canonical: format!("{base}{canonical_path}"),
                body: copy.body,
                not_found: false,
                entries,
            }
        }
        None => {
            // Pages outside the sites (verify-email, unsubscribe) keep their title; a project
            // page of no project, or any other address, is the not-found page.
            let not_found = public_screen(path, &state.config.product_slug).is_none_or(|s| {
                s.key == "notFound" || s.paths.iter().any(|p| p.starts_with("/:projectName"))
            });
            let title = if not_found {
                "Page Not Found"
            } else {
                matrix_title.unwrap_or("Olympiads")
            };
            let title = format!("{title} | Olympiads");
            Seo {
                og_title: title.clone(),
                heading: String::new(),
                title,
                description: PRODUCT_DESCRIPTION.into(),
                keywords: String::new(),
                canonical: format!("{base}{canonical_path}"),
                body: String::new(),
                not_found,
                entries: Default::default(),
            }
        }
    };
    PublicPage { seo, maintenance }
}

/// The heading the page's screen shows, so that the server's first paint and the app's page say
/// the same: a project's home is headed by its name, the product's by what the olympiads are, an FAQ
/// in full words; any other page by its title.
fn page_heading(page_key: &str, project: Option<&str>, title: &str) -> String {
    match (page_key, project) {
        ("home", Some(name)) => name,
        ("home", None) => "School olympiads for South African learners",
        ("faq", _) => "Frequently asked questions",
        _ => title,
    }
    .to_owned()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes the page's title into `<title>`, its tags before `</head>`, and its heading and copy
/// into the app's root element (the app replaces them when it starts).
pub fn with_seo(html: &str, seo: &Seo) -> String {
    let mut out = html.to_owned();
    if let (Some(start), Some(end)) = (out.find("<title>"), out.find("</title>")) {
        if start < end {
            out.replace_range(start + "<title>".len()..end, &escape(&seo.title));
        }
    }
    // The built page's own description goes: this page's is written below.
    if let Some(start) = out.find("<meta name=\"description\"") {
        let end = out[start..].find('>').map_or(out.len(), |e| start + e + 1);
        out.replace_range(start..end, "");
    }
    let mut tags = String::new();
    let mut meta = |attribute: &str, name: &str, content: &str| {
        if !content.is_empty() {
            tags.push_str(&format!(
                "<meta {attribute}=\"{name}\" content=\"{}\">",
                escape(content)
            ));
        }
    };
    meta("name", "description", &seo.description);
    meta("name", "keywords", &seo.keywords);
    meta("property", "og:type", "website");
    meta("property", "og:title", &seo.og_title);
    meta("property", "og:description", &seo.description);
    meta("property", "og:url", &seo.canonical);
    meta("property", "og:site_name", "Olympiads");
    meta("name", "twitter:card", "summary");
    meta("name", "twitter:title", &seo.og_title);
    meta("name", "twitter:description", &seo.description);
    if seo.not_found {
        meta("name", "robots", "noindex");
    } else if !seo.canonical.is_empty() {
        tags.push_str(&format!(
            "<link rel=\"canonical\" href=\"{}\">",
            escape(&seo.canonical)
        ));
    }
    // Data, not script: no browser runs either, so the policy on scripts leaves them be.
    if !seo.entries.structured_data.is_empty() {
        tags.push_str(&format!(
            "<script type=\"application/ld+json\">{}</script>",
            seo.entries.structured_data
        ));
    }
    if !seo.entries.answers.is_empty() {
        tags.push_str(&format!(
            "<script type=\"application/json\" id=\"server-answers\">{}</script>",
            seo.entries.answers
        ));
    }
    if let Some(head_end) = out.find("</head>") {
        out.insert_str(head_end, &tags);
    }
    if !seo.heading.is_empty() || !seo.body.is_empty() {
        let copy = format!(
            "<main id=\"server-copy\"><h1>{}</h1>{}{}</main>",
            escape(&seo.heading),
            // Sanitised HTML, kept only through the one sanitiser.
            seo.body,
            seo.entries.html
        );
        let root = "<div id=\"root\">";
        if let Some(at) = out.find(root) {
            out.insert_str(at + root.len(), &copy);
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
        assert_eq!(
            screen_title("/unsubscribe", "olympiads"),
            Some("Unsubscribe")
        );
        assert_eq!(screen_title("/geography", "olympiads"), Some("Home"));
        assert_eq!(
            screen_title("/a/b/c/d", "olympiads"),
            Some("Page Not Found")
        );
    }

    #[test]
    fn pages_are_headed_as_their_screens_head_them() {
        let geography = Some("Geography Olympiad");
        assert_eq!(
            page_heading("home", geography, "Home"),
            "Geography Olympiad"
        );
        assert_eq!(
            page_heading("home", None, "Home"),
            "School olympiads for South African learners"
        );
        assert_eq!(
            page_heading("faq", geography, "FAQ"),
            "Frequently asked questions"
        );
        assert_eq!(page_heading("about", None, "About"), "About");
    }

    #[test]
    fn the_pages_of_e_mailed_links_stay_open_in_maintenance() {
        for open in [
            "/maintenance",
            "/verify-email/0b7e6f1c-8d2a-4c55-9a43-1f2e3d4c5b6a",
            "/unsubscribe",
            "/unsubscribe/abc123",
            "/geography/unsubscribe/abc123",
        ] {
            assert!(open_in_maintenance(open, "olympiads"), "{open}");
        }
        for closed in [
            "/",
            "/olympiads/home",
            "/geography",
            "/geography/about",
            "/x/y/z",
        ] {
            assert!(!open_in_maintenance(closed, "olympiads"), "{closed}");
        }
    }

    #[test]
    fn seo_is_written_into_the_page_escaped() {
        let html = "<html><head><title>Olympiads</title><meta name=\"description\" content=\"\"></head><body></body></html>";
        let seo = Seo {
            title: "Past Winners | Geography <Olympiad>".into(),
            description: "Who \"won\"".into(),
            ..Seo::default()
        };
        let out = with_seo(html, &seo);
        assert!(out.contains("<title>Past Winners | Geography &lt;Olympiad&gt;</title>"));
        assert!(out.contains("<meta name=\"description\" content=\"Who &quot;won&quot;\">"));
        let bare = with_seo("<html><head><title></title></head></html>", &seo);
        assert!(bare.contains("<meta name=\"description\""));
    }
}
