//! How well level 5's belief foretells the enemy's markers, read from recorded games
//! (`admiral-calibrate`). It needs no new games and no opponent in the loop, so the belief
//! can be judged against every opponent whose games are on file, with far less noise than an
//! arena score: a change to the belief that fits one opponent and not the others shows here.
//!
//! For one side of each record, the worlds its belief draws (as the search draws them,
//! [`Belief::sample_paired`]) are set against what the enemy's unidentified markers really
//! were, at two kinds of moments:
//! - every turn on which the side attacked a marker it had not identified (the decisions that
//!   rest on the belief): the kind of the target, and how the attack ended (won, lost, both
//!   units gone, neither), played out in every world as the search plays it;
//! - every tenth ply, every unidentified marker within two squares of the side's units.
//!
//! Each is split by whether the marker had moved. The measure is the mean log-loss (lower is
//! better; a world share below one world's is counted as one world's), with the believed and
//! the true share of every kind.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::admiral::action::Action;
use crate::admiral::event::Event;
use crate::admiral::game::{Game, GameError};
use crate::admiral::position::Position;
use crate::admiral::record::Record;
use crate::admiral::resolve::Defense;
use crate::admiral::square::{Side, Square};
use crate::admiral::unit::{UnitKind, KINDS};
use crate::admiral::view::{Cell, View};
use crate::ai::Belief;
use crate::shared::{Dice, SetupPosition};

/// Plies between two surveys of the markers near our units.
const SURVEY_EVERY: usize = 10;

/// How near (orthogonal steps) to one of our units a marker must stand to be surveyed: what a
/// ship reaches by moving and then attacking.
const SURVEY_REACH: u8 = 2;

/// The moments at which the belief is compared with the truth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Moment {
    /// A marker that had moved, attacked by the side.
    AttackedMoved,
    /// A marker that had never moved, attacked by the side.
    AttackedUnmoved,
    /// A marker that had moved, near the side's units at a survey.
    NearMoved,
    /// A marker that had never moved, near the side's units at a survey.
    NearUnmoved,
}

impl Moment {
    /// Every moment, in report order.
    pub const ALL: [Moment; 4] =
        [Moment::AttackedMoved, Moment::AttackedUnmoved, Moment::NearMoved, Moment::NearUnmoved];

    fn name(self) -> &'static str {
        match self {
            Moment::AttackedMoved => "attacked, had moved",
            Moment::AttackedUnmoved => "attacked, never moved",
            Moment::NearMoved => "near, had moved",
            Moment::NearUnmoved => "near, never moved",
        }
    }
}

/// How an attack ended for the attacker and its target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Neither was destroyed (a reveal-only strike).
    Neither,
    /// The attacker was destroyed, the target survived.
    Lost,
    /// The target was destroyed, the attacker survived.
    Won,
    /// Both were destroyed.
    Both,
}

impl Fate {
    const ALL: [Fate; 4] = [Fate::Neither, Fate::Lost, Fate::Won, Fate::Both];

