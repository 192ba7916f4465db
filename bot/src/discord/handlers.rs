//! Every decision of the adapter, as plain functions over the service: what to answer, with
//! which buttons, texts and pictures. No Discord types and no network here, so the unit tests
//! drive them directly. Every path checks (through the service) that the user is a player of
//! the match and that it is their turn or decision; refusals are ephemeral and localised.

use admiral_engine::{Language, Layout, Ruleset, Side, Square, Status, UnitKind};
use admiral_render::{AtlasEntry, AtlasLabels};

use super::autocomplete::{self, Choice};
use super::career_view;
use super::cid::Cid;
use super::i18n::{tr, UnitName};
use super::present::{
    self, battle_pic, board_pic, describe_turn, error_text, mention, opponent_plain, setup_pic,
};
use super::ui::{Answer, Comp, Input, Modal, Opt, Pic, Reply, Style};
use super::{App, Who};
use crate::clock::TimeControl;
use crate::error::ServiceError;
use crate::ids::{ChallengeId, MatchId, UserId};
use crate::notify::Notice;
use crate::service::{DefencePolicy, MatchSettings, MatchStatus, MatchSummary, Opponent, Origin};
use crate::store::matches::MatchSeats;

/// A refusal as an ephemeral reply.
pub fn refuse(e: &ServiceError, l: Language) -> Reply {
    if !e.is_refusal() {
        tracing::error!(error = %e, "service failure");
    }
    Reply::private(format!("⚠️ {}", error_text(e, l)))
}

fn oops(l: Language, key_text: String) -> Reply {
    let _ = l;
    Reply::private(format!("⚠️ {key_text}"))
}

/// The time control chosen with a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Clock {
    /// No clock.
    #[default]
    Untimed,
    /// Days per move (1–14).
    Days(u32),
    /// Minutes + seconds of increment.
    Live(u32, u32),
}

impl Clock {
    /// Parses `untimed`, `3d`, `10+5`, `15m` (what the time-control option accepts).
    pub fn parse(s: &str) -> Option<Clock> {
        let s = s.trim().to_lowercase();
        if s.is_empty() || s == "untimed" || s == "none" || s == "-" {
            return Some(Clock::Untimed);
        }
        if let Some(d) = s.strip_suffix('d') {
            return d.trim().parse().ok().map(Clock::Days);
        }
        if let Some((m, i)) = s.split_once('+') {
            return Some(Clock::Live(m.trim().parse().ok()?, i.trim().parse().ok()?));
        }
        if let Some(m) = s.strip_suffix('m') {
            return m.trim().parse().ok().map(|m| Clock::Live(m, 0));
        }
        None
    }
    fn time_control(self) -> TimeControl {
        match self {
            Clock::Untimed => TimeControl::Untimed,
            Clock::Days(d) => TimeControl::Correspondence { days_per_move: d },
            Clock::Live(m, i) => TimeControl::Live { total_secs: m.saturating_mul(60), increment_secs: i },
        }
    }
}

fn origin(who: &Who) -> Origin {
    // Public notices go to a server channel only; in DMs there is no public channel.
    Origin { guild: who.guild, channel: who.guild.and(who.channel), language: who.guild_lang }
}

fn parse_match_id(s: &str) -> Option<MatchId> {
    s.trim().trim_start_matches('#').parse::<i64>().ok().filter(|i| *i > 0).map(MatchId)
}

/// Finds the match a command is about: the one given, else the one waiting on the user,
/// else their only match.
pub async fn pick_match(app: &App, who: &Who, given: Option<&str>) -> Result<MatchId, Reply> {
    let l = who.lang;
    if let Some(g) = given.filter(|g| !g.trim().is_empty()) {
        return parse_match_id(g).ok_or_else(|| oops(l, tr!(l, "err-bad-match", text = g.trim())));
    }
    let list = app.service.my_matches(who.user).await.map_err(|e| refuse(&e, l))?;
    let waiting: Vec<&MatchSummary> = list.iter().filter(|m| m.waiting_on_me).collect();
    match (waiting.as_slice(), list.as_slice()) {
        (_, []) => Err(oops(l, tr!(l, "err-no-matches"))),
        ([one], _) => Ok(one.id),
        (_, [only]) => Ok(only.id),
        _ => {
            let ids: Vec<String> = list.iter().map(|m| format!("#{}", m.id.0)).collect();
            Err(oops(l, tr!(l, "err-which-match", ids = ids.join(", "))))
        }
    }
}

async fn opponent_name(app: &App, who: &Who, id: MatchId) -> String {
    let l = who.lang;
    let list = app.service.my_matches(who.user).await.unwrap_or_default();
    match list.iter().find(|m| m.id == id).map(|m| m.opponent) {
        Some(o @ Opponent::Human { user }) => opponent_plain(&o, l, app.name_of(user).as_deref()),
        Some(o) => opponent_plain(&o, l, None),
        None => tr!(l, "opponent"),
    }
}

// ------------------------------------------------------------------ challenge, accept, AI

/// Options of `/admiral challenge`.
#[derive(Clone, Debug, Default)]
pub struct ChallengeOptions {
    /// The time control.
    pub clock: Clock,
    /// Intel on (default) or off.
    pub intel: Option<bool>,
    /// Ruleset name (default admiral).
    pub ruleset: Option<String>,
    /// Rated (default) or not.
    pub rated: Option<bool>,
}

fn settings_of(o: &ChallengeOptions) -> MatchSettings {
    MatchSettings {
        ruleset: o.ruleset.clone().unwrap_or_else(|| "admiral".into()),
        time_control: o.clock.time_control(),
        intel: o.intel.unwrap_or(true),
        rated: o.rated.unwrap_or(true),
    }
}

