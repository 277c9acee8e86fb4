use super::*;
use std::io::Write;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

fn packed() -> SimpleFileOptions {
    SimpleFileOptions::default().compression_method(CompressionMethod::Deflated)
}

fn zip_of(parts: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in parts {
        zip.start_file(*name, packed()).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#;
const PACKAGE_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;
const WORKBOOK: &str = r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Learners" sheetId="1" r:id="rId1"/></sheets></workbook>"#;
const WORKBOOK_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#;

/// An XLSX written part by part, as a hostile file would be: `rows` is the sheet's
/// `<sheetData>`, `strings` the shared strings' `<sst>` element.
fn xlsx_of(rows: &str, strings: Option<&str>) -> Vec<u8> {
    let sheet = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{rows}</sheetData></worksheet>"#
    );
    let mut parts: Vec<(&str, &[u8])> = vec![
        ("[Content_Types].xml", CONTENT_TYPES.as_bytes()),
        ("_rels/.rels", PACKAGE_RELS.as_bytes()),
        ("xl/workbook.xml", WORKBOOK.as_bytes()),
        ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS.as_bytes()),
        ("xl/worksheets/sheet1.xml", sheet.as_bytes()),
    ];
    let strings = strings.map(|sst| format!(r#"<?xml version="1.0" encoding="UTF-8"?>{sst}"#));
    if let Some(strings) = &strings {
        parts.push(("xl/sharedStrings.xml", strings.as_bytes()));
    }
    zip_of(&parts)
}

/// An ODS file whose first sheet holds `rows` (`<table:table-row>` elements).
fn ods_of(rows: &str) -> Vec<u8> {
    ods_with_sheets(&[rows])
}

fn ods_with_sheets(sheets: &[&str]) -> Vec<u8> {
    let tables: String = sheets
        .iter()
        .enumerate()
        .map(|(i, rows)| format!(r#"<table:table table:name="Sheet{i}">{rows}</table:table>"#))
        .collect();
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"#
    );
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    zip.start_file(
        "mimetype",
        SimpleFileOptions::default().compression_method(CompressionMethod::Stored),
    )
    .unwrap();
    zip.write_all(ODS_MIMETYPE).unwrap();
    for (name, bytes) in [
        ("META-INF/manifest.xml", manifest.as_bytes()),
        ("content.xml", content.as_bytes()),
    ] {
        zip.start_file(name, packed()).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn ods_cell(text: &str) -> String {
    format!(
        r#"<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>"#
    )
}

/// A compound file (version 3, 512-byte sectors) holding `streams`, each padded to 4,096
/// bytes so that it lies in ordinary sectors: sector 0 is the allocation table, sector 1 the
/// directory.
fn compound_file(streams: &[(&str, &[u8])]) -> Vec<u8> {
    const END: u32 = 0xFFFF_FFFE;
    const FREE: u32 = 0xFFFF_FFFF;
    assert!(
        streams.len() <= 3,
        "one directory sector holds four entries"
    );
    let mut fat = vec![0xFFFF_FFFD, END];
    let mut sectors = Vec::new();
    let mut entries = Vec::new();
    for (name, bytes) in streams {
        let mut bytes = bytes.to_vec();
        bytes.resize(bytes.len().max(4096).div_ceil(512) * 512, 0);
        let first = u32::try_from(fat.len()).unwrap();
        let count = u32::try_from(bytes.len() / 512).unwrap();
        fat.extend((1..=count).map(|i| if i == count { END } else { first + i }));
        entries.push((*name, 2u8, first, bytes.len()));
        sectors.extend(bytes);
    }
    assert!(fat.len() <= 128);
    fat.resize(128, FREE);

    let mut file = vec![0u8; 512];
    file[..8].copy_from_slice(COMPOUND_FILE);
    let mut set = |at: usize, bytes: &[u8]| file[at..at + bytes.len()].copy_from_slice(bytes);
    set(24, &0x3Eu16.to_le_bytes());
    set(26, &3u16.to_le_bytes());
    set(28, &0xFFFEu16.to_le_bytes());
    set(30, &9u16.to_le_bytes());
    set(32, &6u16.to_le_bytes());
    set(44, &1u32.to_le_bytes());
    set(48, &1u32.to_le_bytes());
    set(56, &4096u32.to_le_bytes());
    set(60, &END.to_le_bytes());
    set(68, &END.to_le_bytes());
    set(76, &0u32.to_le_bytes());
    for at in (80..512).step_by(4) {
        set(at, &FREE.to_le_bytes());
    }
    file.extend(fat.iter().flat_map(|id| id.to_le_bytes()));

    let mut directory = Vec::new();
    let count = entries.len();
    entries.insert(0, ("Root Entry", 5u8, END, 0));
    for (i, (name, kind, start, size)) in entries.into_iter().enumerate() {
        let mut entry = vec![0u8; 128];
        let utf16: Vec<u8> = name.encode_utf16().flat_map(u16::to_le_bytes).collect();
        entry[..utf16.len()].copy_from_slice(&utf16);
        entry[64..66].copy_from_slice(&u16::try_from(utf16.len() + 2).unwrap().to_le_bytes());
        entry[66] = kind;
        entry[67] = 1;
        let (right, child) = match i {
            0 => (FREE, if count > 0 { 1 } else { FREE }),
            i if i < count => (u32::try_from(i + 1).unwrap(), FREE),
            _ => (FREE, FREE),
        };
        entry[68..72].copy_from_slice(&FREE.to_le_bytes());
        entry[72..76].copy_from_slice(&right.to_le_bytes());
        entry[76..80].copy_from_slice(&child.to_le_bytes());
        entry[116..120].copy_from_slice(&start.to_le_bytes());
        entry[120..124].copy_from_slice(&u32::try_from(size).unwrap().to_le_bytes());
        directory.extend(entry);
    }
    directory.resize(512, 0);
    file.extend(directory);
    file.extend(sectors);
    file
}

fn biff_record(kind: u16, data: &[u8]) -> Vec<u8> {
    let mut record = kind.to_le_bytes().to_vec();
    record.extend(u16::try_from(data.len()).unwrap().to_le_bytes());
    record.extend(data);
    record
}

/// An XLS workbook stream (BIFF8) of one sheet with a number in each of `cells`.
fn xls_workbook(cells: &[(u16, u16)]) -> Vec<u8> {
    let bof = |kind: u16| {
        let mut data = 0x0600u16.to_le_bytes().to_vec();
        data.extend(kind.to_le_bytes());
        data.extend([0u8; 12]);
        biff_record(0x0809, &data)
    };
    let name = b"Learners";
    let mut globals = bof(0x0005);
    let sheet_record_len = 4 + 6 + 2 + name.len();
    let eof = biff_record(0x000A, &[]);
    let sheet_at = globals.len() + sheet_record_len + eof.len();
    let mut sheet = u32::try_from(sheet_at).unwrap().to_le_bytes().to_vec();
    sheet.extend([0, 0, u8::try_from(name.len()).unwrap(), 0]);
    sheet.extend(name);
    globals.extend(biff_record(0x0085, &sheet));
    globals.extend(&eof);
    assert_eq!(globals.len(), sheet_at);
    globals.extend(bof(0x0010));
    for (row, column) in cells {
        let mut number = row.to_le_bytes().to_vec();
        number.extend(column.to_le_bytes());
        number.extend(0u16.to_le_bytes());
        number.extend(7.0f64.to_le_bytes());
        globals.extend(biff_record(0x0203, &number));
    }
    globals.extend(eof);
    globals
}

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
    // A zip signature and then anything, and a real zip that holds no workbook.
    assert_eq!(
        read_table(b"PK\x03\x04broken zip"),
        Err(SheetError::NotASpreadsheet)
    );
    let mut garbage = ZIP.to_vec();
    garbage.extend((0..50_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    assert_eq!(read_table(&garbage), Err(SheetError::NotASpreadsheet));
    assert_eq!(
        read_table(&zip_of(&[("notes.txt", b"learners".as_slice())])),
        Err(SheetError::NotASpreadsheet)
    );
    // Claims to be an XLSX, but holds no workbook.
    assert!(matches!(
        read_table(&zip_of(&[(
            "[Content_Types].xml",
            CONTENT_TYPES.as_bytes()
        )])),
        Err(SheetError::Unreadable(_))
    ));
    // An old Word document is a compound file too.
    assert_eq!(
        read_table(&compound_file(&[("WordDocument", b"text".as_slice())])),
        Err(SheetError::NotASpreadsheet)
    );
}

#[test]
fn an_encrypted_workbook_is_named_as_such() {
    let mut bytes = COMPOUND_FILE.to_vec();
    bytes.extend(vec![0u8; 64]);
    bytes.extend("EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes));
    assert_eq!(read_table(&bytes), Err(SheetError::PasswordProtected));
    // As Excel saves it: a compound file with the encryption's description and the package.
    let encrypted = compound_file(&[
        ("EncryptionInfo", &[4, 0, 4, 0, 0x40, 0, 0, 0]),
        ("EncryptedPackage", &[0x5A; 5000]),
    ]);
    assert_eq!(read_table(&encrypted), Err(SheetError::PasswordProtected));
}

#[test]
fn ordinary_workbooks_are_read() {
    let xlsx = xlsx_of(
        r#"<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Lerato</t></is></c><c r="B2"><v>10</v></c></row>"#,
        Some(
            r#"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>First name</t></si><si><t>Grade</t></si></sst>"#,
        ),
    );
    let table = read_table(&xlsx).unwrap();
    assert_eq!(table.headings, vec!["First name", "Grade"]);
    assert_eq!(table.rows, vec![vec!["Lerato", "10"]]);

    // A table that starts at B3 is read from there, as calamine's ranges are.
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(2, 1, "First name").unwrap();
    sheet.write_string(3, 1, "Zoë").unwrap();
    sheet.write_number(3, 2, 9.0).unwrap();
    let table = read_table(&workbook.save_to_buffer().unwrap()).unwrap();
    assert_eq!(table.headings, vec!["First name", ""]);
    assert_eq!(table.rows, vec![vec!["Zoë", "9"]]);

    // As LibreOffice saves a sheet: its unused columns and rows as empty repeats.
    let ods = ods_of(&format!(
        r#"<table:table-row>{}{}<table:table-cell table:number-columns-repeated="1022"/></table:table-row><table:table-row>{}<table:table-cell office:value-type="float" office:value="11"><text:p>11</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1022"/></table:table-row><table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>"#,
        ods_cell("First name"),
        ods_cell("Grade"),
        ods_cell("Sipho &amp; Co"),
    ));
    let table = read_table(&ods).unwrap();
    assert_eq!(table.headings, vec!["First name", "Grade"]);
    assert_eq!(table.rows, vec![vec!["Sipho & Co", "11"]]);
}

#[test]
fn a_sheet_with_a_cell_far_away_is_refused_without_building_its_range() {
    // One cell at A1 and one at XFD1048576: calamine's range of it would hold 17 billion cells.
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "First name").unwrap();
    sheet.write_string(1_048_575, 16_383, "x").unwrap();
    let bytes = workbook.save_to_buffer().unwrap();
    assert!(bytes.len() < 10_000);
    assert_eq!(read_table(&bytes), Err(SheetError::TooManyRows));

    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "First name").unwrap();
    sheet.write_string(0, 16_383, "x").unwrap();
    let bytes = workbook.save_to_buffer().unwrap();
    assert_eq!(read_table(&bytes), Err(SheetError::TooManyColumns));

    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "First name").unwrap();
    sheet.write_string(1_048_575, 0, "x").unwrap();
    let bytes = workbook.save_to_buffer().unwrap();
    assert_eq!(read_table(&bytes), Err(SheetError::TooManyRows));

    // Cells without a value far away (formatting) are no reason to refuse.
    let xlsx = xlsx_of(
        r#"<row r="1"><c r="A1" t="inlineStr"><is><t>First name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Lerato</t></is></c></row><row r="1048576"><c r="XFD1048576" s="1"/></row>"#,
        None,
    );
    assert_eq!(read_table(&xlsx).unwrap().rows, vec![vec!["Lerato"]]);
}

#[test]
fn a_zip_bomb_is_refused_before_it_is_unpacked() {
    // 200 MB of one byte repeated packs into some 200 KB.
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in [
        ("[Content_Types].xml", CONTENT_TYPES),
        ("_rels/.rels", PACKAGE_RELS),
        ("xl/workbook.xml", WORKBOOK),
        ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
    ] {
        zip.start_file(name, packed()).unwrap();
        zip.write_all(bytes.as_bytes()).unwrap();
    }
    zip.start_file("xl/worksheets/sheet1.xml", packed())
        .unwrap();
    let megabyte = vec![b' '; 1024 * 1024];
    for _ in 0..200 {
        zip.write_all(&megabyte).unwrap();
    }
    let bomb = zip.finish().unwrap().into_inner();
    assert!(bomb.len() < 1024 * 1024, "{} bytes", bomb.len());
    assert_eq!(read_table(&bomb), Err(SheetError::TooMuchData));
}

/// Where the zip's two records of a part keep its unpacked size.
fn set_declared_size(zip: &mut [u8], name: &str, size: u32) {
    let mut patched = 0;
    for at in 0..zip.len().saturating_sub(46) {
        // The size's offset, the name length's, and the name's.
        let (offset, length_at, name_at) = match &zip[at..at + 4] {
            b"PK\x03\x04" => (22, 26, 30),
            b"PK\x01\x02" => (24, 28, 46),
            _ => continue,
        };
        let length = usize::from(u16::from_le_bytes([
            zip[at + length_at],
            zip[at + length_at + 1],
        ]));
        if zip.get(at + name_at..at + name_at + length) == Some(name.as_bytes()) {
            zip[at + offset..at + offset + 4].copy_from_slice(&size.to_le_bytes());
            patched += 1;
        }
    }
    assert_eq!(patched, 2);
}

#[test]
fn a_part_that_unpacks_to_more_than_it_declares_is_not_unpacked_past_it() {
    let rows = "<row/>".repeat(10 * 1024 * 1024);
    let mut bomb = xlsx_of(&rows, None);
    let declared = read_table(&bomb);
    assert_eq!(declared, Err(SheetError::TooMuchData), "60 MB declared");
    set_declared_size(&mut bomb, "xl/worksheets/sheet1.xml", 1000);
    assert_eq!(read_table(&bomb), Err(damaged()));
}

#[test]
fn shared_strings_that_claim_billions_are_refused() {
    let xlsx = xlsx_of(
        r#"<row r="1"><c r="A1" t="s"><v>0</v></c></row>"#,
        Some(
            r#"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="4000000000000"><si><t>First name</t></si></sst>"#,
        ),
    );
    assert_eq!(read_table(&xlsx), Err(SheetError::TooMuchData));
    // An entity is no way around it.
    let xlsx = xlsx_of(
        r#"<row r="1"><c r="A1" t="s"><v>0</v></c></row>"#,
        Some(
            r#"<x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="&#52;000000000000"><x:si><x:t>First name</x:t></x:si></x:sst>"#,
        ),
    );
    assert_eq!(read_table(&xlsx), Err(SheetError::TooMuchData));
}

#[test]
fn one_long_shared_string_in_every_cell_is_refused() {
    let long = "a".repeat(MAX_CELL_CHARS);
    let mut rows = String::new();
    for row in 1..=1100 {
        rows.push_str(&format!(r#"<row r="{row}">"#));
        for column in 0..50 {
            rows.push_str(&format!(
                r#"<c r="{}{row}" t="s"><v>0</v></c>"#,
                column_name(column)
            ));
        }
        rows.push_str("</row>");
    }
    let xlsx = xlsx_of(
        &rows,
        Some(&format!(
            r#"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="1"><si><t>{long}</t></si></sst>"#
        )),
    );
    assert_eq!(read_table(&xlsx), Err(SheetError::TooMuchData));
}

#[test]
fn a_cell_too_long_is_named() {
    let long = "a".repeat(MAX_CELL_CHARS + 1);
    let xlsx = xlsx_of(
        &format!(
            r#"<row r="1"><c r="A1" t="inlineStr"><is><t>First name</t></is></c></row><row r="3"><c r="B3" t="inlineStr"><is><t>{long}</t></is></c></row>"#
        ),
        None,
    );
    let error = read_table(&xlsx).unwrap_err();
    assert_eq!(error, SheetError::CellTooLong { row: 3, column: 1 });
    assert!(error.to_string().contains("row 3, column B"), "{error}");
    // Exactly the limit, in letters of more than one byte, is read.
    let name = "é".repeat(MAX_CELL_CHARS);
    let csv = format!("First name\n{name}\n");
    assert_eq!(read_table(csv.as_bytes()).unwrap().rows, vec![vec![name]]);
}

#[test]
fn ods_repeats_are_counted_before_calamine_copies_them() {
    // A million copies of a row of 50 values: 50 million cells for calamine to build.
    let rows = format!(
        r#"<table:table-row>{}</table:table-row><table:table-row table:number-rows-repeated="1000000"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="50"/></table:table-row>"#,
        ods_cell("First name"),
    );
    assert_eq!(read_table(&ods_of(&rows)), Err(SheetError::TooManyRows));
    // A value copied across every column of 6,000 rows: 98 million cells.
    let rows = format!(
        r#"<table:table-row>{}</table:table-row><table:table-row table:number-rows-repeated="6000"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="16384"/></table:table-row>"#,
        ods_cell("First name"),
    );
    assert_eq!(read_table(&ods_of(&rows)), Err(SheetError::TooManyColumns));
    // Four billion spaces asked for in 40 bytes.
    let rows = format!(
        r#"<table:table-row>{}</table:table-row>"#,
        ods_cell(r#"a<text:s text:c="4000000000"/>b"#),
    );
    assert!(matches!(
        read_table(&ods_of(&rows)),
        Err(SheetError::CellTooLong { row: 1, column: 0 })
    ));
    // Long cells within their limit, copied until they add up to gigabytes.
    let rows = format!(
        r#"<table:table-row table:number-rows-repeated="9000"><table:table-cell office:value-type="string" table:number-columns-repeated="50"><text:p>{}</text:p></table:table-cell></table:table-row>"#,
        "a".repeat(3000),
    );
    assert_eq!(read_table(&ods_of(&rows)), Err(SheetError::TooMuchData));
    // calamine builds a range for every sheet, not only the first.
    let many = format!(
        r#"<table:table-row table:number-rows-repeated="9000">{}</table:table-row>"#,
        ods_cell("x"),
    );
    let first = format!(
        r#"<table:table-row>{}</table:table-row>"#,
        ods_cell("First name")
    );
    assert_eq!(
        read_table(&ods_with_sheets(&[&first, &many, &many])),
        Err(SheetError::TooManyRows)
    );
    // Cells inside a cell are not what calamine reads them as, so they are refused.
    let rows = format!(
        r#"<table:table-row><table:table-cell office:value-type="string"><table:table><table:table-row><table:table-cell/>{}</table:table-row></table:table></table:table-cell></table:table-row>"#,
        ods_cell("x"),
    );
    assert!(matches!(
        read_table(&ods_of(&rows)),
        Err(SheetError::Unreadable(_))
    ));
}

#[test]
fn an_encrypted_ods_is_named_as_such() {
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry></manifest:manifest>"#;
    let ods = zip_of(&[
        ("mimetype", ODS_MIMETYPE),
        ("META-INF/manifest.xml", manifest.as_bytes()),
        ("content.xml", &[0x17; 300]),
    ]);
    assert_eq!(read_table(&ods), Err(SheetError::PasswordProtected));
}

#[test]
fn an_xls_is_refused_before_anything_reads_it() {
    let ordinary = compound_file(&[("Workbook", &xls_workbook(&[(0, 0), (1, 0)]))]);
    // calamine reads it: it is a real workbook.
    let mut xls = calamine::Xls::new(Cursor::new(&ordinary)).unwrap();
    let range = xls.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(range.get_size(), (2, 1));
    assert_eq!(read_table(&ordinary), Err(SheetError::OldExcelWorkbook));
    // One number at A1 and one at IV65536: calamine would build their whole range on opening.
    let sparse = compound_file(&[("Workbook", &xls_workbook(&[(0, 0), (65_535, 255)]))]);
    assert_eq!(read_table(&sparse), Err(SheetError::OldExcelWorkbook));
    assert!(SheetError::OldExcelWorkbook.to_string().contains(".xlsx"));
}

#[test]
fn a_csv_is_held_to_the_limits_as_it_is_read() {
    let rows = |count: usize| {
        let mut csv = String::from("First name,Grade\n");
        for i in 1..count {
            csv.push_str(&format!("Learner {i},10\n"));
        }
        csv
    };
    assert_eq!(
        read_table(rows(10_000).as_bytes()).unwrap().rows.len(),
        9_999
    );
    assert_eq!(
        read_table(rows(10_001).as_bytes()),
        Err(SheetError::TooManyRows)
    );
    // Blank lines below the learners are no reason to refuse.
    let mut blank_below = rows(10);
    blank_below.push_str(&",,\n".repeat(50_000));
    assert_eq!(read_table(blank_below.as_bytes()).unwrap().rows.len(), 9);

    let wide = format!("First name{}\nLerato{}\n", ",x".repeat(50), ",1".repeat(50));
    assert_eq!(read_table(wide.as_bytes()), Err(SheetError::TooManyColumns));
    // Empty fields padding every record, as a program saving a sheet writes them.
    let padded = format!("First name{}\nLerato{}\n", ",".repeat(200), ",".repeat(200));
    let table = read_table(padded.as_bytes()).unwrap();
    assert_eq!(table.rows, vec![vec!["Lerato"]]);

    let giant = format!("First name\n{}\n", "a".repeat(2_000_000));
    assert_eq!(
        read_table(giant.as_bytes()),
        Err(SheetError::CellTooLong { row: 2, column: 0 })
    );
    let huge = vec![b'a'; MAX_FILE_BYTES + 1];
    assert_eq!(read_table(&huge), Err(SheetError::FileTooLarge));
}

#[test]
fn each_limit_is_named_in_words_a_teacher_understands() {
    let said = |error: SheetError| error.to_string();
    assert!(said(SheetError::TooManyRows).contains("at most 10,000 rows"));
    assert!(said(SheetError::TooManyColumns).contains("at most 50 columns"));
    assert!(said(SheetError::TooMuchData).contains("at most 50 MB"));
    assert!(said(SheetError::FileTooLarge).contains("at most 10 MB"));
    assert!(said(SheetError::CellTooLong {
        row: 12,
        column: 27
    })
    .contains("row 12, column AB holds more than 1,000 characters"));
    assert_eq!(
        [0, 25, 26, 701, 702, 16_383].map(column_name),
        ["A", "Z", "AA", "ZZ", "AAA", "XFD"]
    );
}
