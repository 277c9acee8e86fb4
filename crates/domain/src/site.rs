//! The public sites' pages: the product's suite site (`/{product}/...`) and each project's site
//! (`/{project}/...`), each page with the key its copy and its tags are kept under. The server
//! writes a page's tags into the HTML it sends, the sitemap lists the pages, and the editors offer
//! exactly these pages.

/// A page of a public site: its key (as the spec names it) and its address below the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SitePage {
    pub key: &'static str,
    /// The address below the site's own (`about` in `/geography/about`).
    pub path: &'static str,
    pub title: &'static str,
}

const fn page(key: &'static str, path: &'static str, title: &'static str) -> SitePage {
    SitePage { key, path, title }
}

/// The product suite site's pages.
pub const PRODUCT_PAGES: &[SitePage] = &[
    page("home", "home", "Home"),
    page("about", "about", "About"),
    page("ourPartners", "our-partners", "Our Partners"),
    page("faq", "faq", "FAQ"),
    page("contact", "contact", "Contact"),
    page("ourUsers", "our-users", "Our Users"),
    page("mytutor", "mytutor", "MyTutor"),
];

/// Each project site's pages.
pub const PROJECT_PAGES: &[SitePage] = &[
    page("home", "home", "Home"),
    page("mytutor", "mytutor", "MyTutor"),
    page("express-interest", "express-interest", "Express Interest"),
    page("top-results", "top-results", "Top Results"),
    page("about", "about", "About"),
    page(
        "participation-and-rules",
        "participation-and-rules",
        "Participation and Rules",
    ),
    page("past-olympiads", "past-olympiads", "Past Olympiads"),
    page("past-winners", "past-winners", "Past Winners"),
    page("contact", "contact", "Contact"),
    page("faq", "faq", "FAQ"),
];

/// The FAQ of the teacher portal is kept under this site name.
pub const PORTAL_SITE: &str = "portal";

/// Which site an address belongs to, as the server sees it before any project is looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SiteAddress<'a> {
    /// `/{product}/...`, `/` (the Watch page) and `/mytutor`: the product's site.
    Product(&'static SitePage),
    /// `/{project}` or `/{project}/{page}`: a project's page, if `project` names one.
    Project {
        project: &'a str,
        page: &'static SitePage,
    },
}

/// The page at `path`, when it is one of the public sites' pages.
pub fn site_address<'a>(path: &'a str, product: &str) -> Option<SiteAddress<'a>> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let find = |pages: &'static [SitePage], path: &str| pages.iter().find(|p| p.path == path);
    match segments.as_slice() {
        [] => find(PRODUCT_PAGES, "home").map(SiteAddress::Product),
        ["mytutor"] => find(PRODUCT_PAGES, "mytutor").map(SiteAddress::Product),
        [first] if *first == product => find(PRODUCT_PAGES, "home").map(SiteAddress::Product),
        [first, rest] if *first == product => find(PRODUCT_PAGES, rest).map(SiteAddress::Product),
        [project] => find(PROJECT_PAGES, "home").map(|page| SiteAddress::Project { project, page }),
        [project, rest] => {
            find(PROJECT_PAGES, rest).map(|page| SiteAddress::Project { project, page })
        }
        _ => None,
    }
}

/// Whether `key` is a page of a project's site (`project`) or of the product's.
pub fn is_page_key(key: &str, project: bool) -> bool {
    let pages = if project {
        PROJECT_PAGES
    } else {
        PRODUCT_PAGES
    };
    pages.iter().any(|p| p.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_name_their_site_and_page() {
        let key = |path| match site_address(path, "olympiads") {
            Some(SiteAddress::Product(page)) => format!("product:{}", page.key),
            Some(SiteAddress::Project { project, page }) => format!("{project}:{}", page.key),
            None => "none".into(),
        };
        assert_eq!(key("/"), "product:home");
        assert_eq!(key("/olympiads/our-partners"), "product:ourPartners");
        assert_eq!(key("/olympiads"), "product:home");
        assert_eq!(key("/mytutor"), "product:mytutor");
        assert_eq!(key("/geography"), "geography:home");
        assert_eq!(
            key("/geography/participation-and-rules"),
            "geography:participation-and-rules"
        );
        assert_eq!(key("/geography/no-such-page"), "none");
        assert_eq!(key("/olympiads/past-winners"), "none");
        assert_eq!(key("/a/b/c"), "none");
    }

    #[test]
    fn page_keys_belong_to_their_kind_of_site() {
        assert!(is_page_key("ourPartners", false));
        assert!(!is_page_key("ourPartners", true));
        assert!(is_page_key("past-winners", true));
        assert!(!is_page_key("", true));
    }
}
