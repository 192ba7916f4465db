//! The one abstraction over both rulesets, [`Rules`], and a match of either ruleset written
//! once over it, [`Game`]: the true position, its record, and what each side has seen.
//!
//! Like shakmaty's `Position` trait, [`Rules`] is implemented by each ruleset's position type
//! ([`crate::Position`] for Admiral, [`crate::stratego::Position`] for Stratego), and the
//! [`crate::Ruleset`] enum picks one at run time. Boards and move generators are deliberately
//! not shared: the games' rules really differ there, so the trait asks only for what a game
//! loop, the arena and the referee do with them. Each ruleset adds its own few game methods
//! (Admiral's defence options, Stratego's two-square waiver) in its own `game` module.

use std::fmt;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::budget::Budget;
use super::counters::Counters;
use super::grid::GridSquare;
use super::language::Language;
use super::layout::{LayoutFile, SetupKind, SetupPosition};
use super::outcome::{Outcome, Status};
use super::record::{Ending, Record, Start};
use super::ruleset::Ruleset;
use super::side::{BySide, Side};
use super::style::Style;

/// A ruleset, implemented by its position type (the true board, server side), which layouts
/// are placed on ([`SetupPosition`]).
pub trait Rules: Clone + fmt::Debug + PartialEq + Eq + Sized + Send + Sync + 'static + SetupPosition {
    /// Which ruleset this is.
    const RULESET: Ruleset;
    /// The current record format; readers refuse newer ones.
    const RECORD_FORMAT: u32;

    /// An action in the ruleset's notation, read from it by `FromStr`.
    type Action: Copy
        + fmt::Debug
        + fmt::Display
        + FromStr<Err: fmt::Display>
        + PartialEq
        + Serialize
        + Send
        + Sync;
    /// What the side that is not moving may decide about an action (Admiral: its defence group;
    /// Stratego: nothing, `()`).
    type Reply: Copy + fmt::Debug;
    /// One thing that happened during an action.
    type Event: Copy + fmt::Debug + PartialEq + Serialize + Send + Sync;
    /// Why a game of this ruleset ended.
    type EndReason: Copy + fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync;
    /// One recorded turn.
    type Turn: Clone + fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    /// A side's setup.
    type Layout: LayoutFile<Error = Self::LayoutError, Kind = <Self as SetupPosition>::Kind>
        + Clone
        + fmt::Debug;
    /// One problem with a layout.
    type LayoutError: Clone + fmt::Debug + PartialEq + Eq;
    /// Why position text could not be read.
    type PositionTextError: Clone + fmt::Debug + fmt::Display + PartialEq + Eq;
    /// Why an action could not be played.
    type PlayError: Clone + fmt::Debug + fmt::Display + PartialEq + Eq;
    /// What one side remembers of the public events (built only from what it saw).
    type Memory: SideMemory<Self::Event, Kind = <Self as SetupPosition>::Kind>;
    /// One side's losses, by kind of piece (none by default).
    type Losses: Copy + fmt::Debug + PartialEq + Default;
    /// What one side may know.
    type View: Clone + fmt::Debug + Serialize + GameView<Self>;

    /// Why the side to move loses when it has no legal action.
    const NO_LEGAL_ACTION: Self::EndReason;

    /// An empty board with `to_move` to move.
    fn empty(to_move: Side) -> Self;
    /// The counters the position keeps beside its board.
    fn counters(&self) -> &Counters<Self::EndReason>;
    /// The counters, to change them.
    fn counters_mut(&mut self) -> &mut Counters<Self::EndReason>;

    /// The side to move.
    #[inline]
    fn to_move(&self) -> Side {
        self.counters().to_move
    }
    /// Sets the side to move (for building positions).
    fn set_to_move(&mut self, side: Side) {
        self.counters_mut().to_move = side;
    }
    /// Consecutive plies since the quiet-ply count last restarted (on a destruction under
    /// today's rules; the ruleset's docs give the older rules).
    #[inline]
    fn quiet_plies(&self) -> u16 {
        self.counters().quiet_plies
    }
    /// Sets the count of quiet plies (test positions near the draw).
    fn set_quiet_plies(&mut self, plies: u16) {
        self.counters_mut().quiet_plies = plies;
    }

    /// True if the side to move has a legal action on the board (asked only while no result
    /// is decided).
    fn has_legal_action(&self) -> bool;
    /// The result if the game is over, judged in the rules' order: the result the last action
    /// decided (a base or the flag taken, the quiet-ply draw), else a side to move without a
    /// legal action, which loses.
    #[inline]
    fn outcome(&self) -> Option<Outcome<Self::EndReason>> {
        Outcome::judge(
            self.counters().decided,
            self.to_move(),
            || self.has_legal_action(),
            Self::NO_LEGAL_ACTION,
        )
    }
    /// `ongoing`, `south_wins`, `north_wins` or `draw`.
    #[inline]
    fn status(&self) -> Status {
        Status::of(self.outcome())
    }
    /// Clears `out` and fills it with the legal actions of the side to move, none once the
    /// board has decided the game (reusing the buffer: the AI's fast path).
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);
    /// The legal actions of the side to move (none once the board has decided the game).
    #[inline]
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }
    /// Plays an action of the side to move with the other side's reply, appending its events;
    /// returns the action as recorded and the record's turn. Nothing changes on error.
    fn play_turn(
        &mut self,
        action: &Self::Action,
        reply: Self::Reply,
        events: &mut Vec<Self::Event>,
    ) -> Result<(Self::Action, Self::Turn), Self::PlayError>;
    /// A recorded turn's action and reply, to replay it.
    fn replay_turn(turn: &Self::Turn) -> Result<(Self::Action, Self::Reply), Self::PlayError>;
    /// The error of playing on after the game ended.
    fn game_over() -> Self::PlayError;
    /// Clears the counters a loaded position starts a game without (the quiet plies and the
    /// decided result; a ruleset with more, such as Stratego's repetitions, clears those too).
    fn reset_counters(&mut self) {
        self.counters_mut().restart();
    }
    /// Plays on under the rules records of `format` were played under, so that an old record
    /// replays, and its match continues, as it was played (nothing by default: the ruleset's
    /// rules have not changed).
    fn follow_record_format(&mut self, _format: u32) {}
    /// Clears `side`'s standing under the ruleset's repetition rule, so that its next action
    /// is not refused by it (Stratego's two-square rule; nothing by default: a ruleset without
    /// one). See [`Game::waive_repetition`].
    fn waive_repetition(&mut self, _side: Side) {}
    /// The position text.
    fn to_text(&self) -> String;
    /// Reads position text.
    fn from_text(text: &str, to_move: Side) -> Result<Self, Self::PositionTextError>;

    /// Checks that a layout is a legal complete setup.
    fn validate_layout(layout: &Self::Layout) -> Result<(), Vec<Self::LayoutError>> {
        layout.validate()
    }
    /// Places a (valid) layout for `side`.
    fn place_layout(layout: &Self::Layout, side: Side, position: &mut Self) {
        layout.place(side, position)
    }
    /// A complete legal layout by the ruleset's auto-placement in `style`, seeded.
    fn auto_layout(seed: u64, style: Style) -> Self::Layout;
    /// The layout's grid, as the record keeps it.
    fn layout_grid(layout: &Self::Layout) -> String {
        layout.grid_text(Language::En)
    }
    /// Reads a layout file.
    fn parse_layout(text: &str) -> Result<Self::Layout, Vec<Self::LayoutError>> {
        Self::Layout::parse(text)
    }
    /// Every layout problem in one English text.
    fn describe_layout_errors(errors: &[Self::LayoutError]) -> String {
        Self::Layout::describe_errors(errors, Language::En)
    }

    /// A side's memory before anything happened.
    fn new_memory() -> Self::Memory {
        Self::Memory::new()
    }
    /// What `viewer` learns from one event of a turn played from `before` (the position as the
    /// turn began, which every player saw: Admiral reads which markers stood around a mover).
    fn learn(memory: &mut Self::Memory, viewer: Side, _before: &Self, event: &Self::Event) {
        memory.learn(viewer, event)
    }
    /// No losses yet.
    fn no_losses() -> Self::Losses {
        Self::Losses::default()
    }
    /// Counts the pieces `event` destroyed.
    fn count_losses(losses: &mut BySide<Self::Losses>, event: &Self::Event);

    /// Reads an action typed in the ruleset's notation.
    fn parse_action(text: &str) -> Result<Self::Action, String> {
        text.parse().map_err(|e: <Self::Action as FromStr>::Err| e.to_string())
    }
    /// The other side's reply to `action` as the referee protocol gives it (Admiral: the
    /// `"defense"` field; absent: the default).
    fn read_reply(value: Option<&serde_json::Value>, action: &Self::Action) -> Result<Self::Reply, String>;
    /// The AI of `level` (1–5, seeded, with its budget) choosing one of `legal` from `view`.
    fn ai_action(
        level: u8,
        seed: u64,
        budget: Budget,
        view: &Self::View,
        legal: &[Self::Action],
    ) -> Self::Action;
}

