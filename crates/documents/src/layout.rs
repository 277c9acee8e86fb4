//! What the A4 forms we print share (answer sheets, login slips, invoices): lines of text laid
//! down from the top of a block in the embedded DejaVu subset, and the document around the pages
//! (catalogue, page tree, the fonts once, one content stream a page).

use crate::fonts::{Fonts, FONT_OBJECTS};
use pdf_writer::writers::Resources;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};

pub const A4_WIDTH: f32 = 595.0;
pub const A4_HEIGHT: f32 = 842.0;

/// One line of a block: its face and size, how far below the block's top its baseline lies, and
/// its text, cut with "…" where it would run past the block's width.
pub struct Run<'a> {
    pub bold: bool,
    pub size: f32,
    pub below: f32,
    pub text: &'a str,
}

impl<'a> Run<'a> {
    pub fn regular(size: f32, below: f32, text: &'a str) -> Self {
        Run {
            bold: false,
            size,
            below,
            text,
        }
    }

    pub fn bold(size: f32, below: f32, text: &'a str) -> Self {
        Run {
            bold: true,
            ..Run::regular(size, below, text)
        }
    }
}

/// Writes the runs of a block whose top left corner is (`x`, `top`), each within `width`.
pub fn runs(content: &mut Content, fonts: &Fonts, x: f32, top: f32, width: f32, runs: &[Run]) {
    for run in runs {
        let text = fonts.fitted(run.bold, run.text, run.size, width);
        fonts.show(content, run.bold, run.size, x, top - run.below, &text);
    }
}

/// A page that only says `text` at its top (a school without learners to print).
pub fn note_page(fonts: &Fonts, margin: f32, text: &str) -> Content {
    let mut content = Content::new();
    let width = A4_WIDTH - 2.0 * margin;
    let top = A4_HEIGHT - margin;
    runs(
        &mut content,
        fonts,
        margin,
        top,
        width,
        &[Run::bold(14.0, 14.0, text)],
    );
    content
}

/// The PDF of A4 portrait pages, one content stream each, written with `fonts`.
pub fn a4_pdf(fonts: &Fonts, title: &str, pages: Vec<Content>) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let (catalog, tree, info) = (Ref::new(1), Ref::new(2), Ref::new(3));
    let font_refs = fonts.write(&mut pdf, 10);
    let first_page = 10 + FONT_OBJECTS;
    let page_refs: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(first_page + 2 * i as i32))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_refs.iter().copied())
        .count(page_refs.len() as i32);
    pdf.document_info(info).title(TextStr(title));
    for (page_id, content) in page_refs.into_iter().zip(pages) {
        let content_id = Ref::new(page_id.get() + 1);
        let refs = [page_id, tree, content_id];
        write_page(&mut pdf, refs, (A4_WIDTH, A4_HEIGHT), font_refs, |_| {});
        pdf.stream(content_id, &content.finish());
    }
    pdf.finish()
}

/// One page (its id, its tree's, its content's) of `size` points, with the fonts in its
/// resources and whatever else `more` adds there (a certificate's pictures).
pub fn write_page(
    pdf: &mut Pdf,
    [page_id, tree, content_id]: [Ref; 3],
    (width, height): (f32, f32),
    fonts: [(Name<'static>, Ref); 2],
    more: impl FnOnce(&mut Resources<'_>),
) {
    let mut page = pdf.page(page_id);
    page.media_box(Rect::new(0.0, 0.0, width, height))
        .parent(tree)
        .contents(content_id);
    let mut resources = page.resources();
    let mut font_map = resources.fonts();
    for (name, id) in fonts {
        font_map.pair(name, id);
    }
    font_map.finish();
    more(&mut resources);
    resources.finish();
    page.finish();
}