/// `/admiral challenge`.
pub async fn challenge(
    app: &App,
    who: &Who,
    opponent: UserId,
    opponent_is_bot: bool,
    o: &ChallengeOptions,
) -> Reply {
    let l = who.lang;
    let settings = settings_of(o);
    if Ruleset::from_name(&settings.ruleset) == Some(Ruleset::Stratego) && o.rated == Some(true) {
        // Asked for explicitly, a rated Stratego match is a contradiction, not a default to
        // override silently.
        return oops(l, tr!(l, "err-stratego-rated"));
    }
    match app.service.challenge(who.user, opponent, opponent_is_bot, settings.clone(), origin(who)).await {
        Ok(_) => {
            let key = if origin(who).channel.is_some() { "challenge-sent" } else { "challenge-sent-dm" };
            Reply::private(tr!(
                l,
                key,
                to = mention(opponent),
                settings = present::settings_text(&settings, l)
            ))
        }
        Err(e) => refuse(&e, l),
    }
}

/// A challenge's two players and the language of its public message (the one it was posted
/// in, so the update that replaces it reads the same way).
pub async fn challenge_parties(app: &App, c: ChallengeId) -> Option<(UserId, UserId, Option<Language>)> {
    let parties = app.service.challenge_parties(c).await.ok().flatten()?;
    Some((parties.challenger, parties.challenged, parties.public_language))
}

/// The Accept button: only the challenged player; the challenge message updates itself.
pub async fn accept(app: &App, who: &Who, c: ChallengeId) -> Answer {
    let l = who.lang;
    match app.service.accept(who.user, c).await {
        Ok(id) => {
            let (from, to, public) = challenge_parties(app, c).await.unwrap_or((who.user, who.user, None));
            Answer::Update(Reply::text(tr!(
                public.unwrap_or(l),
                "challenge-accepted-public",
                from = mention(from),
                to = mention(to),
                id = id.0
            )))
        }
        Err(e) => Answer::Reply(refuse(&e, l)),
    }
}

/// The Decline button.
pub async fn decline(app: &App, who: &Who, c: ChallengeId) -> Answer {
    let l = who.lang;
    match app.service.decline(who.user, c).await {
        Ok(()) => {
            let (from, to, public) = challenge_parties(app, c).await.unwrap_or((who.user, who.user, None));
            Answer::Update(Reply::text(tr!(
                public.unwrap_or(l),
                "challenge-declined-public",
                from = mention(from),
                to = mention(to)
            )))
        }
        Err(e) => Answer::Reply(refuse(&e, l)),
    }
}

/// The text of an expired challenge message.
pub fn expired_challenge_text(from: UserId, to: UserId, l: Language) -> String {
    tr!(l, "challenge-expired-public", from = mention(from), to = mention(to))
}

/// `/admiral ai`.
pub async fn ai(app: &App, who: &Who, level: u8, clock: Clock) -> Reply {
    ai_with_ruleset(app, who, level, clock, None).await
}

/// `/admiral ai` with its `ruleset` option (`admiral` by default, or `stratego`).
pub async fn ai_with_ruleset(app: &App, who: &Who, level: u8, clock: Clock, ruleset: Option<&str>) -> Reply {
    let l = who.lang;
    let settings = MatchSettings {
        time_control: clock.time_control(),
        ruleset: ruleset.unwrap_or("admiral").to_string(),
        ..MatchSettings::default()
    };
    match app.service.start_ai(who.user, level, settings, origin(who)).await {
        Ok(id) => {
            let mut r = Reply::private(tr!(l, "ai-started", id = id.0, level = level));
            if app.service.dm_closed(who.user).await.unwrap_or(false) {
                // DMs closed: the setup comes here instead.
                if let Ok(text) = app.service.layout_file(who.user, id).await {
                    r.pictures.push(setup_pic(&text, Side::South, l));
                    r.rows = present::setup_rows(id, l);
                }
            }
            r
        }
        Err(e) => refuse(&e, l),
    }
}

// ------------------------------------------------------------------ setup

async fn side_in(app: &App, who: &Who, id: MatchId) -> Result<Side, ServiceError> {
    let list = app.service.my_matches(who.user).await?;
    list.iter().find(|m| m.id == id).map(|m| m.side).ok_or_else(|| {
        // Either not a player or the match is finished.
        ServiceError::NotYourMatch
    })
}

/// The setup preview as an ephemeral reply with the setup buttons.
async fn setup_reply(app: &App, who: &Who, id: MatchId, grid: &str, head: String) -> Reply {
    let l = who.lang;
    let side = side_in(app, who, id).await.unwrap_or(Side::South);
    let mut r = Reply::private(head);
    r.pictures.push(setup_pic(grid, side, l));
    r.rows = present::setup_rows(id, l);
    r
}

/// What a setup sub-command does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupOp {
    /// Generate a new layout.
    Auto,
    /// Replace with an uploaded file's text.
    Upload(String),
    /// Use a saved layout.
    Saved(String),
    /// Swap two squares.
    Swap(String, String),
    /// Fill the rest automatically.
    Complete,
    /// Declare ready.
    Ready,
}