/// A position's `Debug`: who is to move, the quiet plies, then the position text.
pub(crate) fn debug_position<P: Rules>(position: &P, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    writeln!(f, "{} to move, {} quiet plies", position.to_move(), position.quiet_plies())?;
    f.write_str(&position.to_text())
}

/// A ruleset's view ([`Rules::View`]), built from a game.
pub trait GameView<P: Rules> {
    /// What `viewer` may know of `game`, and nothing more; remembered identities only with
    /// `intel`.
    fn of(game: &Game<P>, viewer: Side, intel: bool) -> Self;
}

/// What one side remembers of a game's public events (a ruleset's [`Rules::Memory`]), built only
/// from what that side saw.
pub trait SideMemory<E>: Clone + fmt::Debug {
    /// The ruleset's kind of piece.
    type Kind: Copy;
    /// The memory before anything happened.
    fn new() -> Self;
    /// What `viewer` learns from one event.
    fn learn(&mut self, viewer: Side, event: &E);
    /// Remembers the enemy piece on the square of `index` as one of `kind`, as a battle would
    /// have shown it (a lesson's learner is told some identities at the start).
    fn identify(&mut self, index: usize, kind: Self::Kind);
}

/// Why a match could not be set up or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError<P: Rules> {
    /// A layout is not a legal complete setup.
    #[error("{side}'s layout: {}", P::describe_layout_errors(.errors))]
    Layout {
        /// Whose layout.
        side: Side,
        /// Every problem found.
        errors: Vec<P::LayoutError>,
    },
    /// Bad position text.
    #[error("{0}")]
    Position(P::PositionTextError),
    /// A recorded action could not be played.
    #[error("turn {turn}: {error}")]
    Replay {
        /// 1-based turn number.
        turn: usize,
        /// What went wrong.
        error: P::PlayError,
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
pub struct Game<P: Rules> {
    position: P,
    record: Record<P::Turn, P::EndReason>,
    memory: BySide<P::Memory>,
    losses: BySide<P::Losses>,
    last_turn: Vec<P::Event>,
    last_action: Option<(Side, P::Action)>,
    ending: Option<Outcome<P::EndReason>>,
}

impl<P: Rules> Game<P> {
    /// A new game from both sides' complete layouts; South moves first.
    pub fn new(south: &P::Layout, north: &P::Layout, intel: bool) -> Result<Game<P>, GameError<P>> {
        let mut position = P::empty(Side::South);
        for (side, layout) in [(Side::South, south), (Side::North, north)] {
            P::validate_layout(layout).map_err(|errors| GameError::Layout { side, errors })?;
            P::place_layout(layout, side, &mut position);
        }
        let start = Start::Layouts { south: P::layout_grid(south), north: P::layout_grid(north) };
        Ok(Game::from_parts(position, start, intel))
    }

    /// A game from a loaded position (any pieces; the counters start at 0).
    pub fn from_position(position: P, intel: bool) -> Game<P> {
        let start = Start::Position { position: position.to_text(), to_move: position.to_move() };
        let mut position = position;
        position.reset_counters();
        Game::from_parts(position, start, intel)
    }

    fn from_parts(position: P, start: Start, intel: bool) -> Game<P> {
        Game {
            position,
            record: Record::started(P::RECORD_FORMAT, P::RULESET.name(), intel, start),
            memory: BySide::from_fn(|_| P::new_memory()),
            losses: BySide::from_fn(|_| P::no_losses()),
            last_turn: Vec::new(),
            last_action: None,
            ending: None,
        }
    }

    /// Rebuilds a game from its record, replaying every turn.
    pub fn replay(record: &Record<P::Turn, P::EndReason>) -> Result<Game<P>, GameError<P>> {
        Game::replay_each(record, |_, _| {})
    }

    /// Rebuilds a game from its record, calling `on_turn` after every turn with the game as it
    /// stands and that turn's full events (for replays and career counts, which need them).
    pub fn replay_each(
        record: &Record<P::Turn, P::EndReason>,
        on_turn: impl FnMut(&Game<P>, &[P::Event]),
    ) -> Result<Game<P>, GameError<P>> {
        Game::replay_prepared(record, |_| {}, on_turn)
    }

    /// [`Game::replay_each`], with `prepare` run on the game at its start, before the first
    /// turn (a lesson tells its learner what it knows there: [`Game::reveal`]).
    pub fn replay_prepared(
        record: &Record<P::Turn, P::EndReason>,
        prepare: impl FnOnce(&mut Game<P>),
        mut on_turn: impl FnMut(&Game<P>, &[P::Event]),
    ) -> Result<Game<P>, GameError<P>> {
        if record.format > P::RECORD_FORMAT || record.ruleset != P::RULESET.name() {
            return Err(GameError::Unsupported { format: record.format, ruleset: record.ruleset.clone() });
        }
        let mut game = match &record.start {
            Start::Layouts { south, north } => {
                let read = |side, text: &str| {
                    P::parse_layout(text).map_err(|errors| GameError::Layout { side, errors })
                };
                Game::new(&read(Side::South, south)?, &read(Side::North, north)?, record.intel)?
            }
            Start::Position { position, to_move } => Game::from_position(
                P::from_text(position, *to_move).map_err(GameError::Position)?,
                record.intel,
            ),
        };
        prepare(&mut game);
        // An old record replays, and its match goes on, under the rules it was played under.
        game.position.follow_record_format(record.format);
        game.record.format = record.format;
        for (i, turn) in record.turns.iter().enumerate() {
            let replay_error = |error| GameError::Replay { turn: i + 1, error };
            if record.waived.contains(&game.to_move()) {
                game.waive_repetition(game.to_move());
            }
            let (action, reply) = P::replay_turn(turn).map_err(replay_error)?;
            let events = game.play_with(&action, reply).map_err(replay_error)?;
            on_turn(&game, &events);
        }
        if let Some(ending) = record.ending {
            game.end_by(ending.side, ending.reason);
        }
        Ok(game)
    }

    /// Lets `side` off the repetition rule before its next action, and notes in the record that
    /// it plays without the rule, so that the record replays. Only the arena uses this, for
    /// outside programs written for a manager that had no such rule (Stratego's
    /// `admiral-arena --ucc-no-two-square`); no player's match is ever let off.
    pub fn waive_repetition(&mut self, side: Side) {
        self.position.waive_repetition(side);
        if !self.record.waived.contains(&side) {
            self.record.waived.push(side);
        }
    }

    /// Lets `viewer` remember the identity of the enemy piece on `square`, as if a battle had
    /// shown it; false (nothing changes) if no enemy piece stands there.
    pub fn reveal(&mut self, viewer: Side, square: SquareOf<P>) -> bool {
        match self.position.kind_of(square, viewer.opponent()) {
            Some(kind) => {
                self.memory[viewer].identify(square.index(), kind);
                true
            }
            None => false,
        }
    }

    /// The true position. Server side only: never show it to a player.
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The record so far.
    pub fn record(&self) -> &Record<P::Turn, P::EndReason> {
        &self.record
    }

    /// The record, the game being done with.
    pub fn into_record(self) -> Record<P::Turn, P::EndReason> {
        self.record
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
    pub fn outcome(&self) -> Option<Outcome<P::EndReason>> {
        self.ending.or_else(|| self.position.outcome())
    }

    /// `ongoing`, `south_wins`, `north_wins` or `draw`.
    pub fn status(&self) -> Status {
        Status::of(self.outcome())
    }

    /// The legal actions of the side to move (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<P::Action> {
        // A position the board has decided has no legal action either.
        if self.ending.is_some() {
            return Vec::new();
        }
        self.position.legal_actions()
    }

    /// Plays an action of the side to move with the other side's reply and returns the full
    /// events (server side; give each player a view). Nothing changes on error.
    pub fn play_with(&mut self, action: &P::Action, reply: P::Reply) -> Result<Vec<P::Event>, P::PlayError> {
        if self.ending.is_some() {
            return Err(P::game_over());
        }
        let side = self.position.to_move();
        let mut events = Vec::new();
        let before = self.position.clone();
        let (action, turn) = self.position.play_turn(action, reply, &mut events)?;
        self.record.turns.push(turn);
        for event in &events {
            for viewer in Side::BOTH {
                P::learn(&mut self.memory[viewer], viewer, &before, event);
            }
            P::count_losses(&mut self.losses, event);
        }
        self.last_action = Some((side, action));
        self.last_turn = events.clone();
        Ok(events)
    }

    /// Ends the game because `side` resigned, ran out of time or forfeited; the other side
    /// wins. Does nothing if the game is already over.
    pub fn end_by(&mut self, side: Side, reason: P::EndReason) -> Option<Outcome<P::EndReason>> {
        if self.outcome().is_some() {
            return None;
        }
        let outcome = Outcome { status: Status::win_for(side.opponent()), reason };
        self.ending = Some(outcome);
        self.record.ending = Some(Ending { side, reason });
        Some(outcome)
    }

    /// Pieces `side` has lost so far, by kind.
    pub fn losses(&self, side: Side) -> P::Losses {
        self.losses[side]
    }

    /// What `viewer` may know, and nothing more; remembered identities only if the match has
    /// intel on.
    pub fn view(&self, viewer: Side) -> P::View {
        P::View::of(self, viewer, self.record.intel)
    }

    /// The view with every remembered identity, whatever the intel setting: for AI players,
    /// which are expected to remember what they saw.
    pub fn view_remembering(&self, viewer: Side) -> P::View {
        P::View::of(self, viewer, true)
    }

    /// What `viewer` remembers (for building its view).
    pub(crate) fn memory(&self, viewer: Side) -> &P::Memory {
        &self.memory[viewer]
    }

    /// The last action and who made it.
    pub(crate) fn last_action(&self) -> Option<(Side, P::Action)> {
        self.last_action
    }

    /// The last action's full events.
    pub(crate) fn last_turn(&self) -> &[P::Event] {
        &self.last_turn
    }

    /// The true position, to change (tests).
    pub(crate) fn position_mut(&mut self) -> &mut P {
        &mut self.position
    }
}

/// What a player of `game` (an AI, an outside program) may look at when it decides: its own
/// side's knowledge, nothing more.
pub struct Seat<'a, P: Rules> {
    game: &'a Game<P>,
    side: Side,
}

