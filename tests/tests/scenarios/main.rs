//! The end-to-end scenarios, built as one test binary (one link instead of one per scenario):
//! each module drives the real `admiral-bot` binary through the fake Discord on loopback.

mod ai_match;
mod closed_dms;
mod human_match;
mod lessons;
mod load;
mod refusals;
mod restart;
mod setup_resign;
mod shards;
mod upload;
