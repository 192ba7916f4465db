//! What every slash command shares: who is asking, sending a handler's answer (a refusal
//! becomes its text in [`Refusal::reply`](super::refusal::Refusal::reply)), the `match` option
//! and autocomplete answers, reading an uploaded file.

use std::future::Future;
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::autocomplete::Choice;
use super::refusal::{Handled, OrRefusal};
use super::ui;
use super::upload::{self, FileProblem};
use super::which_match::{match_choices, pick_match};
use super::{App, Context, Error, Locales, Who};
use crate::ids::{MatchId, UserId};

/// Who is asking (remembers their display name for pictures).
pub async fn who(ctx: Context<'_>) -> Who {
    let app = ctx.data();
    let author = ctx.author();
    app.remember_name(
        UserId(author.id.get()),
        &author.global_name.clone().unwrap_or_else(|| author.name.clone()),
    );
    let guild_locale = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    let locales = Locales {
        user: ctx.locale(),
        guild_locale,
        guild: ctx.guild_id().map(|g| g.get()),
        channel: Some(ctx.channel_id().get()),
    };
    app.who(UserId(author.id.get()), locales, ctx.id().to_string()).await
}

/// Sends a handler's answer, or its refusal, to `w` (pictures rendered off the runtime).
pub async fn send(ctx: Context<'_>, w: &Who, handled: Handled) -> Result<(), Error> {
    let r = handled.or_refusal(w.lang);
    let files = ui::attachments(&ctx.data().renderer, &r).await;
    ctx.send(ui::create_reply(&r, files)).await?;
    Ok(())
}

/// Who sees the answer to a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Only the asker (an ephemeral answer).
    Asker,
    /// Everyone in the channel.
    Channel,
}

/// Acknowledges the command with a "thinking…" that `audience` sees (Discord wants an
/// acknowledgement within three seconds, the handler may take longer), then sends what
/// `handler` answers the asker.
pub async fn answer<F, Fut>(ctx: Context<'_>, audience: Audience, handler: F) -> Result<(), Error>
where
    F: FnOnce(Arc<App>, Who) -> Fut,
    Fut: Future<Output = Handled>,
{
    match audience {
        Audience::Asker => ctx.defer_ephemeral().await?,
        Audience::Channel => ctx.defer().await?,
    }
    let w = who(ctx).await;
    let handled = handler(ctx.data().clone(), w.clone()).await;
    send(ctx, &w, handled).await
}

/// Runs a handler on the match the `match` option names (or the one the user means, see
/// [`pick_match`]) and sends its answer; when there is no such match, says why.
pub async fn on_match<F, Fut>(ctx: Context<'_>, given: Option<String>, handler: F) -> Result<(), Error>
where
    F: FnOnce(Arc<App>, Who, MatchId) -> Fut,
    Fut: Future<Output = Handled>,
{
    let w = who(ctx).await;
    let handled = match pick_match(ctx.data(), &w, given.as_deref()).await {
        Ok(id) => handler(ctx.data().clone(), w.clone(), id).await,
        Err(refusal) => Err(refusal),
    };
    send(ctx, &w, handled).await
}

/// The value of another option of the command being completed (e.g. `match` while typing
/// the action), searched through subcommands.
pub fn option_str(ctx: Context<'_>, name: &str) -> Option<String> {
    fn find(opts: &[serenity::CommandDataOption], name: &str) -> Option<String> {
        for o in opts {
            match &o.value {
                serenity::CommandDataOptionValue::SubCommand(inner)
                | serenity::CommandDataOptionValue::SubCommandGroup(inner) => {
                    if let Some(v) = find(inner, name) {
                        return Some(v);
                    }
                }
                serenity::CommandDataOptionValue::String(s) if o.name == name => return Some(s.clone()),
                serenity::CommandDataOptionValue::Autocomplete { value, .. } if o.name == name => {
                    return Some(value.clone())
                }
                _ => {}
            }
        }
        None
    }
    match ctx {
        poise::Context::Application(a) => find(&a.interaction.data.options, name),
        _ => None,
    }
}

/// Choices as poise's response.
pub fn respond(choices: Vec<Choice>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .take(25)
            .map(|(label, value)| {
                serenity::AutocompleteChoice::new(ui::clip(&label, 100), ui::clip(&value, 100))
            })
            .collect(),
    )
}

/// Autocomplete of the `match` option.
pub async fn ac_match(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let w = who(ctx).await;
    respond(match_choices(ctx.data(), &w, partial).await)
}

/// Reads an uploaded layout file: refused before the download when Discord says it is too
/// large, then decoded (see [`crate::discord::upload`]).
pub async fn read_text(att: &serenity::Attachment) -> Result<String, FileProblem> {
    if u64::from(att.size) > upload::MAX_BYTES {
        return Err(FileProblem::TooLarge { size: att.size.into() });
    }
    let bytes = att.download().await.map_err(|e| FileProblem::Download(e.to_string()))?;
    upload::decode(&bytes)
}

/// Declares a subcommand that acts on one match: its own options (if any), then `match`
/// (autocompleted with `ac_match`, which the calling module imports). It defers an ephemeral
/// answer and runs the handler on the chosen match (see [`on_match`]). The handler is a path,
/// called as `handler(&app, &who, match)`, or `|app, who, match| future` (which may use the
/// options); `name as "word"` names the command `word` (for a keyword such as `move`).
///
/// ```ignore
/// match_command! {
///     /// Swap two squares of your zone.
///     swap(a: String, b: String) => |app, w, id| handle(&app, &w, id, SetupOp::Swap(a, b))
/// }
/// ```
macro_rules! match_command {
    ($(#[$doc:meta])* $name:ident => $handler:path) => {
        $crate::discord::slash::match_command! {
            $(#[$doc])* $name() => |app, w, id| $handler(&app, &w, id)
        }
    };
    (
        $(#[$doc:meta])*
        $name:ident $(as $rename:literal)? ($($(#[$($option:tt)*])* $arg:ident: $ty:ty),* $(,)?)
        => |$app:ident, $who:ident, $id:ident| $run:expr
    ) => {
        $(#[$doc])*
        #[poise::command(slash_command $(, rename = $rename)?)]
        pub async fn $name(
            ctx: $crate::discord::Context<'_>,
            $($(#[$($option)*])* $arg: $ty,)*
            #[rename = "match"]
            #[autocomplete = "ac_match"]
            match_: Option<String>,
        ) -> Result<(), $crate::discord::Error> {
            ctx.defer_ephemeral().await?;
            $crate::discord::slash::on_match(ctx, match_, |$app, $who, $id| async move { $run.await }).await
        }
    };
}
pub(crate) use match_command;
