//! Reading a spreadsheet that a person filled in: XLSX (and ODS) through calamine, or CSV in UTF-8
//! or Windows-1252 with commas, semicolons or tabs. The first sheet's first row is the headings;
//! every cell is read as the text a person sees. An old XLS is refused with the way to convert it
//! (see `compound_file_refusal` for why).
//!
//! Any teacher may upload a file, so a file is never trusted to be what it says it is. A few
//! kilobytes can describe a sheet of seventeen billion cells, a part that unpacks to gigabytes, or a
//! cell repeated a million times; calamine would build all of it in memory and the server would
//! die. So every limit below is checked while the file is read, before anything is built from it:
//! the zip's parts are measured before calamine unpacks them, XLSX cells are read one at a time,
//! and an ODS sheet's repeated rows and cells are counted before calamine repeats them.

use calamine::{Data, DataRef, Ods, OdsError, Reader, Xlsx, XlsxError};
use quick_xml::events::Event;
use std::io::{BufRead, BufReader, Cursor, Read};
use zip::result::ZipError;
use zip::ZipArchive;

/// A school's learners fit in far fewer: an import takes at most 5,000 of them. Twice that leaves
/// room for notes and blank rows, and bounds the table a file can make the reader hold.
pub const MAX_ROWS: u32 = 10_000;
/// The template has 11 columns; 50 leaves room for a school's own columns beside them.
pub const MAX_COLUMNS: u32 = 50;
/// Names, classes and e-mail addresses are far shorter; a longer cell is not a learner's detail.
pub const MAX_CELL_CHARS: usize = 1_000;
/// What a file may unpack to, and what the text of its cells may add up to. 5,000 learners take
/// about 1 MB of text; 50 MB bounds the memory and the time any file can cost the server.
pub const MAX_CONTENT_BYTES: u64 = 50 * 1024 * 1024;
/// The file itself. Uploads are held to less by the API; this keeps the reader safe on its own.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// Deflate can shrink repeated bytes about a thousandfold; a real sheet shrinks some tenfold, so a
/// part that claims more than this is a zip bomb (small parts are let through whatever their ratio).
const MAX_RATIO: u64 = 200;
const RATIO_FLOOR_BYTES: u64 = 1024 * 1024;
/// calamine sets aside room for as many shared strings as a workbook declares; there cannot be
/// more distinct strings than cells.
const MAX_SHARED_STRINGS: u64 = MAX_ROWS as u64 * MAX_COLUMNS as u64;
/// A cell's text counted in bytes before calamine decodes it: a character takes at most four.
const MAX_CELL_BYTES: u64 = 4 * MAX_CELL_CHARS as u64;

/// Why a file cannot be read, as a sentence for the person who uploaded it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("The file is password-protected. Save it without a password and upload it again.")]
    PasswordProtected,
    #[error("The file is not a spreadsheet. Upload the template as an Excel (.xlsx) or CSV file.")]
    NotASpreadsheet,
    #[error("The file is an Excel 97-2003 workbook (.xls), which is not read. Open it in Excel, save it as an Excel Workbook (.xlsx) and upload that.")]
    OldExcelWorkbook,
    #[error("The spreadsheet could not be read: {0}. Save it again as .xlsx or .csv and upload it again.")]
    Unreadable(String),
    #[error("The spreadsheet is empty: it needs the headings in its first row and a learner on each row below.")]
    Empty,
    #[error("The file is too large: at most {} MB is read. Keep only the learners in it and upload it again.", MAX_FILE_BYTES / (1024 * 1024))]
    FileTooLarge,
    #[error("The spreadsheet is too large: at most {} MB of it is read. Keep only the learners' sheet, without pictures, and upload it again.", MAX_CONTENT_BYTES / (1024 * 1024))]
    TooMuchData,
    #[error("The spreadsheet is too large: at most {} rows are read. Keep only the learners, on the first sheet, and upload it again.", grouped(MAX_ROWS.into()))]
    TooManyRows,
    #[error("The spreadsheet is too wide: at most {MAX_COLUMNS} columns are read. Keep only the template's columns and upload it again.")]
    TooManyColumns,
    /// `row` as the spreadsheet numbers it (from 1); `column` from 0, for A.
    #[error("The cell in row {row}, column {} holds more than {} characters. Shorten it and upload the file again.", column_name(*.column), grouped(MAX_CELL_CHARS as u64))]
    CellTooLong { row: u32, column: u32 },
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
const ODS_MIMETYPE: &[u8] = b"application/vnd.oasis.opendocument.spreadsheet";

