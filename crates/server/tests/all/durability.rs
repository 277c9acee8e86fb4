//! Nothing acknowledged is lost: the server is killed (SIGKILL) in the middle of a stream of answer
//! saves from many learners, and started again; every answer it acknowledged is there, on the
//! backend TEST_DATABASE names.

use crate::faults::devices::{assert_every_acknowledged_answer_kept, Acknowledged};
use olympiad_bench::client::{client, save_next, sign_in, start, Answered, Learner};
use olympiad_bench::fixtures::enter_many;
use olympiad_bench::server::{command, free_port, ServerProcess};
use olympiad_persistence::testing::TestDatabase;
use std::cell::RefCell;
use std::future::Future;
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

const LEARNERS: usize = 24;
const PASSWORD: &str = "durable-password";

/// A database seeded with the demo through the binary, with `LEARNERS` learners entered in
/// geography: their usernames.
fn seeded_with_learners(db: &TestDatabase, data: &Path, bin: &Path) -> Vec<String> {
    let seeded = command(bin, &db.url(), data)
        .args(["seed-demo", "--password", "durable-demo"])
        .output()
        .unwrap();
    assert!(seeded.status.success(), "{seeded:?}");
    enter_many(&mut db.conn(), "geography", LEARNERS, PASSWORD).unwrap()
}

/// Keeps the answer a save had acknowledged (a refused save fails the test); answers whether the
/// server answered at all, which a killed one does not.
fn acknowledge(
    acknowledged: &RefCell<Acknowledged>,
    learner: usize,
    saved: Result<(Answered, (i64, i64, String)), String>,
) -> bool {
    match saved {
        Ok((answered, (question, seq, answer))) if answered.status == 200 => {
            acknowledged
                .borrow_mut()
                .insert((learner, question), (seq, answer));
            true
        }
        Ok((answered, _)) => panic!("save refused: {} {}", answered.status, answered.body),
        Err(_) => false,
    }
}

/// Each learner's stream of saves at once, with `kill` stopping a server a second in, saves in
/// flight; answers the learners with the save counter each reached.
async fn saving_through_a_kill<Saves: Future<Output = i64>>(
    learners: Vec<Learner>,
    stream: impl FnMut((usize, Learner)) -> Saves,
    kill: impl FnOnce(),
) -> Vec<Learner> {
    let streams: Vec<Saves> = learners.iter().cloned().enumerate().map(stream).collect();
    let killer = async {
        actix_web::rt::time::sleep(Duration::from_millis(1000)).await;
        kill();
    };
    let (seqs, ()) =
        futures_util::future::join(futures_util::future::join_all(streams), killer).await;
    learners
        .into_iter()
        .zip(seqs)
        .map(|(learner, seq)| Learner { seq, ..learner })
        .collect()
}

#[test]
fn every_acknowledged_answer_survives_a_killed_server() {
    let db = TestDatabase::new();
    let data = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let usernames = seeded_with_learners(&db, data.path(), bin);

    let port = free_port().unwrap();
    let server = Rc::new(RefCell::new(Some(
        ServerProcess::start(bin, &db.url(), data.path(), port).unwrap(),
    )));
    let base = format!("http://127.0.0.1:{port}");
    let acknowledged: Rc<RefCell<Acknowledged>> = Rc::default();

    let learners = actix_web::rt::System::new().block_on({
        let (server, acknowledged, base) =
            (Rc::clone(&server), Rc::clone(&acknowledged), base.clone());
        async move {
            let http = client(LEARNERS);
            let mut learners = Vec::new();
            for username in &usernames {
                let token = sign_in(&http, &base, username, PASSWORD, "geography")
                    .await
                    .unwrap();
                learners.push(start(&http, &base, username, &token).await.unwrap());
            }
            // Every learner saves as fast as the server acknowledges; the server is killed after a
            // second, with saves in flight.
            let began = Instant::now();
            let stream = |(i, mut learner): (usize, Learner)| {
                let (http, base, acknowledged) =
                    (http.clone(), base.clone(), Rc::clone(&acknowledged));
                async move {
                    for n in 0.. {
                        let saved = save_next(&http, &base, &mut learner, n).await;
                        if !acknowledge(&acknowledged, i, saved) {
                            break; // the server is gone
                        }
                        if began.elapsed() > Duration::from_secs(10) {
                            panic!("the server was not killed");
                        }
                    }
                    learner.seq
                }
            };
            saving_through_a_kill(learners, stream, || {
                if let Some(mut process) = server.borrow_mut().take() {
                    process.kill();
                }
            })
            .await
        }
    });
    let acknowledged = acknowledged.borrow().clone();
    assert!(
        acknowledged.len() >= LEARNERS,
        "too few saves before the kill: {}",
        acknowledged.len()
    );

    // Started again on the same database: each acknowledged answer is there (or a later one).
    let _restarted = ServerProcess::start(bin, &db.url(), data.path(), port).unwrap();
    assert_every_acknowledged_answer_kept(&base, &learners, &acknowledged);
}

