//! A tax invoice or credit note as a one-page A4 PDF: the provider and its VAT number, the
//! customer, the document's number and date, the line, VAT and total, and how to pay. South
//! African tax invoices must say "Tax Invoice", name both parties, and show VAT separately.

use crate::fonts::Fonts;
use crate::layout::{a4_pdf, A4_HEIGHT, A4_WIDTH};
use pdf_writer::Content;

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

const MARGIN: f32 = 48.0;
/// Where the customer's column starts.
const CUSTOMER_X: f32 = 320.0;

/// The page being written, in the sheet's fonts.
struct Page<'a> {
    content: Content,
    fonts: &'a Fonts,
}

impl Page<'_> {
    fn text(&mut self, bold: bool, size: f32, x: f32, y: f32, value: &str) {
        self.fonts.show(&mut self.content, bold, size, x, y, value);
    }

    /// Right-aligned at `right`, measured in the font itself.
    fn right(&mut self, bold: bool, size: f32, right: f32, y: f32, value: &str) {
        let width = self.fonts.width(bold, value, size);
        self.text(bold, size, right - width, y, value);
    }

    /// Lines of 10 points, 13 apart, below `y`; answers the last one's baseline.
    fn lines(&mut self, x: f32, mut y: f32, lines: &[String]) -> f32 {
        for line in lines {
            y -= 13.0;
            self.text(false, 10.0, x, y, line);
        }
        y
    }
}

/// Every text the sheet prints, for the font subset.
fn texts(sheet: &InvoiceSheet) -> Vec<&str> {
    let mut texts = vec![
        sheet.number.as_str(),
        &sheet.issued_on,
        &sheet.provider_name,
        &sheet.provider_address,
        &sheet.provider_vat_number,
        &sheet.customer_name,
        &sheet.customer_address,
        &sheet.schools_po,
        &sheet.reference,
        &sheet.description,
        &sheet.unit,
        &sheet.subtotal,
        &sheet.vat_label,
        &sheet.vat,
        &sheet.total,
    ];
    texts.extend(sheet.cancels.as_deref());
    texts.extend(sheet.payment_lines.iter().map(String::as_str));
    for line in &sheet.lines {
        texts.extend([line.description.as_str(), &line.unit, &line.amount]);
    }
    if let Some((label, amount)) = &sheet.sponsored {
        texts.extend([label.as_str(), amount]);
    }
    texts
}

/// The invoice or credit note as a one-page PDF, in the embedded DejaVu subset so that every
/// school's and person's name prints as written (š, ŋ, ë).
pub fn invoice_pdf(sheet: &InvoiceSheet) -> Vec<u8> {
    // The font is compiled in, and its own tests read it: it cannot fail to parse here.
    #[allow(clippy::expect_used)]
    let fonts = Fonts::for_texts(texts(sheet)).expect("the embedded DejaVu Sans reads");
    let title = if sheet.credit_note {
        "Credit Note"
    } else {
        "Tax Invoice"
    };
    let mut p = Page {
        content: Content::new(),
        fonts: &fonts,
    };
    let top = A4_HEIGHT - MARGIN;
    let edge = A4_WIDTH - MARGIN;
    p.text(true, 22.0, MARGIN, top - 22.0, title);
    p.right(true, 12.0, edge, top - 12.0, &sheet.number);
    p.right(false, 10.0, edge, top - 28.0, &sheet.issued_on);
    if let Some(cancels) = &sheet.cancels {
        p.right(false, 10.0, edge, top - 42.0, &format!("Cancels {cancels}"));
    }

    // The provider (left) and the customer (right).
    let mut y = top - 70.0;
    p.text(true, 10.0, MARGIN, y, &sheet.provider_name);
    p.text(true, 10.0, CUSTOMER_X, y, "To");
    let mut provider: Vec<String> = sheet.provider_address.lines().map(str::to_owned).collect();
    provider.push(format!("VAT number: {}", sheet.provider_vat_number));
    let left_y = p.lines(MARGIN, y, &provider);
    let mut customer = vec![sheet.customer_name.clone()];
    customer.extend(sheet.customer_address.lines().take(6).map(str::to_owned));
    if !sheet.schools_po.is_empty() {
        customer.push(format!("Your order number: {}", sheet.schools_po));
    }
    customer.push(format!("Payment reference: {}", sheet.reference));
    let right_y = p.lines(CUSTOMER_X, y, &customer);

    // The line and the sums.
    y = left_y.min(right_y) - 36.0;
    p.content.set_line_width(0.6);
    p.content
        .move_to(MARGIN, y + 14.0)
        .line_to(edge, y + 14.0)
        .stroke();
    p.text(true, 10.0, MARGIN, y, "Description");
    p.right(true, 10.0, 370.0, y, "Learners");
    p.right(true, 10.0, 450.0, y, "Unit price");
    p.right(true, 10.0, edge, y, "Amount");
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
        p.text(false, 10.0, MARGIN, y, &line.description);
        p.right(false, 10.0, 370.0, y, &line.learners.to_string());
        p.right(false, 10.0, 450.0, y, &line.unit);
        if line.free_learners > 0 {
            y -= 14.0;
            let free = format!("less {} learners without charge", line.free_learners);
            p.text(false, 9.0, MARGIN, y, &free);
        }
        p.right(false, 10.0, edge, y, &line.amount);
    }
    y -= 16.0;
    p.content.move_to(MARGIN, y).line_to(edge, y).stroke();
    let mut sums = vec![("Total excluding VAT", &sheet.subtotal, false)];
    if let Some((label, amount)) = &sheet.sponsored {
        sums.push((label.as_str(), amount, false));
    }
    sums.push((sheet.vat_label.as_str(), &sheet.vat, false));
    sums.push(("Total including VAT", &sheet.total, true));
    for (label, value, bold) in sums {
        y -= 18.0;
        p.right(bold, 10.0, 450.0, y, label);
        p.right(bold, 10.0, edge, y, value);
    }

    y -= 48.0;
    p.text(true, 10.0, MARGIN, y, "How to pay");
    for line in &sheet.payment_lines {
        y -= 14.0;
        p.text(false, 10.0, MARGIN, y, line);
    }
    a4_pdf(
        &fonts,
        &format!("{title} {}", sheet.number),
        vec![p.content],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet() -> InvoiceSheet {
        InvoiceSheet {
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
        }
    }

    #[test]
    fn an_invoice_is_one_pdf_page_that_says_tax_invoice() {
        let pdf = invoice_pdf(&sheet());
        assert!(pdf.starts_with(b"%PDF-"));
        let body = String::from_utf8_lossy(&pdf);
        assert!(body.contains("/Count 1") && body.contains("+DejaVuSans"));
        let shown = crate::fonts::extract::shown_texts(&pdf);
        assert!(shown.iter().any(|t| t == "Tax Invoice"), "{shown:?}");
    }

    #[test]
    fn names_with_s_caron_and_eng_print_as_written() {
        let mut sheet = sheet();
        sheet.customer_name = "Nkosi Ŋwana".into();
        sheet.customer_address = "Šimun Street 4\nPolokwane".into();
        sheet.lines = vec![SheetLine {
            description: "Grades 10–12".into(),
            learners: 3,
            free_learners: 0,
            unit: "R 50.00".into(),
            amount: "R 150.00".into(),
        }];
        let pdf = invoice_pdf(&sheet);
        let shown = crate::fonts::extract::shown_texts(&pdf);
        for name in ["Nkosi Ŋwana", "Šimun Street 4", "Grades 10–12"] {
            assert!(
                shown.iter().any(|t| t.contains(name)),
                "{name} in {shown:?}"
            );
        }
    }
}
