//! Sample games for tests, examples and benchmarks: random legal layouts, a random game played
//! with the engine, and the view of each side at any ply (with intel tracked from the events).
//!
//! This is not the engine's fog: it is a small stand-in built only on the engine's public
//! position API, so that the render crate can be exercised before and independently of the
//! engine's `Game` type.

use std::collections::HashMap;

use admiral_engine::{
    Action, Cell, Defense, Dice, Event, Layout, Position, Side, Square, Status, UnitKind, View,
    KINDS,
};

/// A random legal layout: bases out of the front row, everything else anywhere.
pub fn random_layout(dice: &mut Dice) -> Layout {
    let mut layout = Layout::empty();
    let mut free: Vec<(usize, usize)> = (1..5).flat_map(|d| (0..14).map(move |f| (d, f))).collect();
    dice.shuffle(&mut free);
    for _ in 0..UnitKind::NavalBase.fleet_count() {
        let (d, f) = free.pop().expect("room for the bases");
        layout.set(d, f, Some(UnitKind::NavalBase));
    }
    let mut cells: Vec<(usize, usize)> = (0..5)
        .flat_map(|d| (0..14).map(move |f| (d, f)))
        .filter(|&(d, f)| layout.get(d, f).is_none())
        .collect();
    dice.shuffle(&mut cells);
    let mut units = Vec::new();
    for kind in UnitKind::ALL {
        if kind != UnitKind::NavalBase {
            for _ in 0..kind.fleet_count() {
                units.push(kind);
            }
        }
    }
    for (kind, (d, f)) in units.into_iter().zip(cells) {
        layout.set(d, f, Some(kind));
    }
    layout
}

/// A game played with random legal actions (attacks preferred half of the time).
#[derive(Clone, Debug)]
pub struct SampleGame {
    /// Position before each ply; `positions[i + 1]` is after ply `i`.
    pub positions: Vec<Position>,
    /// The action of each ply.
    pub actions: Vec<Action>,
    /// The events of each ply (full, unfogged).
    pub events: Vec<Vec<Event>>,
}

impl SampleGame {
    /// Plays up to `plies` random plies from random layouts (fewer if the game ends).
    pub fn random(seed: u64, plies: usize) -> SampleGame {
        let mut dice = Dice::new(seed);
        let mut position = Position::empty(Side::South);
        random_layout(&mut dice).place(Side::South, &mut position);
        random_layout(&mut dice).place(Side::North, &mut position);
        let mut game = SampleGame {
            positions: vec![position.clone()],
            actions: Vec::new(),
            events: Vec::new(),
        };
        let mut actions = Vec::new();
        for _ in 0..plies {
            if position.status() != Status::Ongoing {
                break;
            }
            position.legal_actions_into(&mut actions);
            if actions.is_empty() {
                break;
            }
            let attacks: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Attack { .. }))
                .collect();
            let side = position.to_move();
            let forward: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| match *a {
                    Action::Move { from, to } => match side {
                        Side::South => to.row() > from.row(),
                        Side::North => to.row() < from.row(),
                    },
                    _ => false,
                })
                .collect();
            let action = if !attacks.is_empty() && dice.chance(0.5) {
                *dice.pick(&attacks).expect("an attack")
            } else if !forward.is_empty() && dice.chance(0.6) {
                *dice.pick(&forward).expect("a move")
            } else {
                *dice.pick(&actions).expect("an action")
            };
            let mut events = Vec::new();
            position
                .play(&action, Defense::Auto, &mut events)
                .expect("a legal action");
            game.positions.push(position.clone());
            game.actions.push(action);
            game.events.push(events);
        }
        game
    }

    /// Number of plies played.
    pub fn plies(&self) -> usize {
        self.actions.len()
    }

    /// What `viewer` remembers of enemy identities after `ply` plies: square → kind.
    pub fn intel(&self, viewer: Side, ply: usize) -> HashMap<Square, UnitKind> {
        let mut memory = HashMap::new();
        for events in &self.events[..ply] {
            for e in events {
                match *e {
                    Event::Moved { side, from, to, .. } if side != viewer => {
                        if let Some(k) = memory.remove(&from) {
                            memory.insert(to, k);
                        }
                    }
                    Event::Struck { side, attacker, target, .. } => {
                        let enemy = if side == viewer { target } else { attacker };
                        memory.insert(enemy.square, enemy.kind);
                    }
                    Event::Battle { side, attackers, defenders, .. } => {
                        let group = if side == viewer { defenders } else { attackers };
                        for m in group.members() {
                            memory.insert(m.square, m.kind);
                        }
                    }
                    Event::Destroyed { side, square, .. } if side != viewer => {
                        memory.remove(&square);
                    }
                    _ => {}
                }
            }
        }
        memory
    }

    /// The view of `viewer` after `ply` plies.
    pub fn view(&self, viewer: Side, ply: usize, intel: bool) -> View {
        let memory = if intel { self.intel(viewer, ply) } else { HashMap::new() };
        view_of(&self.positions[ply], viewer, &memory, intel, self.last(ply, viewer), self.losses(ply, viewer), ply)
    }

    fn last(&self, ply: usize, viewer: Side) -> (Option<Action>, Option<Side>, Vec<Event>) {
        if ply == 0 {
            return (None, None, Vec::new());
        }
        let mover = self.positions[ply - 1].to_move();
        let events = self.events[ply - 1].iter().map(|e| e.seen_by(viewer)).collect();
        (Some(self.actions[ply - 1]), Some(mover), events)
    }

    fn losses(&self, ply: usize, viewer: Side) -> ([u8; KINDS], [u8; KINDS]) {
        let mut own = [0u8; KINDS];
        let mut enemy = [0u8; KINDS];
        for events in &self.events[..ply] {
            for e in events {
                if let Event::Destroyed { side, kind, .. } = *e {
                    if side == viewer {
                        own[kind.index()] += 1;
                    } else {
                        enemy[kind.index()] += 1;
                    }
                }
            }
        }
        (own, enemy)
    }
}

/// A view built from a position and a memory of enemy identities.
pub fn view_of(
    position: &Position,
    viewer: Side,
    memory: &HashMap<Square, UnitKind>,
    intel: bool,
    last: (Option<Action>, Option<Side>, Vec<Event>),
    losses: ([u8; KINDS], [u8; KINDS]),
    ply: usize,
) -> View {
    let cells = Square::all()
        .map(|sq| match position.piece_at(sq) {
            None => Cell::Empty,
            Some(p) if p.side == viewer => Cell::Own { kind: p.kind },
            Some(_) => Cell::Enemy {
                intel: if intel { memory.get(&sq).copied() } else { None },
            },
        })
        .collect();
    View {
        viewer,
        to_move: position.to_move(),
        status: position.status(),
        outcome: position.outcome(),
        ply: ply as u32,
        quiet_plies: position.quiet_plies(),
        intel,
        cells,
        last_action: last.0,
        last_mover: last.1,
        last_turn: last.2,
        own_losses: losses.0,
        enemy_losses: losses.1,
    }
}