impl<'a, P: Rules> Seat<'a, P> {
    /// The seat of `side` in `game`.
    pub fn new(game: &'a Game<P>, side: Side) -> Seat<'a, P> {
        Seat { game, side }
    }

    /// Which side the agent plays.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The side's view (with its full memory of revealed enemy pieces, whatever the intel
    /// setting: an AI is expected to remember).
    pub fn view(&self) -> P::View {
        self.game.view_remembering(self.side)
    }

    /// The legal actions when it is this side's turn (they depend only on what the side
    /// sees: its own pieces, and where enemy pieces stand).
    pub fn legal_actions(&self) -> Vec<P::Action> {
        if self.game.to_move() == self.side {
            self.game.legal_actions()
        } else {
            Vec::new()
        }
    }
}

/// A square of the board a ruleset's layouts are placed on.
type SquareOf<P> = GridSquare<<<P as SetupPosition>::Kind as SetupKind>::Board>;

impl<P: Rules> Game<P> {
    /// Test support: swaps the contents of two squares on the true board without touching
    /// anyone's memory (used to check that views do not depend on hidden identities).
    #[doc(hidden)]
    pub fn swap_for_test(&mut self, a: SquareOf<P>, b: SquareOf<P>) {
        let position = self.position_mut();
        let piece_a = position.remove(a);
        let piece_b = position.remove(b);
        if let Some(piece) = piece_b {
            position.put(a, piece);
        }
        if let Some(piece) = piece_a {
            position.put(b, piece);
        }
    }
}
