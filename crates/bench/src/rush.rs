//! A crowd of learners on olympiad morning: each learner's requests follow one another as on their
//! phone, and `connections` learners are served at a time, each worker taking the next learner
//! as soon as it is done with one.

use crate::report;
use crate::stats::Latencies;
use std::cell::RefCell;
use std::future::Future;
use std::time::Instant;

/// Runs `step` for every learner, `connections` at a time; the first error ends the run.
pub async fn learners_at_a_time<T, Fut: Future<Output = Result<(), String>>>(
    learners: Vec<T>,
    connections: usize,
    step: impl Fn(T) -> Fut,
) -> Result<(), String> {
    let queue = RefCell::new(learners.into_iter());
    let (queue, step) = (&queue, &step);
    let workers = (0..connections).map(|_| async move {
        loop {
            // The borrow ends before the step waits: the other workers take from the queue meanwhile.
            let next = queue.borrow_mut().next();
            let Some(learner) = next else {
                return Ok(());
            };
            step(learner).await?;
        }
    });
    futures_util::future::join_all(workers)
        .await
        .into_iter()
        .collect()
}

/// What a timed rush's three lines are called: `{name}_starts_per_second` (learners a second),
/// `{p99}` (one learner's whole `step`) and `{name}_{count}_seconds` (all of them).
pub struct RushReport<'a> {
    pub name: &'a str,
    pub p99: &'a str,
}

/// Runs `step` for every learner as [`learners_at_a_time`] does, times each, and reports the rush;
/// answers the learners a second.
pub async fn timed_rush<T, Fut: Future<Output = Result<(), String>>>(
    names: RushReport<'_>,
    learners: Vec<T>,
    connections: usize,
    step: impl Fn(T) -> Fut,
) -> Result<f64, String> {
    let count = learners.len();
    let latencies = RefCell::new(Latencies::default());
    let (latencies_ref, step) = (&latencies, &step);
    let began = Instant::now();
    learners_at_a_time(learners, connections, |learner| async move {
        let at = Instant::now();
        step(learner).await?;
        latencies_ref.borrow_mut().record(at.elapsed());
        Ok(())
    })
    .await?;
    let seconds = began.elapsed().as_secs_f64();
    let mut latencies = latencies.into_inner();
    if latencies.count() != count {
        return Err(format!("{} of {count} learners started", latencies.count()));
    }
    let name = names.name;
    let rate = count as f64 / seconds;
    report(&format!("{name}_starts_per_second"), rate.round(), "per_s");
    report(names.p99, latencies.percentile_ms(99.0), "ms");
    report(&format!("{name}_{count}_seconds"), seconds, "s");
    Ok(rate)
}
