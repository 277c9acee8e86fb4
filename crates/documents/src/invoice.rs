//! A tax invoice or credit note as a one-page A4 PDF: the provider and its VAT number, the
//! customer, the document's number and date, the line, VAT and total, and how to pay. South
//! African tax invoices must say "Tax Invoice", name both parties, and show VAT separately.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

/// Everything printed; amounts are already written (`R 1 250.00`).
pub struct InvoiceSheet {
    pub credit_note: bool,
    /// `INV-000123`
    pub number: String,
    /// `2026-11-25`
    pub issued_on: String,
    /// For a credit note: the invoice it cancels.
    pub cancels: Option<String>,
    pub provider_name: String,
    pub provider_address: String,
    pub provider_vat_number: String,
    pub customer_name: String,
    pub customer_address: String,
    pub schools_po: String,
    pub reference: String,
    /// `Geography Olympiad 2026: entry fee per learner`
    pub description: String,
    pub learners: i32,
    pub free_learners: i32,
    pub unit: String,
    pub subtotal: String,
    /// `VAT (15%)`
    pub vat_label: String,
    pub vat: String,
    pub total: String,
    /// How to pay: banking details and the payment page's address.
    pub payment_lines: Vec<String>,
    /// One line per fee (a grade band, the early-bird or late fee); when empty, the one line of
    /// `description`, `learners` and `unit`.
    pub lines: Vec<SheetLine>,
    /// The part a funder sponsors: its label (`Sponsored (60%)`) and amount (`-R 300.00`).
    pub sponsored: Option<(String, String)>,
}

/// One fee of the invoice.
pub struct SheetLine {
    pub description: String,
    pub learners: i32,
    pub free_learners: i32,
    pub unit: String,
    pub amount: String,
}

const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 48.0;
const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");

fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '–' | '—' => b'-',
            other => olympiad_domain::text::ascii_fold(&other.to_string())
                .bytes()
                .next()
                .unwrap_or(b'?'),
        })
        .collect()
}

fn text(content: &mut Content, font: Name, size: f32, x: f32, y: f32, value: &str) {
    content
        .begin_text()
        .set_font(font, size)
        .next_line(x, y)
        .show(Str(&win_ansi(value)))
        .end_text();
}

/// Right-aligned at `right` (Helvetica's digits are 0.556 em wide; close enough for amounts).
fn right(content: &mut Content, font: Name, size: f32, right: f32, y: f32, value: &str) {
    let width = value.chars().count() as f32 * size * 0.556;
    text(content, font, size, right - width, y, value);
}

