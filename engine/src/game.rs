//! A match in progress: the position, its record, and what each side has seen.

use crate::action::Action;
use crate::event::Event;
use crate::formation::Partners;
use crate::layout::{Layout, LayoutError};
use crate::outcome::{EndReason, Outcome, Status};
use crate::position::{Position, PositionTextError};
use crate::record::{Ending, Record, Start, Turn, RECORD_FORMAT};
use crate::resolve::{Defense, PlayError};
use crate::shared::BySide;
use crate::square::{Side, Square, SquareSet, SQUARES};
use crate::unit::{Language, UnitKind, KINDS};
use crate::view::{Cell, View};

/// What one side remembers of the enemy's markers: the last revealed identity on each square,
/// carried along as markers move. Built only from events that side saw.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Memory {
    identity: [Option<UnitKind>; SQUARES],
    moved: SquareSet,
}

impl Memory {
    fn new() -> Memory {
        Memory { identity: [None; SQUARES], moved: SquareSet::EMPTY }
    }

    fn learn(&mut self, viewer: Side, event: &Event) {
        let enemy = viewer.opponent();
        match *event {
            Event::Moved { side, from, to, .. } if side == enemy => {
                self.identity[to.index()] = self.identity[from.index()].take();
                self.moved.remove(from);
                self.moved.insert(to);
            }
            Event::Struck { side, attacker, target, .. } => {
                let seen = if side == enemy { attacker } else { target };
                self.identity[seen.square.index()] = Some(seen.kind);
            }
            Event::Battle { side, attackers, defenders, .. } => {
                let group = if side == enemy { attackers } else { defenders };
                for member in group.members() {
                    self.identity[member.square.index()] = Some(member.kind);
                }
            }
            Event::Detonated { side, at } if side == enemy => {
                self.identity[at.index()] = Some(UnitKind::AtomicBomb);
            }
            Event::Destroyed { square, .. } => {
                self.identity[square.index()] = None;
                self.moved.remove(square);
            }
            _ => {}
        }
    }
}

/// Why a match could not be set up or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A layout is not a legal complete setup.
    #[error("{side}'s layout: {}", crate::layout::describe_errors(.errors, Language::En))]
    Layout {
        /// Whose layout.
        side: Side,
        /// Every problem found.
        errors: Vec<LayoutError>,
    },
    /// Bad position text.
    #[error("{0}")]
    Position(#[from] PositionTextError),
    /// A recorded action could not be played.
    #[error("turn {turn}: {error}")]
    Replay {
        /// 1-based turn number.
        turn: usize,
        /// What went wrong.
        error: PlayError,
    },
    /// A record of another format or ruleset.
    #[error("unsupported record (format {format}, ruleset {ruleset})")]
    Unsupported {
        /// Format found.
        format: u32,
        /// Ruleset found.
        ruleset: String,
    },
}

/// A match: the true position (server side only), the record, and each side's memory.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    record: Record,
    memory: BySide<Memory>,
    losses: BySide<[u8; KINDS]>,
    last_turn: Vec<Event>,
    last_action: Option<(Side, Action)>,
    ending: Option<Outcome>,
}

impl Game {
    /// A new game from both sides' complete layouts; South moves first.
    pub fn new(south: &Layout, north: &Layout, intel: bool) -> Result<Game, GameError> {
        let mut position = Position::empty(Side::South);
        for (side, layout) in [(Side::South, south), (Side::North, north)] {
            layout.validate().map_err(|errors| GameError::Layout { side, errors })?;
            layout.place(side, &mut position);
        }
        let start =
            Start::Layouts { south: south.grid_text(Language::En), north: north.grid_text(Language::En) };
        Ok(Game::from_parts(position, start, intel))
    }

    /// A game from a loaded position (any units; the quiet-ply count starts at 0).
    pub fn from_position(position: Position, intel: bool) -> Game {
        let start = Start::Position { position: position.to_text(), to_move: position.to_move() };
        let mut position = position;
        position.quiet_plies = 0;
        position.decided = None;
        Game::from_parts(position, start, intel)
    }

    fn from_parts(position: Position, start: Start, intel: bool) -> Game {
        Game {
            position,
            record: Record {
                format: RECORD_FORMAT,
                ruleset: "admiral".into(),
                intel,
                start,
                turns: Vec::new(),
                ending: None,
            },
            memory: BySide::new(Memory::new(), Memory::new()),
            losses: BySide::splat([0; KINDS]),
            last_turn: Vec::new(),
            last_action: None,
            ending: None,
        }
    }

    /// Rebuilds a game from its record, replaying every turn.
    pub fn replay(record: &Record) -> Result<Game, GameError> {
        Game::replay_each(record, |_, _| {})
    }

    /// Rebuilds a game from its record, calling `on_turn` after every turn with the game as it
    /// stands and that turn's full events (for replays and career counts, which need them).
    pub fn replay_each(record: &Record, mut on_turn: impl FnMut(&Game, &[Event])) -> Result<Game, GameError> {
        if record.format > RECORD_FORMAT || record.ruleset != "admiral" {
            return Err(GameError::Unsupported { format: record.format, ruleset: record.ruleset.clone() });
        }
        let mut game = match &record.start {
            Start::Layouts { south, north } => {
                let read = |side, text: &str| {
                    Layout::parse(text).map_err(|errors| GameError::Layout { side, errors })
                };
                Game::new(&read(Side::South, south)?, &read(Side::North, north)?, record.intel)?
            }
            Start::Position { position, to_move } => {
                Game::from_position(Position::from_text(position, *to_move)?, record.intel)
            }
        };
        for (i, turn) in record.turns.iter().enumerate() {
            let defense = match &turn.defense {
                Some(squares) => Defense::Group(
                    Partners::new(squares)
                        .ok_or(GameError::Replay { turn: i + 1, error: PlayError::BadDefense })?,
                ),
                None => Defense::Auto,
            };
            let events =
                game.play(&turn.action, defense).map_err(|error| GameError::Replay { turn: i + 1, error })?;
            on_turn(&game, &events);
        }
        if let Some(ending) = record.ending {
            game.end_by(ending.side, ending.reason);
        }
        Ok(game)
    }

