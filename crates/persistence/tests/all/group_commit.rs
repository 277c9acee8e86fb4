//! The group committer on the database TEST_DATABASE names: pieces that wait while a batch is
//! written go together in the next, a batch at most as large as its kind allows; each piece is
//! answered once its batch has committed; a failed batch is answered whole and keeps nothing; a
//! full queue is refused at once; and closing writes what was queued and refuses what comes after.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::PoolError;
use diesel::sql_types::BigInt;
use olympiad_persistence::group_commit::{Batch, GroupCommitter, QueueError};
use olympiad_persistence::testing::TestDatabase;
use olympiad_persistence::{DbConnection, DbError};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::time::Duration;

/// A row to insert; the piece that holds its batch open until the test lets it go.
struct Row {
    id: i64,
    hold: Option<Hold>,
    answer: Sender<Answered>,
}

struct Hold {
    entered: Sender<()>,
    released: Receiver<()>,
}

#[derive(Debug, PartialEq)]
enum Answered {
    /// Committed in a batch of this many pieces.
    Committed(usize),
    Failed,
    Unconnected,
}

struct Rows(Vec<Row>);

impl Batch for Rows {
    type Piece = Row;
    const MAX_PIECES: usize = 4;
    const NAME: &'static str = "test-committer";

    fn of(pieces: Vec<Row>) -> Self {
        Rows(pieces)
    }

    fn write(&mut self, conn: &mut DbConnection) -> Result<(), DbError> {
        for row in &mut self.0 {
            if let Some(hold) = row.hold.take() {
                hold.entered.send(()).unwrap();
                hold.released.recv().unwrap();
            }
            conn.batch_execute(&format!(
                "INSERT INTO grouped_rows (id) VALUES ({})",
                row.id
            ))?;
        }
        Ok(())
    }

    fn committed(self) {
        let size = self.0.len();
        for row in self.0 {
            row.answer.send(Answered::Committed(size)).unwrap();
        }
    }

    fn failed(self, _conn: &mut DbConnection, _error: DbError) {
        for row in self.0 {
            row.answer.send(Answered::Failed).unwrap();
        }
    }

    fn unconnected(self, _error: PoolError) {
        for row in self.0 {
            row.answer.send(Answered::Unconnected).unwrap();
        }
    }
}

#[derive(QueryableByName)]
struct Id {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

fn kept(db: &TestDatabase) -> Vec<i64> {
    diesel::sql_query("SELECT CAST(id AS BIGINT) AS id FROM grouped_rows ORDER BY id")
        .load::<Id>(&mut db.conn())
        .unwrap()
        .into_iter()
        .map(|row| row.id)
        .collect()
}

fn database() -> TestDatabase {
    let db = TestDatabase::new();
    db.conn()
        .batch_execute("CREATE TABLE grouped_rows (id BIGINT PRIMARY KEY)")
        .unwrap();
    db
}

/// Queues a row whose batch stays open until the answer's sender is told; answers once it is
/// being written.
fn held_row(committer: &GroupCommitter<Rows>, id: i64) -> (Sender<()>, Receiver<Answered>) {
    let (entered, is_entered) = channel();
    let (release, released) = channel();
    let (answer, answered) = channel();
    let hold = Some(Hold { entered, released });
    committer.submit(Row { id, hold, answer }).unwrap();
    is_entered.recv_timeout(Duration::from_secs(30)).unwrap();
    (release, answered)
}

fn row(committer: &GroupCommitter<Rows>, id: i64) -> Result<Receiver<Answered>, QueueError> {
    let (answer, answered) = channel();
    committer.submit(Row {
        id,
        hold: None,
        answer,
    })?;
    Ok(answered)
}

fn answer(answered: &Receiver<Answered>) -> Answered {
    answered.recv_timeout(Duration::from_secs(30)).unwrap()
}

#[test]
fn pieces_that_wait_go_together_at_most_a_batch_at_a_time_and_are_answered_once_committed() {
    let db = database();
    let committer = GroupCommitter::<Rows>::start(db.pool.clone(), 1, 100);
    let (release, first) = held_row(&committer, 1);
    let waiting: Vec<_> = (2..=7).map(|id| row(&committer, id).unwrap()).collect();
    // Nothing is answered while its batch is open.
    assert!(first.recv_timeout(Duration::from_millis(100)).is_err());
    release.send(()).unwrap();
    assert_eq!(answer(&first), Answered::Committed(1));
    let sizes: Vec<Answered> = waiting.iter().map(answer).collect();
    let expected = [4, 4, 4, 4, 2, 2].map(Answered::Committed);
    assert_eq!(sizes, expected);
    assert_eq!(kept(&db), (1..=7).collect::<Vec<_>>());
}

#[test]
fn a_batch_that_fails_is_answered_whole_and_keeps_nothing() {
    let db = database();
    let committer = GroupCommitter::<Rows>::start(db.pool.clone(), 1, 100);
    let (release, first) = held_row(&committer, 1);
    // The same row twice: the second breaks the batch, and the first goes with it.
    let waiting: Vec<_> = [2, 3, 3].map(|id| row(&committer, id).unwrap()).into();
    release.send(()).unwrap();
    assert_eq!(answer(&first), Answered::Committed(1));
    for answered in &waiting {
        assert_eq!(answer(answered), Answered::Failed);
    }
    assert_eq!(kept(&db), vec![1]);
    // The committer goes on.
    assert_eq!(answer(&row(&committer, 4).unwrap()), Answered::Committed(1));
}

#[test]
fn a_full_queue_is_refused_at_once() {
    let db = database();
    let committer = GroupCommitter::<Rows>::start(db.pool.clone(), 1, 2);
    let (release, first) = held_row(&committer, 1);
    let queued: Vec<_> = [2, 3].map(|id| row(&committer, id).unwrap()).into();
    assert!(matches!(row(&committer, 4), Err(QueueError::Busy)));
    release.send(()).unwrap();
    assert_eq!(answer(&first), Answered::Committed(1));
    for answered in &queued {
        assert_eq!(answer(answered), Answered::Committed(2));
    }
    assert_eq!(kept(&db), vec![1, 2, 3]);
}

#[test]
fn closing_writes_and_answers_everything_queued_before_and_refuses_what_comes_after() {
    let db = database();
    let committer = GroupCommitter::<Rows>::start(db.pool.clone(), 2, 100);
    let (release, first) = held_row(&committer, 1);
    let queued: Vec<_> = (2..=9).map(|id| row(&committer, id).unwrap()).collect();
    // Closing waits for the open batch and the queue behind it; the batch goes on meanwhile.
    let closing = std::thread::spawn({
        let committer = committer.clone();
        move || committer.close()
    });
    std::thread::sleep(Duration::from_millis(300));
    assert!(matches!(row(&committer, 10), Err(QueueError::Stopped)));
    release.send(()).unwrap();
    closing.join().unwrap();
    // Every piece queued before the close was answered before `close` returned.
    assert_eq!(first.try_recv().unwrap(), Answered::Committed(1));
    for answered in &queued {
        assert!(matches!(answered.try_recv(), Ok(Answered::Committed(_))));
    }
    assert_eq!(kept(&db), (1..=9).collect::<Vec<_>>());
}
