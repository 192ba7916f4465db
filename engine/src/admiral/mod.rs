//! # Admiral, the engine's first ruleset
//!
//! The naval hidden-fleet game, in its own module tree beside [`crate::stratego`] and with the
//! same shape; everything here is also re-exported at the crate root, at the paths it always
//! had (`admiral_engine::Position`, `admiral_engine::layout::Layout`, …). The rules are in
//! `doc/rules.md` at the repository root.
//!
//! - [`Position`]: the 14×15 board, legal actions (by the shared [`Rules`](crate::Rules)
//!   trait, which it implements) and their resolution ([`Position::play`]), with the position
//!   text format.
//! - [`Action`]: the notation (`e3-e4`, `e3xe4(d3)`, `e3-e4xe5`, `f2!`).
//! - [`Layout`]: a side's setup, the layout file format and linked auto-placement.
//! - [`Game`]: a match in progress with its [`Record`] and each side's [`View`] (the fog).
//! - `rules`: Admiral as an implementation of the shared [`Rules`](crate::Rules).

pub mod action;
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
mod rules;
pub mod square;
pub mod unit;
pub mod view;

pub use action::{group_text, parse_group, Action, ParseActionError};
pub use autoplace::{auto_layout, complete_layout, complete_layout_with_style, Style};
pub use event::{Event, Weapon};
pub use explain::Illegal;
pub use formation::{group_strength, Group, Partners, Placed, STRENGTH_TABLE};
pub use game::{Game, GameError};
pub use layout::{describe_errors, BaseInFrontRow, Layout, LayoutError, LayoutProblem};
pub use outcome::{EndReason, Outcome, Status};
pub use position::{Position, PositionTextError, QUIET_PLY_LIMIT};
pub use record::{QuietRule, Record, Start, Turn, RECORD_FORMAT};
pub use resolve::{blast_squares, Defense, PlayError};
pub use square::{Side, Square, SquareSet, COLS, ROWS, SQUARES};
pub use unit::{Language, Piece, UnitKind, FLEET_SIZE, KINDS};
pub use view::{Cell, Recollection, View};
