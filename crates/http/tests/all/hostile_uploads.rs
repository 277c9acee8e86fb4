//! Hostile files sent to `POST /api/learner/import/preview`: each is refused with a 400 that names
//! the `file` field and says which limit it broke, and the server goes on answering. A teacher
//! outside the entry's team is refused before any file is read or any password hashed.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_http::testing::multipart;
use serde_json::{json, Value};

/// The learner template with one good row.
fn one_learner() -> Vec<u8> {
    learner_sheet(&[["Lerato", "Molefe", "10", "A"]])
}

/// A sheet of two cells, the second at `(row, column)`.
fn sheet_with_far_cell(row: u32, column: u16) -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "First name").unwrap();
    sheet.write_string(row, column, "x").unwrap();
    workbook.save_to_buffer().unwrap()
}

fn crc32(bytes: &[u8]) -> u32 {
    let table: Vec<u32> = (0..256u32)
        .map(|mut c| {
            for _ in 0..8 {
                c = if c & 1 == 1 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            c
        })
        .collect();
    !bytes.iter().fold(!0u32, |crc, &b| {
        table[((crc ^ u32::from(b)) & 0xFF) as usize] ^ (crc >> 8)
    })
}

/// One part of a zip as it is written: `method` 0 is stored, 8 deflated; `declared` is the size
/// its headers claim it unpacks to.
struct Part {
    name: &'static str,
    method: u16,
    data: Vec<u8>,
    crc: u32,
    declared: u32,
}

fn stored(name: &'static str, bytes: &[u8]) -> Part {
    Part {
        name,
        method: 0,
        data: bytes.to_vec(),
        crc: crc32(bytes),
        declared: u32::try_from(bytes.len()).unwrap(),
    }
}

/// A zip written byte by byte, so that its headers say whatever the test wants them to.
fn zip_of(parts: &[Part]) -> Vec<u8> {
    let mut file = Vec::new();
    let mut directory = Vec::new();
    for part in parts {
        let header = |signature: &[u8], central: bool, offset: usize| {
            let mut h = signature.to_vec();
            if central {
                h.extend(20u16.to_le_bytes());
            }
            h.extend(20u16.to_le_bytes());
            h.extend(0u16.to_le_bytes());
            h.extend(part.method.to_le_bytes());
            h.extend([0, 0, 0x21, 0]);
            h.extend(part.crc.to_le_bytes());
            h.extend(u32::try_from(part.data.len()).unwrap().to_le_bytes());
            h.extend(part.declared.to_le_bytes());
            h.extend(u16::try_from(part.name.len()).unwrap().to_le_bytes());
            h.extend(0u16.to_le_bytes());
            if central {
                // No comment, disk 0, no attributes; then where the part's own header is.
                h.extend([0; 10]);
                h.extend(u32::try_from(offset).unwrap().to_le_bytes());
            }
            h.extend(part.name.as_bytes());
            h
        };
        directory.extend(header(b"PK\x01\x02", true, file.len()));
        file.extend(header(b"PK\x03\x04", false, 0));
        file.extend(&part.data);
    }
    let count = u16::try_from(parts.len()).unwrap().to_le_bytes();
    let at = u32::try_from(file.len()).unwrap();
    file.extend(&directory);
    file.extend(b"PK\x05\x06\0\0\0\0");
    file.extend(count);
    file.extend(count);
    file.extend(u32::try_from(directory.len()).unwrap().to_le_bytes());
    file.extend(at.to_le_bytes());
    file.extend([0, 0]);
    file
}

/// Deflate (RFC 1951) with its fixed codes, written bit by bit.
#[derive(Default)]
struct Bits {
    out: Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits {
    fn put(&mut self, value: u32, bits: u32) {
        self.pending |= u64::from(value) << self.count;
        self.count += bits;
        while self.count >= 8 {
            self.out.push((self.pending & 0xFF) as u8);
            self.pending >>= 8;
            self.count -= 8;
        }
    }

    /// Huffman codes go most significant bit first.
    fn code(&mut self, code: u32, bits: u32) {
        self.put(code.reverse_bits() >> (32 - bits), bits);
    }

    fn finish(mut self) -> Vec<u8> {
        if self.count > 0 {
            self.put(0, 8 - self.count);
        }
        self.out
    }
}

/// `count` copies of `byte` (below 144), deflated: the byte itself, then copies of the 258 bytes
/// before, thirteen bits each. This is how a zip bomb packs gigabytes.
fn deflated_run(byte: u8, count: usize) -> Vec<u8> {
    let mut bits = Bits::default();
    bits.put(1, 1); // the last block
    bits.put(1, 2); // with the fixed codes
    let literals = 1 + (count - 1) % 258;
    for _ in 0..literals {
        bits.code(0x30 + u32::from(byte), 8);
    }
    for _ in 0..(count - literals) / 258 {
        bits.code(0b1100_0101, 8); // length 258
        bits.code(0, 5); // distance 1
    }
    bits.code(0, 7); // end of block
    bits.finish()
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#;
const PACKAGE_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;
const WORKBOOK: &str = r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Learners" sheetId="1" r:id="rId1"/></sheets></workbook>"#;
const WORKBOOK_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#;

/// An XLSX whose sheet is 60 MB of spaces packed into some 380 KB; its headers claim `declared`.
fn zip_bomb(sheet_crc: u32, declared: u32) -> Vec<u8> {
    zip_of(&[
        stored("[Content_Types].xml", CONTENT_TYPES.as_bytes()),
        stored("_rels/.rels", PACKAGE_RELS.as_bytes()),
        stored("xl/workbook.xml", WORKBOOK.as_bytes()),
        stored("xl/_rels/workbook.xml.rels", WORKBOOK_RELS.as_bytes()),
        Part {
            name: "xl/worksheets/sheet1.xml",
            method: 8,
            data: deflated_run(b' ', BOMB_BYTES),
            crc: sheet_crc,
            declared,
        },
    ])
}

const BOMB_BYTES: usize = 60 * 1024 * 1024;

fn ods_of(rows: &str) -> Vec<u8> {
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="Learners"><table:table-row><table:table-cell office:value-type="string"><text:p>First name</text:p></table:table-cell></table:table-row>{rows}</table:table></office:spreadsheet></office:body></office:document-content>"#
    );
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/></manifest:manifest>"#;
    zip_of(&[
        stored(
            "mimetype",
            b"application/vnd.oasis.opendocument.spreadsheet",
        ),
        stored("META-INF/manifest.xml", manifest.as_bytes()),
        stored("content.xml", content.as_bytes()),
    ])
}

/// A compound file (512-byte sectors) whose directory names `streams`, each empty: how Excel keeps
/// an encrypted workbook ("EncryptedPackage") and how an XLS keeps its cells ("Workbook").
fn compound_file(streams: &[&str]) -> Vec<u8> {
    const END: u32 = 0xFFFF_FFFE;
    const FREE: u32 = 0xFFFF_FFFF;
    let mut file = vec![0u8; 512];
    file[..8].copy_from_slice(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]);
    for (at, value) in [(24, 0x3E), (26, 3), (28, 0xFFFE), (30, 9), (32, 6)] {
        file[at..at + 2].copy_from_slice(&u16::to_le_bytes(value));
    }
    for (at, value) in [(44, 1), (48, 1), (56, 4096), (60, END), (68, END), (76, 0)] {
        file[at..at + 4].copy_from_slice(&u32::to_le_bytes(value));
    }
    for at in (80..512).step_by(4) {
        file[at..at + 4].copy_from_slice(&FREE.to_le_bytes());
    }
    // Sector 0: the allocation table (itself, then the directory's one sector).
    let mut fat = vec![0xFFFF_FFFD, END];
    fat.resize(128, FREE);
    file.extend(fat.iter().flat_map(|id| id.to_le_bytes()));
    // Sector 1: the directory.
    let names: Vec<&str> = std::iter::once("Root Entry")
        .chain(streams.iter().copied())
        .collect();
    for (i, name) in names.iter().enumerate() {
        let mut entry = [0u8; 128];
        let utf16: Vec<u8> = name.encode_utf16().flat_map(u16::to_le_bytes).collect();
        entry[..utf16.len()].copy_from_slice(&utf16);
        entry[64..66].copy_from_slice(&u16::try_from(utf16.len() + 2).unwrap().to_le_bytes());
        entry[66] = if i == 0 { 5 } else { 2 };
        let next = |j: usize| {
            if j < names.len() {
                u32::try_from(j).unwrap()
            } else {
                FREE
            }
        };
        let (right, child) = if i == 0 {
            (FREE, next(1))
        } else {
            (next(i + 1), FREE)
        };
        entry[68..72].copy_from_slice(&FREE.to_le_bytes());
        entry[72..76].copy_from_slice(&right.to_le_bytes());
        entry[76..80].copy_from_slice(&child.to_le_bytes());
        entry[116..120].copy_from_slice(&END.to_le_bytes());
        file.extend(entry);
    }
    file.resize(512 * 3, 0);
    file
}

/// A school entered in geography with its team admin; answers the entry's id, the teacher's
/// token, and the token of a teacher of the same school outside the team.
fn entered_school(fx: &Fixture) -> (i64, String, String) {
    let geo = fx.olympiad("geography");
    let (school, teacher) = fx.entered_school(&geo);
    let stranger = fx
        .teacher("stranger@example.org")
        .of_school(school.id)
        .build();
    (school.entry().get(), teacher.token, stranger.token)
}

#[actix_web::test]
async fn hostile_spreadsheets_are_refused_naming_the_file_and_the_server_keeps_answering() {
    let fx = Fixture::new();
    let (entry_id, teacher, _) = entered_school(&fx);
    let api = fx.api().await;
    let preview = format!("/api/learner/import/preview?schoolParticipantId={entry_id}");

    let sheet_crc = crc32(&vec![b' '; BOMB_BYTES]);
    let declared_bomb_size = u32::try_from(BOMB_BYTES).unwrap();
    let csv_rows = {
        let mut csv = String::from("First name\n");
        for i in 0..10_000 {
            csv.push_str(&format!("Learner {i}\n"));
        }
        csv
    };
    let hostile: Vec<(&str, Vec<u8>, &str)> = vec![
        // A1 and XFD1048576: a range of 17 billion cells once took the whole process down.
        (
            "sparse.xlsx",
            sheet_with_far_cell(1_048_575, 16_383),
            "at most 10,000 rows",
        ),
        (
            "wide.xlsx",
            sheet_with_far_cell(0, 16_383),
            "at most 50 columns",
        ),
        (
            "bomb.xlsx",
            zip_bomb(sheet_crc, declared_bomb_size),
            "at most 50 MB",
        ),
        (
            "understated.xlsx",
            zip_bomb(sheet_crc, 1000),
            "could not be read",
        ),
        (
            "locked.xlsx",
            compound_file(&["EncryptionInfo", "EncryptedPackage"]),
            "password-protected",
        ),
        (
            "fake.xlsx",
            b"PK\x03\x04\x14\x00not a zip at all".repeat(100),
            "not a spreadsheet",
        ),
        (
            "empty.xlsx",
            zip_of(&[stored("notes.txt", b"learners")]),
            "not a spreadsheet",
        ),
        (
            "old.xls",
            compound_file(&["Workbook"]),
            "Excel 97-2003 workbook (.xls)",
        ),
        ("tall.csv", csv_rows.into_bytes(), "at most 10,000 rows"),
        (
            "wide.csv",
            format!("First name{}\n", ",x".repeat(60)).into_bytes(),
            "at most 50 columns",
        ),
        (
            "giant.csv",
            format!("First name\n{}\n", "a".repeat(1_500_000)).into_bytes(),
            "row 2, column A holds more than 1,000 characters",
        ),
        (
            "repeated.ods",
            ods_of(
                r#"<table:table-row table:number-rows-repeated="1000000"><table:table-cell office:value-type="string" table:number-columns-repeated="50"><text:p>x</text:p></table:table-cell></table:table-row>"#,
            ),
            "at most 10,000 rows",
        ),
        (
            "spaces.ods",
            ods_of(
                r#"<table:table-row><table:table-cell office:value-type="string"><text:p><text:s text:c="4000000000"/></text:p></table:table-cell></table:table-row>"#,
            ),
            "row 2, column A holds more than 1,000 characters",
        ),
    ];
    for (name, bytes, said) in hostile {
        assert!(
            bytes.len() < 2 * 1024 * 1024,
            "{name} fits the upload limit"
        );
        let (status, body) = api
            .send(with_token(multipart(&preview, name, &bytes), &teacher))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}: {body}");
        let problem = body["fields"]["file"].as_str().unwrap_or_default();
        assert!(problem.contains(said), "{name}: {body}");
    }

    // The ODS and the zips above are sound apart from what makes them hostile: without it, they
    // are read (and found not to be the template, whose columns they lack).
    for (name, bytes) in [
        (
            "plain.ods",
            ods_of(r#"<table:table-row><table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#),
        ),
        (
            "plain.xlsx",
            zip_of(&[
                stored("[Content_Types].xml", CONTENT_TYPES.as_bytes()),
                stored("_rels/.rels", PACKAGE_RELS.as_bytes()),
                stored("xl/workbook.xml", WORKBOOK.as_bytes()),
                stored("xl/_rels/workbook.xml.rels", WORKBOOK_RELS.as_bytes()),
                stored(
                    "xl/worksheets/sheet1.xml",
                    br#"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row></sheetData></worksheet>"#,
                ),
            ]),
        ),
    ] {
        let (status, body) = api.send(with_token(multipart(&preview, name, &bytes), &teacher)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}: {body}");
        let problem = body["fields"]["file"].as_str().unwrap_or_default();
        assert!(problem.contains("not the learner template"), "{name}: {body}");
    }

    // Every part counts against the limit, not only the file: an endless extra part is cut off.
    let boundary = "olympiadboundary";
    let mut padded =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n")
            .into_bytes();
    padded.extend_from_slice(&vec![b'x'; 3 * 1024 * 1024]);
    padded.extend_from_slice(format!("\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"learners.xlsx\"\r\n\r\n").as_bytes());
    padded.extend_from_slice(&one_learner());
    padded.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let request = TestRequest::post()
        .uri(&preview)
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(padded);
    let (status, body) = api.send(with_token(request, &teacher)).await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            serde_json::json!("too_large")
        ),
        "{body}"
    );

    // The server is still up, and reads an ordinary file as before.
    let (status, body) = api
        .send(with_token(
            multipart(&preview, "learners.xlsx", &one_learner()),
            &teacher,
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["good"], 1);
    let (status, _) = api.get("/api/learner/template", &teacher).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn a_teacher_outside_the_team_is_refused_before_any_file_is_read() {
    let fx = Fixture::new();
    let (entry_id, teacher, stranger) = entered_school(&fx);
    let api = fx.api().await;
    let preview = format!("/api/learner/import/preview?schoolParticipantId={entry_id}");
    let import = format!("/api/learner/import?schoolParticipantId={entry_id}");

    // Read first, each would be a 400 (a hostile file) or a 413 (too large); refused first, 404 (the team is not theirs to see).
    let sparse = sheet_with_far_cell(1_048_575, 16_383);
    let (status, body) = api
        .send(with_token(
            multipart(&preview, "sparse.xlsx", &sparse),
            &stranger,
        ))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let fake = b"PK\x03\x04not a zip".to_vec();
    let (status, body) = api
        .send(with_token(
            multipart(&preview, "fake.xlsx", &fake),
            &stranger,
        ))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let huge = vec![b'a'; 3 * 1024 * 1024];
    let (status, body) = api
        .send(with_token(multipart(&preview, "big.csv", &huge), &stranger))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

    // A body of more than the import's 8 MB, and one of the most learners an import takes, whose
    // passwords would be hashed before the entry was checked.
    let oversized = TestRequest::post()
        .uri(&import)
        .insert_header(("content-type", "application/json"))
        .set_payload(vec![b' '; 9 * 1024 * 1024]);
    let (status, body) = api.send(with_token(oversized, &stranger)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let rows: Vec<Value> = (0..5000)
        .map(|i| json!({ "firstName": format!("Learner{i}"), "lastName": "Dube", "grade": "10" }))
        .collect();
    let (status, body) = api.post(&import, json!({ "rows": rows }), &stranger).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = api.post(&import, json!({ "rows": [] }), &stranger).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = api.post("/api/learner", json!({ "schoolParticipantId": entry_id, "firstName": "Lerato", "lastName": "Molefe", "grade": "10" }), &stranger)
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (_, listed) = api
        .get(
            &format!("/api/participant?customerParticipantId={entry_id}"),
            &teacher,
        )
        .await;
    assert_eq!(listed["data"]["total"], 0, "nothing was entered: {listed}");
}