/// Reads the first sheet of `bytes`, judged by its content, never by its name.
pub fn read_table(bytes: &[u8]) -> Result<ReadTable, SheetError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(SheetError::FileTooLarge);
    }
    let grid = if bytes.starts_with(ZIP) {
        read_zipped(bytes)?
    } else if bytes.starts_with(COMPOUND_FILE) {
        return Err(compound_file_refusal(bytes));
    } else {
        read_csv(bytes)?
    };
    grid.into_table()
}

/// The cells read so far, each checked as it arrives, so that no file makes the reader hold more
/// than the limits allow. Positions count from 0; the table starts at the first row and column
/// with a cell in them, as calamine's ranges do.
#[derive(Default)]
struct Grid {
    rows: Vec<Vec<String>>,
    /// First row, first column and last column with a cell.
    bounds: Option<(u32, u32, u32)>,
    text_bytes: u64,
}

impl Grid {
    fn put(&mut self, row: u32, column: u32, text: &str) -> Result<(), SheetError> {
        if row >= MAX_ROWS {
            return Err(SheetError::TooManyRows);
        }
        if column >= MAX_COLUMNS {
            return Err(SheetError::TooManyColumns);
        }
        if text.len() > MAX_CELL_CHARS && text.chars().count() > MAX_CELL_CHARS {
            return Err(SheetError::CellTooLong {
                row: row + 1,
                column,
            });
        }
        self.text_bytes = self.text_bytes.saturating_add(text.len() as u64);
        if self.text_bytes > MAX_CONTENT_BYTES {
            return Err(SheetError::TooMuchData);
        }
        let (r, c) = (row as usize, column as usize);
        if self.rows.len() <= r {
            self.rows.resize_with(r + 1, Vec::new);
        }
        let cells = &mut self.rows[r];
        if cells.len() <= c {
            cells.resize(c + 1, String::new());
        }
        text.clone_into(&mut cells[c]);
        self.bounds = Some(match self.bounds {
            None => (row, column, column),
            Some((top, left, right)) => (top.min(row), left.min(column), right.max(column)),
        });
        Ok(())
    }

    fn into_table(self) -> Result<ReadTable, SheetError> {
        let (top, left, right) = self.bounds.ok_or(SheetError::Empty)?;
        let (left, width) = (left as usize, right as usize + 1);
        let mut rows = self
            .rows
            .into_iter()
            .skip(top as usize)
            .map(|mut cells| {
                cells.resize(width, String::new());
                cells.drain(..left);
                cells
            })
            .filter(|row| row.iter().any(|cell| !cell.trim().is_empty()));
        let headings = rows.next().ok_or(SheetError::Empty)?;
        Ok(ReadTable {
            headings,
            rows: rows.collect(),
        })
    }
}

