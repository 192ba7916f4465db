//! `/admiral challenge` and `/admiral ai` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::handler::{self, ChallengeOptions, Clock};
use crate::discord::slash::{send, who};
use crate::discord::{Context, Error};
use crate::ids::UserId;

/// Time controls offered by the commands.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum TimeChoice {
    /// No clock.
    #[name = "untimed"]
    Untimed,
    /// One day per move.
    #[name = "1 day per move"]
    Day1,
    /// Three days per move.
    #[name = "3 days per move"]
    Day3,
    /// A week per move.
    #[name = "7 days per move"]
    Day7,
    /// Live 10 minutes + 5 s.
    #[name = "live 10+5"]
    Live10,
    /// Live 30 minutes + 10 s.
    #[name = "live 30+10"]
    Live30,
    /// Live 60 minutes + 30 s.
    #[name = "live 60+30"]
    Live60,
}

impl TimeChoice {
    fn clock(self) -> Clock {
        match self {
            TimeChoice::Untimed => Clock::Untimed,
            TimeChoice::Day1 => Clock::Days(1),
            TimeChoice::Day3 => Clock::Days(3),
            TimeChoice::Day7 => Clock::Days(7),
            TimeChoice::Live10 => Clock::Live(10, 5),
            TimeChoice::Live30 => Clock::Live(30, 10),
            TimeChoice::Live60 => Clock::Live(60, 30),
        }
    }
}

/// Rulesets.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RulesetChoice {
    /// Admiral.
    #[name = "admiral"]
    Admiral,
    /// Classic Stratego (unrated).
    #[name = "stratego"]
    Stratego,
}

impl RulesetChoice {
    /// The service's ruleset name.
    pub fn name(self) -> &'static str {
        match self {
            RulesetChoice::Admiral => "admiral",
            RulesetChoice::Stratego => "stratego",
        }
    }

    /// The ruleset.
    pub fn ruleset(self) -> admiral_engine::Ruleset {
        match self {
            RulesetChoice::Admiral => admiral_engine::Ruleset::Admiral,
            RulesetChoice::Stratego => admiral_engine::Ruleset::Stratego,
        }
    }
}

/// Public notices (the challenge, the result, the closed-DM note) go to the channel only
/// when the bot is a member of the server (a user-installed app cannot post there): else
/// the challenge goes by DM and the match has no public channel.
fn public_origin(ctx: Context<'_>, mut w: crate::discord::Who) -> crate::discord::Who {
    if let Some(g) = ctx.guild_id() {
        if ctx.cache().guild(g).is_none() {
            w.origin.channel = None;
        }
    }
    w
}

/// Challenge someone to a match.
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    opponent: serenity::User,
    time: Option<TimeChoice>,
    intel: Option<bool>,
    ruleset: Option<RulesetChoice>,
    rated: Option<bool>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = public_origin(ctx, who(ctx).await);
    ctx.data().remember_name(
        UserId(opponent.id.get()),
        &opponent.global_name.clone().unwrap_or_else(|| opponent.name.clone()),
    );
    let o = ChallengeOptions {
        clock: time.map(TimeChoice::clock).unwrap_or_default(),
        intel,
        ruleset: ruleset.map(|r| r.name().to_string()),
        rated,
    };
    let handled = handler::challenge(ctx.data(), &w, UserId(opponent.id.get()), opponent.bot, &o).await;
    send(ctx, &w, handled).await
}

/// Play against the AI.
#[poise::command(slash_command)]
pub async fn ai(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 5]
    level: u8,
    time: Option<TimeChoice>,
    ruleset: Option<RulesetChoice>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = public_origin(ctx, who(ctx).await);
    let clock = time.map(TimeChoice::clock).unwrap_or_default();
    let handled =
        handler::ai_with_ruleset(ctx.data(), &w, level, clock, ruleset.map(RulesetChoice::name)).await;
    send(ctx, &w, handled).await
}