/// The same with two nodes on one database, each learner's saves going to one node and the next
/// (no sticky sessions): one node is killed in the middle, the learners' saves go on through the
/// other, and the killed node, started again, finds every acknowledged answer.
#[test]
fn every_acknowledged_answer_survives_a_killed_node_of_two() {
    let db = TestDatabase::new();
    let data = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let usernames = seeded_with_learners(&db, data.path(), bin);

    let (port_a, port_b) = (free_port().unwrap(), free_port().unwrap());
    // Started one after the other: the second reads the JWT secret the first kept.
    let node_a = Rc::new(RefCell::new(Some(
        ServerProcess::start(bin, &db.url(), data.path(), port_a).unwrap(),
    )));
    let _node_b = ServerProcess::start(bin, &db.url(), data.path(), port_b).unwrap();
    let (a, b) = (
        format!("http://127.0.0.1:{port_a}"),
        format!("http://127.0.0.1:{port_b}"),
    );
    let acknowledged: Rc<RefCell<Acknowledged>> = Rc::default();

    let learners = actix_web::rt::System::new().block_on({
        let (node_a, acknowledged, a, b) = (
            Rc::clone(&node_a),
            Rc::clone(&acknowledged),
            a.clone(),
            b.clone(),
        );
        async move {
            let http = client(LEARNERS);
            let mut learners = Vec::new();
            for (i, username) in usernames.iter().enumerate() {
                let base = if i % 2 == 0 { &a } else { &b };
                let token = sign_in(&http, base, username, PASSWORD, "geography")
                    .await
                    .unwrap();
                learners.push(start(&http, base, username, &token).await.unwrap());
            }
            let began = Instant::now();
            let stream = |(i, mut learner): (usize, Learner)| {
                let (http, a, b, acknowledged) =
                    (http.clone(), a.clone(), b.clone(), Rc::clone(&acknowledged));
                async move {
                    let mut n = 0;
                    while began.elapsed() < Duration::from_millis(2500) {
                        let base = if (n + i) % 2 == 0 { &a } else { &b };
                        // When the node is gone, the device sends its next save to the other.
                        let saved = save_next(&http, base, &mut learner, n).await;
                        acknowledge(&acknowledged, i, saved);
                        n += 1;
                    }
                    learner.seq
                }
            };
            saving_through_a_kill(learners, stream, || {
                if let Some(mut process) = node_a.borrow_mut().take() {
                    process.kill();
                }
            })
            .await
        }
    });
    let acknowledged = acknowledged.borrow().clone();
    assert!(
        acknowledged.len() >= LEARNERS,
        "too few saves: {}",
        acknowledged.len()
    );

    // The killed node comes back and answers with every acknowledged answer.
    let _restarted = ServerProcess::start(bin, &db.url(), data.path(), port_a).unwrap();
    assert_every_acknowledged_answer_kept(&a, &learners, &acknowledged);
}
