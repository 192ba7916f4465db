//! The cards, one file each: the setup previews of Admiral (`setup.rs`) and Stratego
//! (`stratego_setup.rs`), the battle card, the game-over card, the profile card, the table of
//! ranks and the unit atlas. What they share is in `common.rs` (colours, background, panels,
//! bars, PNG encoding), `insignia.rs` (rank insignia) and `awards.rs` (medals and badges).
//! They are drawn with vectors on each call (none of them is on a per-move hot path except the
//! battle card, which is small) and encoded as RGB PNGs.

mod atlas;
mod awards;
mod battle;
mod common;
mod game_over;
mod insignia;
mod profile;
mod ranks;
mod setup;
mod stratego_setup;

pub use atlas::{AtlasEntry, AtlasLabels};
pub use awards::AwardLine;
pub use battle::{BattleCard, BattleSide};
pub use common::SetupLabels;
pub use game_over::GameOverCard;
pub use insignia::{RankInfo, RANKS};
pub use profile::ProfileCard;
pub use ranks::RanksCard;

pub(crate) use atlas::atlas;
pub(crate) use battle::battle;
pub(crate) use game_over::game_over;
pub(crate) use profile::profile_png;
pub(crate) use ranks::ranks;
pub(crate) use setup::setup;
pub(crate) use stratego_setup::stratego_setup;
