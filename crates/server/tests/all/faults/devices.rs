//! Learners' devices writing through a fault, as the sitting's device queue does: each keeps what
//! the server has not acknowledged, newest answer per question, and sends it again with its next
//! save, to whichever node it reaches. What the server acknowledged is noted, to be looked for
//! afterwards; a refusal that is not "try again" is noted too, since no fault may cause one.

use olympiad_bench::client::{client, saved_answers, sign_in, start, Learner};
use olympiad_bench::fixtures::enter_many;
use olympiad_bench::server::command;
use olympiad_persistence::{open_pool, Database};
use serde_json::Value;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

pub const PASSWORD: &str = "fault-learner-password";

/// How often each device saves a new answer while the fault goes on: a learner working briskly.
const PACE: Duration = Duration::from_millis(60);
/// How long a device waits before sending again after a save that was not acknowledged.
const RESEND_AFTER: Duration = Duration::from_millis(250);
/// How long devices may take to send what they hold once the fault is over.
const DRAIN_WITHIN: Duration = Duration::from_secs(60);

/// The answer each device last had acknowledged, per learner and question: (seq, answer JSON).
pub type Acknowledged = HashMap<(usize, i64), (i64, String)>;

/// The demo seeded through the binary into the database at `url`, with `count` geography
/// learners entered (each with [`PASSWORD`]): their usernames.
pub fn seeded(bin: &Path, url: &str, data: &Path, count: usize) -> Vec<String> {
    let seeded = command(bin, url, data)
        .args(["seed-demo", "--password", "fault-demo-password"])
        .output()
        .unwrap();
    assert!(seeded.status.success(), "{seeded:?}");
    let pool = open_pool(&Database::parse(url).unwrap(), 1).unwrap();
    enter_many(&mut pool.get().unwrap(), "geography", count, PASSWORD).unwrap()
}

/// Signs each learner in and starts them, through the nodes in turn.
pub async fn started(http: &awc::Client, bases: &[String], usernames: &[String]) -> Vec<Learner> {
    let mut learners = Vec::new();
    for (i, username) in usernames.iter().enumerate() {
        let base = &bases[i % bases.len()];
        let token = sign_in(http, base, username, PASSWORD, "geography")
            .await
            .unwrap();
        learners.push(start(http, base, username, &token).await.unwrap());
    }
    learners
}

/// What the devices saw through a fault.
#[derive(Default)]
pub struct Run {
    pub acknowledged: Acknowledged,
    /// When each save was answered (or failed), and whether it was acknowledged.
    pub saves: Vec<(Instant, bool)>,
    /// Refusals other than "try again", with their status and body.
    pub refused: Vec<String>,
    /// Answers the devices still held when they gave up sending.
    pub held: usize,
    pub learners: Vec<Learner>,
}

impl Run {
    /// The longest time in which no device had a save acknowledged (saves waiting or refused):
    /// how long writes stopped. Answers its length and when it ended.
    pub fn longest_pause(&self) -> (Duration, Instant) {
        let acknowledged: Vec<Instant> = self
            .saves
            .iter()
            .filter(|(_, ok)| *ok)
            .map(|(at, _)| *at)
            .collect();
        acknowledged
            .windows(2)
            .map(|pair| (pair[1] - pair[0], pair[1]))
            .max()
            .expect("saves were acknowledged")
    }

    /// The first save acknowledged after `at`.
    pub fn first_acknowledged_after(&self, at: Instant) -> Instant {
        self.saves
            .iter()
            .find(|(when, ok)| *ok && *when > at)
            .expect("a save acknowledged afterwards")
            .0
    }

    /// How many saves were not acknowledged.
    pub fn unacknowledged(&self) -> usize {
        self.saves.iter().filter(|(_, ok)| !ok).count()
    }

    /// Nothing refused for good, nothing left on a device, every acknowledged answer stored:
    /// what every fault must leave, read back through `base`.
    pub fn assert_nothing_lost(&self, base: &str) {
        assert!(
            self.refused.is_empty(),
            "saves refused: {:?}",
            &self.refused[..self.refused.len().min(5)]
        );
        assert_eq!(self.held, 0, "answers left unsent on the devices");
        assert!(
            self.acknowledged.len() >= self.learners.len(),
            "too few saves: {}",
            self.acknowledged.len()
        );
        assert_every_acknowledged_answer_kept(base, &self.learners, &self.acknowledged);
    }
}