/// `/admiral setup …` and the setup buttons.
pub async fn setup(app: &App, who: &Who, id: MatchId, op: SetupOp) -> Reply {
    let l = who.lang;
    let result = match &op {
        SetupOp::Auto => app.service.auto_layout(who.user, id).await,
        SetupOp::Upload(text) => app.service.upload_layout(who.user, id, text).await,
        SetupOp::Saved(name) => app.service.use_saved_layout(who.user, id, name).await,
        SetupOp::Complete => app.service.complete_layout(who.user, id).await,
        SetupOp::Swap(a, b) => match (Square::parse(a.trim()), Square::parse(b.trim())) {
            (Some(a), Some(b)) => app.service.swap_squares(who.user, id, a, b).await,
            _ => return oops(l, tr!(l, "err-bad-squares", a = a.trim(), b = b.trim())),
        },
        SetupOp::Ready => {
            return match app.service.ready(who.user, id).await {
                Ok(MatchStatus::Setup) => Reply::private(tr!(l, "ready-waiting", id = id.0)),
                Ok(_) => Reply::private(tr!(l, "ready-started", id = id.0)),
                Err(e) => refuse(&e, l),
            }
        }
    };
    match result {
        Ok(grid) => {
            let head = match Layout::parse_partial(&grid) {
                Ok(layout) if !layout.is_complete() => {
                    let missing: Vec<String> =
                        layout.missing().iter().map(|(k, n)| format!("{}×{n}", k.code(l))).collect();
                    tr!(l, "setup-updated-partial", id = id.0, missing = missing.join(", "))
                }
                _ => tr!(l, "setup-updated", id = id.0),
            };
            setup_reply(app, who, id, &grid, head).await
        }
        Err(e) => refuse(&e, l),
    }
}

// ------------------------------------------------------------------ play

/// `/admiral move`: plays typed or autocompleted notation on the current position.
pub async fn play(app: &App, who: &Who, id: MatchId, notation: &str, ply: Option<u32>) -> Reply {
    let l = who.lang;
    if app.service.ruleset(id).await.ok() == Some(Ruleset::Stratego) {
        return play_stratego(app, who, id, notation, ply).await;
    }
    let view = match app.service.view(who.user, id).await {
        Ok(v) => v,
        Err(e) => return refuse(&e, l),
    };
    let ply = ply.unwrap_or(view.ply);
    match app.service.act(&who.key, who.user, id, ply, notation).await {
        Ok(res) => {
            let mut text = tr!(l, "played", id = id.0, action = notation.trim());
            if res.awaiting_defence {
                text.push('\n');
                text.push_str(&tr!(l, "played-awaiting-defence"));
            } else if let Some(o) = res.outcome {
                text.push('\n');
                text.push_str(&present::outcome_headline(&o, Some(view.viewer), l));
            }
            let mut r = Reply::private(text);
            if app.service.dm_closed(who.user).await.unwrap_or(false) {
                if let Ok(v) = app.service.view(who.user, id).await {
                    let what = describe_turn(&v, l);
                    if !what.is_empty() {
                        r.text.push('\n');
                        r.text.push_str(&what);
                    }
                    r.pictures.push(board_pic(&v, l, &opponent_name(app, who, id).await));
                    r.pictures.extend(battle_pic(&v, l));
                }
            }
            r
        }
        Err(e) => refuse(&e, l),
    }
}

/// `/admiral move` in a Stratego match.
async fn play_stratego(app: &App, who: &Who, id: MatchId, notation: &str, ply: Option<u32>) -> Reply {
    let l = who.lang;
    let view = match app.service.stratego_view(who.user, id).await {
        Ok(v) => v,
        Err(e) => return refuse(&e, l),
    };
    match app.service.act(&who.key, who.user, id, ply.unwrap_or(view.ply), notation).await {
        Ok(res) => {
            let mut r = Reply::private(tr!(l, "played", id = id.0, action = notation.trim()));
            if let Some(o) = res.outcome {
                r.text.push('\n');
                r.text.push_str(&present::outcome_headline(&o, Some(view.viewer), l));
            }
            if app.service.dm_closed(who.user).await.unwrap_or(false) {
                if let Ok(v) = app.service.stratego_view(who.user, id).await {
                    let what = present::describe_stratego_turn(&v, l);
                    if !what.is_empty() {
                        r.text.push('\n');
                        r.text.push_str(&what);
                    }
                    r.pictures.push(present::stratego_board_pic(&v, l, &opponent_name(app, who, id).await));
                }
            }
            r
        }
        Err(e) => refuse(&e, l),
    }
}

/// `/admiral board` in a Stratego match (after setup).
async fn board_stratego(app: &App, who: &Who, id: MatchId) -> Reply {
    let l = who.lang;
    let view = match app.service.stratego_view(who.user, id).await {
        Ok(v) => v,
        Err(e) => return refuse(&e, l),
    };
    let pic = present::stratego_board_pic(&view, l, &opponent_name(app, who, id).await);
    let status = match &pic {
        Pic::StrategoBoard { labels, .. } => labels.status.clone(),
        _ => String::new(),
    };
    let mut r = Reply::private(format!("**#{}** · {}", id.0, status));
    let what = present::describe_stratego_turn(&view, l);
    if !what.is_empty() {
        r.text.push('\n');
        r.text.push_str(&what);
    }
    r.pictures.push(pic);
    if view.my_turn() {
        r.text.push('\n');
        r.text.push_str(&tr!(l, "stratego-turn-hint"));
        r.rows = present::turn_rows(id, view.ply, l);
    }
    if view.status != Status::Ongoing {
        r.text.push('\n');
        r.text.push_str(&tr!(l, "stratego-unrated"));
    }
    r
}

