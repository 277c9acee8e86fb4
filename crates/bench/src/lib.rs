//! What the benchmarks and the durability test share: the real `olympiad` binary started on a fresh
//! database, learners entered straight into that database, a client that does what a learner's
//! phone does, and latency statistics.

pub mod client;
pub mod fixtures;
pub mod server;
pub mod stats;

/// One line of benchmark output: `bench <name> <value> <unit>`.
pub fn report(name: &str, value: f64, unit: &str) {
    if value.fract() == 0.0 {
        println!("bench {name} {value:.0} {unit}");
    } else {
        println!("bench {name} {value:.2} {unit}");
    }
}

/// The machine the figures were measured on, for the first line of the output.
pub fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    format!("{cores} cores, {model}")
}
