//! Files in and out of the olympiad platform: spreadsheets people fill in (read into rows of text,
//! with a clear refusal of what is not a spreadsheet), tables written out as CSV or XLSX, and
//! PDFs (certificates, answer sheets, login slips, invoices). No database and no HTTP: the callers
//! hand in bytes and rows.

pub mod answer_sheets;
pub mod certificates;
pub mod fonts;
pub mod images;
pub mod invoice;
pub mod layout;
pub mod slips;
pub mod spreadsheet;
pub mod table;

pub use spreadsheet::{read_table, SheetError};
pub use table::{Cell, Table};
