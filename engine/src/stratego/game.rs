//! A Stratego match: the true position, its record, and what each side has seen.

use super::action::Action;
use super::board::Sq;
use super::event::{EndReason, Event, Outcome};
use super::layout::{describe_errors, Layout, LayoutError};
use super::memory::Memory;
use super::piece::RANKS;
use super::position::{PlayError, Position, PositionTextError};
use super::view::{Cell, View};
use crate::shared::BySide;
use crate::shared::Language;
use crate::shared::Side;
use crate::shared::Start;
use crate::shared::Status;

/// The current Stratego record format.
pub const RECORD_FORMAT: u32 = 1;

/// Everything needed to replay a Stratego match (JSON in the store and in downloads): every
/// action in canonical notation; its `ruleset` is `stratego`.
pub type Record = crate::shared::Record<Action, EndReason>;

/// A game ended by a player rather than by the board (resignation, timeout or forfeit).
pub type Ending = crate::shared::Ending<EndReason>;

/// Why a Stratego match could not be set up or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A layout is not a complete army.
    #[error("{side}'s layout: {}", describe_errors(.errors, Language::En))]
    Layout {
        /// Whose.
        side: Side,
        /// Every problem.
        errors: Vec<LayoutError>,
    },
    /// Bad position text.
    #[error("{0}")]
    Position(#[from] PositionTextError),
    /// A recorded action could not be played.
    #[error("turn {turn}: {error}")]
    Replay {
        /// 1-based turn.
        turn: usize,
        /// What went wrong.
        error: PlayError,
    },
    /// Not a Stratego record this version reads.
    #[error("unsupported record (format {format}, ruleset {ruleset})")]
    Unsupported {
        /// Format found.
        format: u32,
        /// Ruleset found.
        ruleset: String,
    },
}