/// calamine's XLS reader cannot be bounded from outside: opening a file follows its compound-file
/// chains, reserves the cells that its DIMENSIONS records claim, builds every sheet's whole range
/// and formula text, and copies a shared string into every cell that names it, all before a single
/// cell could be checked. Checking all that first would mean a second XLS parser. Excel has saved
/// .xlsx since 2007 and the template is .xlsx, so an XLS is refused with the way to convert it.
fn compound_file_refusal(bytes: &[u8]) -> SheetError {
    // Excel keeps a password-protected XLSX as an "EncryptedPackage" stream in a compound file.
    if contains_utf16(bytes, "EncryptedPackage") {
        return SheetError::PasswordProtected;
    }
    let is_workbook =
        |name: &String| name.eq_ignore_ascii_case("Workbook") || name.eq_ignore_ascii_case("Book");
    if compound_stream_names(bytes).iter().any(is_workbook) {
        SheetError::OldExcelWorkbook
    } else {
        SheetError::NotASpreadsheet
    }
}

fn contains_utf16(bytes: &[u8], text: &str) -> bool {
    let needle: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    bytes.windows(needle.len()).any(|window| window == needle)
}

/// The names of a compound file's streams, from the 128-byte directory entries, which always start
/// on a multiple of 128 bytes after the 512-byte header: enough to tell a workbook from, say, an
/// old Word document.
fn compound_stream_names(bytes: &[u8]) -> Vec<String> {
    const STREAM: u8 = 2;
    bytes
        .get(512..)
        .unwrap_or_default()
        .chunks_exact(128)
        .filter_map(|entry| {
            let length = usize::from(u16::from_le_bytes([entry[64], entry[65]]));
            if entry[66] != STREAM || !(2..=64).contains(&length) || length % 2 != 0 {
                return None;
            }
            let units: Vec<u16> = entry[..length - 2]
                .chunks_exact(2)
                .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
                .collect();
            String::from_utf16(&units).ok()
        })
        .collect()
}

/// An XLSX or ODS file: its parts are measured, and the ones calamine would trust are checked,
/// before calamine opens it.
fn read_zipped(bytes: &[u8]) -> Result<Grid, SheetError> {
    let mut archive =
        ZipArchive::new(Cursor::new(bytes)).map_err(|_| SheetError::NotASpreadsheet)?;
    check_declared_sizes(&mut archive)?;
    check_unpacked_sizes(&mut archive)?;
    if is_ods(&mut archive) {
        check_ods_parts(&mut archive)?;
        survive(|| read_ods(bytes))
    } else if archive.index_for_name("[Content_Types].xml").is_some() {
        check_shared_strings(&mut archive)?;
        survive(|| read_xlsx(bytes))
    } else {
        Err(SheetError::NotASpreadsheet)
    }
}

/// A damaged file that makes calamine panic is a file that cannot be read, not a failed request.
fn survive(read: impl FnOnce() -> Result<Grid, SheetError>) -> Result<Grid, SheetError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(read)).unwrap_or_else(|_| Err(damaged()))
}

fn damaged() -> SheetError {
    SheetError::Unreadable("part of it is damaged".into())
}

fn zip_refusal(error: &ZipError) -> SheetError {
    match error {
        ZipError::UnsupportedArchive(why) if *why == ZipError::PASSWORD_REQUIRED => {
            SheetError::PasswordProtected
        }
        _ => damaged(),
    }
}

/// What the zip's directory says each part unpacks to: refused when the parts add up to too much,
/// or when one claims a ratio no spreadsheet has.
fn check_declared_sizes(archive: &mut ZipArchive<Cursor<&[u8]>>) -> Result<(), SheetError> {
    let mut total: u64 = 0;
    for index in 0..archive.len() {
        let part = archive.by_index_raw(index).map_err(|e| zip_refusal(&e))?;
        let (size, packed) = (part.size(), part.compressed_size());
        total = total.saturating_add(size);
        if total > MAX_CONTENT_BYTES
            || (size > RATIO_FLOOR_BYTES && size / packed.max(1) > MAX_RATIO)
        {
            return Err(SheetError::TooMuchData);
        }
    }
    Ok(())
}

