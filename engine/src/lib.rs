//! # admiral-engine
//!
//! The rules of *Admiral*, a naval hidden-fleet strategy game, as a pure library: no I/O, no
//! async, deterministic given a seed. It is the one place that knows the rules; everything a
//! player is shown is computed from a [`View`].
//!
//! - [`Position`]: the board, legal actions ([`Position::legal_actions`]) and their resolution
//!   ([`Position::play`]), with the position text format.
//! - [`Action`]: the notation (`e3-e4`, `e3xe4(d3)`, `e3-e4xe5`, `f2!`).
//! - [`Layout`]: a side's setup, the layout file format and linked auto-placement.
//! - [`Game`]: a match in progress with its [`Record`] and each side's [`View`] (the fog).
//!
//! - [`Ruleset`]: the seam between Admiral and classic Stratego, whose rules live in their own
//!   module tree, [`stratego`], with the same shape.
//!
//! The rules themselves are documented in `doc/rules.md` (Admiral) and `doc/stratego.md`
//! (Stratego) at the repository root.

#![warn(missing_docs)]
pub mod action;
pub mod ai;
pub mod autoplace;
pub mod event;
pub mod explain;
pub mod formation;
pub mod game;
pub mod layout;
pub mod movegen;
pub mod outcome;
pub mod position;
pub mod record;
pub mod resolve;
pub mod rules;
pub mod shared;
pub mod square;
pub mod stratego;
pub mod tools;
pub mod unit;
pub mod view;

pub use action::{Action, ParseActionError};
pub use autoplace::{auto_layout, complete_layout, complete_layout_with_style, Style};
pub use event::{Event, Weapon};
pub use explain::Illegal;
pub use formation::{group_strength, Group, Partners, Placed, STRENGTH_TABLE};
pub use game::{Game, GameError};
pub use layout::{describe_errors, fleet_counts, Layout, LayoutError, LayoutProblem};
pub use outcome::{EndReason, Outcome, Status};
pub use position::{Position, PositionTextError, QUIET_PLY_LIMIT};
pub use record::{Record, Start, Turn, RECORD_FORMAT};
pub use resolve::{blast_squares, Defense, PlayError};
pub use shared::dice as rng;
pub use shared::notation as notation_quote;
pub use shared::ruleset;
pub use shared::Ruleset;
pub use shared::{BySide, Dice};
pub use square::{Side, Square, SquareSet, COLS, ROWS, SQUARES};
pub use tools::arena::admiral as arena;
pub use tools::referee;
pub use unit::{Language, Piece, UnitKind, FLEET_SIZE, KINDS};
pub use view::{Cell, View};