/// Autocomplete of `/admiral move`'s action.
pub async fn action_choices(app: &App, who: &Who, given_match: Option<&str>, typed: &str) -> Vec<Choice> {
    let l = who.lang;
    let Ok(id) = pick_match(app, who, given_match).await else {
        return vec![(tr!(l, "ac-no-match"), "-".into())];
    };
    if app.service.ruleset(id).await.ok() == Some(Ruleset::Stratego) {
        let over = matches!(app.service.status(id).await, Ok((MatchStatus::Finished, _, _)));
        let legal = app.service.legal_notations(who.user, id).await.unwrap_or_default();
        return autocomplete::stratego_choices(&legal, typed, over, l);
    }
    let Ok(view) = app.service.view(who.user, id).await else {
        return vec![(tr!(l, "ac-no-match"), "-".into())];
    };
    let legal = app.service.legal_actions(who.user, id).await.unwrap_or_default();
    autocomplete::action_choices(&view, &legal, typed, l)
}

/// Autocomplete of the `match` option.
pub async fn match_choices(app: &App, who: &Who, typed: &str) -> Vec<Choice> {
    let list = app.service.my_matches(who.user).await.unwrap_or_default();
    let name_of = |m: &MatchSummary| match m.opponent {
        Opponent::Human { user } => app.name_of(user),
        Opponent::Ai { .. } => None,
    };
    autocomplete::match_choices(list, &name_of, typed, who.lang)
}

/// `/admiral board` and the "show my board" button: the board (or setup preview) with what
/// happened last and the ways to act, only for the user.
pub async fn board(app: &App, who: &Who, id: MatchId) -> Reply {
    let l = who.lang;
    let (status, _, _) = match app.service.status(id).await {
        Ok(s) => s,
        Err(e) => return refuse(&e, l),
    };
    if status == MatchStatus::Setup {
        return match app.service.layout_file(who.user, id).await {
            Ok(text) => setup_reply(app, who, id, &text, tr!(l, "setup-board", id = id.0)).await,
            Err(e) => refuse(&e, l),
        };
    }
    if app.service.ruleset(id).await.ok() == Some(Ruleset::Stratego) {
        return board_stratego(app, who, id).await;
    }
    let view = match app.service.view(who.user, id).await {
        Ok(v) => v,
        Err(e) => return refuse(&e, l),
    };
    let mut r = Reply::private(format!("**#{}** · {}", id.0, present::board_status(&view, l)));
    let what = describe_turn(&view, l);
    if !what.is_empty() {
        r.text.push('\n');
        r.text.push_str(&what);
    }
    r.pictures.push(board_pic(&view, l, &opponent_name(app, who, id).await));
    r.pictures.extend(battle_pic(&view, l));
    if let Ok(Some((attack, options, deadline))) = app.service.pending_defence(who.user, id).await {
        r.text.push('\n');
        r.text.push_str(&tr!(l, "defence-pending", when = present::when(deadline)));
        r.rows = present::defence_rows(id, &view, attack.target().unwrap_or(attack.from()), &options, l);
    } else if view.my_turn() {
        r.text.push('\n');
        r.text.push_str(&tr!(l, "your-turn-hint"));
        r.rows = present::turn_rows(id, view.ply, l);
    }
    if app.service.dm_closed(who.user).await.unwrap_or(false) {
        r.text.push('\n');
        r.text.push_str(&tr!(l, "dm-closed-note"));
        // What the DMs would have carried at the end: the game-over card with the points.
        if view.status != Status::Ongoing {
            let held = app.service.held_notices(who.user).await.unwrap_or_default();
            if let Some(n) = held
                .iter()
                .rev()
                .find(|n| n.match_id == Some(id) && matches!(n.notice, Notice::MatchEnded { .. }))
            {
                let ended = present::notice_reply(n, &present::NoticeCtx::default());
                r.pictures.retain(|p| !matches!(p, Pic::Board { .. }));
                r.pictures.splice(0..0, ended.pictures);
                r.text = format!("{}\n{}", ended.text, r.text);
            }
        }
    }
    r
}

/// `/admiral matches`.
pub async fn matches(app: &App, who: &Who) -> Reply {
    let l = who.lang;
    let list = match app.service.my_matches(who.user).await {
        Ok(list) => list,
        Err(e) => return refuse(&e, l),
    };
    if list.is_empty() {
        return Reply::private(tr!(l, "matches-none"));
    }
    let mut lines = vec![tr!(l, "matches-head")];
    for m in &list {
        let state = match (m.status, m.waiting_on_me) {
            (MatchStatus::Setup, true) => tr!(l, "ms-setup-you"),
            (MatchStatus::Setup, false) => tr!(l, "ms-setup-them"),
            (_, true) => tr!(l, "ms-your-move"),
            (_, false) => tr!(l, "ms-their-move"),
        };
        lines.push(format!(
            "• **#{}** · {} · {} · {} · {}",
            m.id.0,
            tr!(l, "vs", name = present::opponent_text(&m.opponent, l)),
            present::side_name(m.side, l),
            tr!(l, "plies", n = m.ply),
            state
        ));
    }
    Reply::private(lines.join("\n"))
}

/// `/admiral resign` and the Resign button: asks for confirmation first. Works in setup as in
/// play, in either ruleset (a resignation during setup ends the match at once, unrated).
pub async fn resign_ask(app: &App, who: &Who, id: MatchId) -> Reply {
    let l = who.lang;
    if let Err(e) = app.service.open_seat(who.user, id).await {
        return refuse(&e, l);
    }
    let mut r = Reply::private(tr!(l, "resign-confirm", id = id.0));
    r.rows = vec![vec![
        Comp::button(Cid::ResignConfirm(id).encode(), tr!(l, "btn-resign-yes"), Style::Danger),
        Comp::button(Cid::ResignCancel(id).encode(), tr!(l, "btn-resign-no"), Style::Secondary),
    ]];
    r
}

