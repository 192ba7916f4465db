//! The one abstraction over both rulesets: what the generic [`Game`](super::game::Game) (with
//! its record, memories and views), the arena and the referee need from a ruleset.
//!
//! Like shakmaty's `Position` trait, it is implemented by each ruleset's position type
//! ([`crate::Position`] for Admiral, [`crate::stratego::Position`] for Stratego); the
//! [`crate::Ruleset`] enum picks one at run time. Boards and move generators are deliberately
//! not shared: the games' rules really differ there, so the trait asks only for what a game
//! loop does with them.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::budget::Budget;
use super::game::Game;
use super::outcome::Outcome;
use super::ruleset::Ruleset;
use super::side::{BySide, Side};

/// A ruleset, implemented by its position type (the true board, server side).
pub trait Rules: Clone + fmt::Debug + PartialEq + Eq + Sized + Send + Sync + 'static {
    /// Which ruleset this is.
    const RULESET: Ruleset;
    /// The current record format; readers refuse newer ones.
    const RECORD_FORMAT: u32;

    /// An action in the ruleset's notation.
    type Action: Copy + fmt::Debug + fmt::Display + PartialEq + Serialize + Send + Sync;
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
    type Layout: Clone + fmt::Debug;
    /// One problem with a layout.
    type LayoutError: Clone + fmt::Debug + PartialEq + Eq;
    /// Why position text could not be read.
    type PositionTextError: Clone + fmt::Debug + fmt::Display + PartialEq + Eq;
    /// Why an action could not be played.
    type PlayError: Clone + fmt::Debug + fmt::Display + PartialEq + Eq;
    /// What one side remembers of the public events (built only from what it saw).
    type Memory: Clone + fmt::Debug;
    /// One side's losses, by kind of piece.
    type Losses: Copy + fmt::Debug + PartialEq;
    /// What one side may know.
    type View: Clone + fmt::Debug + Serialize;

    /// An empty board with `to_move` to move.
    fn empty(to_move: Side) -> Self;
    /// The side to move.
    fn to_move(&self) -> Side;
    /// The result, once the board has decided the game.
    fn outcome(&self) -> Option<Outcome<Self::EndReason>>;
    /// The legal actions of the side to move (none once the board has decided the game).
    fn legal_actions(&self) -> Vec<Self::Action>;
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
    /// Clears the counters a loaded position starts a game without (quiet plies, the decided
    /// result, repetitions).
    fn reset_counters(&mut self);
    /// The position text.
    fn to_text(&self) -> String;
    /// Reads position text.
    fn from_text(text: &str, to_move: Side) -> Result<Self, Self::PositionTextError>;

    /// Checks that a layout is a legal complete setup.
    fn validate_layout(layout: &Self::Layout) -> Result<(), Vec<Self::LayoutError>>;
    /// Places a (valid) layout for `side`.
    fn place_layout(layout: &Self::Layout, side: Side, position: &mut Self);
    /// The layout's grid, as the record keeps it.
    fn layout_grid(layout: &Self::Layout) -> String;
    /// Reads a layout file.
    fn parse_layout(text: &str) -> Result<Self::Layout, Vec<Self::LayoutError>>;
    /// Every layout problem in one English text.
    fn describe_layout_errors(errors: &[Self::LayoutError]) -> String;

    /// A side's memory before anything happened.
    fn new_memory() -> Self::Memory;
    /// What `viewer` learns from one event.
    fn learn(memory: &mut Self::Memory, viewer: Side, event: &Self::Event);
    /// No losses yet.
    fn no_losses() -> Self::Losses;
    /// Counts the pieces `event` destroyed.
    fn count_losses(losses: &mut BySide<Self::Losses>, event: &Self::Event);
    /// What `viewer` may know of `game`, and nothing more; remembered identities only with
    /// `intel`.
    fn view(game: &Game<Self>, viewer: Side, intel: bool) -> Self::View;

    /// Reads an action typed in the ruleset's notation.
    fn parse_action(text: &str) -> Result<Self::Action, String>;
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
