//! What a learner's phone does, over HTTP: sign in, accept the declaration, get the recovery code,
//! start (answered with the paper), save answers.

use awc::Client;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;

/// A client with enough connections for the load, and patience for a server under it.
pub fn client(connections: usize) -> Client {
    Client::builder()
        .connector(awc::Connector::new().limit(connections))
        .timeout(Duration::from_secs(60))
        .finish()
}

/// A learner who has started: their token, their device's attempt key, and an answer that fits
/// each question of their paper. What every save sends is prepared once, so that the load client
/// spends little of the machine it shares with the server.
#[derive(Debug, Clone)]
pub struct Learner {
    pub username: String,
    /// `Bearer <token>`.
    pub authorization: String,
    pub attempt_key: String,
    /// Question id and an answer to it, as JSON.
    pub answers: Vec<(i64, String)>,
    /// The device's save counter.
    pub seq: i64,
}

/// An answer's outcome as the server gave it.
#[derive(Debug)]
pub struct Answered {
    pub status: u16,
    /// A refusal's JSON; null for a 200, whose body the load client does not read.
    pub body: Value,
}

/// The `data` of a 200 answer, read into only the fields the client uses (every answer read into
/// a `serde_json::Value` was a third of the load client's share of the machine it shares with
/// the server); any other answer is an error naming `what`, with the server's words.
async fn data<T: DeserializeOwned>(
    request: awc::ClientRequest,
    body: Option<&Value>,
    what: &str,
) -> Result<T, String> {
    let response = match body {
        Some(body) => request.send_json(body).await,
        None => request.send().await,
    };
    let mut response = response.map_err(|e| format!("{what}: {e}"))?;
    let bytes = response
        .body()
        .limit(4 * 1024 * 1024)
        .await
        .map_err(|e| format!("{what}: {e}"))?;
    if response.status().as_u16() != 200 {
        let said = String::from_utf8_lossy(&bytes);
        return Err(format!("{what}: {} {said}", response.status().as_u16()));
    }
    serde_json::from_slice::<Envelope<T>>(&bytes)
        .map(|envelope| envelope.data)
        .map_err(|e| format!("{what}: {e}"))
}

/// The API's envelope, as far as the client reads it.
#[derive(Deserialize)]
struct Envelope<T> {
    data: T,
}

