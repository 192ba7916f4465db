//! What the sample examples share: the median of repeated timings.

use std::time::Instant;

/// The median time, in milliseconds, of `runs` calls of `f`.
pub fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(|a, b| a.partial_cmp(b).expect("a time"));
    times[runs / 2]
}
