//! The soak's judgement: whether a node's resident memory, open files and database connections
//! stay flat over a long run at steady load. Each is sampled once a minute; the first minutes
//! (caches filling, the pool opening, the allocator finding its size) are left out, and a line is
//! fitted by least squares through the rest. Growth is judged by the line's slope, never by one
//! sample, so that one busy minute is not a leak and a slow leak is not hidden by noise.

/// One minute's sample of the server process.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// Minutes since the load began (0: the server idle, just started).
    pub minute: u32,
    /// Resident memory (`VmRSS`), in MB.
    pub rss_mb: f64,
    /// Entries of `/proc/<pid>/fd`: files, sockets, the database's connections.
    pub open_files: f64,
    /// Connections the node's database pools hold open (the primary's and the replica's).
    pub pool_connections: f64,
}

/// RSS that grows by more than this a minute (2 MB in ten minutes)...
pub const RSS_MB_PER_MINUTE: f64 = 0.2;
/// ...and by more than this share of itself over the judged minutes, is growing. Both must hold:
/// the first alone would call a short run's allocator noise a leak, the second alone would let a
/// large process leak for hours.
pub const RSS_SHARE_OF_RUN: f64 = 0.05;
/// Open files or pool connections whose line climbs more than this a minute (one every four
/// minutes)...
pub const COUNT_PER_MINUTE: f64 = 0.25;
/// ...and by more than this over the judged minutes (a few sockets in flight at the moment of a
/// sample are noise), are growing.
pub const COUNT_RISE: f64 = 5.0;

/// Minutes of warm-up left out of the judgement in a run of `minutes`: the first quarter or the
/// first three, whichever is longer, but always leaving two samples to draw a line through (a
/// three-minute run proves the soak works; it is too short to find a slow leak).
pub fn warm_up(minutes: u32) -> u32 {
    minutes.div_ceil(4).max(3).min(minutes.saturating_sub(2))
}

/// The least-squares slope of `y` over `x`; 0 with fewer than two distinct `x`.
pub fn slope(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    if points.len() < 2 {
        return 0.0;
    }
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for (x, y) in points {
        sxy += (x - mean_x) * (y - mean_y);
        sxx += (x - mean_x) * (x - mean_x);
    }
    if sxx == 0.0 {
        0.0
    } else {
        sxy / sxx
    }
}

/// What the soak found: nothing growing, or each measure that grows with its slope a minute.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Flat,
    Growing(Vec<String>),
}

impl Verdict {
    /// The soak's last line: `soak flat`, or `soak growing: rss 3.1 MB/min, open_files 2.0/min`.
    pub fn line(&self) -> String {
        match self {
            Verdict::Flat => "soak flat".into(),
            Verdict::Growing(what) => format!("soak growing: {}", what.join(", ")),
        }
    }
}

/// Judges the samples of a run of `minutes` (see the constants for the tolerances).
pub fn verdict(samples: &[Sample], minutes: u32) -> Verdict {
    let skip = warm_up(minutes);
    let judged: Vec<&Sample> = samples.iter().filter(|s| s.minute > skip).collect();
    let Some((first, last)) = judged.first().zip(judged.last()) else {
        return Verdict::Flat;
    };
    let span = f64::from(last.minute - first.minute);
    let line = |value: fn(&Sample) -> f64| {
        let points: Vec<(f64, f64)> = judged
            .iter()
            .map(|s| (f64::from(s.minute), value(s)))
            .collect();
        slope(&points)
    };
    let mut growing = Vec::new();
    let rss = line(|s| s.rss_mb);
    let mean_rss = judged.iter().map(|s| s.rss_mb).sum::<f64>() / judged.len() as f64;
    if rss > RSS_MB_PER_MINUTE && rss * span > RSS_SHARE_OF_RUN * mean_rss {
        growing.push(format!("rss {rss:.1} MB/min"));
    }
    for (name, value) in [
        ("open_files", (|s| s.open_files) as fn(&Sample) -> f64),
        ("pool_connections", |s| s.pool_connections),
    ] {
        let per_minute = line(value);
        if per_minute > COUNT_PER_MINUTE && per_minute * span > COUNT_RISE {
            growing.push(format!("{name} {per_minute:.1}/min"));
        }
    }
    if growing.is_empty() {
        Verdict::Flat
    } else {
        Verdict::Growing(growing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `minutes` + 1 samples (minute 0 on), each measure given by its minute.
    fn run(minutes: u32, rss: impl Fn(u32) -> f64, files: impl Fn(u32) -> f64) -> Vec<Sample> {
        (0..=minutes)
            .map(|minute| Sample {
                minute,
                rss_mb: rss(minute),
                open_files: files(minute),
                pool_connections: 10.0,
            })
            .collect()
    }

    #[test]
    fn the_slope_is_the_least_squares_line_through_the_points() {
        assert_eq!(slope(&[(1.0, 3.0), (2.0, 5.0), (3.0, 7.0)]), 2.0);
        assert!((slope(&[(1.0, 1.0), (2.0, 3.0), (3.0, 2.0)]) - 0.5).abs() < 1e-12);
        assert_eq!(slope(&[(1.0, 3.0)]), 0.0);
        assert_eq!(slope(&[(2.0, 3.0), (2.0, 9.0)]), 0.0);
    }

    #[test]
    fn the_warm_up_is_a_quarter_or_three_minutes_and_leaves_two_samples() {
        assert_eq!(warm_up(20), 5);
        assert_eq!(warm_up(10), 3);
        assert_eq!(warm_up(4), 2);
        assert_eq!(warm_up(3), 1);
        assert_eq!(warm_up(1), 0);
    }

    #[test]
    fn memory_that_climbs_during_warm_up_then_levels_off_is_flat() {
        let samples = run(20, |m| 40.0 + 8.0 * f64::from(m.min(4)), |_| 60.0);
        assert_eq!(verdict(&samples, 20), Verdict::Flat);
    }

    #[test]
    fn noise_around_a_level_is_flat_but_a_steady_climb_is_growth() {
        let noisy = run(
            20,
            |m| 90.0 + if m % 2 == 0 { 1.5 } else { -1.5 },
            |m| 60.0 + f64::from(m % 3),
        );
        assert_eq!(verdict(&noisy, 20), Verdict::Flat);

        let leaking = run(20, |m| 90.0 + 0.5 * f64::from(m), |_| 60.0);
        assert_eq!(
            verdict(&leaking, 20),
            Verdict::Growing(vec!["rss 0.5 MB/min".into()])
        );
    }

    #[test]
    fn a_small_slope_in_a_short_run_is_not_called_a_leak() {
        // 1 MB a minute over two judged minutes is 1 MB of 90: allocator noise, not 5%.
        let samples = run(3, |m| 90.0 + f64::from(m), |_| 60.0);
        assert_eq!(verdict(&samples, 3), Verdict::Flat);
    }

    #[test]
    fn one_busy_sample_is_not_growth_but_a_descriptor_leaked_each_minute_is() {
        let spike = run(20, |_| 90.0, |m| if m == 19 { 68.0 } else { 60.0 });
        assert_eq!(verdict(&spike, 20), Verdict::Flat);

        let leaking = run(10, |_| 90.0, |m| 60.0 + f64::from(m));
        assert_eq!(
            verdict(&leaking, 10),
            Verdict::Growing(vec!["open_files 1.0/min".into()])
        );
        assert_eq!(
            verdict(&leaking, 10).line(),
            "soak growing: open_files 1.0/min"
        );
        assert_eq!(Verdict::Flat.line(), "soak flat");
    }
}
