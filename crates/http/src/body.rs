//! `Body<T>`: a JSON request body, read and checked at the edge. A body that is not JSON, does not
//! fit the type, or breaks a `validator` rule is refused with the field's name and the problem, and
//! the handler never runs.

use crate::error::ApiError;
use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use serde::de::DeserializeOwned;
use std::future::Future;
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
        let is_json =
            req.content_type() == "application/json" || req.content_type().ends_with("+json");
        let bytes = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            if !is_json {
                return Err(ApiError::bad_request(
                    "content_type",
                    "The request body must be JSON (Content-Type: application/json).",
                ));
            }
            let bytes = bytes.await.map_err(|e| {
                if e.as_response_error().status_code() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        "too_large",
                        "The request is too large.",
                    )
                } else {
                    ApiError::bad_request("body", "The request body could not be read.")
                }
            })?;
            let value: T = parse(&bytes)?;
            value.validate()?;
            Ok(Body(value))
        })
    }
}

/// Deserialises, naming the field at fault. Bodies are read at full speed; only a faulty one is
/// read again, with the path tracked, to name its field.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if let Ok(value) = serde_json::from_slice(bytes) {
        return Ok(value);
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        if !matches!(error.inner().classify(), serde_json::error::Category::Data) {
            return ApiError::invalid_field("body", "is not valid JSON");
        }
        let path = error.path().to_string();
        let (field, problem) = describe(&error.inner().to_string());
        let field = match (path.as_str(), field) {
            (".", Some(field)) => field,
            (".", None) => "body".to_owned(),
            (path, Some(field)) => format!("{path}.{field}"),
            (path, None) => path.to_owned(),
        };
        ApiError::invalid_field(&field, &problem)
    })
}

/// Turns serde's sentence into a problem a person can act on, and the field it names, if it does.
pub fn describe(message: &str) -> (Option<String>, String) {
    // serde appends " at line 1 column 16"; the person does not need it.
    let message = message.split(" at line ").next().unwrap_or(message);
    let quoted = || message.split('`').nth(1).map(str::to_owned);
    if message.starts_with("missing field") {
        (quoted(), "is required".into())
    } else if message.starts_with("unknown variant") {
        let choices = message
            .split("expected one of ")
            .nth(1)
            .unwrap_or("")
            .replace('`', "");
        (None, format!("must be one of {choices}"))
    } else if let Some(expected) = message
        .strip_prefix("invalid type: ")
        .and_then(|m| m.split(", expected ").nth(1))
    {
        (None, format!("must be {expected}"))
    } else {
        (None, message.to_owned())
    }
}

/// A JSON body larger than the API's usual limit (the rows of a learner import), read and checked
/// like [`Body`], up to `limit` bytes.
pub async fn read_large<T: DeserializeOwned + Validate>(
    req: &HttpRequest,
    mut payload: web::Payload,
    limit: usize,
) -> Result<T, ApiError> {
    use futures_util::StreamExt;
    if req.content_type() != "application/json" {
        return Err(ApiError::bad_request(
            "content_type",
            "The request body must be JSON (Content-Type: application/json).",
        ));
    }
    let mut bytes = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk
            .map_err(|_| ApiError::bad_request("body", "The request body could not be read."))?;
        if bytes.len() + chunk.len() > limit {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("The request is larger than {} MB.", limit / (1024 * 1024)),
            ));
        }
        bytes.extend_from_slice(&chunk);
    }
    let value: T = parse(&bytes)?;
    value.validate()?;
    Ok(value)
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