    /// The true position. Server side only: never show it to a player.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.position.to_move()
    }

    /// Plies played so far.
    pub fn ply(&self) -> u32 {
        self.record.turns.len() as u32
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.or_else(|| self.position.outcome())
    }

    /// `ongoing`, `south_wins`, `north_wins` or `draw`.
    pub fn status(&self) -> Status {
        self.outcome().map_or(Status::Ongoing, |o| o.status)
    }

    /// The legal actions of the side to move (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.ending.is_some() {
            return Vec::new();
        }
        self.position.legal_actions()
    }

    /// The defender's choices if `action` starts a battle of scale ships (see
    /// [`Position::defense_options`]).
    pub fn defense_options(&self, action: &Action) -> Option<Vec<Partners>> {
        self.position.defense_options(action)
    }

    /// Plays an action of the side to move and returns the full events (server side; give each
    /// player [`Event::seen_by`] or a [`View`]). Nothing changes on error.
    pub fn play(&mut self, action: &Action, defense: Defense) -> Result<Vec<Event>, PlayError> {
        if self.ending.is_some() {
            return Err(PlayError::GameOver);
        }
        let side = self.position.to_move();
        let mut events = Vec::new();
        self.position.play(action, defense, &mut events)?;
        let defense = events.iter().find_map(|e| match e {
            Event::Battle { defenders, .. } => Some(defenders.members().skip(1).map(|m| m.square).collect()),
            _ => None,
        });
        self.record.turns.push(Turn { action: *action, defense });
        for event in &events {
            for viewer in Side::BOTH {
                self.memory[viewer].learn(viewer, event);
            }
            if let Event::Destroyed { side, kind, .. } = *event {
                self.losses[side][kind.index()] += 1;
            }
        }
        self.last_action = Some((side, *action));
        self.last_turn = events.clone();
        Ok(events)
    }

    /// Ends the game because `side` resigned or ran out of time; the other side wins.
    /// Does nothing if the game is already over.
    pub fn end_by(&mut self, side: Side, reason: EndReason) -> Option<Outcome> {
        if self.outcome().is_some() {
            return None;
        }
        let outcome = Outcome { status: Status::win_for(side.opponent()), reason };
        self.ending = Some(outcome);
        self.record.ending = Some(Ending { side, reason });
        Some(outcome)
    }

    /// Units `side` has lost so far, by kind.
    pub fn losses(&self, side: Side) -> [u8; KINDS] {
        self.losses[side]
    }

    /// What `viewer` may know, and nothing more; remembered identities only if the match has
    /// intel on.
    pub fn view(&self, viewer: Side) -> View {
        self.view_with(viewer, self.record.intel)
    }

    /// The view with every remembered identity, whatever the intel setting: for AI players,
    /// which are expected to remember what they saw.
    pub fn view_remembering(&self, viewer: Side) -> View {
        self.view_with(viewer, true)
    }

    fn view_with(&self, viewer: Side, intel: bool) -> View {
        let memory = &self.memory[viewer];
        let cells = Square::all()
            .map(|sq| match self.position.piece_at(sq) {
                None => Cell::Empty,
                Some(p) if p.side == viewer => Cell::Own { kind: p.kind },
                Some(_) => Cell::Enemy { intel: if intel { memory.identity[sq.index()] } else { None } },
            })
            .collect();
        let battle = self.last_turn.iter().any(|e| matches!(e, Event::Battle { .. }));
        let last_action =
            self.last_action.map(
                |(side, action)| {
                    if side == viewer || battle {
                        action
                    } else {
                        action.without_partners()
                    }
                },
            );
        View {
            viewer,
            to_move: self.position.to_move(),
            status: self.status(),
            outcome: self.outcome(),
            ply: self.ply(),
            quiet_plies: self.position.quiet_plies(),
            intel,
            cells,
            last_action,
            last_mover: self.last_action.map(|(side, _)| side),
            last_turn: self.last_turn.iter().map(|e| e.seen_by(viewer)).collect(),
            moved_markers: if intel { memory.moved.iter().collect() } else { Vec::new() },
            exposed: if intel {
                let theirs = &self.memory[viewer.opponent()];
                self.position
                    .occupied_by(viewer)
                    .iter()
                    .filter(|sq| theirs.identity[sq.index()].is_some())
                    .collect()
            } else {
                Vec::new()
            },
            own_losses: self.losses[viewer],
            enemy_losses: self.losses[viewer.opponent()],
        }
    }

    /// Test support: swaps two units of one side on the true board without touching anyone's
    /// memory (used to check that views do not depend on hidden identities).
    #[doc(hidden)]
    pub fn swap_units_for_test(&mut self, a: Square, b: Square) {
        let pa = self.position.remove(a);
        let pb = self.position.remove(b);
        if let Some(p) = pb {
            self.position.put(a, p);
        }
        if let Some(p) = pa {
            self.position.put(b, p);
        }
    }

    /// Test support: the identity `viewer` remembers on a square (even with intel off).
    #[doc(hidden)]
    pub fn remembered(&self, viewer: Side, sq: Square) -> Option<UnitKind> {
        self.memory[viewer].identity[sq.index()]
    }
}
