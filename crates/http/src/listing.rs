//! The back office's grids ask every list the same way: `page` and `pageSize`, `sort` (`name,-grade`),
//! `search`, and the list's own filters. With `format=csv` or `format=xlsx` the list answers a file of
//! every row the search and filters select, not one page.

use crate::db::Db;
use crate::envelope::Envelope;
use crate::error::ApiError;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{web, HttpResponse, HttpResponseBuilder};
use futures_util::StreamExt;
use olympiad_documents::Table;
use olympiad_office::support::listing::Grid;
use olympiad_office::OfficeResult;
use olympiad_persistence::models::{Page, Paged, Sort};
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub use olympiad_office::support::listing::{given, when};

/// The largest page a grid may ask for; exports have no limit.
pub const MAX_PAGE_SIZE: i64 = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    Csv,
    Xlsx,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct GridQuery {
    /// 1-based; default 1.
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Default 25, at most 500.
    #[param(minimum = 1, maximum = 500)]
    pub page_size: Option<i64>,
    /// Comma-separated keys, `-` before a key for descending: `name,-grade`.
    pub sort: Option<String>,
    /// Free text, matched case-blind against the list's main columns.
    pub search: Option<String>,
    /// Answer a file of every selected row instead of a page.
    #[param(inline)]
    pub format: Option<ExportFormat>,
}

impl GridQuery {
    pub fn search(&self) -> String {
        self.search.clone().unwrap_or_default()
    }

    pub fn sort(&self) -> Vec<Sort> {
        Sort::parse_list(self.sort.as_deref().unwrap_or(""))
    }

    /// The page to load; none for an export.
    pub fn page(&self) -> Result<Option<Page>, ApiError> {
        if self.format.is_some() {
            return Ok(None);
        }
        let size = self.page_size.unwrap_or(25);
        if !(1..=MAX_PAGE_SIZE).contains(&size) {
            return Err(ApiError::invalid_field(
                "pageSize",
                &format!("must be between 1 and {MAX_PAGE_SIZE}"),
            ));
        }
        let page = self.page.unwrap_or(1);
        if page < 1 {
            return Err(ApiError::invalid_field("page", "must be 1 or more"));
        }
        Ok(Some(Page {
            offset: (page - 1) * size,
            limit: size,
        }))
    }

    /// An export (every row, as a file) can wait for the read replica (`Db::reader_if`); a page
    /// cannot: the grid asks for it again right after its user saves a row, and must show it.
    pub fn can_wait(&self) -> bool {
        self.format.is_some()
    }

    /// What the grid asks of any list: its search, sort and page.
    pub fn grid(&self) -> Result<Grid, ApiError> {
        Ok(Grid {
            search: self.search(),
            sort: self.sort(),
            page: self.page()?,
        })
    }