/// Every learner saves a new answer each [`PACE`] through the nodes in turn while `fault` runs,
/// and for `after` once it is over; then each device sends what it still holds.
pub async fn save_through(
    bases: &[String],
    learners: Vec<Learner>,
    fault: impl Future<Output = ()>,
    after: Duration,
) -> Run {
    let http = client(learners.len() * 2);
    let fault_over: Rc<Cell<Option<Instant>>> = Rc::default();
    let run = Rc::new(RefCell::new(Run::default()));
    let devices = learners.into_iter().enumerate().map(|(i, mut learner)| {
        let (http, run, fault_over) = (http.clone(), Rc::clone(&run), Rc::clone(&fault_over));
        async move {
            // Question -> (seq, answer): what the device holds, the newest answer of each.
            let mut held: BTreeMap<i64, (i64, String)> = BTreeMap::new();
            let mut n = 0;
            loop {
                let since_over = fault_over.get().map(|at| at.elapsed());
                let writing = since_over.is_none_or(|since| since < after);
                if !writing && (held.is_empty() || since_over > Some(after + DRAIN_WITHIN)) {
                    break;
                }
                if writing {
                    let (question, answer) = learner.answers[n % learner.answers.len()].clone();
                    learner.seq += 1;
                    held.insert(question, (learner.seq, answer));
                }
                n += 1;
                let base = &bases[(n + i) % bases.len()];
                let sent = send(&http, base, &learner, &held).await;
                let acknowledged = matches!(sent, Ok((200, _)));
                note(&mut run.borrow_mut(), i, &learner, sent, &mut held);
                let wait = if acknowledged { PACE } else { RESEND_AFTER };
                actix_web::rt::time::sleep(wait).await;
            }
            run.borrow_mut().held += held.len();
            learner
        }
    });
    let devices = futures_util::future::join_all(devices);
    let fault = async {
        fault.await;
        fault_over.set(Some(Instant::now()));
    };
    let (learners, ()) = futures_util::future::join(devices, fault).await;
    let mut run = Rc::try_unwrap(run).ok().unwrap().into_inner();
    run.learners = learners;
    run
}

/// Notes a save's outcome: acknowledged, what the device held is the server's now; refused for
/// good (not "try again"), the refusal.
fn note(
    run: &mut Run,
    learner: usize,
    device: &Learner,
    sent: Result<(u16, String), String>,
    held: &mut BTreeMap<i64, (i64, String)>,
) {
    run.saves
        .push((Instant::now(), matches!(sent, Ok((200, _)))));
    match sent {
        Ok((200, _)) => {
            for (question, seq_answer) in std::mem::take(held) {
                run.acknowledged.insert((learner, question), seq_answer);
            }
        }
        // Busy, unavailable, or no node answering: the device tries again.
        Ok((429 | 502 | 503, _)) | Err(_) => {}
        Ok((status, body)) => run
            .refused
            .push(format!("{}: {status} {body}", device.username)),
    }
}

/// One save of everything the device holds: the status and body, or why no node answered.
async fn send(
    http: &awc::Client,
    base: &str,
    learner: &Learner,
    held: &BTreeMap<i64, (i64, String)>,
) -> Result<(u16, String), String> {
    let answers: Vec<String> = held
        .iter()
        .map(|(question, (seq, answer))| {
            format!(r#"{{"questionId":{question},"answer":{answer},"seq":{seq}}}"#)
        })
        .collect();
    let mut response = http
        .post(format!("{base}/api/sitting/answers"))
        .insert_header(("Authorization", learner.authorization.as_str()))
        .insert_header(("X-Attempt-Key", learner.attempt_key.as_str()))
        .content_type("application/json")
        .timeout(Duration::from_secs(30))
        .send_body(format!(r#"{{"answers":[{}]}}"#, answers.join(",")))
        .await
        .map_err(|e| e.to_string())?;
    let body = response.body().await.map_err(|e| e.to_string())?;
    Ok((
        response.status().as_u16(),
        String::from_utf8_lossy(&body).into_owned(),
    ))
}

/// Each answer the server acknowledged is stored, or a later one of the same question: read
/// through `base` on a runtime of its own.
pub fn assert_every_acknowledged_answer_kept(
    base: &str,
    learners: &[Learner],
    acknowledged: &Acknowledged,
) {
    actix_web::rt::System::new().block_on(assert_kept(&client(4), base, learners, acknowledged));
}

/// Like [`assert_every_acknowledged_answer_kept`], on the caller's runtime and client.
pub async fn assert_kept(
    http: &awc::Client,
    base: &str,
    learners: &[Learner],
    acknowledged: &Acknowledged,
) {
    for (i, learner) in learners.iter().enumerate() {
        let stored: HashMap<i64, (i64, Value)> = saved_answers(http, base, learner)
            .await
            .unwrap()
            .into_iter()
            .map(|(question, seq, answer)| (question, (seq, answer)))
            .collect();
        for ((who, question), (seq, answer)) in acknowledged {
            if *who != i {
                continue;
            }
            let (stored_seq, stored_answer) = stored
                .get(question)
                .unwrap_or_else(|| panic!("{}: question {question} lost", learner.username));
            assert!(
                stored_seq >= seq,
                "{}: question {question} went back from {seq} to {stored_seq}",
                learner.username
            );
            if stored_seq == seq {
                assert_eq!(
                    *stored_answer,
                    serde_json::from_str::<Value>(answer).unwrap()
                );
            }
        }
    }
}

/// Seconds between two moments, for the lines the tests print.
pub fn seconds(from: Instant, to: Instant) -> f64 {
    to.saturating_duration_since(from).as_secs_f64()
}