/// The confirmed resignation.
pub async fn resign(app: &App, who: &Who, id: MatchId) -> Reply {
    let l = who.lang;
    match app.service.resign(&who.key, who.user, id).await {
        Ok(_) => Reply::private(tr!(l, "resigned", id = id.0)),
        Err(e) => refuse(&e, l),
    }
}

// ------------------------------------------------------------------ components

/// The move modal (typed notation, explained in the placeholder).
pub fn move_modal(id: MatchId, ply: u32, l: Language) -> Modal {
    Modal {
        id: Cid::ActModal(id, ply).encode(),
        title: tr!(l, "modal-move-title", id = id.0),
        inputs: vec![Input {
            id: "action".into(),
            label: tr!(l, "modal-move-label"),
            placeholder: tr!(l, "modal-move-placeholder"),
            max: 40,
        }],
    }
}

/// A button, select menu or modal submit, decoded. `value` is the select menu's choice or the
/// modal's text.
pub async fn component(app: &App, who: &Who, cid: &Cid, value: Option<&str>) -> Answer {
    let l = who.lang;
    match *cid {
        Cid::Accept(c) => accept(app, who, c).await,
        Cid::Decline(c) => decline(app, who, c).await,
        Cid::Auto(m) => setup_update(app, who, m, SetupOp::Auto).await,
        Cid::Ready(m) => setup_update(app, who, m, SetupOp::Ready).await,
        Cid::Upload(m) => match app.service.layout_file(who.user, m).await {
            Ok(_) => Answer::Reply(Reply::private(tr!(l, "upload-how", id = m.0))),
            Err(e) => Answer::Reply(refuse(&e, l)),
        },
        Cid::Saved(m) => {
            if let Err(e) = app.service.layout_file(who.user, m).await {
                return Answer::Reply(refuse(&e, l));
            }
            let names = app.service.saved_layouts(who.user).await.unwrap_or_default();
            if names.is_empty() {
                return Answer::Reply(Reply::private(tr!(l, "layouts-none")));
            }
            let mut r = Reply::private(tr!(l, "layouts-pick"));
            r.rows = vec![vec![Comp::Select {
                id: Cid::UseSaved(m).encode(),
                placeholder: tr!(l, "layouts-pick"),
                options: names
                    .into_iter()
                    .take(25)
                    .map(|n| Opt { label: n.clone(), value: n, description: None })
                    .collect(),
            }]];
            Answer::Reply(r)
        }
        Cid::UseSaved(m) => match value {
            Some(name) => Answer::Reply(setup(app, who, m, SetupOp::Saved(name.to_string())).await),
            None => Answer::Reply(oops(l, tr!(l, "err-malformed"))),
        },
        Cid::Download(m) => match app.service.layout_file(who.user, m).await {
            Ok(text) => {
                let mut r = Reply::private(tr!(l, "download-here", id = m.0));
                r.files.push((format!("layout-{}.txt", m.0), text.into_bytes()));
                Answer::Reply(r)
            }
            Err(e) => Answer::Reply(refuse(&e, l)),
        },
        Cid::Save(m) => match app.service.layout_file(who.user, m).await {
            Ok(_) => Answer::Modal(Modal {
                id: Cid::SaveModal(m).encode(),
                title: tr!(l, "modal-save-title"),
                inputs: vec![Input {
                    id: "name".into(),
                    label: tr!(l, "modal-save-label"),
                    placeholder: tr!(l, "modal-save-placeholder"),
                    max: 40,
                }],
            }),
            Err(e) => Answer::Reply(refuse(&e, l)),
        },
        Cid::SaveModal(m) => {
            let name = value.unwrap_or("").trim();
            Answer::Reply(save_layout(app, who, name, None, Some(m)).await)
        }
        Cid::Act(m, ply) if app.service.ruleset(m).await.ok() == Some(Ruleset::Stratego) => {
            let view = match app.service.stratego_view(who.user, m).await {
                Ok(v) => v,
                Err(e) => return Answer::Reply(refuse(&e, l)),
            };
            if view.status != Status::Ongoing {
                return Answer::Reply(refuse(&ServiceError::MatchOver, l));
            }
            if view.ply != ply {
                return Answer::Reply(refuse(&ServiceError::Stale { made_for: ply, current: view.ply }, l));
            }
            if app.service.legal_notations(who.user, m).await.map(|a| a.is_empty()).unwrap_or(true) {
                return Answer::Reply(refuse(&ServiceError::NotYourTurn, l));
            }
            Answer::Modal(move_modal(m, ply, l))
        }
        Cid::Act(m, ply) => {
            let view = match app.service.view(who.user, m).await {
                Ok(v) => v,
                Err(e) => return Answer::Reply(refuse(&e, l)),
            };
            if view.status != Status::Ongoing {
                return Answer::Reply(refuse(&ServiceError::MatchOver, l));
            }
            if view.ply != ply {
                return Answer::Reply(refuse(&ServiceError::Stale { made_for: ply, current: view.ply }, l));
            }
            if app.service.legal_actions(who.user, m).await.map(|a| a.is_empty()).unwrap_or(true) {
                return Answer::Reply(refuse(&ServiceError::NotYourTurn, l));
            }
            Answer::Modal(move_modal(m, ply, l))
        }
        Cid::ActModal(m, ply) => Answer::Reply(play(app, who, m, value.unwrap_or(""), Some(ply)).await),
        Cid::Board(m) => Answer::Reply(board(app, who, m).await),
        Cid::Resign(m) => Answer::Reply(resign_ask(app, who, m).await),
        Cid::ResignConfirm(m) => {
            let r = resign(app, who, m).await;
            if r.text.starts_with("⚠️") {
                Answer::Reply(r)
            } else {
                Answer::Update(Reply { ephemeral: true, ..r })
            }
        }
        Cid::ResignCancel(_) => Answer::Update(Reply::private(tr!(l, "resign-cancelled"))),
        Cid::Defend(m, ply) => {
            let Some(index) = value.and_then(|v| v.parse::<usize>().ok()) else {
                return Answer::Reply(oops(l, tr!(l, "err-malformed")));
            };
            let view = match app.service.view(who.user, m).await {
                Ok(v) => v,
                Err(e) => return Answer::Reply(refuse(&e, l)),
            };
            if view.ply != ply {
                return Answer::Reply(refuse(&ServiceError::Stale { made_for: ply, current: view.ply }, l));
            }
            match app.service.declare_defence(&who.key, who.user, m, index).await {
                Ok(_) => Answer::Update(Reply::text(tr!(l, "defence-declared", id = m.0))),
                Err(e) => Answer::Reply(refuse(&e, l)),
            }
        }
        Cid::Award(user) => match value {
            Some(choice) => Answer::Reply(award_detail(app, who, user, choice).await),
            None => Answer::Reply(oops(l, tr!(l, "err-malformed"))),
        },
        // The one who asked pages the public message; anyone else gets their own copy.
        Cid::Leaders(owner, page) if owner == who.user => {
            Answer::Update(leaderboard_page(app, who, page).await)
        }
        Cid::Leaders(_, page) => {
            Answer::Reply(Reply { ephemeral: true, ..leaderboard_page(app, who, page).await })
        }
    }
}

