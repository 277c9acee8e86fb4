//! The API as a test calls it: one line a request, with the caller's token.

use super::{send, with_token, Fixture};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{call_service, init_service, read_body, TestRequest};
use olympiad_domain::id::{OlympiadId, SchoolParticipantId};
use serde_json::{json, Value};

pub struct Api<S> {
    pub app: S,
}

impl Fixture {
    /// The application on this fixture's database, ready for requests.
    pub async fn api(
        &self,
    ) -> Api<
        impl Service<
            actix_http::Request,
            Response = ServiceResponse<impl MessageBody>,
            Error = actix_web::Error,
        >,
    > {
        Api {
            app: init_service(olympiad_http::app(self.state.clone())).await,
        }
    }
}

pub fn put_json(path: &str, body: Value) -> TestRequest {
    TestRequest::put().uri(path).set_json(body)
}

pub fn delete(path: &str) -> TestRequest {
    TestRequest::delete().uri(path)
}

/// The request as the device holding the attempt key sends it.
pub fn with_device(request: TestRequest, token: &str, key: Option<&str>) -> TestRequest {
    let request = with_token(request, token);
    match key {
        Some(key) => request.insert_header(("X-Attempt-Key", key.to_owned())),
        None => request,
    }
}

impl<S, B> Api<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    pub async fn send(&self, request: TestRequest) -> (StatusCode, Value) {
        send(&self.app, request).await
    }

    pub async fn get(&self, path: &str, token: &str) -> (StatusCode, Value) {
        self.send(with_token(super::get(path), token)).await
    }

    pub async fn post(&self, path: &str, body: Value, token: &str) -> (StatusCode, Value) {
        self.send(with_token(super::post_json(path, body), token))
            .await
    }

    pub async fn put(&self, path: &str, body: Value, token: &str) -> (StatusCode, Value) {
        self.send(with_token(put_json(path, body), token)).await
    }

    pub async fn delete(&self, path: &str, token: &str) -> (StatusCode, Value) {
        self.send(with_token(delete(path), token)).await
    }

    /// Signs in as the sign-in screens do; answers the status and the body.
    pub async fn signin(
        &self,
        username: &str,
        password: &str,
        login_type: &str,
        olympiad: Option<&str>,
    ) -> (StatusCode, Value) {
        self.send(super::signin(username, password, login_type, olympiad))
            .await
    }

    /// A request that must succeed; answers its `data`.
    pub async fn ok(&self, request: TestRequest) -> Value {
        let (status, body) = self.send(request).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["data"].clone()
    }

    /// A call with any method, and a JSON body unless it is null, that must succeed; answers its
    /// `data`.
    pub async fn call(
        &self,
        token: &str,
        method: actix_web::http::Method,
        url: &str,
        body: Value,
    ) -> Value {
        let request = TestRequest::default().method(method.clone()).uri(url);
        let request = if body.is_null() {
            request
        } else {
            request.set_json(body)
        };
        let (status, answer) = self.send(with_token(request, token)).await;
        assert_eq!(status, StatusCode::OK, "{method} {url}: {answer}");
        answer["data"].clone()
    }

    /// The results grid of an olympiad as `token` sees it (`filter`: more of the query, such as
    /// `&onPaper=true`); answers its `data` (`rows` and `total`).
    pub async fn results(&self, olympiad_id: OlympiadId, token: &str, filter: &str) -> Value {
        let url = format!("/api/results?olympiadId={olympiad_id}{filter}");
        let (status, list) = self.get(&url, token).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        list["data"].clone()
    }

    /// The purchase order of a school's entry, made (or answered again) as its team asks for it,
    /// with the school's own order number `PO-77`.
    pub async fn order_for(&self, entry: SchoolParticipantId, token: &str) -> Value {
        let url = format!("/api/purchase-order?customerParticipantId={entry}&schoolsPO=PO-77");
        let (status, body) = self.post(&url, json!(null), token).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["data"].clone()
    }

    /// The status, content type and bytes of a file answer.
    pub async fn file(&self, request: TestRequest) -> (StatusCode, String, Vec<u8>) {
        let response = call_service(&self.app, request.to_request()).await;
        let status = response.status();
        let content_type = response
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        (status, content_type, read_body(response).await.to_vec())
    }

    /// Declaration, recovery code and details in `language`, everything before the start: answers
    /// the device's key and the recovery code.
    pub async fn prepare_sitting(&self, token: &str, language: &str) -> (String, String) {
        let declared = self
            .ok(with_token(
                super::post_json("/api/sitting/declaration", json!({ "accepted": true })),
                token,
            ))
            .await;
        let key = declared["attemptKey"].as_str().unwrap().to_owned();
        let recovery = self
            .ok(with_device(
                TestRequest::post().uri("/api/sitting/recovery-code"),
                token,
                Some(&key),
            ))
            .await;
        let code = recovery["recoveryCode"].as_str().unwrap().to_owned();
        let details = json!({ "firstName": "Thabo", "lastName": "Mokoena", "grade": 10, "language": language });
        self.ok(with_device(
            put_json("/api/sitting/details", details),
            token,
            Some(&key),
        ))
        .await;
        (key, code)
    }

    /// A sitting prepared and started, the clock running: answers the key and the recovery code.
    pub async fn start_sitting(&self, token: &str, language: &str) -> (String, String) {
        let (key, code) = self.prepare_sitting(token, language).await;
        let started = self
            .ok(with_device(
                TestRequest::post().uri("/api/sitting/start"),
                token,
                Some(&key),
            ))
            .await;
        assert_eq!(started["sitting"]["attempt"]["status"], "writing");
        (key, code)
    }
}
