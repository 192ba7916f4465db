//! The service's domain types: what the front ends pass in and get back, and what the
//! notices, the outbox and the store speak of. Nothing here does I/O; the service, the
//! notices and the store all build on this module, so none of them needs another's types.

use admiral_engine::stratego;
use admiral_engine::{EndReason, Language, Outcome, Ruleset, Side};
use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::error::{Result, ServiceError};
use crate::ids::{MatchId, UserId};

/// The settings of a match, chosen with the challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSettings {
    /// `admiral` or `stratego` (classic Stratego; unrated: the career is Admiral's).
    #[serde(default = "default_ruleset")]
    pub ruleset: String,
    /// The clock.
    pub time_control: TimeControl,
    /// Whether remembered identities of enemy markers are shown.
    pub intel: bool,
    /// Whether the match counts for points, ranks and awards.
    pub rated: bool,
    /// The version of the ruleset's rules the match is played under from start to end (its
    /// record format), fixed when the match is created; matches stored before the field
    /// existed were created under version 1.
    #[serde(default = "first_rules")]
    pub rules: u32,
    /// The guided lesson this match is a try of (`admiral/01-moving`), if it is one: its
    /// opponent plays the lesson's script and the lesson's goal ends it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lesson: Option<String>,
}

fn default_ruleset() -> String {
    "admiral".into()
}

fn first_rules() -> u32 {
    1
}

/// The version of a ruleset's rules new matches are played under: its current record format.
fn current_rules(ruleset: Ruleset) -> u32 {
    match ruleset {
        Ruleset::Admiral => admiral_engine::RECORD_FORMAT,
        Ruleset::Stratego => stratego::RECORD_FORMAT,
    }
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            ruleset: default_ruleset(),
            time_control: TimeControl::Untimed,
            intel: true,
            rated: true,
            rules: current_rules(Ruleset::Admiral),
            lesson: None,
        }
    }
}

impl MatchSettings {
    /// The settings as stored for a new match: classic Stratego is always unrated (the career
    /// counts Admiral matches only), so that every text and every rule downstream reads the
    /// same thing, and the match is played under its ruleset's current rules.
    pub(crate) fn normalised(mut self) -> MatchSettings {
        if let Ok(ruleset) = self.ruleset_kind() {
            self.rules = current_rules(ruleset);
            if ruleset == Ruleset::Stratego {
                self.rated = false;
            }
        }
        self
    }

    /// The ruleset these settings name; an unknown name is refused.
    pub fn ruleset_kind(&self) -> Result<Ruleset> {
        Ruleset::from_name(&self.ruleset).ok_or(ServiceError::InvalidSettings("unknown ruleset"))
    }

    pub(crate) fn validate(&self) -> Result<()> {
        self.ruleset_kind()?;
        match self.time_control {
            TimeControl::Correspondence { days_per_move } if !(1..=14).contains(&days_per_move) => {
                Err(ServiceError::InvalidSettings("days per move must be 1 to 14"))
            }
            TimeControl::Live { total_secs, increment_secs }
                if !(60..=7200).contains(&total_secs) || increment_secs > 600 =>
            {
                Err(ServiceError::InvalidSettings("live clock: 1 to 120 minutes, increment up to 10 minutes"))
            }
            _ => Ok(()),
        }
    }
}

/// Who sits in a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "player", rename_all = "snake_case")]
pub enum Opponent {
    /// A person.
    Human {
        /// The user.
        user: UserId,
    },
    /// The AI of a level.
    Ai {
        /// 1–5.
        level: u8,
    },
}

/// Where a challenge or AI match was started (for public notices and the DM fallback).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The server.
    pub guild: Option<u64>,
    /// The channel.
    pub channel: Option<u64>,
    /// The language of the channel's readers (the server's locale), if Discord said; public
    /// messages otherwise use the challenger's language.
    pub language: Option<Language>,
}

impl Origin {
    /// A server channel whose language Discord did not tell.
    pub fn in_channel(guild: u64, channel: u64) -> Origin {
        Origin { guild: Some(guild), channel: Some(channel), language: None }
    }

    /// An origin as the store keeps it: the columns `guild_id`, `channel_id` and
    /// `public_language` of a challenge or match (see [`Origin::columns`]).
    pub fn from_columns(guild: Option<i64>, channel: Option<i64>, language: Option<&str>) -> Origin {
        Origin {
            guild: guild.map(|g| g as u64),
            channel: channel.map(|c| c as u64),
            language: language.map(lang_of),
        }
    }

    /// The values of the columns the store keeps the origin in (see [`Origin::from_columns`]).
    pub fn columns(self) -> (Option<i64>, Option<i64>, Option<&'static str>) {
        (self.guild.map(|g| g as i64), self.channel.map(|c| c as i64), self.language.map(lang_code))
    }
}

/// A player's defence policy.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DefencePolicy {
    /// The strongest group defends automatically.
    #[default]
    Auto,
    /// Ask by DM with a deadline (falls back to auto).
    Ask,
}

impl DefencePolicy {
    /// The stored name (`auto`, `ask`).
    pub fn as_str(self) -> &'static str {
        match self {
            DefencePolicy::Auto => "auto",
            DefencePolicy::Ask => "ask",
        }
    }

    /// The policy stored as `code` (`ask`; anything else is automatic).
    pub fn from_code(code: &str) -> DefencePolicy {
        if code == "ask" {
            DefencePolicy::Ask
        } else {
            DefencePolicy::Auto
        }
    }
}

/// The phase of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Both sides are setting up.
    Setup,
    /// Moves are being played.
    Playing,
    /// Over.
    Finished,
}

