//! `Body<T>`: a JSON request body, read and checked at the edge. A body that is not JSON, does not
//! fit the type, or breaks a `validator` rule is refused with the field's name and the problem, and
//! the handler never runs.

use crate::error::ApiError;
use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use olympiad_office::ErrorCode;
use serde::de::DeserializeOwned;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use validator::Validate;

pub struct Body<T>(pub T);

impl<T> Body<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Body<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + Validate + 'static> FromRequest for Body<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Body<T>, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_json = is_json(req);
        let bytes = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            if !is_json {
                return Err(ApiError::bad_request(
                    ErrorCode::ContentType,
                    "The request body must be JSON (Content-Type: application/json).",
                ));
            }
            let bytes = bytes.await.map_err(|e| {
                if e.as_response_error().status_code() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        ErrorCode::TooLarge,
                        "The request is too large.",
                    )
                } else {
                    ApiError::bad_request(ErrorCode::Body, "The request body could not be read.")
                }
            })?;
            let value: T = parse(&bytes)?;
            value.validate()?;
            Ok(Body(value))
        })
    }
}

/// `application/json`, or a type of it (`application/merge-patch+json`).
fn is_json(req: &HttpRequest) -> bool {
    req.content_type() == "application/json" || req.content_type().ends_with("+json")
}

/// Deserialises, naming the field at fault. Bodies are read at full speed; only a faulty one is
/// read again, with the path tracked, to name its field.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if let Ok(value) = serde_json::from_slice(bytes) {
        return Ok(value);
    }
    // JSON has one kind of number: `196.0` is the integer 196, which the document's `integer`
    // allows, so a whole number written with a fraction is read as the integer it is.
    if let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(bytes) {
        if whole_numbers_as_integers(&mut value) {
            if let Ok(value) = serde_json::from_value(value) {
                return Ok(value);
            }
        }
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        if !matches!(error.inner().classify(), serde_json::error::Category::Data) {
            return ApiError::invalid_field("body", "is not valid JSON");
        }
        let path = error.path().to_string();
        let (field, problem) = crate::error::describe(&error.inner().to_string());
        let field = match (path.as_str(), field) {
            (".", Some(field)) => field,
            (".", None) => "body".to_owned(),
            (path, Some(field)) => format!("{path}.{field}"),
            (path, None) => path.to_owned(),
        };
        ApiError::invalid_field(&field, &problem)
    })
}

/// Rewrites each whole number written as a float (`196.0`) as an integer; whether any was.
fn whole_numbers_as_integers(value: &mut serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::Number(number) => match number.as_f64() {
            // Exactly representable as both: up to 2^53.
            Some(x)
                if number.is_f64() && x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0 =>
            {
                *number = serde_json::Number::from(x as i64);
                true
            }
            _ => false,
        },
        Value::Array(items) => items
            .iter_mut()
            .fold(false, |any, item| whole_numbers_as_integers(item) | any),
        Value::Object(fields) => fields
            .values_mut()
            .fold(false, |any, item| whole_numbers_as_integers(item) | any),
        _ => false,
    }
}

/// A JSON body larger than the API's usual limit (the rows of a learner import), read and checked
/// like [`Body`], up to `limit` bytes.
pub async fn read_large<T: DeserializeOwned + Validate>(
    req: &HttpRequest,
    mut payload: impl futures_util::Stream<Item = Result<web::Bytes, PayloadError>> + Unpin,
    limit: usize,
) -> Result<T, ApiError> {
    use futures_util::StreamExt;
    if !is_json(req) {
        return Err(ApiError::bad_request(
            ErrorCode::ContentType,
            "The request body must be JSON (Content-Type: application/json).",
        ));
    }
    let mut bytes = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| {
            ApiError::bad_request(ErrorCode::Body, "The request body could not be read.")
        })?;
        if bytes.len() + chunk.len() > limit {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                ErrorCode::TooLarge,
                format!("The request is larger than {} MB.", limit / (1024 * 1024)),
            ));
        }
        bytes.extend_from_slice(&chunk);
    }
    let value: T = parse(&bytes)?;
    value.validate()?;
    Ok(value)
}

