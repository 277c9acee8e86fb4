//! A table of headings and rows, written as CSV (for any program) or XLSX (for Excel).

use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// One cell of an export: numbers stay numbers in XLSX, so that a spreadsheet can sum them.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Number(f64),
    Empty,
}

impl From<String> for Cell {
    fn from(text: String) -> Self {
        Cell::Text(text)
    }
}

impl From<&str> for Cell {
    fn from(text: &str) -> Self {
        Cell::Text(text.to_owned())
    }
}

impl From<i32> for Cell {
    fn from(n: i32) -> Self {
        Cell::Number(f64::from(n))
    }
}

impl From<i64> for Cell {
    fn from(n: i64) -> Self {
        // Counts and ids of the platform are far below 2^53.
        Cell::Number(n as f64)
    }
}

impl From<bool> for Cell {
    fn from(b: bool) -> Self {
        Cell::Text(if b { "Yes" } else { "No" }.to_owned())
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(value: Option<T>) -> Self {
        value.map_or(Cell::Empty, Into::into)
    }
}

impl Cell {
    fn text(&self) -> String {
        match self {
            Cell::Text(text) => text.clone(),
            Cell::Number(n) => n.to_string(),
            Cell::Empty => String::new(),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Table {
    pub headings: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

/// A text cell that a spreadsheet would run as a formula (`=HYPERLINK(...)` typed into a school's
/// name) is written with a leading apostrophe, which spreadsheets show as plain text.
fn defused(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

impl Table {
    pub fn new(headings: &[&str]) -> Table {
        Table {
            headings: headings.iter().map(|h| (*h).to_owned()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<Cell>) {
        self.rows.push(row);
    }

    /// RFC 4180 CSV in UTF-8 with a byte-order mark, so that Excel reads accents right.
    pub fn to_csv(&self) -> Vec<u8> {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        let mut writer = csv::Writer::from_writer(&mut bytes);
        // Writing into memory cannot fail.
        let _ = writer.write_record(&self.headings);
        drop(writer);
        bytes.extend(self.csv_rows());
        bytes
    }

    /// The rows alone as [`Table::to_csv`] writes them: what follows the first part of a CSV
    /// written a part at a time.
    pub fn csv_rows(&self) -> Vec<u8> {
        let mut writer = csv::Writer::from_writer(Vec::new());
        for row in &self.rows {
            let _ = writer.write_record(row.iter().map(|cell| match cell {
                Cell::Text(text) => defused(text),
                other => other.text(),
            }));
        }
        writer.into_inner().unwrap_or_default()
    }

    /// One worksheet named `sheet`, headings bold and frozen, columns as wide as their contents.
    pub fn to_xlsx(&self, sheet: &str) -> Result<Vec<u8>, XlsxError> {
        let mut workbook = Workbook::new();
        self.add_sheet(&mut workbook, sheet)?;
        workbook.save_to_buffer()
    }

    /// Adds this table as a worksheet of `workbook`.
    pub fn add_sheet(&self, workbook: &mut Workbook, sheet: &str) -> Result<(), XlsxError> {
        let bold = Format::new().set_bold();
        let worksheet = workbook.add_worksheet();
        worksheet.set_name(sheet)?;
        let mut widths: Vec<usize> = self.headings.iter().map(|h| h.chars().count()).collect();
        for (col, heading) in self.headings.iter().enumerate() {
            worksheet.write_string_with_format(0, col as u16, heading, &bold)?;
        }
        for (index, row) in self.rows.iter().enumerate() {
            let r = index as u32 + 1;
            for (col, cell) in row.iter().enumerate() {
                let c = col as u16;
                match cell {
                    Cell::Text(text) => {
                        worksheet.write_string(r, c, text)?;
                    }
                    Cell::Number(n) => {
                        worksheet.write_number(r, c, *n)?;
                    }
                    Cell::Empty => {}
                }
                if let Some(width) = widths.get_mut(col) {
                    *width = (*width).max(cell.text().chars().count());
                }
            }
        }
        for (col, width) in widths.iter().enumerate() {
            worksheet.set_column_width(col as u16, (*width).clamp(6, 60) as f64 + 2.0)?;
        }
        worksheet.set_freeze_panes(1, 0)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_a_bom_quotes_and_no_formulas() {
        let mut table = Table::new(&["Name", "Grade"]);
        table.push(vec!["Nkosi, Thandi".into(), 10.into()]);
        table.push(vec!["=HYPERLINK(\"x\")".into(), Cell::Empty]);
        let text = String::from_utf8(table.to_csv()).unwrap();
        assert!(text.starts_with('\u{feff}'));
        assert!(text.contains("\"Nkosi, Thandi\",10\n"));
        assert!(text.contains("'=HYPERLINK"));
    }

    #[test]
    fn xlsx_is_a_zip_that_reads_back() {
        let mut table = Table::new(&["Name", "Grade"]);
        table.push(vec!["Thandi".into(), 10.into()]);
        let bytes = table.to_xlsx("Learners").unwrap();
        assert!(bytes.starts_with(b"PK\x03\x04"));
        let read = crate::read_table(&bytes).unwrap();
        assert_eq!(read.headings, vec!["Name", "Grade"]);
        assert_eq!(read.rows, vec![vec!["Thandi".to_owned(), "10".to_owned()]]);
    }
}