async fn setup_update(app: &App, who: &Who, id: MatchId, op: SetupOp) -> Answer {
    let ready = op == SetupOp::Ready;
    let r = setup(app, who, id, op).await;
    if r.text.starts_with("⚠️") {
        return Answer::Reply(r);
    }
    let mut r = Reply { ephemeral: false, ..r };
    if ready {
        // Keep the preview on the message (an edit without files drops them), no buttons.
        if let Ok(text) = app.service.layout_file(who.user, id).await {
            let side = side_in(app, who, id).await.unwrap_or(Side::South);
            r.pictures = vec![setup_pic(&text, side, who.lang)];
        }
        r.rows.clear();
    }
    Answer::Update(r)
}

/// Which kind of first response a component gets (decided before any work, to acknowledge
/// within Discord's 3 seconds): `true` = updates its message, `false` = new ephemeral reply;
/// `None` = opens a modal (answered directly).
pub fn ack_kind(cid: &Cid) -> Option<bool> {
    match cid {
        Cid::Act(..) | Cid::Save(_) => None,
        Cid::Accept(_)
        | Cid::Decline(_)
        | Cid::Auto(_)
        | Cid::Ready(_)
        | Cid::ResignConfirm(_)
        | Cid::ResignCancel(_)
        | Cid::Defend(..)
        | Cid::Leaders(..) => Some(true),
        _ => Some(false),
    }
}

// ------------------------------------------------------------------ layouts

/// `/admiral layouts list`.
pub async fn layouts_list(app: &App, who: &Who) -> Reply {
    let l = who.lang;
    match app.service.saved_layouts(who.user).await {
        Ok(names) if names.is_empty() => Reply::private(tr!(l, "layouts-none")),
        Ok(names) => Reply::private(format!(
            "{}\n{}",
            tr!(l, "layouts-head"),
            names.iter().map(|n| format!("• `{n}`")).collect::<Vec<_>>().join("\n")
        )),
        Err(e) => refuse(&e, l),
    }
}

async fn saved_grid(app: &App, user: UserId, name: &str) -> Option<String> {
    app.service.saved_layout_grid(user, name).await.ok().flatten()
}

/// `/admiral layouts show`: the preview and the file.
pub async fn layouts_show(app: &App, who: &Who, name: &str) -> Reply {
    let l = who.lang;
    match saved_grid(app, who.user, name).await {
        Some(grid) => {
            let mut r = Reply::private(tr!(l, "layout-shown", name = name));
            if let Ok(layout) = Layout::parse_partial(&grid) {
                r.files.push((format!("{}.txt", file_safe(name)), layout.to_text(l).into_bytes()));
            }
            r.pictures.push(setup_pic(&grid, Side::South, l));
            r
        }
        None => refuse(&ServiceError::NoSuchLayout(name.to_string()), l),
    }
}

fn file_safe(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
        .take(40)
        .collect();
    if s.is_empty() {
        "layout".into()
    } else {
        s
    }
}

/// `/admiral layouts save` (from a file, or the current layout of a match) and "save as…".
pub async fn save_layout(
    app: &App,
    who: &Who,
    name: &str,
    file: Option<&str>,
    from_match: Option<MatchId>,
) -> Reply {
    let l = who.lang;
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 {
        return oops(l, tr!(l, "err-layout-name"));
    }
    let text = match (file, from_match) {
        (Some(t), _) => t.to_string(),
        (None, Some(m)) => match app.service.layout_file(who.user, m).await {
            Ok(t) => t,
            Err(e) => return refuse(&e, l),
        },
        (None, None) => {
            let Ok(m) = pick_match(app, who, None).await else {
                return oops(l, tr!(l, "err-save-what"));
            };
            match app.service.layout_file(who.user, m).await {
                Ok(t) => t,
                Err(e) => return refuse(&e, l),
            }
        }
    };
    match app.service.save_layout(who.user, name, &text).await {
        Ok(()) => Reply::private(tr!(l, "layout-saved", name = name)),
        Err(e) => refuse(&e, l),
    }
}

