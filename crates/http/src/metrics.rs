//! What this node has done, for Prometheus (`GET /metrics`, in its text format 0.0.4): requests per
//! matched route (the route's pattern, never the raw path, so that ids make no new series) with
//! their latency, and the learners' answer batches. The job queue and the pool are read when the
//! page is asked for. The counters live in the process: each node is scraped on its own.
//!
//! Kept by hand rather than with a metrics crate: a counter and a histogram are a few lines, and
//! the text format is a line per value.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{LazyLock, Mutex, PoisonError};
use std::time::Instant;

/// Upper bounds of the latency buckets, in seconds.
const LATENCY_BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0,
];
/// Upper bounds of the answer batch sizes (jobs per transaction).
const BATCH_BUCKETS: [f64; 9] = [1.0, 2.0, 5.0, 10.0, 25.0, 50.0, 100.0, 250.0, 1000.0];

/// A Prometheus histogram: cumulative counts per bucket, with the sum and count.
#[derive(Debug, Clone, Default)]
struct Histogram {
    buckets: Vec<u64>,
    sum: f64,
    count: u64,
}

impl Histogram {
    fn observe(&mut self, bounds: &[f64], value: f64) {
        if self.buckets.is_empty() {
            self.buckets = vec![0; bounds.len()];
        }
        for (bucket, bound) in self.buckets.iter_mut().zip(bounds) {
            if value <= *bound {
                *bucket += 1;
            }
        }
        self.sum += value;
        self.count += 1;
    }

    fn write(&self, out: &mut String, name: &str, labels: &str, bounds: &[f64]) {
        let sep = if labels.is_empty() { "" } else { "," };
        for (bound, count) in bounds.iter().zip(&self.buckets) {
            let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"{bound}\"}} {count}");
        }
        let _ = writeln!(
            out,
            "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {}",
            self.count
        );
        let braces = if labels.is_empty() {
            String::new()
        } else {
            format!("{{{labels}}}")
        };
        let _ = writeln!(out, "{name}_sum{braces} {}", self.sum);
        let _ = writeln!(out, "{name}_count{braces} {}", self.count);
    }
}

#[derive(Default)]
struct Counters {
    /// (method, route, status) → requests.
    requests: BTreeMap<(String, String, u16), u64>,
    /// (method, route) → latency.
    latency: BTreeMap<(String, String), Histogram>,
    /// Answer saves and pings taken by the writer, in batches of this many.
    batch_sizes: Histogram,
    /// Saves (requests carrying answers) the writer handled.
    saves: u64,
    /// Answers in those saves.
    answers: u64,
    /// Batches that failed whole and were written again one job at a time.
    batch_retries: u64,
    /// ITNs refused as not PayFast's, by why.
    forged_itns: BTreeMap<&'static str, u64>,
    /// When the log last told of forged ITNs, and how many came since.
    forged_itns_logged: Option<Instant>,
    forged_itns_unlogged: u64,
}

static COUNTERS: LazyLock<Mutex<Counters>> = LazyLock::new(Mutex::default);

