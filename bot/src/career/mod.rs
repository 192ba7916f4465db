//! Career: points, ranks and awards per `career.md`, computed from the match record.
//!
//! - [`scale`]: the tables (notional tonnage, the 19 ranks, the 13 awards) and the pure
//!   look-ups over them (rank of a points total, degree of a count, progress to the next
//!   degree);
//! - [`deeds`](mod@deeds): who destroyed what, attributed from the events of a replayed record, and the
//!   award counters of one match;
//! - [`points`](mod@points): the points of one match with the working shown;
//! - [`ledger`]: what a finished match writes (in the transaction that ends it), the fair-play
//!   rules that decide whether it counts, and the recompute of every profile from the records;
//! - [`board`]: the leaderboard of a server.

pub mod board;
pub mod deeds;
pub mod ledger;
pub mod points;
pub mod scale;

pub use deeds::{deeds, turn_events, Deeds};
pub use ledger::{AwardChange, Credit, Unrated, DAILY_RATED_LIMIT, EARLY_RESIGNATION_PLIES};
pub use points::{points, PointsBreakdown};
pub use scale::{
    award, degree_for, rank_of, roman, tonnage, Award, AwardKind, AwardProgress, AWARDS, FLEET_STRENGTH,
    RANKS, SCHOOL,
};