pub fn invoice_pdf(sheet: &InvoiceSheet) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let (catalog, tree, page, contents, regular, bold, info) = (
        Ref::new(1),
        Ref::new(2),
        Ref::new(3),
        Ref::new(4),
        Ref::new(5),
        Ref::new(6),
        Ref::new(7),
    );
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids([page]).count(1);
    for (id, base) in [(regular, "Helvetica"), (bold, "Helvetica-Bold")] {
        pdf.type1_font(id)
            .base_font(Name(base.as_bytes()))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    let title = if sheet.credit_note {
        "Credit Note"
    } else {
        "Tax Invoice"
    };
    pdf.document_info(info)
        .title(TextStr(&format!("{title} {}", sheet.number)));

    let mut c = Content::new();
    let top = PAGE_HEIGHT - MARGIN;
    let edge = PAGE_WIDTH - MARGIN;
    text(&mut c, BOLD, 22.0, MARGIN, top - 22.0, title);
    right(&mut c, BOLD, 12.0, edge, top - 12.0, &sheet.number);
    right(&mut c, REGULAR, 10.0, edge, top - 28.0, &sheet.issued_on);
    if let Some(cancels) = &sheet.cancels {
        right(
            &mut c,
            REGULAR,
            10.0,
            edge,
            top - 42.0,
            &format!("Cancels {cancels}"),
        );
    }

    // The provider (left) and the customer (right).
    let mut y = top - 70.0;
    text(&mut c, BOLD, 10.0, MARGIN, y, &sheet.provider_name);
    text(&mut c, BOLD, 10.0, 320.0, y, "To");
    let mut left_y = y;
    for line in sheet.provider_address.lines() {
        left_y -= 13.0;
        text(&mut c, REGULAR, 10.0, MARGIN, left_y, line);
    }
    left_y -= 13.0;
    text(
        &mut c,
        REGULAR,
        10.0,
        MARGIN,
        left_y,
        &format!("VAT number: {}", sheet.provider_vat_number),
    );
    let mut right_y = y - 13.0;
    text(&mut c, REGULAR, 10.0, 320.0, right_y, &sheet.customer_name);
    for line in sheet.customer_address.lines().take(6) {
        right_y -= 13.0;
        text(&mut c, REGULAR, 10.0, 320.0, right_y, line);
    }
    if !sheet.schools_po.is_empty() {
        right_y -= 13.0;
        text(
            &mut c,
            REGULAR,
            10.0,
            320.0,
            right_y,
            &format!("Your order number: {}", sheet.schools_po),
        );
    }
    right_y -= 13.0;
    text(
        &mut c,
        REGULAR,
        10.0,
        320.0,
        right_y,
        &format!("Payment reference: {}", sheet.reference),
    );

    // The line and the sums.
    y = left_y.min(right_y) - 36.0;
    c.set_line_width(0.6);
    c.move_to(MARGIN, y + 14.0).line_to(edge, y + 14.0).stroke();
    text(&mut c, BOLD, 10.0, MARGIN, y, "Description");
    right(&mut c, BOLD, 10.0, 370.0, y, "Learners");
    right(&mut c, BOLD, 10.0, 450.0, y, "Unit price");
    right(&mut c, BOLD, 10.0, edge, y, "Amount");
    let one_line = [SheetLine {
        description: sheet.description.clone(),
        learners: sheet.learners,
        free_learners: sheet.free_learners,
        unit: sheet.unit.clone(),
        amount: sheet.subtotal.clone(),
    }];
    let lines = if sheet.lines.is_empty() {
        &one_line[..]
    } else {
        &sheet.lines[..]
    };
    for line in lines {
        y -= 20.0;
        text(&mut c, REGULAR, 10.0, MARGIN, y, &line.description);
        right(&mut c, REGULAR, 10.0, 370.0, y, &line.learners.to_string());
        right(&mut c, REGULAR, 10.0, 450.0, y, &line.unit);
        if line.free_learners > 0 {
            y -= 14.0;
            text(
                &mut c,
                REGULAR,
                9.0,
                MARGIN,
                y,
                &format!("less {} learners without charge", line.free_learners),
            );
        }
        right(&mut c, REGULAR, 10.0, edge, y, &line.amount);
    }
    y -= 16.0;
    c.move_to(MARGIN, y).line_to(edge, y).stroke();
    let mut sums = vec![("Total excluding VAT", &sheet.subtotal, REGULAR)];
    if let Some((label, amount)) = &sheet.sponsored {
        sums.push((label.as_str(), amount, REGULAR));
    }
    sums.push((sheet.vat_label.as_str(), &sheet.vat, REGULAR));
    sums.push(("Total including VAT", &sheet.total, BOLD));
    for (label, value, font) in sums {
        y -= 18.0;
        right(&mut c, font, 10.0, 450.0, y, label);
        right(&mut c, font, 10.0, edge, y, value);
    }

    y -= 48.0;
    text(&mut c, BOLD, 10.0, MARGIN, y, "How to pay");
    for line in &sheet.payment_lines {
        y -= 14.0;
        text(&mut c, REGULAR, 10.0, MARGIN, y, line);
    }

    let page_rect = Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT);
    let mut p = pdf.page(page);
    p.media_box(page_rect).parent(tree).contents(contents);
    let mut resources = p.resources();
    let mut fonts = resources.fonts();
    fonts.pair(REGULAR, regular).pair(BOLD, bold);
    fonts.finish();
    resources.finish();
    p.finish();
    pdf.stream(contents, &c.finish());
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invoice_is_one_pdf_page_that_says_tax_invoice() {
        let sheet = InvoiceSheet {
            credit_note: false,
            number: "INV-000001".into(),
            issued_on: "2026-11-25".into(),
            cancels: None,
            provider_name: "Olympiads".into(),
            provider_address: "1 Main Road\nPretoria".into(),
            provider_vat_number: "4000000000".into(),
            customer_name: "Hoërskool Waterkloof".into(),
            customer_address: "Pretoria".into(),
            schools_po: "PO-1".into(),
            reference: "GEO26-000001".into(),
            description: "Geography Olympiad 2026: entry per learner".into(),
            learners: 30,
            free_learners: 5,
            unit: "R 50.00".into(),
            subtotal: "R 1 250.00".into(),
            vat_label: "VAT (15%)".into(),
            vat: "R 187.50".into(),
            total: "R 1 437.50".into(),
            payment_lines: vec!["Bank: Example".into()],
            lines: vec![],
            sponsored: None,
        };
        let pdf = invoice_pdf(&sheet);
        assert!(pdf.starts_with(b"%PDF-"));
        let body = String::from_utf8_lossy(&pdf);
        assert!(body.contains("Tax Invoice") && body.contains("/Count 1"));
    }
}
