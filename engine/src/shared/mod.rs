//! What both rulesets share, and nothing that belongs to one of them: the two sides and
//! per-side data ([`BySide`]), the product's languages, how a game stands and ended, the record's
//! frame, the random source, the AI's thinking budget and setup styles, the notation helpers,
//! the AI's hidden-army sampler, the arena's player ([`Agent`]) and its report.
//!
//! Admiral (the crate root's modules) and Stratego ([`crate::stratego`]) both build on this
//! module; it imports neither.

pub mod agent;
pub mod budget;
pub mod counters;
pub mod dice;
pub mod event;
pub mod game;
pub mod grid;
pub mod language;
pub mod layout;
pub(crate) mod markers;
pub mod notation;
pub mod outcome;
pub mod piece;
pub mod play_error;
pub mod record;
pub mod ruleset;
pub mod side;
pub mod style;
pub mod summary;
pub mod view;

pub use agent::{Agent, Forfeit, ForfeitOf, RandomAgent};
pub use budget::Budget;
pub use counters::Counters;
pub use dice::Dice;
pub use event::SeenEvent;
pub use game::{Game, GameError, GameView, Rules, Seat, SideMemory};
pub use language::Language;
pub use layout::SetupPosition;
pub use outcome::{Outcome, Status};
pub use record::{Ending, Record, Start};
pub use ruleset::Ruleset;
pub use side::{BySide, Side};
pub use style::Style;
pub use summary::{GameResult, Summary};