/// What the parts really unpack to, since a zip's directory can lie: every part is unpacked and
/// counted, never more than the limit, and then thrown away.
fn check_unpacked_sizes(archive: &mut ZipArchive<Cursor<&[u8]>>) -> Result<(), SheetError> {
    let mut left = MAX_CONTENT_BYTES;
    for index in 0..archive.len() {
        let part = archive.by_index(index).map_err(|e| zip_refusal(&e))?;
        let unpacked =
            std::io::copy(&mut part.take(left + 1), &mut std::io::sink()).map_err(|_| damaged())?;
        left = left.checked_sub(unpacked).ok_or(SheetError::TooMuchData)?;
    }
    Ok(())
}

fn is_ods(archive: &mut ZipArchive<Cursor<&[u8]>>) -> bool {
    let Ok(part) = archive.by_name("mimetype") else {
        return false;
    };
    let mut mimetype = Vec::new();
    part.take(64).read_to_end(&mut mimetype).is_ok() && mimetype == ODS_MIMETYPE
}

/// The indexes of the parts whose name satisfies `wanted`, duplicates included: a zip may hold
/// two parts of one name, and either may be the one calamine reads. A name is tried both as its
/// bytes say and as the zip decodes it (an extra field may give another), as calamine finds parts
/// by either.
fn parts_named(archive: &ZipArchive<Cursor<&[u8]>>, wanted: impl Fn(&str) -> bool) -> Vec<usize> {
    archive
        .file_names_raw()
        .zip(archive.file_names())
        .enumerate()
        .filter(|(_, (raw, decoded))| {
            wanted(&String::from_utf8_lossy(raw)) || decoded.as_ref().is_ok_and(|name| wanted(name))
        })
        .map(|(index, _)| index)
        .collect()
}

/// An XML reader set up as calamine sets up its own, so that both see the same events.
fn xml_reader<R: BufRead>(source: R) -> quick_xml::Reader<R> {
    let mut reader = quick_xml::Reader::from_reader(source);
    let config = reader.config_mut();
    config.check_end_names = false;
    config.trim_text(false);
    config.check_comments = false;
    config.expand_empty_elements = true;
    reader
}

/// Every value given to `key` in a tag's raw attributes. Found by searching the text rather than by
/// parsing it, so that no value a stricter or looser parser would see is missed.
fn attribute_values<'a>(attributes: &'a str, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    attributes.match_indices(key).filter_map(move |(at, _)| {
        let rest = attributes[at + key.len()..].trim_start();
        let rest = rest.strip_prefix('=')?.trim_start();
        let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
        let value = &rest[1..];
        value.find(quote).map(|end| &value[..end])
    })
}

/// The number an attribute value holds, entities decoded; `None` when it holds none (calamine
/// then refuses the file itself). Numbers too large for 64 bits count as the largest.
fn number_in(value: &str) -> Option<u64> {
    let decoded = quick_xml::escape::unescape(value).ok()?;
    let digits = decoded.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().unwrap_or(u64::MAX))
}

/// The largest number `key` is given in a tag, or `default` when it is given none.
fn largest_number(attributes: &str, key: &str, default: u64) -> u64 {
    attribute_values(attributes, key)
        .filter_map(number_in)
        .max()
        .unwrap_or(default)
}

/// calamine sets aside room for as many shared strings as the first `<sst>` element of the part it
/// takes for the shared strings declares. Any part whose name ends so is checked, since the
/// workbook's folder is the file's to choose.
fn check_shared_strings(archive: &mut ZipArchive<Cursor<&[u8]>>) -> Result<(), SheetError> {
    let parts = parts_named(archive, |name| {
        name.replace('\\', "/")
            .to_ascii_lowercase()
            .ends_with("sharedstrings.xml")
    });
    for index in parts {
        let part = archive.by_index(index).map_err(|e| zip_refusal(&e))?;
        let mut xml = xml_reader(BufReader::new(part));
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match xml.read_event_into(&mut buf) {
                Ok(Event::Start(tag)) if tag.local_name().as_ref() == "sst" => {
                    if largest_number(tag.attributes_raw(), "uniqueCount", 0) > MAX_SHARED_STRINGS {
                        return Err(SheetError::TooMuchData);
                    }
                    break;
                }
                // calamine stops at the same place, and refuses the file.
                Ok(Event::Eof) | Err(_) => break,
                Ok(_) => {}
            }
        }
    }
    Ok(())
}