/// A JSON file sent as the body (a question bank, a school's learners), left unread until the
/// handler has found its object in reach, then read and checked like [`Body`] up to a limit.
pub struct LaterJson<T> {
    req: HttpRequest,
    payload: Payload,
    kind: PhantomData<fn() -> T>,
}

impl<T> FromRequest for LaterJson<T> {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        std::future::ready(Ok(LaterJson {
            req: req.clone(),
            payload: payload.take(),
            kind: PhantomData,
        }))
    }
}

impl<T: DeserializeOwned + Validate> LaterJson<T> {
    pub async fn read(self, limit: usize) -> Result<T, ApiError> {
        read_large(&self.req, self.payload, limit).await
    }
}

/// The part named `file` of a multipart upload, with the name it was sent under. Every part's
/// bytes, named `file` or not, count against `limit` as they arrive, so no part can run on without
/// end; past it the answer is 413 naming the limit.
pub async fn read_file_part(
    mut parts: actix_multipart::Multipart,
    limit: usize,
) -> Result<(String, Vec<u8>), ApiError> {
    use futures_util::StreamExt;
    let unreadable = |e: actix_multipart::MultipartError| {
        ApiError::bad_request(
            ErrorCode::Upload,
            format!("The upload could not be read: {e}"),
        )
    };
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::TooLarge,
            format!(
                "file: is larger than the limit of {} MB",
                limit / (1024 * 1024)
            ),
        )
    };
    let mut received = None;
    let mut total = 0usize;
    while let Some(part) = parts.next().await {
        let mut part = part.map_err(unreadable)?;
        let is_file = part.name() == Some("file");
        let filename = part
            .content_disposition()
            .and_then(|d| d.get_filename())
            .unwrap_or("file")
            .to_owned();
        let mut bytes = Vec::new();
        while let Some(chunk) = part.next().await {
            let chunk = chunk.map_err(unreadable)?;
            total += chunk.len();
            if total > limit {
                return Err(too_large());
            }
            if is_file {
                bytes.extend_from_slice(&chunk);
            }
        }
        if is_file {
            received = Some((filename, bytes));
        }
    }
    received.ok_or_else(|| ApiError::invalid_field("file", "is required"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct SignIn {
        username: String,
        login_type: olympiad_domain::LoginType,
        olympiad_id: Option<i64>,
    }

    fn field_and_problem(json: &str) -> (String, String) {
        let error = parse::<SignIn>(json.as_bytes()).unwrap_err();
        let (field, problem) = error.fields.clone().into_iter().next().unwrap();
        (field, problem)
    }

    #[test]
    fn whole_numbers_written_with_a_fraction_are_integers() {
        let sign_in =
            parse::<SignIn>(br#"{"username":"a","loginType":"admin","olympiadId":7.0}"#).unwrap();
        assert_eq!(sign_in.olympiad_id, Some(7));
        assert_eq!(
            field_and_problem(r#"{"username":"a","loginType":"admin","olympiadId":7.5}"#),
            ("olympiadId".into(), "must be i64".into())
        );
    }

    #[test]
    fn errors_name_the_field_and_the_problem() {
        assert_eq!(
            field_and_problem(r#"{"loginType":"admin"}"#),
            ("username".into(), "is required".into())
        );
        assert_eq!(
            field_and_problem(r#"{"username":"a","loginType":"root"}"#),
            (
                "loginType".into(),
                "must be one of learner, teacher, admin, overlord".into()
            )
        );
        assert_eq!(
            field_and_problem(r#"{"username":"a","loginType":"admin","olympiadId":"one"}"#),
            ("olympiadId".into(), "must be i64".into())
        );
        assert_eq!(
            field_and_problem("{not json"),
            ("body".into(), "is not valid JSON".into())
        );
    }
}
