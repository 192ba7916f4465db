//! # admiral-engine
//!
//! The rules of *Admiral*, a naval hidden-fleet strategy game, and of classic *Stratego*, as a
//! pure library: no I/O, no async, deterministic given a seed. It is the one place that knows
//! the rules; everything a player is shown is computed from a view.
//!
//! - [`admiral`] and [`stratego`]: each ruleset in its own module tree, with the same shape (a
//!   position with its text format, actions and their notation, layouts and auto-placement,
//!   events, views). Admiral's items are also re-exported here at the crate root:
//!   [`Position`], [`Action`], [`Layout`], [`Game`], [`Record`], [`View`], …
//! - [`shared`]: what both use — [`Side`] and [`BySide`], [`Status`], [`Dice`], the record's
//!   frame, and the one game abstraction, the [`Rules`] trait with the generic
//!   [`shared::Game`] written once over it. [`Ruleset`] picks a ruleset at run time.
//! - [`ai`]: the AI players of both rulesets, levels 1–5; [`tools`]: the arena, the referee
//!   protocol and the UCC 2012 Stratego protocol adapter.
//!
//! The rules themselves are documented in `doc/rules.md` (Admiral) and `doc/stratego.md`
//! (Stratego) at the repository root.

#![warn(missing_docs)]
pub mod admiral;
pub mod ai;
pub mod lessons;
pub mod shared;
pub mod stratego;
pub mod tools;

// Admiral's modules at the paths they always had.
pub use admiral::{
    action, autoplace, event, explain, formation, game, layout, movegen, outcome, position, record, resolve,
    square, unit, view,
};
pub use shared::dice as rng;
pub use shared::notation as notation_quote;
pub use shared::ruleset;
pub use tools::arena::admiral as arena;
pub use tools::referee;

pub use admiral::{
    auto_layout, blast_squares, complete_layout, complete_layout_with_style, describe_errors, group_strength,
    group_text, parse_group, Action, BaseInFrontRow, Cell, Defense, EndReason, Event, Game, GameError, Group,
    Illegal, Language, Layout, LayoutError, LayoutProblem, Outcome, ParseActionError, Partners, Piece,
    Placed, PlayError, Position, PositionTextError, QuietRule, Record, Side, Square, SquareSet, Start,
    Status, Style, Turn, UnitKind, View, Weapon, COLS, FLEET_SIZE, KINDS, QUIET_PLY_LIMIT, RECORD_FORMAT,
    ROWS, SQUARES, STRENGTH_TABLE,
};
pub use shared::{BySide, Dice, Rules, Ruleset};