/// `/admiral layouts delete`.
pub async fn layouts_delete(app: &App, who: &Who, name: &str) -> Reply {
    let l = who.lang;
    match app.service.delete_layout(who.user, name).await {
        Ok(()) => Reply::private(tr!(l, "layout-deleted", name = name)),
        Err(e) => refuse(&e, l),
    }
}

/// Autocomplete of saved layout names.
pub async fn layout_choices(app: &App, who: &Who, typed: &str) -> Vec<Choice> {
    let q = typed.trim().to_lowercase();
    app.service
        .saved_layouts(who.user)
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|n| n.to_lowercase().contains(&q))
        .take(25)
        .map(|n| (n.clone(), n))
        .collect()
}

// ------------------------------------------------------------------ settings, rules, career

/// The language setting of `/admiral settings`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LangChoice {
    /// Follow the Discord locale.
    Auto,
    /// English.
    En,
    /// Russian.
    Ru,
}

/// `/admiral settings`.
pub async fn settings(
    app: &App,
    who: &Who,
    policy: Option<DefencePolicy>,
    lang: Option<LangChoice>,
) -> Reply {
    let mut l = who.lang;
    if let Some(p) = policy {
        if let Err(e) = app.service.set_defence_policy(who.user, p).await {
            return refuse(&e, l);
        }
    }
    if let Some(c) = lang {
        let explicit = match c {
            LangChoice::Auto => None,
            LangChoice::En => Some(Language::En),
            LangChoice::Ru => Some(Language::Ru),
        };
        if let Err(e) = app.set_explicit_language(who.user, explicit).await {
            return refuse(&e, l);
        }
        if let Some(x) = explicit {
            l = x;
        }
    }
    let stored = app.service.stored_defence_policy(who.user).await.ok().flatten();
    let policy_text =
        if stored == Some(DefencePolicy::Ask) { tr!(l, "policy-ask") } else { tr!(l, "policy-auto") };
    let lang_text = match lang {
        Some(LangChoice::Auto) => tr!(l, "lang-auto"),
        _ => tr!(l, "lang-name"),
    };
    let head =
        if policy.is_some() || lang.is_some() { tr!(l, "settings-saved") } else { tr!(l, "settings-head") };
    Reply::private(format!(
        "{head}\n{}\n{}",
        tr!(l, "settings-policy", policy = policy_text),
        tr!(l, "settings-lang", lang = lang_text)
    ))
}

/// `/admiral rules`: the unit atlas and a short summary (optionally about one unit).
pub fn rules(who: &Who, unit: Option<&str>) -> Reply {
    let l = who.lang;
    if let Some(u) = unit.filter(|u| !u.trim().is_empty()) {
        return match UnitKind::from_code(u)
            .or_else(|| UnitKind::ALL.into_iter().find(|k| k.name(l).eq_ignore_ascii_case(u.trim())))
        {
            Some(k) => {
                Reply::private(format!("**{} ({})** — {}", present::unit(k, l), k.code(l), unit_line(k, l)))
            }
            None => oops(l, tr!(l, "err-unknown-unit", text = u.trim())),
        };
    }
    let mut r = Reply::private(format!(
        "{}\n\n{}\n\n{}\n\n{}",
        tr!(l, "rules-summary"),
        tr!(l, "stratego-rules-summary"),
        tr!(l, "board-legend"),
        tr!(l, "career-help")
    ));
    let entries =
        UnitKind::ALL.into_iter().map(|k| AtlasEntry { kind: k, lines: vec![unit_line(k, l)] }).collect();
    r.pictures.push(Pic::Atlas(Box::new(AtlasLabels {
        language: l,
        title: tr!(l, "atlas-title"),
        entries,
        footer: tr!(l, "atlas-footer"),
    })));
    r
}

/// One line about a unit kind.
pub fn unit_line(k: UnitKind, l: Language) -> String {
    let what = match k {
        UnitKind::Carrier => tr!(l, "unit-cv"),
        UnitKind::Aircraft => tr!(l, "unit-ac"),
        UnitKind::Torpedo => tr!(l, "unit-tp"),
        UnitKind::Mine => tr!(l, "unit-mn"),
        UnitKind::StationaryMine => tr!(l, "unit-sm"),
        UnitKind::Fireship => tr!(l, "unit-fs"),
        UnitKind::AtomicBomb => tr!(l, "unit-ab"),
        UnitKind::NavalBase => tr!(l, "unit-nb"),
        _ => tr!(l, "unit-scale", strength = k.strength().unwrap_or(0), unit = UnitName::from(k)),
    };
    format!("×{} · {what}", k.fleet_count())
}

/// `/admiral profile`: the card and the award menu.
pub async fn profile(app: &App, who: &Who, user: UserId, name: &str) -> Reply {
    let l = who.lang;
    let (p, progress) = match (app.service.profile(user).await, app.service.award_progress(user).await) {
        (Ok(p), Ok(progress)) => (p, progress),
        (Err(e), _) | (_, Err(e)) => return refuse(&e, l),
    };
    career_view::profile_reply(user, name, &p, &progress, l)
}