impl MatchStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Setup => "setup",
            MatchStatus::Playing => "playing",
            MatchStatus::Finished => "finished",
        }
    }
    /// From the stored name.
    pub fn parse(s: &str) -> Option<MatchStatus> {
        match s {
            "setup" => Some(MatchStatus::Setup),
            "playing" => Some(MatchStatus::Playing),
            "finished" => Some(MatchStatus::Finished),
            _ => None,
        }
    }
}

/// The result of an accepted action (stored with its idempotency key and returned again for a
/// repeated submission).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActResult {
    /// Plies played after the action.
    pub ply: u32,
    /// The attack waits for the defender's declaration.
    pub awaiting_defence: bool,
    /// The result, if the action ended the match.
    pub outcome: Option<Outcome>,
}

/// One of a user's matches, for `/admiral matches`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSummary {
    /// The match.
    pub id: MatchId,
    /// Its phase.
    pub status: MatchStatus,
    /// The user's seat.
    pub side: Side,
    /// The opponent.
    pub opponent: Opponent,
    /// Whether the match waits on this user (turn, setup, or defence).
    pub waiting_on_me: bool,
    /// Plies played.
    pub ply: u32,
}

/// A player's career, for the profile card.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Profile {
    /// Accumulated points.
    pub points: u32,
    /// Index into [`crate::career::RANKS`].
    pub rank: usize,
    /// Rated matches finished.
    pub rated_matches: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Enemy units destroyed.
    pub units_sunk: u64,
    /// Enemy tonnage destroyed.
    pub tonnage_sunk: u64,
    /// (award, count, degree) with degree 0 none, 3 = III, 2 = II, 1 = I.
    pub awards: Vec<(String, u64, u8)>,
}

/// The language stored as `code` (`ru`; anything else is English).
pub fn lang_of(code: &str) -> Language {
    if code == "ru" {
        Language::Ru
    } else {
        Language::En
    }
}

/// How the store writes a language (`en`, `ru`).
pub fn lang_code(language: Language) -> &'static str {
    match language {
        Language::Ru => "ru",
        Language::En => "en",
    }
}

/// A player's view of a match's board, in the match's ruleset (the fog applied): what the
/// notices carry and the adapter shows, for either game.
///
/// Stored untagged (the view's own fields): the two rulesets' boards have different sizes, so
/// a stored view reads back as the ruleset that wrote it, and notices queued before the
/// rulesets shared one notice (a bare Admiral or Stratego view) still read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
#[allow(clippy::large_enum_variant)] // built per answer; notices box it
pub enum PlayerView {
    /// An Admiral board.
    Admiral(admiral_engine::View),
    /// A Stratego board.
    Stratego(stratego::View),
}

impl PlayerView {
    /// Plies played.
    pub fn ply(&self) -> u32 {
        match self {
            PlayerView::Admiral(v) => v.ply,
            PlayerView::Stratego(v) => v.ply,
        }
    }

    /// Whose view it is.
    pub fn viewer(&self) -> Side {
        match self {
            PlayerView::Admiral(v) => v.viewer,
            PlayerView::Stratego(v) => v.viewer,
        }
    }

    /// Who played the last turn, if anyone has.
    pub fn last_mover(&self) -> Option<Side> {
        match self {
            PlayerView::Admiral(v) => v.last_mover,
            PlayerView::Stratego(v) => v.last_mover,
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            PlayerView::Admiral(v) => v.outcome,
            PlayerView::Stratego(v) => v.outcome.map(outcome_of),
        }
    }

    /// Whether it is the viewer's turn in an ongoing game.
    pub fn my_turn(&self) -> bool {
        match self {
            PlayerView::Admiral(v) => v.my_turn(),
            PlayerView::Stratego(v) => v.my_turn(),
        }
    }

    /// Whether the game is still being played.
    pub fn ongoing(&self) -> bool {
        let status = match self {
            PlayerView::Admiral(v) => v.status,
            PlayerView::Stratego(v) => v.status,
        };
        status == admiral_engine::Status::Ongoing
    }

    /// Plies left before the house rule draws the game (200 in a row without a loss), while
    /// the game goes on.
    pub fn plies_to_quiet_draw(&self) -> Option<u16> {
        let (quiet, limit) = match self {
            PlayerView::Admiral(v) => (v.quiet_plies, admiral_engine::QUIET_PLY_LIMIT),
            PlayerView::Stratego(v) => (v.quiet_plies, stratego::QUIET_PLY_LIMIT),
        };
        self.ongoing().then(|| limit.saturating_sub(quiet))
    }

    /// The Admiral board (the defence menu, the career's cards and the battle card are
    /// Admiral's); `None` for another ruleset.
    pub fn admiral(&self) -> Option<&admiral_engine::View> {
        match self {
            PlayerView::Admiral(v) => Some(v),
            PlayerView::Stratego(_) => None,
        }
    }

    /// The Admiral board, or [`ServiceError::OtherRuleset`] for a match of another ruleset
    /// (for the commands that only Admiral has: the defence menu, the replay).
    pub fn into_admiral(self) -> Result<admiral_engine::View> {
        match self {
            PlayerView::Admiral(v) => Ok(v),
            PlayerView::Stratego(_) => Err(ServiceError::OtherRuleset),
        }
    }
}

/// Maps a Stratego result onto the service's result type.
pub fn outcome_of(o: stratego::Outcome) -> Outcome {
    let reason = match o.reason {
        stratego::EndReason::FlagCaptured => EndReason::FlagCaptured,
        stratego::EndReason::QuietPlies => EndReason::QuietPlies,
        stratego::EndReason::NoLegalMove => EndReason::NoLegalAction,
        stratego::EndReason::Resignation => EndReason::Resignation,
        stratego::EndReason::Timeout => EndReason::Timeout,
        stratego::EndReason::Forfeit => EndReason::Forfeit,
    };
    Outcome { status: o.status, reason }
}