    /// The whole of a grid's handler: `list` loads what the grid asked for (an export on the
    /// replica, see [`GridQuery::can_wait`]), answered as [`GridQuery::respond`] does.
    pub async fn answer<T, F>(
        &self,
        db: &Db,
        file_name: &str,
        table: impl FnOnce(&[T]) -> Table,
        list: F,
    ) -> Result<HttpResponse, ApiError>
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection, Grid) -> OfficeResult<Paged<T>> + Send + 'static,
    {
        let asked = self.grid()?;
        let rows = db
            .reader_if(self.can_wait())
            .office(move |conn| list(conn, asked))
            .await?;
        self.respond(rows, file_name, table)
    }

    /// Like [`GridQuery::answer`], but a CSV export is written while it is read and sent, a chunk
    /// at a time, so that the server holds a chunk, not the file (a national round's results are
    /// 300,000 rows). `export` hands `sink` every selected row in chunks, at least once (the
    /// headings go with the first), and stops when `sink` answers false.
    pub async fn answer_streamed<T, F, E>(
        &self,
        db: &Db,
        file_name: &str,
        table: fn(&[T]) -> Table,
        list: F,
        export: E,
    ) -> Result<HttpResponse, ApiError>
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection, Grid) -> OfficeResult<Paged<T>> + Send + 'static,
        E: FnOnce(&mut DbConnection, Grid, &mut dyn FnMut(Vec<T>) -> bool) -> OfficeResult<()>
            + Send
            + 'static,
    {
        if self.format != Some(ExportFormat::Csv) {
            return self.answer(db, file_name, table, list).await;
        }
        let asked = self.grid()?;
        let (sender, mut parts) = tokio::sync::mpsc::channel(CSV_PARTS_IN_FLIGHT);
        let db = db.clone();
        actix_web::rt::spawn(async move {
            let writer = sender.clone();
            let outcome = db
                .reader()
                .office(move |conn| {
                    let mut first = true;
                    export(conn, asked, &mut |rows| {
                        let part = table(&rows);
                        let bytes = if first {
                            part.to_csv()
                        } else {
                            part.csv_rows()
                        };
                        first = false;
                        // Refused once the download is abandoned: the export stops there.
                        writer.blocking_send(Ok(web::Bytes::from(bytes))).is_ok()
                    })
                })
                .await;
            if let Err(error) = outcome {
                let _ = sender.send(Err(error)).await;
            }
        });
        // A refusal (no access, a bad sort key) comes before the first part and is answered as
        // any other; a failure after it can only cut the download short.
        let first = match parts.recv().await {
            Some(Ok(first)) => first,
            Some(Err(error)) => return Err(error),
            None => return Err(ApiError::internal("the export ended before its headings")),
        };
        let rest = futures_util::stream::unfold(parts, |mut parts| async move {
            let part = parts.recv().await?.map_err(|error| {
                log::error!("an export was cut short: {error}");
                std::io::Error::other(error.to_string())
            });
            Some((part, parts))
        });
        let body = futures_util::stream::once(async { Ok(first) }).chain(rest);
        Ok(attachment(CSV, &format!("{file_name}.csv")).streaming(body))
    }

    /// The page in the envelope, or the file of every row.
    pub fn respond<T: Serialize>(
        &self,
        paged: Paged<T>,
        file_name: &str,
        table: impl FnOnce(&[T]) -> Table,
    ) -> Result<HttpResponse, ApiError> {
        match self.format {
            None => Ok(HttpResponse::Ok().json(Envelope {
                success: true,
                data: paged,
            })),
            Some(format) => file(format, file_name, &table(&paged.rows)),
        }
    }
}

/// A table as a download.
pub fn file(
    format: ExportFormat,
    file_name: &str,
    table: &Table,
) -> Result<HttpResponse, ApiError> {
    let (bytes, content_type, extension) = match format {
        ExportFormat::Csv => (table.to_csv(), CSV, "csv"),
        ExportFormat::Xlsx => (
            table.to_xlsx(file_name).map_err(ApiError::internal)?,
            XLSX,
            "xlsx",
        ),
    };
    Ok(download(
        bytes,
        content_type,
        &format!("{file_name}.{extension}"),
    ))
}

/// The content types of a list's `format=csv` and `format=xlsx` answers.
pub const EXPORT_CONTENT_TYPES: [&str; 2] = [CSV, XLSX];
const CSV: &str = "text/csv; charset=utf-8";
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// Bytes as an attachment that no cache keeps (exports carry personal data).
pub fn download(bytes: Vec<u8>, content_type: &str, file_name: &str) -> HttpResponse {
    attachment(content_type, file_name).body(bytes)
}

/// An attachment's answer before its body: a download that no cache keeps.
fn attachment(content_type: &str, file_name: &str) -> HttpResponseBuilder {
    let mut response = HttpResponse::Ok();
    response
        .insert_header((CONTENT_TYPE, content_type.to_owned()))
        .insert_header((CACHE_CONTROL, "no-store"))
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"{file_name}\""),
        ));
    response
}

/// Parts of a CSV export written ahead of what the connection has taken: the reader waits when
/// the downloader is slow, and holds no more than this.
const CSV_PARTS_IN_FLIGHT: usize = 4;