#[derive(Deserialize)]
struct SignedIn {
    token: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Declared {
    attempt_key: Option<String>,
}

#[derive(Deserialize)]
struct Paper {
    modules: Vec<PaperModule>,
    #[serde(default)]
    answers: Vec<SavedAnswer>,
}

#[derive(Deserialize)]
struct PaperModule {
    questions: Vec<PaperQuestion>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PaperQuestion {
    question_id: i64,
    kind: String,
    #[serde(default)]
    options: Vec<PaperOption>,
}

#[derive(Deserialize)]
struct PaperOption {
    key: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SavedAnswer {
    question_id: i64,
    seq: i64,
    answer: Value,
}

/// The answer's status and, when it is a refusal, its JSON.
async fn read(
    response: Result<
        awc::ClientResponse<
            impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
                + Unpin,
        >,
        awc::error::SendRequestError,
    >,
) -> Result<Answered, String> {
    let mut response = response.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let bytes = response
        .body()
        .limit(4 * 1024 * 1024)
        .await
        .map_err(|e| e.to_string())?;
    let body = if status != 200 {
        serde_json::from_slice(&bytes).unwrap_or(Value::Null)
    } else {
        Value::Null
    };
    Ok(Answered { status, body })
}

/// Signs in as a learner; answers the token.
pub async fn sign_in(
    client: &Client,
    base: &str,
    username: &str,
    password: &str,
    olympiad: &str,
) -> Result<String, String> {
    sign_in_as(client, base, (username, password), olympiad, "learner").await
}

/// Signs in with a login type (`learner`, `admin`...); answers the token.
pub async fn sign_in_as(
    client: &Client,
    base: &str,
    (username, password): (&str, &str),
    olympiad: &str,
    login_type: &str,
) -> Result<String, String> {
    let body = json!({ "username": username, "password": password, "olympiadName": olympiad, "loginType": login_type });
    let request = client.post(format!("{base}/api/auth/signin"));
    let signed_in: SignedIn = data(request, Some(&body), "sign-in").await?;
    Ok(signed_in.token)
}

/// Declaration, recovery code and the start (which answers with the paper), as the learner's first
/// minute does them.
pub async fn start(
    client: &Client,
    base: &str,
    username: &str,
    token: &str,
) -> Result<Learner, String> {
    let bearer = format!("Bearer {token}");
    let declaration = client
        .post(format!("{base}/api/sitting/declaration"))
        .insert_header(("Authorization", bearer.as_str()));
    let declared: Declared = data(
        declaration,
        Some(&json!({ "accepted": true })),
        "declaration",
    )
    .await?;
    let key = declared
        .attempt_key
        .ok_or("the declaration gave no attempt key")?;
    let device = |path: &str| {
        client
            .post(format!("{base}{path}"))
            .insert_header(("Authorization", bearer.as_str()))
            .insert_header(("X-Attempt-Key", key.as_str()))
    };
    let _: IgnoredAny = data(device("/api/sitting/recovery-code"), None, "recovery code").await?;
    // The start answers with the paper, as the phone takes it.
    let paper: Paper = data(device("/api/sitting/start"), None, "start").await?;
    let answers = paper
        .modules
        .iter()
        .flat_map(|module| &module.questions)
        .map(|question| {
            let answer = match question.kind.as_str() {
                "numeric" => json!("12,5"),
                "shortText" => json!("Limpopo"),
                _ => json!([question.options.first().map_or("true", |o| o.key.as_str())]),
            };
            (question.question_id, answer.to_string())
        })
        .collect();
    Ok(Learner {
        username: username.to_owned(),
        authorization: bearer,
        attempt_key: key,
        answers,
        seq: 0,
    })
}

/// Saves the answer to the learner's `n`th question (round the paper), with the next sequence
/// number; answers the server's outcome and the (question, seq, answer JSON) sent.
pub async fn save_next(
    client: &Client,
    base: &str,
    learner: &mut Learner,
    n: usize,
) -> Result<(Answered, (i64, i64, String)), String> {
    let (question, answer) = learner.answers[n % learner.answers.len().max(1)].clone();
    learner.seq += 1;
    let body = format!(
        r#"{{"answers":[{{"questionId":{question},"answer":{answer},"seq":{}}}]}}"#,
        learner.seq
    );
    let response = client
        .post(format!("{base}/api/sitting/answers"))
        .insert_header(("Authorization", learner.authorization.as_str()))
        .insert_header(("X-Attempt-Key", learner.attempt_key.as_str()))
        .content_type("application/json")
        .send_body(body)
        .await;
    Ok((read(response).await?, (question, learner.seq, answer)))
}

/// Finishes the learner's attempt, as the paper's last button does.
pub async fn finish(client: &Client, base: &str, learner: &Learner) -> Result<(), String> {
    let request = client
        .post(format!("{base}/api/sitting/finish"))
        .insert_header(("Authorization", learner.authorization.as_str()))
        .insert_header(("X-Attempt-Key", learner.attempt_key.as_str()));
    data::<IgnoredAny>(request, None, "finish").await.map(drop)
}

/// A page of the back office read with a staff member's token (a grid, the monitor, an export),
/// or with `post` a request without a body (a mass mail released), read to its end; an answer
/// other than 200 is an error naming the path and what the server said.
pub async fn staff_request(
    client: &Client,
    base: &str,
    token: &str,
    path: &str,
    post: bool,
) -> Result<(), String> {
    let url = format!("{base}{path}");
    let request = if post {
        client.post(url)
    } else {
        client.get(url)
    };
    let mut response = request
        .insert_header(("Authorization", format!("Bearer {token}")))
        .send()
        .await
        .map_err(|e| format!("{path}: {e}"))?;
    // An export of every learner is far larger than any answer of the learners' side.
    let body = response
        .body()
        .limit(256 * 1024 * 1024)
        .await
        .map_err(|e| format!("{path}: {e}"))?;
    match response.status().as_u16() {
        200 => Ok(()),
        status => Err(format!(
            "{path}: {status} {}",
            String::from_utf8_lossy(&body)
        )),
    }
}

/// The answers the server holds for the learner: (question, seq, answer).
pub async fn saved_answers(
    client: &Client,
    base: &str,
    learner: &Learner,
) -> Result<Vec<(i64, i64, Value)>, String> {
    let paper = client
        .get(format!("{base}/api/sitting/paper"))
        .insert_header(("Authorization", learner.authorization.as_str()))
        .insert_header(("X-Attempt-Key", learner.attempt_key.as_str()));
    let paper: Paper = data(paper, None, "paper").await?;
    Ok(paper
        .answers
        .into_iter()
        .map(|a| (a.question_id, a.seq, a.answer))
        .collect())
}