    /// The fate of the attacker on `attacker` and its target on `target`, from `events`.
    fn of(events: &[Event], attacker: Square, target: Square, side: Side) -> Fate {
        let destroyed = |owner: Side, at: Square| {
            events
                .iter()
                .any(|e| matches!(*e, Event::Destroyed { side, square, .. } if side == owner && square == at))
        };
        match (destroyed(side, attacker), destroyed(side.opponent(), target)) {
            (false, false) => Fate::Neither,
            (true, false) => Fate::Lost,
            (false, true) => Fate::Won,
            (true, true) => Fate::Both,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Believed against true shares over many forecasts of one of `N` outcomes.
#[derive(Clone, Debug)]
struct Tally<const N: usize> {
    forecasts: u32,
    believed: [f64; N],
    actual: [u32; N],
    log_loss: f64,
}

impl<const N: usize> Default for Tally<N> {
    fn default() -> Self {
        Tally { forecasts: 0, believed: [0.0; N], actual: [0; N], log_loss: 0.0 }
    }
}

impl<const N: usize> Tally<N> {
    /// Adds one forecast, `shares` of the worlds per outcome (`floor` the share of one world),
    /// of which `truth` came true.
    fn add(&mut self, shares: &[f64; N], truth: usize, floor: f64) {
        self.forecasts += 1;
        for (sum, share) in self.believed.iter_mut().zip(shares) {
            *sum += share;
        }
        self.actual[truth] += 1;
        self.log_loss -= shares[truth].max(floor).ln();
    }

    fn mean_log_loss(&self) -> Option<f64> {
        (self.forecasts > 0).then(|| self.log_loss / self.forecasts as f64)
    }

    /// The believed and true shares of outcome `i`.
    fn shares(&self, i: usize) -> (f64, f64) {
        let n = self.forecasts.max(1) as f64;
        (self.believed[i] / n, self.actual[i] as f64 / n)
    }
}

/// The belief's record against the truth over the games added so far.
#[derive(Clone, Debug)]
pub struct Calibration {
    worlds: usize,
    kinds: BTreeMap<Moment, Tally<KINDS>>,
    fates: Tally<4>,
}

impl Calibration {
    /// An empty calibration drawing `worlds` worlds (at least 1) for each forecast.
    pub fn new(worlds: usize) -> Calibration {
        Calibration { worlds: worlds.max(1), kinds: BTreeMap::new(), fates: Tally::default() }
    }

    /// Reads one recorded game from `side`'s seat (with every remembered identity, as the AI
    /// plays).
    pub fn add_game(&mut self, record: &Record, side: Side) -> Result<(), GameError> {
        let mut before: Option<View> = None;
        let mut ply = 0;
        Game::replay_each(record, |game, events| {
            if let Some(view) = before.take() {
                let attack = record.turns.get(ply).map(|turn| turn.action);
                self.read_turn(&view, game.position(), events, attack, ply);
            }
            ply += 1;
            before = Some(game.view_remembering(side));
        })?;
        Ok(())
    }

    /// Compares `view` (the side's, before a turn) with the truth: `after` is the position
    /// after that turn, whose `events` and `action` are given.
    fn read_turn(
        &mut self,
        view: &View,
        after: &Position,
        events: &[Event],
        action: Option<Action>,
        ply: usize,
    ) {
        let me = view.viewer;
        let struck = events.iter().find_map(|e| match *e {
            Event::Struck { side, attacker, target, .. } if side == me => Some((attacker, target)),
            _ => None,
        });
        let struck = struck.filter(|(_, target)| view.cell(target.square) == Cell::Enemy { intel: None });
        // Markers this turn left alone stand in `after` as they stood before it.
        let touched = |sq: Square| {
            events.iter().any(|e| match *e {
                Event::Moved { from, to, .. } => sq == from || sq == to,
                Event::Struck { attacker, target, .. } => sq == attacker.square || sq == target.square,
                Event::Destroyed { square, .. } => sq == square,
                _ => false,
            })
        };
        let mut surveyed = Vec::new();
        if ply % SURVEY_EVERY == 0 {
            let ours: Vec<Square> = view.own_pieces().map(|(sq, _)| sq).collect();
            for (sq, intel) in view.enemy_markers() {
                if intel.is_none() && !touched(sq) && ours.iter().any(|o| o.distance(sq) <= SURVEY_REACH) {
                    if let Some(piece) = after.piece_at(sq) {
                        surveyed.push((sq, piece.kind));
                    }
                }
            }
        }
        // Draw the worlds only when there is something to forecast.
        if struck.is_none() && surveyed.is_empty() {
            return;
        }
        let belief = Belief::reading_hunters(view);
        let mut dice = Dice::new(ply as u64 + 1);
        let worlds: Vec<Position> = (0..self.worlds).map(|_| belief.sample_paired(&mut dice)).collect();
        let floor = 1.0 / self.worlds as f64;
        let moved = |sq: Square| view.moved_markers.contains(&sq);
        if let (Some((attacker, target)), Some(action)) = (struck, action) {
            let moment = if moved(target.square) { Moment::AttackedMoved } else { Moment::AttackedUnmoved };
            self.kinds.entry(moment).or_default().add(
                &kind_shares(&worlds, target.square),
                target.kind.index(),
                floor,
            );
            let mut fates = [0.0; 4];
            let mut played = Vec::new();
            for world in &worlds {
                let mut next = world.clone();
                played.clear();
                next.apply_unchecked(&action, Defense::Auto, &mut played);
                fates[Fate::of(&played, attacker.square, target.square, me).index()] += floor;
            }
            self.fates.add(&fates, Fate::of(events, attacker.square, target.square, me).index(), floor);
        }
        for (sq, kind) in surveyed {
            let moment = if moved(sq) { Moment::NearMoved } else { Moment::NearUnmoved };
            self.kinds.entry(moment).or_default().add(&kind_shares(&worlds, sq), kind.index(), floor);
        }
    }

    /// The mean log-loss of the kinds forecast at `moment` (`None` before any).
    pub fn log_loss(&self, moment: Moment) -> Option<f64> {
        self.kinds.get(&moment).and_then(Tally::mean_log_loss)
    }

    /// The mean log-loss of the attacks' forecast fates (`None` before any).
    pub fn fate_log_loss(&self) -> Option<f64> {
        self.fates.mean_log_loss()
    }

    /// How many markers were forecast at `moment`.
    pub fn forecasts(&self, moment: Moment) -> u32 {
        self.kinds.get(&moment).map_or(0, |tally| tally.forecasts)
    }

    /// The believed and true share of `kind` at `moment`.
    pub fn kind_shares(&self, moment: Moment, kind: UnitKind) -> (f64, f64) {
        self.kinds.get(&moment).map_or((0.0, 0.0), |tally| tally.shares(kind.index()))
    }

    /// The report: per moment the markers and the log-loss, then the believed and true share
    /// of every kind that reaches 1% either way, and the attacks' fates.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for moment in Moment::ALL {
            let Some(tally) = self.kinds.get(&moment) else { continue };
            let loss = tally.mean_log_loss().unwrap_or(0.0);
            let _ = writeln!(out, "{}: markers={} log_loss={loss:.4}", moment.name(), tally.forecasts);
            for kind in UnitKind::ALL {
                let (believed, actual) = tally.shares(kind.index());
                if believed >= 0.01 || actual >= 0.01 {
                    let _ = writeln!(out, "  {:2} believed {believed:.3} actual {actual:.3}", kind.code_en());
                }
            }
        }
        if let Some(loss) = self.fates.mean_log_loss() {
            let _ = writeln!(out, "attack fates: attacks={} log_loss={loss:.4}", self.fates.forecasts);
            for fate in Fate::ALL {
                let (believed, actual) = self.fates.shares(fate.index());
                let _ = writeln!(out, "  {fate:?} believed {believed:.3} actual {actual:.3}");
            }
        }
        out
    }
}

/// The share of `worlds` with each kind on `sq`.
fn kind_shares(worlds: &[Position], sq: Square) -> [f64; KINDS] {
    let mut shares = [0.0; KINDS];
    for world in worlds {
        if let Some(piece) = world.piece_at(sq) {
            shares[piece.kind.index()] += 1.0 / worlds.len() as f64;
        }
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admiral::autoplace::{auto_layout, Style};
    use crate::ai::{Ai, Budget};
    use crate::shared::Rules;

    /// A game from two generated setups, `plies` long at most: between two level-1 AIs (they
    /// advance and attack whatever they meet), or of random legal actions (which rarely
    /// attack, and leave the markers near our units standing for the surveys).
    fn game(seed: u64, plies: usize, beginners: bool) -> Record {
        let mut game =
            Game::new(&auto_layout(seed, Style::Balanced), &auto_layout(seed + 1, Style::Defensive), true)
                .expect("generated setups are legal");
        let mut players =
            [Ai::new(1, seed, Budget::Iterations(1)), Ai::new(1, seed + 1, Budget::Iterations(1))];
        let mut dice = Dice::new(seed);
        for _ in 0..plies {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            let side = game.position().to_move();
            let action = if beginners {
                players[side.index()].choose(&game.view_remembering(side), &legal)
            } else {
                legal[dice.below(legal.len())]
            };
            game.play(&action, Defense::Auto).expect("a legal action");
        }
        game.record().clone()
    }

    #[test]
    fn the_belief_foretells_markers_better_than_a_blind_guess() {
        let mut calibration = Calibration::new(50);
        for (seed, beginners) in [(1, true), (2, true), (3, false), (4, false)] {
            calibration.add_game(&game(seed, 600, beginners), Side::South).unwrap();
        }
        // A guess that knows nothing (every kind alike) scores ln 17 = 2.83; the belief knows
        // the counts, which markers moved and where bases may stand (measured: 2.2 and 2.3).
        for moment in [Moment::AttackedMoved, Moment::NearMoved] {
            let markers = calibration.forecasts(moment);
            assert!(markers >= 20, "{moment:?}: only {markers} markers");
            let loss = calibration.log_loss(moment).unwrap();
            assert!(loss < 0.9 * (KINDS as f64).ln(), "{moment:?}: log-loss {loss:.3}");
            let believed: f64 =
                UnitKind::ALL.iter().map(|&kind| calibration.kind_shares(moment, kind).0).sum();
            assert!((believed - 1.0).abs() < 1e-6, "{moment:?}: the shares add up to {believed}");
            // A marker that moved is never a base, in the belief or in truth.
            assert_eq!(calibration.kind_shares(moment, UnitKind::NavalBase), (0.0, 0.0));
        }
        // Four fates alike would score ln 4 = 1.39 (measured: 0.9).
        assert!(calibration.fate_log_loss().is_some_and(|loss| loss < 0.8 * (4f64).ln()));
    }

    #[test]
    fn fates_are_read_from_the_destroyed_units() {
        let (attacker, target) = ("e6".parse().unwrap(), "e7".parse().unwrap());
        let lost = |side: Side, square: Square| Event::Destroyed { side, kind: UnitKind::Cruiser, square };
        let fate = |events: &[Event]| Fate::of(events, attacker, target, Side::South);
        assert_eq!(fate(&[]), Fate::Neither);
        assert_eq!(fate(&[lost(Side::North, target)]), Fate::Won);
        assert_eq!(fate(&[lost(Side::South, attacker)]), Fate::Lost);
        assert_eq!(fate(&[lost(Side::South, attacker), lost(Side::North, target)]), Fate::Both);
        assert_eq!(fate(&[lost(Side::North, attacker)]), Fate::Neither, "not our attacker");
    }
}
