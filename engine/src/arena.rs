//! Playing many games between two agents, for measuring strength and speed.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::action::Action;
use crate::ai::value;
use crate::formation::Partners;
use crate::game::Game;
use crate::layout::Layout;
use crate::outcome::{EndReason, Status};
use crate::resolve::Defense;
use crate::rng::Dice;
use crate::square::Side;
use crate::view::View;

/// Plies after which an arena game is stopped and scored as a draw. The rules' quiet-ply draw
/// ends every game without attacks; this cap only guards against endless reconnaissance.
pub const ARENA_PLY_CAP: u32 = 20_000;

/// What an agent may look at when it decides: its own side's knowledge, nothing more.
pub struct Seat<'a> {
    game: &'a Game,
    side: Side,
}

impl<'a> Seat<'a> {
    /// The seat of `side` in `game`.
    pub fn new(game: &'a Game, side: Side) -> Seat<'a> {
        Seat { game, side }
    }

    /// Which side the agent plays.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The side's view (with its full memory of revealed enemy units, whatever the intel
    /// setting: an AI is expected to remember).
    pub fn view(&self) -> View {
        self.game.view_remembering(self.side)
    }

    /// The legal actions when it is this side's turn (they depend only on own units and where
    /// markers stand, which the side sees).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.game.to_move() == self.side {
            self.game.legal_actions()
        } else {
            Vec::new()
        }
    }
}

/// A player of arena games: random, an AI level, or an outside program.
pub trait Agent: Send {
    /// A short name for reports.
    fn name(&self) -> String;

    /// Chooses one of `legal` (never empty) for the side to move.
    fn act(&mut self, seat: &Seat<'_>, legal: &[Action], dice: &mut Dice) -> Action;

    /// Chooses a defence group when `attack` (partners hidden) hits one of its scale ships
    /// with a scale ship (`options` in default-policy order, never empty). The default takes
    /// the first.
    fn defend(
        &mut self,
        _seat: &Seat<'_>,
        _attack: &Action,
        options: &[Partners],
        _dice: &mut Dice,
    ) -> Partners {
        options[0]
    }
}

/// Picks uniformly among the legal actions.
#[derive(Default)]
pub struct RandomAgent;

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn act(&mut self, _seat: &Seat<'_>, legal: &[Action], dice: &mut Dice) -> Action {
        legal[dice.below(legal.len())]
    }
}

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

/// One arena game in detail.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Played {
    /// The result.
    pub result: GameResult,
    /// Why it ended (`None`: stopped at [`ARENA_PLY_CAP`]).
    pub reason: Option<EndReason>,
    /// `a`'s material minus `b`'s at the end, by the AI's unit values ([`crate::ai::value`]):
    /// who was ahead when a game ended in a draw.
    pub a_lead: f32,
}

/// Plays one game between two agents from the given layouts. `a` sits South if `a_is_south`.
pub fn play_game(
    a: &mut dyn Agent,
    b: &mut dyn Agent,
    south: &Layout,
    north: &Layout,
    a_is_south: bool,
    seed: u64,
) -> Played {
    let mut game = Game::new(south, north, true).expect("arena layouts are legal");
    let mut dice = Dice::new(seed);
    while game.outcome().is_none() && game.ply() < ARENA_PLY_CAP {
        let side = game.to_move();
        let legal = game.legal_actions();
        let a_moves = (side == Side::South) == a_is_south;
        let seat = Seat::new(&game, side);
        let action = if a_moves { a.act(&seat, &legal, &mut dice) } else { b.act(&seat, &legal, &mut dice) };
        let defense = match game.defense_options(&action) {
            Some(options) if options.len() > 1 => {
                let seat = Seat::new(&game, side.opponent());
                let chosen = if a_moves {
                    b.defend(&seat, &action.without_partners(), &options, &mut dice)
                } else {
                    a.defend(&seat, &action.without_partners(), &options, &mut dice)
                };
                Defense::Group(chosen)
            }
            _ => Defense::Auto,
        };
        game.play(&action, defense).expect("agents choose legal actions");
    }
    let a_side = if a_is_south { Side::South } else { Side::North };
    let a_lead: f32 = game
        .position()
        .pieces()
        .map(|(_, piece)| if piece.side == a_side { value(piece.kind) } else { -value(piece.kind) })
        .sum();
    Played {
        result: GameResult { a_was_south: a_is_south, status: game.status(), plies: game.ply() },
        reason: game.outcome().map(|o| o.reason),
        a_lead,
    }
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
    /// Runs `games` games; `make_a` / `make_b` build a fresh agent per thread; `layouts` gives the
    /// South and North layouts of a game from its seed and whether `a` sits South; `finished`
    /// hears of each game (its index and details) as soon as it ends, so that a long run
    /// stopped early keeps what it played. Returns the summary and every game's details in
    /// game order.
    pub fn run(
        games: u64,
        seed: u64,
        threads: usize,
        make_a: &(dyn Fn() -> Box<dyn Agent> + Sync),
        make_b: &(dyn Fn() -> Box<dyn Agent> + Sync),
        layouts: &(dyn Fn(u64, bool) -> (Layout, Layout) + Sync),
        finished: &(dyn Fn(u64, &Played) + Sync),
    ) -> (Summary, Vec<Played>) {
        let start = Instant::now();
        let threads = threads.max(1);
        let progress = Progress::default();
        let progress = &progress;
        let mut played: Vec<(u64, Played)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let (mut a, mut b) = (make_a(), make_b());
                        (t as u64..games)
                            .step_by(threads)
                            .map(|i| {
                                let game_seed = game_seed(seed, i);
                                let a_is_south = i % 2 == 0;
                                let (south, north) = layouts(game_seed, a_is_south);
                                let game =
                                    play_game(a.as_mut(), b.as_mut(), &south, &north, a_is_south, game_seed);
                                finished(i, &game);
                                progress.record(&game.result, games);
                                (i, game)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("arena thread")).collect()
        });
        played.sort_by_key(|(i, _)| *i);
        let played: Vec<Played> = played.into_iter().map(|(_, p)| p).collect();
        let summary = Summary {
            results: played.iter().map(|p| p.result).collect(),
            seconds: start.elapsed().as_secs_f64(),
        };
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