/// The award menu under a profile card: the chosen award's condition and progress (or how
/// points work), only for the user who asked.
pub async fn award_detail(app: &App, who: &Who, user: UserId, choice: &str) -> Reply {
    let l = who.lang;
    if choice == career_view::HOW_IT_WORKS {
        return match app.service.profile(who.user).await {
            Ok(me) => career_view::how_it_works(me.points, l),
            Err(e) => refuse(&e, l),
        };
    }
    match app.service.award_progress(user).await {
        Ok(list) => match list.iter().find(|p| p.award.key == choice) {
            Some(p) => Reply::private(career_view::award_detail(p, l)),
            None => oops(l, tr!(l, "err-malformed")),
        },
        Err(e) => refuse(&e, l),
    }
}

/// `/admiral leaderboard` (and its page buttons): this server's players by points, a page at
/// a time, with the caller's place.
pub async fn leaderboard_page(app: &App, who: &Who, page: u32) -> Reply {
    match app.service.leaderboard(who.guild, page, who.user).await {
        Ok(board) => career_view::leaderboard_reply(&board, who.user, who.lang),
        Err(e) => refuse(&e, who.lang),
    }
}

/// `/admiral leaderboard`: the first page.
pub async fn leaderboard(app: &App, who: &Who) -> Reply {
    leaderboard_page(app, who, 0).await
}

/// `/admiral replay`: after the match, the full record (move list and record file).
pub async fn replay(app: &App, who: &Who, id: MatchId) -> Reply {
    let l = who.lang;
    if let Err(e) = app.service.view(who.user, id).await {
        return refuse(&e, l);
    }
    match app.service.status(id).await {
        Ok((MatchStatus::Finished, _, _)) => {}
        Ok(_) => return oops(l, tr!(l, "err-replay-not-finished", id = id.0)),
        Err(e) => return refuse(&e, l),
    }
    let record = match app.service.record(id).await {
        Ok(Some(r)) => r,
        Ok(None) => return oops(l, tr!(l, "err-replay-not-finished", id = id.0)),
        Err(e) => return refuse(&e, l),
    };
    let mut moves = String::new();
    for (i, turn) in record.turns.iter().enumerate() {
        let t = serde_json::to_value(turn).unwrap_or_default();
        let action =
            t.get("action").and_then(|a| a.as_str()).map(str::to_string).unwrap_or_else(|| t.to_string());
        if i % 2 == 0 {
            moves.push_str(&format!("{}. {action}", i / 2 + 1));
        } else {
            moves.push_str(&format!(" {action}\n"));
        }
    }
    let mut r = Reply::private(tr!(l, "replay-head", id = id.0, plies = record.turns.len()));
    let seat = app.service.view(who.user, id).await.map(|v| v.viewer).unwrap_or(Side::South);
    let (south, north) = seat_names(app, who, id, seat).await;
    let result = match app.service.status(id).await {
        Ok((_, _, Some(o))) => present::outcome_headline(&o, None, l),
        _ => String::new(),
    };
    r.pictures.push(Pic::Replay {
        record: Box::new(record.clone()),
        labels: admiral_render::ReplayLabels {
            language: l,
            seat,
            south,
            north,
            ply_label: tr!(l, "ply-label"),
            result,
        },
    });
    r.files.push((format!("match-{}-moves.txt", id.0), moves.into_bytes()));
    r.files.push((
        format!("match-{}-record.json", id.0),
        serde_json::to_vec_pretty(&record).unwrap_or_default(),
    ));
    r
}

/// The user's most recently finished match.
pub async fn last_finished(app: &App, user: UserId) -> Option<MatchId> {
    app.service.last_finished_match(user).await.ok().flatten()
}

/// The names of South and North for a replay, from the viewer's seat.
async fn seat_names(app: &App, who: &Who, id: MatchId, seat: Side) -> (String, String) {
    let me = app.name_of(who.user).unwrap_or_else(|| tr!(who.lang, "you"));
    let opp = opponent_name(app, who, id).await;
    let opp = if opp == tr!(who.lang, "opponent") {
        // Finished matches are no longer in `my_matches`: look the seat up in the store.
        match app.service.match_seats(id).await.ok().flatten() {
            Some(MatchSeats { south, north, ai_level, .. }) => {
                let other = if seat == Side::South { north } else { south };
                match (other, ai_level) {
                    (Some(u), _) => app.name_of(u).unwrap_or(opp),
                    (None, Some(level)) => tr!(who.lang, "ai-name", level = level),
                    _ => opp,
                }
            }
            None => opp,
        }
    } else {
        opp
    };
    if seat == Side::South {
        (me, opp)
    } else {
        (opp, me)
    }
}

/// Autocomplete of `/admiral replay`'s match: the user's finished matches, newest first.
pub async fn finished_choices(app: &App, who: &Who, typed: &str) -> Vec<Choice> {
    let rows = app.service.finished_matches(who.user, 100).await.unwrap_or_default();
    let q = typed.trim().trim_start_matches('#');
    rows.into_iter()
        .filter(|m| q.is_empty() || m.id.0.to_string().starts_with(q))
        .take(25)
        .map(|MatchSeats { id: MatchId(id), south, north, ai_level }| {
            let other = if south == Some(who.user) { north } else { south };
            let opp = match (other, ai_level) {
                (Some(user), _) => Opponent::Human { user },
                (None, level) => Opponent::Ai { level: level.unwrap_or(1) },
            };
            let name = match opp {
                Opponent::Human { user } => app.name_of(user),
                Opponent::Ai { .. } => None,
            };
            (
                format!(
                    "#{id} · {}",
                    tr!(who.lang, "vs", name = opponent_plain(&opp, who.lang, name.as_deref()))
                ),
                id.to_string(),
            )
        })
        .collect()
}