fn counters() -> std::sync::MutexGuard<'static, Counters> {
    COUNTERS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The route label of a request: the pattern the router matched, or `unmatched` (the apps'
/// pages, unknown paths).
fn route_label(pattern: Option<String>) -> String {
    pattern.unwrap_or_else(|| "unmatched".into())
}

/// The middleware: counts every request under its matched route and times it.
pub async fn count_request(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().as_str().to_owned();
    let response = next.call(req).await?;
    let route = route_label(response.request().match_pattern());
    let status = response.status().as_u16();
    let seconds = started.elapsed().as_secs_f64();
    let mut counters = counters();
    *counters
        .requests
        .entry((method.clone(), route.clone(), status))
        .or_default() += 1;
    counters
        .latency
        .entry((method, route))
        .or_default()
        .observe(&LATENCY_BUCKETS, seconds);
    Ok(response)
}

/// One transaction of the answer writer: `jobs` saves and pings, `saves` of them carrying
/// `answers` answers.
pub fn answer_batch(jobs: usize, saves: usize, answers: usize) {
    let mut counters = counters();
    #[allow(clippy::cast_precision_loss)] // a batch holds at most a thousand jobs
    counters.batch_sizes.observe(&BATCH_BUCKETS, jobs as f64);
    counters.saves += saves as u64;
    counters.answers += answers as u64;
}

/// A batch that failed whole and was written again one job at a time.
pub fn answer_batch_retried() {
    counters().batch_retries += 1;
}

/// An ITN refused as not PayFast's, which is written nowhere else (anyone can send one). Answers
/// how many came since the log last told of them, once a minute at most, for the log to tell of
/// them in one line: the log grows with time, not with what outsiders send.
pub fn itn_forged(reason: &'static str) -> Option<u64> {
    let mut counters = counters();
    *counters.forged_itns.entry(reason).or_default() += 1;
    counters.forged_itns_unlogged += 1;
    let due = counters
        .forged_itns_logged
        .is_none_or(|at| at.elapsed().as_secs() >= 60);
    if !due {
        return None;
    }
    counters.forged_itns_logged = Some(Instant::now());
    Some(std::mem::take(&mut counters.forged_itns_unlogged))
}

/// Read when the page is asked for: the job queue and the database pool.
#[derive(Debug, Clone, Default)]
pub struct Gauges {
    /// (status, jobs).
    pub jobs: Vec<(String, i64)>,
    /// Seconds the oldest job that is due has waited; 0 when none waits.
    pub oldest_due_job_seconds: f64,
    pub pool_size: u32,
    pub pool_connections: u32,
    pub pool_idle: u32,
    /// The read replica's pool (`DATABASE_READ_URL`), when there is one.
    pub read_pool: Option<ReadPoolGauges>,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct ReadPoolGauges {
    pub size: u32,
    pub connections: u32,
    pub idle: u32,
    /// Reads that can wait but went to the primary: the replica could not be reached.
    pub fallbacks: u64,
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The page Prometheus reads.
pub fn render(gauges: &Gauges) -> String {
    let counters = counters();
    let mut out = String::with_capacity(16 * 1024);
    out.push_str("# HELP olympiad_http_requests_total Requests answered, by method, matched route and status.\n# TYPE olympiad_http_requests_total counter\n");
    for ((method, route, status), count) in &counters.requests {
        let _ = writeln!(
            out,
            "olympiad_http_requests_total{{method=\"{method}\",route=\"{}\",status=\"{status}\"}} {count}",
            escape(route)
        );
    }
    out.push_str("# HELP olympiad_http_request_duration_seconds Time to answer, by method and matched route.\n# TYPE olympiad_http_request_duration_seconds histogram\n");
    for ((method, route), histogram) in &counters.latency {
        histogram.write(
            &mut out,
            "olympiad_http_request_duration_seconds",
            &format!("method=\"{method}\",route=\"{}\"", escape(route)),
            &LATENCY_BUCKETS,
        );
    }
    out.push_str("# HELP olympiad_answer_batch_size Saves and pings the answer writer committed in one transaction.\n# TYPE olympiad_answer_batch_size histogram\n");
    counters
        .batch_sizes
        .write(&mut out, "olympiad_answer_batch_size", "", &BATCH_BUCKETS);
    let _ = writeln!(out, "# HELP olympiad_answer_saves_total Learners' answer saves made durable.\n# TYPE olympiad_answer_saves_total counter\nolympiad_answer_saves_total {}", counters.saves);
    let _ = writeln!(out, "# HELP olympiad_answers_saved_total Answers in those saves.\n# TYPE olympiad_answers_saved_total counter\nolympiad_answers_saved_total {}", counters.answers);
    let _ = writeln!(out, "# HELP olympiad_answer_batch_retries_total Answer batches that failed whole and were written again job by job.\n# TYPE olympiad_answer_batch_retries_total counter\nolympiad_answer_batch_retries_total {}", counters.batch_retries);
    out.push_str("# HELP olympiad_payfast_itn_forged_total ITNs refused as not PayFast's (no signature of ours, or not from PayFast's addresses), by why.\n# TYPE olympiad_payfast_itn_forged_total counter\n");
    for (reason, count) in &counters.forged_itns {
        let _ = writeln!(
            out,
            "olympiad_payfast_itn_forged_total{{reason=\"{}\"}} {count}",
            escape(reason)
        );
    }
    drop(counters);

    out.push_str("# HELP olympiad_jobs Background jobs in the job table, by status.\n# TYPE olympiad_jobs gauge\n");
    for (status, count) in &gauges.jobs {
        let _ = writeln!(
            out,
            "olympiad_jobs{{status=\"{}\"}} {count}",
            escape(status)
        );
    }
    let _ = writeln!(out, "# HELP olympiad_jobs_oldest_due_seconds How long the oldest job that is due has waited for a worker.\n# TYPE olympiad_jobs_oldest_due_seconds gauge\nolympiad_jobs_oldest_due_seconds {}", gauges.oldest_due_job_seconds);
    let _ = writeln!(out, "# HELP olympiad_db_pool_size Connections this node's pool may open.\n# TYPE olympiad_db_pool_size gauge\nolympiad_db_pool_size {}", gauges.pool_size);
    let _ = writeln!(out, "# HELP olympiad_db_pool_connections Connections open, in use or idle.\n# TYPE olympiad_db_pool_connections gauge\nolympiad_db_pool_connections {}", gauges.pool_connections);
    let _ = writeln!(out, "# HELP olympiad_db_pool_in_use Connections in use at this moment.\n# TYPE olympiad_db_pool_in_use gauge\nolympiad_db_pool_in_use {}", gauges.pool_connections.saturating_sub(gauges.pool_idle));
    if let Some(read) = &gauges.read_pool {
        let _ = writeln!(out, "# HELP olympiad_db_read_pool_size Connections this node's pool of the read replica may open.\n# TYPE olympiad_db_read_pool_size gauge\nolympiad_db_read_pool_size {}", read.size);
        let _ = writeln!(out, "# HELP olympiad_db_read_pool_connections Connections to the read replica open, in use or idle.\n# TYPE olympiad_db_read_pool_connections gauge\nolympiad_db_read_pool_connections {}", read.connections);
        let _ = writeln!(out, "# HELP olympiad_db_read_pool_in_use Connections to the read replica in use at this moment.\n# TYPE olympiad_db_read_pool_in_use gauge\nolympiad_db_read_pool_in_use {}", read.connections.saturating_sub(read.idle));
        let _ = writeln!(out, "# HELP olympiad_db_read_fallbacks_total Reads meant for the replica that went to the primary because the replica could not be reached.\n# TYPE olympiad_db_read_fallbacks_total counter\nolympiad_db_read_fallbacks_total {}", read.fallbacks);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_counts_each_value_in_every_bucket_at_or_above_it() {
        let mut histogram = Histogram::default();
        for value in [0.003, 0.02, 0.02, 7.0, 60.0] {
            histogram.observe(&LATENCY_BUCKETS, value);
        }
        let mut out = String::new();
        histogram.write(&mut out, "t", "route=\"/x\"", &LATENCY_BUCKETS);
        assert!(out.contains("t_bucket{route=\"/x\",le=\"0.005\"} 1\n"));
        assert!(out.contains("t_bucket{route=\"/x\",le=\"0.025\"} 3\n"));
        assert!(out.contains("t_bucket{route=\"/x\",le=\"10\"} 4\n"));
        assert!(out.contains("t_bucket{route=\"/x\",le=\"+Inf\"} 5\n"));
        assert!(out.contains("t_count{route=\"/x\"} 5\n"));
    }
}
