//! Rich text: HTML that people write (question stems, instructions, the declaration) and learners'
//! and staff's pages show as HTML. A [`RichText`] can only be made through the one sanitiser, and
//! reading one from JSON (a request body, an import, a stored column) sanitises it, so no route and
//! no old row can bring a script into a page.

use crate::paper::Language;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::sync::RwLock;

/// Sanitised HTML.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct RichText(String);

/// Rich text per language.
pub type LocalizedRichText = BTreeMap<Language, RichText>;

impl RichText {
    pub fn new(html: &str) -> RichText {
        RichText(sanitise(html))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl AsRef<str> for RichText {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// Sanitises, like [`RichText::new`]: there is no way to a `RichText` around the sanitiser.
impl From<&str> for RichText {
    fn from(html: &str) -> RichText {
        RichText::new(html)
    }
}

impl From<String> for RichText {
    fn from(html: String) -> RichText {
        RichText::new(&html)
    }
}

impl From<RichText> for String {
    fn from(text: RichText) -> String {
        text.0
    }
}

impl<'de> Deserialize<'de> for RichText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(RichText::new(&String::deserialize(deserializer)?))
    }
}

impl utoipa::PartialSchema for RichText {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        String::schema()
    }
}

impl utoipa::ToSchema for RichText {}

/// The texts, each sanitised.
pub fn localized(texts: &BTreeMap<Language, String>) -> LocalizedRichText {
    texts
        .iter()
        .map(|(language, text)| (*language, RichText::new(text)))
        .collect()
}

/// The formatting that rich text and e-mail bodies share: paragraphs, emphasis, lists, tables
/// and headings.
const FORMATTING: &[&str] = &[
    "p",
    "br",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ul",
    "ol",
    "li",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
    "h3",
    "h4",
    "blockquote",
];

/// Rich text from the question editor, made safe to show: formatting, lists, tables and images of
/// this olympiad's own files only. Scripts, styles, event handlers and outside addresses are
/// removed (an outside image would cost learners data and tell a third party who is writing).
///
/// The same few texts (an olympiad's instructions and declaration, its paper) are read on every
/// step of every learner's start, so what the sanitiser makes of a text is kept, by the text
/// itself: an edit on any node is a new text, sanitised anew, and nothing is ever stale.
fn sanitise(html: &str) -> String {
    if let Some(clean) = SANITISED.get(html) {
        return clean;
    }
    let clean = SANITISER.clean(html).to_string();
    SANITISED.keep(html, &clean);
    clean
}

/// The sanitiser's rules, made once.
static SANITISER: std::sync::LazyLock<ammonia::Builder<'static>> = std::sync::LazyLock::new(|| {
    use std::collections::HashSet;
    let tags: HashSet<&str> = FORMATTING
        .iter()
        .chain(&["sub", "sup", "img"])
        .copied()
        .collect();
    let mut builder = ammonia::Builder::default();
    builder
        .tags(tags)
        .tag_attributes(
            [(
                "img",
                ["src", "alt", "width", "height"].into_iter().collect(),
            )]
            .into_iter()
            .collect(),
        )
        .generic_attributes(HashSet::new())
        .url_schemes(HashSet::new())
        .attribute_filter(|element, attribute, value| match (element, attribute) {
            ("img", "src") if value.starts_with("/api/attachment/") => Some(value.into()),
            ("img", "src") => None,
            _ => Some(value.into()),
        });
    builder
});

/// Texts sanitised lately: the raw text (the whole of it, so two texts never share an entry) to
/// what the sanitiser made of it.
static SANITISED: SanitisedTexts = SanitisedTexts::new();

/// Texts longer than this are sanitised each time (a long text is rarely read twice in a row).
const KEPT_TEXT_BYTES: usize = 64 * 1024;
/// What the kept texts may take together, raw and sanitised; when a shard is full, its memory
/// starts over.
const KEPT_BYTES: usize = 8 * 1024 * 1024;
/// On exam morning every request reads the same few texts at once. The memory is split by text
/// into shards, each behind its own read-mostly lock: readers never wait for each other, and
/// keeping a new text locks one shard of sixteen.
const SHARDS: usize = 16;
const SHARD_BYTES: usize = KEPT_BYTES / SHARDS;

struct SanitisedTexts([RwLock<Option<KeptTexts>>; SHARDS]);

#[derive(Default)]
struct KeptTexts {
    texts: HashMap<Box<str>, Box<str>>,
    bytes: usize,
}

impl SanitisedTexts {
    const fn new() -> Self {
        SanitisedTexts([const { RwLock::new(None) }; SHARDS])
    }

    /// The shard that keeps this text.
    fn shard(&self, html: &str) -> &RwLock<Option<KeptTexts>> {
        let mut hasher = std::hash::DefaultHasher::new();
        html.hash(&mut hasher);
        &self.0[(hasher.finish() % SHARDS as u64) as usize]
    }

    fn get(&self, html: &str) -> Option<String> {
        let kept = self.shard(html).read().ok()?;
        kept.as_ref()?
            .texts
            .get(html)
            .map(|clean| clean.to_string())
    }

