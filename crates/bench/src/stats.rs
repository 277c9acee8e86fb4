//! Latencies of many requests, and their percentiles.

use std::time::Duration;

#[derive(Debug, Default, Clone)]
pub struct Latencies {
    micros: Vec<u64>,
}

impl Latencies {
    pub fn record(&mut self, elapsed: Duration) {
        self.micros
            .push(u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX));
    }

    pub fn merge(&mut self, other: Latencies) {
        self.micros.extend(other.micros);
    }

    pub fn count(&self) -> usize {
        self.micros.len()
    }

    /// The `p`th percentile in milliseconds (nearest rank).
    pub fn percentile_ms(&mut self, p: f64) -> f64 {
        if self.micros.is_empty() {
            return 0.0;
        }
        self.micros.sort_unstable();
        let rank = ((p / 100.0) * self.micros.len() as f64).ceil() as usize;
        let index = rank.clamp(1, self.micros.len()) - 1;
        self.micros[index] as f64 / 1000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_take_the_nearest_rank() {
        let mut latencies = Latencies::default();
        for ms in 1..=100 {
            latencies.record(Duration::from_millis(ms));
        }
        assert_eq!(latencies.percentile_ms(50.0), 50.0);
        assert_eq!(latencies.percentile_ms(99.0), 99.0);
        assert_eq!(latencies.percentile_ms(100.0), 100.0);
        assert_eq!(Latencies::default().percentile_ms(99.0), 0.0);
    }
}
