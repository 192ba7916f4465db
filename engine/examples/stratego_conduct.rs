//! How telling an enemy piece's conduct is between level-3 AIs: of the unidentified pieces
//! that stepped next to one of our identified pieces, how many really beat it, against how
//! many of all unidentified moved pieces would; and the same for pieces that stepped away and
//! lose to it. The figures behind `BOLD` and `TIMID` in `stratego::ai::belief`.
//!
//! `cargo run --release -p admiral-engine --example stratego_conduct [GAMES]`

use admiral_engine::ai::Budget;
use admiral_engine::shared::SetupPosition;
use admiral_engine::stratego::ai::Ai;
use admiral_engine::stratego::{battle, Cell, Game, Rank, View};

/// Cases and hits: `(telling pieces, of which true, all moved unknowns, of which true)`.
#[derive(Default)]
struct Tally([u32; 4]);

impl Tally {
    fn count(&mut self, view: &View, game: &Game, theirs: Rank, holds: impl Fn(Rank) -> bool) {
        self.0[0] += 1;
        self.0[1] += u32::from(holds(theirs));
        for (sq, intel) in view.enemy_markers() {
            if intel.is_none() && view.moved_markers.contains(&sq) {
                self.0[2] += 1;
                self.0[3] += u32::from(holds(game.position().piece_at(sq).expect("a piece").kind));
            }
        }
    }

    fn report(&self, what: &str) {
        let [n, hits, base_n, base_hits] = self.0.map(|x| x as f64);
        println!(
            "{what}: {n} cases, {:.3} true; any moved unknown piece: {:.3}",
            hits / n,
            base_hits / base_n
        );
    }
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let (mut bold, mut timid) = (Tally::default(), Tally::default());
    for g in 0..games {
        let mut game =
            Game::new(&Ai::layout(3, 2 * g + 1), &Ai::layout(3, 2 * g + 2), true).expect("valid layouts");
        let mut players = [1, 2].map(|k| Ai::new(3, 7 * g + k, Budget::Iterations(24)));
        while game.outcome().is_none() && game.ply() < 1500 {
            let side = game.to_move();
            let view = game.view_remembering(side);
            for conduct in &view.recollection.conduct {
                if view.cell(conduct.square) != (Cell::Enemy { intel: None }) {
                    continue;
                }
                let theirs = game.position().piece_at(conduct.square).expect("a piece").kind;
                if let Some(ours) = conduct.approached {
                    bold.count(&view, &game, theirs, |rank| battle(rank, ours) == Some(true));
                }
                if let Some(ours) = conduct.fled {
                    timid.count(&view, &game, theirs, |rank| battle(ours, rank) == Some(true));
                }
            }
            let action = players[side.index()].choose(&view, &game.legal_actions());
            game.play(&action).expect("a legal action");
        }
    }
    bold.report("stepped next to a piece of ours and beats it");
    timid.report("stepped away from a piece of ours and loses to it");
}
