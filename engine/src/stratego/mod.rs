//! # Classic Stratego, the engine's second ruleset
//!
//! The same shape as the Admiral tree at the crate root, in its own modules: a ruleset is a
//! seam ([`crate::Ruleset`]), not `if` branches in shared code. The rules, with every
//! ambiguity decided, are in `doc/stratego.md` at the repository root.
//!
//! - [`Position`]: the 10×10 board with its two lakes, legal actions and their resolution,
//!   the two-square rule and the quiet-ply draw, and the position text format.
//! - [`Action`]: the notation (`e4-e5`, `e4xe5`, scout runs `b2-b6`, `b2xb7`).
//! - [`Layout`]: a side's 4×10 setup and its file format; [`auto_layout`] plans one.
//! - [`Game`]: a match with its [`Record`] and each side's [`View`].
//! - [`ai::Ai`]: levels 1–5; [`arena`]: games between agents; [`ucc`]: the text protocol of
//!   the 2012 UCC Stratego competition, both as referee and as program.

pub mod action;
pub mod autoplace;
pub mod board;
pub mod event;
pub mod game;
pub mod layout;
pub(crate) mod memory;
pub mod piece;
pub mod position;
pub mod rules;
pub mod view;

pub use crate::ai::stratego as ai;
pub use crate::tools::arena::stratego as arena;
pub use crate::tools::ucc;

pub use action::{Action, ParseActionError};
pub use autoplace::{auto_layout, complete_layout};
pub use board::{Sq, SqSet, COLS, ROWS, SQUARES};
pub use event::{EndReason, Event, Outcome, Placed};
pub use game::{Ending, Game, GameError, Record, RECORD_FORMAT};
pub use layout::{describe_errors, Layout, LayoutError, LayoutProblem};
pub use piece::{Piece, Rank, ARMY_SIZE, RANKS};
pub use position::{battle, PlayError, Position, PositionTextError, Repetition, QUIET_PLY_LIMIT};
pub use view::{Cell, Conduct, Recollection, Standing, View};
