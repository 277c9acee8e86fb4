//! Reading a spreadsheet that a person filled in: XLSX (and the older XLS, and ODS) through
//! calamine, or CSV in UTF-8 or Windows-1252 with commas, semicolons or tabs. The first sheet's
//! first row is the headings; every cell is read as the text a person sees.

use calamine::{open_workbook_auto_from_rs, Data, Reader};
use std::io::Cursor;

/// Why a file cannot be read, as a sentence for the person who uploaded it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("The file is password-protected. Save it without a password and upload it again.")]
    PasswordProtected,
    #[error("The file is not a spreadsheet. Upload the template as an Excel (.xlsx) or CSV file.")]
    NotASpreadsheet,
    #[error("The spreadsheet could not be read: {0}. Save it again as .xlsx or .csv and upload it again.")]
    Unreadable(String),
    #[error("The spreadsheet is empty: it needs the headings in its first row and a learner on each row below.")]
    Empty,
}

/// The first sheet of a file: its headings and the rows below them, blank rows left out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadTable {
    pub headings: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

const ZIP: &[u8] = b"PK\x03\x04";
/// The compound-file container of XLS files, and of XLSX files encrypted with a password.
const COMPOUND_FILE: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// Reads the first sheet of `bytes`, judged by its content, never by its name.
pub fn read_table(bytes: &[u8]) -> Result<ReadTable, SheetError> {
    let rows = if bytes.starts_with(ZIP) {
        read_workbook(bytes)?
    } else if bytes.starts_with(COMPOUND_FILE) {
        // Excel keeps a password-protected XLSX as an "EncryptedPackage" stream in a compound file.
        if contains_utf16(bytes, "EncryptedPackage") {
            return Err(SheetError::PasswordProtected);
        }
        read_workbook(bytes)?
    } else {
        read_csv(bytes)?
    };
    let mut rows = rows
        .into_iter()
        .filter(|row| row.iter().any(|cell| !cell.trim().is_empty()));
    let headings = rows.next().ok_or(SheetError::Empty)?;
    Ok(ReadTable {
        headings,
        rows: rows.collect(),
    })
}

fn contains_utf16(bytes: &[u8], text: &str) -> bool {
    let needle: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    bytes.windows(needle.len()).any(|window| window == needle)
}

fn read_workbook(bytes: &[u8]) -> Result<Vec<Vec<String>>, SheetError> {
    let mut workbook = open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(|e| {
        let text = e.to_string();
        if text.contains("password") {
            SheetError::PasswordProtected
        } else if text.contains("Cannot detect file format") {
            SheetError::NotASpreadsheet
        } else {
            SheetError::Unreadable(text)
        }
    })?;
    let range = workbook
        .worksheet_range_at(0)
        .ok_or(SheetError::Empty)?
        .map_err(|e| SheetError::Unreadable(e.to_string()))?;
    Ok(range
        .rows()
        .map(|row| row.iter().map(cell_text).collect())
        .collect())
}

/// The text a person sees in the cell: 10 for the number 10, not 10.0.
fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(text) => text.clone(),
        Data::Int(n) => n.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{f:.0}"),
        Data::Float(f) => f.to_string(),
        Data::Bool(true) => "Yes".into(),
        Data::Bool(false) => "No".into(),
        other => other.to_string(),
    }
}

fn read_csv(bytes: &[u8]) -> Result<Vec<Vec<String>>, SheetError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // Binary files (images, PDFs, executables) have NUL bytes or control characters early on.
    let start = &bytes[..bytes.len().min(4096)];
    if start.contains(&0) || start.starts_with(b"%PDF") {
        return Err(SheetError::NotASpreadsheet);
    }
    // Excel on Windows saves CSV in Windows-1252, not UTF-8.
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    };
    let controls = text
        .chars()
        .take(4096)
        .filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        .count();
    if controls > 0 {
        return Err(SheetError::NotASpreadsheet);
    }
    let first_line = text.lines().next().unwrap_or("");
    // In South Africa's Excel settings the list separator is often a semicolon.
    let delimiter = [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| first_line.bytes().filter(|b| b == d).count())
        .unwrap_or(b',');
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    reader
        .records()
        .map(|record| {
            record
                .map(|r| r.iter().map(str::to_owned).collect())
                .map_err(|e| SheetError::Unreadable(e.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_with_semicolons_and_windows_accents_is_read() {
        let bytes = b"First name;Last name;Grade\r\nZo\xEB;M\xFCller;10\r\n;;\r\n";
        let table = read_table(bytes).unwrap();
        assert_eq!(table.headings, vec!["First name", "Last name", "Grade"]);
        assert_eq!(table.rows, vec![vec!["Zoë", "Müller", "10"]]);
    }

    #[test]
    fn what_is_not_a_spreadsheet_is_refused() {
        assert_eq!(
            read_table(b"\x89PNG\r\n\x1a\n\0\0\0"),
            Err(SheetError::NotASpreadsheet)
        );
        assert_eq!(
            read_table(b"%PDF-1.7\n..."),
            Err(SheetError::NotASpreadsheet)
        );
        assert_eq!(read_table(b""), Err(SheetError::Empty));
        assert!(matches!(
            read_table(b"PK\x03\x04broken zip"),
            Err(SheetError::NotASpreadsheet | SheetError::Unreadable(_))
        ));
    }

    #[test]
    fn an_encrypted_workbook_is_named_as_such() {
        let mut bytes = COMPOUND_FILE.to_vec();
        bytes.extend(vec![0u8; 64]);
        bytes.extend("EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(read_table(&bytes), Err(SheetError::PasswordProtected));
    }
}