/// The first sheet's cells, one at a time: a cell beyond the limits ends the reading before the
/// next is read, so a sheet's declared size never matters.
fn read_xlsx(bytes: &[u8]) -> Result<Grid, SheetError> {
    let refusal = |error: XlsxError| match error {
        XlsxError::Password => SheetError::PasswordProtected,
        other => SheetError::Unreadable(other.to_string()),
    };
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(refusal)?;
    let Some(name) = workbook.sheet_names().into_iter().next() else {
        return Err(SheetError::Empty);
    };
    let mut cells = match workbook.worksheet_cells_reader(&name) {
        Ok(cells) => cells,
        Err(XlsxError::NotAWorksheet(_)) => return Err(SheetError::Empty),
        Err(error) => return Err(refusal(error)),
    };
    let mut grid = Grid::default();
    while let Some(cell) = cells.next_cell().map_err(refusal)? {
        let (row, column) = cell.get_position();
        match cell.get_value() {
            DataRef::Empty => {}
            DataRef::SharedString(text) => grid.put(row, column, text)?,
            DataRef::String(text) => grid.put(row, column, text)?,
            other => grid.put(row, column, &cell_text(&Data::from(other.clone())))?,
        }
    }
    Ok(grid)
}

/// Before calamine opens an ODS file: a password is named as such, and every sheet of
/// `content.xml` (calamine reads them all) is checked for what its repeated rows and cells add up
/// to.
fn check_ods_parts(archive: &mut ZipArchive<Cursor<&[u8]>>) -> Result<(), SheetError> {
    for index in parts_named(archive, |name| name == "META-INF/manifest.xml") {
        let mut manifest = Vec::new();
        let part = archive.by_index(index).map_err(|e| zip_refusal(&e))?;
        part.take(MAX_CONTENT_BYTES)
            .read_to_end(&mut manifest)
            .map_err(|_| damaged())?;
        if manifest
            .windows(b"encryption-data".len())
            .any(|w| w == b"encryption-data")
        {
            return Err(SheetError::PasswordProtected);
        }
    }
    for index in parts_named(archive, |name| name == "content.xml") {
        let part = archive.by_index(index).map_err(|e| zip_refusal(&e))?;
        check_ods_content(BufReader::new(part))?;
    }
    Ok(())
}

/// The sheet, row and cell being counted in an ODS `content.xml`.
#[derive(Default)]
struct OdsCount {
    /// Rows of all the sheets so far, up to each one's last row with a value: calamine builds a
    /// range for every sheet.
    rows_in_all_sheets: u64,
    /// In a sheet: its next row, and its rows up to the last with a value.
    sheet: Option<(u64, u64)>,
    /// In a row: how often it repeats, and the column of its next cell.
    row: Option<(u64, u64)>,
    /// In a cell: how often it repeats, whether calamine gives it a value, and its text's bytes.
    cell: Option<(u64, bool, u64)>,
    text_bytes: u64,
}

/// The attributes from which calamine gives an ODS cell a value (or a formula); a cell without
/// any of them is empty to calamine, whatever it holds.
const ODS_VALUE_KEYS: [&str; 8] = [
    "office:value-type",
    "calcext:value-type",
    "office:value",
    "office:string-value",
    "office:date-value",
    "office:time-value",
    "office:boolean-value",
    "table:formula",
];

