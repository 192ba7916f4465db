//! What an arena run reports, for either ruleset: each game's result, the score with its
//! confidence interval, and the driver that plays a run's games on threads.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::dice::Dice;
use super::outcome::Status;
use super::side::Side;

/// Plies after which an arena game is stopped and scored as a draw. The rules' quiet-ply draw
/// ends every game in which nothing is destroyed for 200 plies (Admiral since rules version 2;
/// in Stratego every attack destroys); this cap only guards against a bug.
pub const ARENA_PLY_CAP: u32 = 20_000;

/// The result of one arena game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// South's agent was `a`.
    pub a_was_south: bool,
    /// Final status (a capped game counts as a draw).
    pub status: Status,
    /// Plies played.
    pub plies: u32,
}

impl GameResult {
    /// 1 for an `a` win, 0.5 for a draw, 0 for a loss.
    pub fn a_score(&self) -> f64 {
        match self.status.winner() {
            None => 0.5,
            Some(Side::South) if self.a_was_south => 1.0,
            Some(Side::North) if !self.a_was_south => 1.0,
            Some(_) => 0.0,
        }
    }
}

/// The seed of game `index` of an arena run with `seed`: runs are reproducible whatever the
/// number of threads.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut dice = Dice::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    dice.next_u64()
}

/// Totals of an arena run.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Every game's result, in game order.
    pub results: Vec<GameResult>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Summary {
    /// Plays game `0..games` of a run on `threads` threads, each thread with a fresh pair of
    /// agents from `make_a` and `make_b`: `play` plays game `i` (`a` South when `i` is even)
    /// from its seed [`game_seed`], so that a run does not depend on the number of threads, and
    /// `finished` hears of each game (its index and details) as soon as it ends, so that a long
    /// run stopped early keeps what it played. Returns the summary and every game's details in
    /// game order; `result` reads a game's result from its details.
    #[allow(clippy::too_many_arguments)]
    pub fn run_games<A: ?Sized, P: Send>(
        games: u64,
        seed: u64,
        threads: usize,
        make_a: &(dyn Fn() -> Box<A> + Sync),
        make_b: &(dyn Fn() -> Box<A> + Sync),
        play: &(dyn Fn(&mut A, &mut A, bool, u64) -> P + Sync),
        result: fn(&P) -> GameResult,
        finished: &(dyn Fn(u64, &P) + Sync),
    ) -> (Summary, Vec<P>) {
        let start = Instant::now();
        let threads = threads.max(1);
        let progress = Progress::default();
        let progress = &progress;
        let mut played: Vec<(u64, P)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let (mut a, mut b) = (make_a(), make_b());
                        (t as u64..games)
                            .step_by(threads)
                            .map(|i| {
                                let game = play(a.as_mut(), b.as_mut(), i % 2 == 0, game_seed(seed, i));
                                finished(i, &game);
                                progress.record(&result(&game), games);
                                (i, game)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("arena thread")).collect()
        });
        played.sort_by_key(|(i, _)| *i);
        let played: Vec<P> = played.into_iter().map(|(_, p)| p).collect();
        let summary =
            Summary { results: played.iter().map(result).collect(), seconds: start.elapsed().as_secs_f64() };
        (summary, played)
    }

    /// The one-line report: `games=N a_wins=.. b_wins=.. draws=.. a_score=0.xxx
    /// ci95=0.xxx-0.xxx plies=P plies_per_sec=Q median_plies=M`.
    pub fn line(&self) -> String {
        let games = self.results.len();
        let a_wins = self.results.iter().filter(|r| r.a_score() == 1.0).count();
        let b_wins = self.results.iter().filter(|r| r.a_score() == 0.0).count();
        let draws = games - a_wins - b_wins;
        let score = if games == 0 { 0.0 } else { (a_wins as f64 + draws as f64 / 2.0) / games as f64 };
        let (low, high) = wilson_interval(score, games as f64);
        let plies: u64 = self.results.iter().map(|r| r.plies as u64).sum();
        let mut lengths: Vec<u32> = self.results.iter().map(|r| r.plies).collect();
        lengths.sort_unstable();
        let median = lengths.get(lengths.len() / 2).copied().unwrap_or(0);
        let per_sec = if self.seconds > 0.0 { plies as f64 / self.seconds } else { 0.0 };
        format!(
            "games={games} a_wins={a_wins} b_wins={b_wins} draws={draws} a_score={score:.3} ci95={low:.3}-{high:.3} plies={plies} plies_per_sec={per_sec:.0} median_plies={median}"
        )
    }
}

/// Progress of a run, shared by its threads.
#[derive(Debug, Default)]
pub struct Progress {
    finished: AtomicU64,
    /// `a`'s points so far, in half points.
    half_points: AtomicU64,
}

impl Progress {
    /// Counts a finished game and, every tenth game and at the end, reports the score so far on
    /// stderr: long runs take minutes (the report itself goes to stdout), and a run stopped
    /// early still says how it stood.
    pub fn record(&self, result: &GameResult, games: u64) {
        let half = self.half_points.fetch_add((result.a_score() * 2.0) as u64, Ordering::Relaxed)
            + (result.a_score() * 2.0) as u64;
        let done = self.finished.fetch_add(1, Ordering::Relaxed) + 1;
        if done % 10 == 0 || done == games {
            eprintln!("arena: {done}/{games} games, a scored {:.1}", half as f64 / 2.0);
        }
    }
}

/// The Wilson score interval (95%) of a proportion `p` over `n` trials.
pub fn wilson_interval(p: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        let (low, high) = wilson_interval(0.5, 100.0);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3, "{low} {high}");
        let (low, high) = wilson_interval(1.0, 10.0);
        assert!((low - 0.7225).abs() < 1e-3 && (high - 1.0).abs() < 1e-9, "{low} {high}");
    }
}