/// A Stratego match.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    record: Record,
    memory: BySide<Memory>,
    losses: BySide<[u8; RANKS]>,
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

    /// A game from a loaded position (any pieces; counters start at 0).
    pub fn from_position(position: Position, intel: bool) -> Game {
        let start = Start::Position { position: position.to_text(), to_move: position.to_move() };
        let mut position = position;
        position.quiet_plies = 0;
        position.decided = None;
        position.repetition = Default::default();
        Game::from_parts(position, start, intel)
    }

    fn from_parts(position: Position, start: Start, intel: bool) -> Game {
        Game {
            position,
            record: Record {
                format: RECORD_FORMAT,
                ruleset: crate::Ruleset::Stratego.name().into(),
                intel,
                start,
                turns: Vec::new(),
                ending: None,
            },
            memory: BySide::new(Memory::new(), Memory::new()),
            losses: BySide::splat([0; RANKS]),
            last_turn: Vec::new(),
            last_action: None,
            ending: None,
        }
    }

    /// Rebuilds a game from its record.
    pub fn replay(record: &Record) -> Result<Game, GameError> {
        Game::replay_each(record, |_, _| {})
    }

    /// Rebuilds a game from its record, calling `on_turn` after every turn with the game and
    /// that turn's full events.
    pub fn replay_each(record: &Record, mut on_turn: impl FnMut(&Game, &[Event])) -> Result<Game, GameError> {
        if record.format > RECORD_FORMAT || record.ruleset != crate::Ruleset::Stratego.name() {
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
        for (i, action) in record.turns.iter().enumerate() {
            let events = game.play(action).map_err(|error| GameError::Replay { turn: i + 1, error })?;
            on_turn(&game, &events);
        }
        if let Some(ending) = record.ending {
            game.end_by(ending.side, ending.reason);
        }
        Ok(game)
    }

    /// The true position. Server side only.
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

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.record.turns.len() as u32
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.or_else(|| self.position.outcome())
    }

    /// The status.
    pub fn status(&self) -> Status {
        self.outcome().map_or(Status::Ongoing, |o| o.status)
    }

    /// The legal actions of the side to move (empty once over).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position.legal_actions()
    }

    /// Plays an action of the side to move and returns the full events (server side). The
    /// separator may be either; the record keeps the canonical form. Nothing changes on error.
    pub fn play(&mut self, action: &Action) -> Result<Vec<Event>, PlayError> {
        if self.ending.is_some() {
            return Err(PlayError::GameOver);
        }
        let side = self.position.to_move();
        let mut events = Vec::new();
        let action = self.position.play(action, &mut events)?;
        if !events.iter().any(|e| matches!(e, Event::Ended { .. })) {
            if let Some(outcome) = self.position.outcome() {
                events.push(Event::Ended { outcome });
            }
        }
        self.record.turns.push(action);
        for event in &events {
            for viewer in Side::BOTH {
                self.memory[viewer].learn(viewer, event);
            }
            if let Event::Destroyed { side, rank, .. } = *event {
                self.losses[side][rank.index()] += 1;
            }
        }
        self.last_action = Some((side, action));
        self.last_turn = events.clone();
        Ok(events)
    }

    /// Clears `side`'s standing under the two-square rule, so that its next move is not refused
    /// by it. Only the arena uses this, for outside programs written for the 2012 UCC manager,
    /// which had no such rule (`admiral-arena --ucc-no-two-square`); a game played with it
    /// cannot be replayed from its record.
    pub fn waive_two_square(&mut self, side: Side) {
        self.position.repetition[side] = Default::default();
    }

    /// Ends the game because `side` resigned, ran out of time or forfeited; the other side
    /// wins. Does nothing if the game is already over.
    pub fn end_by(&mut self, side: Side, reason: EndReason) -> Option<Outcome> {
        if self.outcome().is_some() {
            return None;
        }
        let outcome = Outcome { status: Status::win_for(side.opponent()), reason };
        self.ending = Some(outcome);
        self.record.ending = Some(Ending { side, reason });
        Some(outcome)
    }

    /// Pieces `side` has lost, by kind.
    pub fn losses(&self, side: Side) -> [u8; RANKS] {
        self.losses[side]
    }

    /// What `viewer` may know (remembered identities only if the match has intel on).
    pub fn view(&self, viewer: Side) -> View {
        self.view_with(viewer, self.record.intel)
    }

    /// The view with every remembered identity (for AI players).
    pub fn view_remembering(&self, viewer: Side) -> View {
        self.view_with(viewer, true)
    }

    fn view_with(&self, viewer: Side, intel: bool) -> View {
        let memory = &self.memory[viewer];
        let cells = Sq::all()
            .map(|sq| match self.position.piece_at(sq) {
                None if sq.is_lake() => Cell::Lake,
                None => Cell::Empty,
                Some(p) if p.side == viewer => Cell::Own { rank: p.rank },
                Some(_) => {
                    Cell::Enemy { intel: if intel { memory.enemy.identity[sq.index()] } else { None } }
                }
            })
            .collect();
        View {
            viewer,
            to_move: self.position.to_move(),
            status: self.status(),
            outcome: self.outcome(),
            ply: self.ply(),
            quiet_plies: self.position.quiet_plies(),
            intel,
            cells,
            last_action: self.last_action.map(|(_, a)| a),
            last_mover: self.last_action.map(|(side, _)| side),
            last_turn: self.last_turn.iter().map(|e| e.seen_by(viewer)).collect(),
            moved_markers: if intel { memory.enemy.moved.iter().collect() } else { Vec::new() },
            exposed: if intel { memory.exposed() } else { Vec::new() },
            own_moved: if intel { memory.own.moved.iter().collect() } else { Vec::new() },
            conduct: if intel { Sq::all().filter_map(|sq| memory.conduct(sq)).collect() } else { Vec::new() },
            own_losses: self.losses[viewer],
            enemy_losses: self.losses[viewer.opponent()],
            repetition: BySide::from_fn(|side| self.position.repetition(side)),
        }
    }

    /// Test support: swaps two pieces on the true board without touching anyone's memory.
    #[doc(hidden)]
    pub fn swap_pieces_for_test(&mut self, a: Sq, b: Sq) {
        let pa = self.position.remove(a);
        let pb = self.position.remove(b);
        if let Some(p) = pb {
            self.position.put(a, p);
        }
        if let Some(p) = pa {
            self.position.put(b, p);
        }
    }
}