/// Counts what calamine will expand in an ODS `content.xml`, refusing as soon as a cell with a
/// value lies beyond the limits or the text its repeats make adds up to too much. calamine copies
/// a cell for each of its `number-columns-repeated` and a row for each `number-rows-repeated`, and
/// writes out `text:c` spaces, so a few bytes can ask for gigabytes. Empty cells and rows that it
/// does not copy (the thousands of styled columns a spreadsheet program writes) are let through.
/// A table, row or cell inside a cell is refused: calamine does not read such nesting as the
/// structure it seems to be, so it could not be counted.
fn check_ods_content(xml: impl BufRead) -> Result<(), SheetError> {
    let nested = || SheetError::Unreadable("a table is nested inside a cell".into());
    let mut reader = xml_reader(xml);
    let mut buf = Vec::new();
    let mut count = OdsCount::default();
    loop {
        buf.clear();
        let event = reader.read_event_into(&mut buf).map_err(|_| damaged())?;
        match event {
            Event::Start(tag) => {
                let attributes = tag.attributes_raw();
                match tag.name().as_ref() {
                    "table:table"
                    | "table:table-row"
                    | "table:table-cell"
                    | "table:covered-table-cell"
                        if count.cell.is_some() =>
                    {
                        return Err(nested());
                    }
                    "table:table" if count.sheet.is_some() => return Err(nested()),
                    "table:table" => count.sheet = Some((0, 0)),
                    "table:table-row" if count.row.is_some() => return Err(nested()),
                    "table:table-row" if count.sheet.is_some() => {
                        let repeats = largest_number(attributes, "number-rows-repeated", 1);
                        count.row = Some((repeats, 0));
                    }
                    "table:table-cell" | "table:covered-table-cell" if count.row.is_some() => {
                        let repeats = largest_number(attributes, "number-columns-repeated", 1);
                        let mut has_value = false;
                        let mut text: u64 = 0;
                        for key in ODS_VALUE_KEYS {
                            for value in attribute_values(attributes, key) {
                                has_value = true;
                                text = text.saturating_add(value.len() as u64);
                            }
                        }
                        count.cell = Some((repeats, has_value, text));
                    }
                    "text:s" => add_text(&mut count, largest_number(attributes, "text:c", 1)),
                    "text:p" | "text:tab" | "text:line-break" => add_text(&mut count, 1),
                    _ => {}
                }
            }
            Event::Text(text) => add_text(&mut count, text.len() as u64),
            Event::CData(text) => add_text(&mut count, text.len() as u64),
            // An entity such as `&#x1F600;` is one character of at most four bytes.
            Event::GeneralRef(_) => add_text(&mut count, 4),
            Event::End(tag) => match tag.name().as_ref() {
                "table:table-cell" | "table:covered-table-cell" => {
                    if let Some(cell) = count.cell.take() {
                        count_ods_cell(&mut count, cell)?;
                    }
                }
                "table:table-row" if count.cell.is_none() => {
                    if let (Some((repeats, _)), Some((next_row, _))) =
                        (count.row.take(), count.sheet.as_mut())
                    {
                        *next_row = next_row.saturating_add(repeats);
                    }
                }
                "table:table" if count.cell.is_none() => {
                    if count.row.is_some() {
                        return Err(damaged());
                    }
                    if let Some((_, rows)) = count.sheet.take() {
                        count.rows_in_all_sheets = count.rows_in_all_sheets.saturating_add(rows);
                        if count.rows_in_all_sheets > u64::from(MAX_ROWS) {
                            return Err(SheetError::TooManyRows);
                        }
                    }
                }
                _ => {}
            },
            Event::Eof => return Ok(()),
            _ => {}
        }
    }
}

fn add_text(count: &mut OdsCount, bytes: u64) {
    if let Some((_, _, text)) = count.cell.as_mut() {
        *text = text.saturating_add(bytes);
    }
}

