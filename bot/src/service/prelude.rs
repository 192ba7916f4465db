//! Shared imports of the files that implement the service (`use super::prelude::*`): the
//! engine's types, the store's calls and the service's own state, so that each of those files
//! names what it does rather than where things live.

pub(super) use std::collections::HashMap;
pub(super) use std::sync::{Arc, Mutex as StdMutex};
pub(super) use std::time::Duration;

pub(super) use admiral_engine::{
    Action, Defense, EndReason, Game, Language, Layout, Outcome, Partners, PlayError, Record, Ruleset, Side,
    Square, Start, Turn,
};
pub(super) use sqlx::AnyConnection;
pub(super) use tokio::sync::{Mutex, Notify};
pub(super) use tokio::task::JoinHandle;

pub(super) use crate::ai::AiPlayer;
pub(super) use crate::career;
pub(super) use crate::clock::{reminder_at, Now};
pub(super) use crate::error::{IllegalMove, LayoutProblems, NotationError, Result, ServiceError};
pub(super) use crate::ids::{ChallengeId, MatchId, UserId};
pub(super) use crate::notify::{Notice, Recipient};
pub(super) use crate::outbox::{self, Delivery, Outgoing};
pub(super) use crate::store::events::{self, MatchEvent};
pub(super) use crate::store::players;
pub(super) use crate::store::{Batch, BatchError, GroupCommit, Store, WriteTx};
pub(super) use crate::timers::{self, Timer, TimerKind};

pub(super) use super::ai_queue;
pub(super) use super::config::ServiceConfig;
pub(super) use super::encoding::{corrupt, json};
pub(super) use super::rules::{self, MatchGame, MatchLayout, Move};
pub(super) use super::state::{
    batch_error, game_ply, gone_from_this_host, mix, process_name, Inner, Loaded, Pending, Service, Setup,
    Slot, Workers,
};
pub(super) use crate::model::{
    ActResult, DefencePolicy, MatchSettings, MatchStatus, MatchSummary, Origin, Profile,
};