    fn keep(&self, html: &str, clean: &str) {
        if html.len() > KEPT_TEXT_BYTES {
            return;
        }
        let Ok(mut kept) = self.shard(html).write() else {
            return;
        };
        let kept = kept.get_or_insert_with(KeptTexts::default);
        let bytes = html.len() + clean.len();
        if kept.bytes + bytes > SHARD_BYTES {
            *kept = KeptTexts::default();
        }
        if kept.texts.insert(html.into(), clean.into()).is_none() {
            kept.bytes += bytes;
        }
    }
}

/// The body of an e-mail as staff write it (system e-mail copy, mass mails): the same formatting
/// as rich text, and links to web addresses, e-mail addresses or a `{{placeholder}}` that the
/// mailer fills with a link of ours. Images are left out: they would be fetched from outside.
pub fn email_html(html: &str) -> String {
    use std::collections::HashSet;
    let tags: HashSet<&str> = FORMATTING.iter().chain(&["h2", "a"]).copied().collect();
    let mut builder = ammonia::Builder::default();
    builder
        .tags(tags)
        .tag_attributes(
            [("a", ["href"].into_iter().collect())]
                .into_iter()
                .collect(),
        )
        .generic_attributes(HashSet::new())
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some("noopener"))
        .attribute_filter(|element, attribute, value| match (element, attribute) {
            ("a", "href")
                if value.starts_with("https://")
                    || value.starts_with("http://")
                    || value.starts_with("mailto:")
                    || (value.starts_with("{{") && value.ends_with("}}")) =>
            {
                Some(value.into())
            }
            ("a", "href") => None,
            _ => Some(value.into()),
        });
    builder.clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_html_keeps_links_and_placeholders_and_drops_scripts() {
        let clean = email_html(
            r#"<p onclick="x()">Hi {{name}} <a href="{{link}}">here</a> <a href="javascript:alert(1)">no</a><script>s()</script><img src="https://x/y.png"></p>"#,
        );
        assert!(clean.contains(r#"href="{{link}}""#), "{clean}");
        assert!(!clean.contains("javascript"));
        assert!(!clean.contains("script"));
        assert!(!clean.contains("onclick"));
        assert!(!clean.contains("img"));
        assert!(clean.contains("Hi {{name}}"));
    }

    #[test]
    fn scripts_handlers_and_outside_images_are_removed() {
        let dirty = r#"<p onclick="steal()">Look <script>alert(1)</script><b>here</b></p><img src="https://evil.example/x.png"><img src="/api/attachment/4" alt="map" style="x">"#;
        let clean = RichText::new(dirty).into_string();
        assert_eq!(
            clean,
            r#"<p>Look <b>here</b></p><img><img src="/api/attachment/4" alt="map">"#
        );
    }

    #[test]
    fn reading_rich_text_from_json_sanitises_it() {
        let texts: LocalizedRichText = serde_json::from_str(
            r#"{"en": "<img src=x onerror=alert(1)><b>Read</b>", "af": "<script>x()</script>Lees"}"#,
        )
        .unwrap();
        assert_eq!(texts[&Language::En].as_str(), "<img><b>Read</b>");
        assert_eq!(texts[&Language::Af].as_str(), "Lees");
        assert_eq!(
            serde_json::to_string(&texts[&Language::Af]).unwrap(),
            r#""Lees""#
        );
    }

    #[test]
    fn a_text_sanitised_again_is_answered_alike_and_an_edit_is_sanitised_anew() {
        let raw = "<p onclick=x()>Answer <b>every</b> question</p><script>steal()</script>";
        let first = RichText::new(raw);
        assert_eq!(first.as_str(), "<p>Answer <b>every</b> question</p>");
        assert_eq!(RichText::new(raw), first);
        // The edited text is another key: never the old answer.
        let edited = RichText::new("<p>Answer <i>five</i> questions</p><img src=https://x.io/a>");
        assert_eq!(edited.as_str(), "<p>Answer <i>five</i> questions</p><img>");
    }

    #[test]
    fn kept_texts_stay_within_their_bound() {
        let texts = SanitisedTexts::new();
        let long = "x".repeat(KEPT_TEXT_BYTES + 1);
        texts.keep(&long, &long);
        assert_eq!(texts.get(&long), None);
        let chunk = "y".repeat(KEPT_TEXT_BYTES / 2);
        for i in 0..(2 * KEPT_BYTES / KEPT_TEXT_BYTES + 4) {
            let raw = format!("{i}{chunk}");
            texts.keep(&raw, &raw);
            assert_eq!(texts.get(&raw).as_deref(), Some(raw.as_str()));
            let mut total = 0;
            for shard in &texts.0 {
                let bytes = shard.read().unwrap().as_ref().map_or(0, |kept| kept.bytes);
                assert!(bytes <= SHARD_BYTES);
                total += bytes;
            }
            assert!(total <= KEPT_BYTES);
        }
    }
}