fn count_ods_cell(
    count: &mut OdsCount,
    (repeats, has_value, text): (u64, bool, u64),
) -> Result<(), SheetError> {
    let (Some((row_repeats, column)), Some((row, rows))) =
        (count.row.as_mut(), count.sheet.as_mut())
    else {
        return Ok(());
    };
    if has_value {
        let last_column = column.saturating_add(repeats);
        let last_row = row.saturating_add(*row_repeats);
        if last_column > u64::from(MAX_COLUMNS) {
            return Err(SheetError::TooManyColumns);
        }
        if last_row > u64::from(MAX_ROWS) {
            return Err(SheetError::TooManyRows);
        }
        if text > MAX_CELL_BYTES {
            return Err(SheetError::CellTooLong {
                row: u32::try_from(*row + 1).unwrap_or(MAX_ROWS),
                column: u32::try_from(*column).unwrap_or(MAX_COLUMNS),
            });
        }
        let copies = repeats.saturating_mul(*row_repeats);
        count.text_bytes = count.text_bytes.saturating_add(text.saturating_mul(copies));
        if count.text_bytes > MAX_CONTENT_BYTES {
            return Err(SheetError::TooMuchData);
        }
        *rows = (*rows).max(last_row);
    }
    *column = column.saturating_add(repeats);
    Ok(())
}

/// calamine reads an ODS file whole; once `check_ods_parts` has passed it, what it builds is within
/// the limits, and each cell is checked again as it is taken.
fn read_ods(bytes: &[u8]) -> Result<Grid, SheetError> {
    let refusal = |error: OdsError| match error {
        OdsError::Password => SheetError::PasswordProtected,
        other => SheetError::Unreadable(other.to_string()),
    };
    let mut workbook: Ods<_> = Ods::new(Cursor::new(bytes)).map_err(refusal)?;
    let range = workbook
        .worksheet_range_at(0)
        .ok_or(SheetError::Empty)?
        .map_err(refusal)?;
    let mut grid = Grid::default();
    let Some((top, left)) = range.start() else {
        return Ok(grid);
    };
    for (row, column, value) in range.used_cells() {
        let row = top.saturating_add(u32::try_from(row).unwrap_or(u32::MAX));
        let column = left.saturating_add(u32::try_from(column).unwrap_or(u32::MAX));
        grid.put(row, column, &cell_text(value))?;
    }
    Ok(grid)
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

/// A CSV file, record by record: a record with text beyond the limits ends the reading. Empty
/// fields at the end of a record do not count, as a program that saves a sheet as CSV pads every
/// record to its widest.
fn read_csv(bytes: &[u8]) -> Result<Grid, SheetError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // Binary files (images, PDFs, executables) have NUL bytes or control characters early on.
    let start = &bytes[..bytes.len().min(4096)];
    if start.contains(&0) || start.starts_with(b"%PDF") {
        return Err(SheetError::NotASpreadsheet);
    }
    // Excel on Windows saves CSV in Windows-1252, not UTF-8.
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0,
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
    let mut grid = Grid::default();
    let mut record = csv::StringRecord::new();
    let mut row: u32 = 0;
    while reader
        .read_record(&mut record)
        .map_err(|e| SheetError::Unreadable(e.to_string()))?
    {
        let width = record
            .iter()
            .enumerate()
            .filter(|(_, field)| !field.is_empty())
            .last()
            .map(|(column, _)| column + 1);
        if let Some(width) = width {
            for (column, field) in record.iter().take(width).enumerate() {
                grid.put(row, u32::try_from(column).unwrap_or(u32::MAX), field)?;
            }
        }
        row = row.saturating_add(1);
    }
    Ok(grid)
}

/// `10000` as `10,000`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A column's letters as a spreadsheet shows them: 0 is A, 26 is AA.
fn column_name(index: u32) -> String {
    let mut n = u64::from(index) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rest = (n - 1) % 26;
        letters.push(char::from(b'A' + u8::try_from(rest).unwrap_or(0)));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}

#[cfg(test)]
mod tests;
