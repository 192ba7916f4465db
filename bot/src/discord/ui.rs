//! What the bot answers, as plain data ([`Reply`], [`Answer`], [`Comp`], [`Pic`]), and the one
//! place that turns it into serenity/poise builders. The decision code builds plain data (unit
//! tests inspect it without a network); pictures are rendered only here, off the async runtime.

use std::sync::Arc;

use admiral_engine::{Layout, Side};
use admiral_render::{
    AtlasLabels, BattleCard, BoardLabels, GameOverCard, ProfileCard, RanksCard, Renderer, ReplayFrame,
    ReplayLabels, SetupLabels,
};
use poise::serenity_prelude as serenity;

use crate::ids::UserId;
use crate::model::PlayerView;

/// A button's colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// Blurple.
    Primary,
    /// Grey.
    Secondary,
    /// Green.
    Success,
    /// Red.
    Danger,
}

/// One option of a select menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opt {
    /// Shown (≤ 100 characters).
    pub label: String,
    /// Sent back (≤ 100 characters).
    pub value: String,
    /// A second line.
    pub description: Option<String>,
}

/// A message component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comp {
    /// A button.
    Button {
        /// Custom id.
        id: String,
        /// Label.
        label: String,
        /// Colour.
        style: Style,
        /// Greyed out.
        disabled: bool,
    },
    /// A string select menu (alone in its row).
    Select {
        /// Custom id.
        id: String,
        /// Text when nothing is chosen.
        placeholder: String,
        /// 1–25 options.
        options: Vec<Opt>,
    },
}

impl Comp {
    /// A button.
    pub fn button(id: impl Into<String>, label: impl Into<String>, style: Style) -> Comp {
        Comp::Button { id: id.into(), label: label.into(), style, disabled: false }
    }
    /// The custom id.
    pub fn id(&self) -> &str {
        match self {
            Comp::Button { id, .. } | Comp::Select { id, .. } => id,
        }
    }
}

/// A picture to render and attach.
#[derive(Clone, Debug, PartialEq)]
pub enum Pic {
    /// A board (either ruleset) from one player's view.
    Board {
        /// The view (fog applied).
        view: Box<PlayerView>,
        /// Texts.
        labels: BoardLabels,
    },
    /// A setup preview (either ruleset: the grid says which).
    Setup {
        /// The layout grid.
        grid: String,
        /// The seat.
        side: Side,
        /// Texts.
        labels: SetupLabels,
    },
    /// A battle card.
    Battle(Box<BattleCard>),
    /// The game-over card.
    GameOver(Box<GameOverCard>),
    /// The profile card.
    Profile(Box<ProfileCard>),
    /// The table of the 19 ranks.
    Ranks(Box<RanksCard>),
    /// The unit atlas.
    Atlas(Box<AtlasLabels>),
    /// The full-reveal replay of a finished match (animated GIF).
    Replay {
        /// The record.
        record: Box<admiral_engine::Record>,
        /// Texts.
        labels: ReplayLabels,
    },
}

impl Pic {
    /// The attachment's file name.
    pub fn file_name(&self) -> &'static str {
        match self {
            Pic::Board { .. } => "board.png",
            Pic::Setup { .. } => "setup.png",
            Pic::Battle(_) => "battle.png",
            Pic::GameOver(_) => "result.png",
            Pic::Profile(_) => "profile.png",
            Pic::Ranks(_) => "ranks.png",
            Pic::Atlas(_) => "units.png",
            Pic::Replay { .. } => "replay.gif",
        }
    }

    /// Renders the picture (CPU work: call from a blocking thread).
    pub fn render(&self, r: &Renderer) -> Vec<u8> {
        match self {
            Pic::Board { view, labels } => match &**view {
                PlayerView::Admiral(v) => r.render_board(v, labels),
                PlayerView::Stratego(v) => r.render_stratego_board(v, labels),
            },
            Pic::Setup { grid, side, labels } => match Layout::parse_partial(grid) {
                Ok(layout) => r.render_setup(&layout, *side, labels),
                // A Stratego grid (4 rows of 10) is no Admiral layout.
                Err(_) => match admiral_engine::stratego::Layout::parse_partial(grid) {
                    Ok(layout) => r.render_stratego_setup(&layout, *side, labels),
                    Err(_) => Vec::new(),
                },
            },
            Pic::Battle(card) => r.render_battle_card(card),
            Pic::GameOver(card) => r.render_game_over(card),
            Pic::Profile(card) => r.render_profile(card),
            Pic::Ranks(card) => r.render_ranks(card),
            Pic::Atlas(atlas) => r.render_atlas(atlas),
            Pic::Replay { record, labels } => match ReplayFrame::from_record(record) {
                Ok(frames) => {
                    let gif = r.render_replay_gif(&frames, labels);
                    // Too big for Discord's default upload limit: the record file remains.
                    if gif.len() > 9 * 1024 * 1024 {
                        Vec::new()
                    } else {
                        gif
                    }
                }
                Err(_) => Vec::new(),
            },
        }
    }
}

/// A text input of a modal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// Custom id.
    pub id: String,
    /// Label.
    pub label: String,
    /// Placeholder (≤ 100 characters).
    pub placeholder: String,
    /// Maximum length.
    pub max: u16,
}

/// A modal (pop-up form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modal {
    /// Custom id.
    pub id: String,
    /// Title (≤ 45 characters).
    pub title: String,
    /// 1–5 inputs.
    pub inputs: Vec<Input>,
}

/// A message to send.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// The text (≤ 2,000 characters; cut if longer).
    pub text: String,
    /// Pictures to render and attach.
    pub pictures: Vec<Pic>,
    /// Other files (name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// Rows of components (≤ 5).
    pub rows: Vec<Vec<Comp>>,
    /// Only the user sees it (interaction replies).
    pub ephemeral: bool,
    /// Users this message may ping.
    pub ping: Vec<UserId>,
}

impl Reply {
    /// A plain text reply visible to all.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply { text: text.into(), ..Reply::default() }
    }
    /// An ephemeral text reply.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply { text: text.into(), ephemeral: true, ..Reply::default() }
    }
    /// Appends `line` to the text on a line of its own (nothing when `line` is empty).
    pub fn push_line(&mut self, line: &str) {
        if !line.is_empty() {
            self.text.push('\n');
            self.text.push_str(line);
        }
    }
    /// Every custom id of the components.
    pub fn ids(&self) -> Vec<String> {
        self.rows.iter().flatten().map(|c| c.id().to_string()).collect()
    }
}

/// The answer to a component or modal interaction.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A new (usually ephemeral) message.
    Reply(Reply),
    /// Replace the message the component is on (files re-attached).
    Update(Reply),
    /// Open a modal.
    Modal(Modal),
}

impl Answer {
    /// The reply, if any (tests).
    pub fn reply(&self) -> Option<&Reply> {
        match self {
            Answer::Reply(r) | Answer::Update(r) => Some(r),
            Answer::Modal(_) => None,
        }
    }
}

/// Discord's content limit.
pub const MAX_CONTENT: usize = 2000;

/// Cuts text to Discord's limit on a character boundary.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

// ------------------------------------------------------------------ serenity builders

/// Renders every picture of a reply on a blocking thread and adds the plain files.
pub async fn attachments(renderer: &Arc<Renderer>, reply: &Reply) -> Vec<serenity::CreateAttachment> {
    let pics = reply.pictures.clone();
    let r = renderer.clone();
    let rendered = if pics.is_empty() {
        Vec::new()
    } else {
        tokio::task::spawn_blocking(move || {
            pics.iter().map(|p| (p.file_name(), p.render(&r))).collect::<Vec<_>>()
        })
        .await
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "rendering failed");
            Vec::new()
        })
    };
    let mut out: Vec<serenity::CreateAttachment> = rendered
        .into_iter()
        .filter(|(_, bytes)| !bytes.is_empty())
        .map(|(name, bytes)| serenity::CreateAttachment::bytes(bytes, name))
        .collect();
    for (name, bytes) in &reply.files {
        out.push(serenity::CreateAttachment::bytes(bytes.clone(), name.clone()));
    }
    out
}

fn style(s: Style) -> serenity::ButtonStyle {
    match s {
        Style::Primary => serenity::ButtonStyle::Primary,
        Style::Secondary => serenity::ButtonStyle::Secondary,
        Style::Success => serenity::ButtonStyle::Success,
        Style::Danger => serenity::ButtonStyle::Danger,
    }
}

/// The action rows.
pub fn rows(rows: &[Vec<Comp>]) -> Vec<serenity::CreateActionRow> {
    rows.iter()
        .take(5)
        .filter(|r| !r.is_empty())
        .map(|row| match &row[0] {
            Comp::Select { id, placeholder, options } => {
                let opts = options
                    .iter()
                    .take(25)
                    .map(|o| {
                        let mut opt =
                            serenity::CreateSelectMenuOption::new(clip(&o.label, 100), clip(&o.value, 100));
                        if let Some(d) = &o.description {
                            opt = opt.description(clip(d, 100));
                        }
                        opt
                    })
                    .collect();
                serenity::CreateActionRow::SelectMenu(
                    serenity::CreateSelectMenu::new(
                        id.clone(),
                        serenity::CreateSelectMenuKind::String { options: opts },
                    )
                    .placeholder(clip(placeholder, 150)),
                )
            }
            Comp::Button { .. } => serenity::CreateActionRow::Buttons(
                row.iter()
                    .take(5)
                    .filter_map(|c| match c {
                        Comp::Button { id, label, style: s, disabled } => Some(
                            serenity::CreateButton::new(id.clone())
                                .label(clip(label, 80))
                                .style(style(*s))
                                .disabled(*disabled),
                        ),
                        Comp::Select { .. } => None,
                    })
                    .collect(),
            ),
        })
        .collect()
}

fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new().users(reply.ping.iter().map(|u| serenity::UserId::new(u.0.max(1))))
}

/// What every kind of message the bot sends takes from a [`Reply`] alike: its text (clipped to
/// Discord's limit), its rows of components and whom it may ping. Each kind is its own
/// serenity/poise builder type with the same three methods, and no trait of theirs has them.
trait MessageBody {
    /// The builder with the reply's text, rows and mentions.
    fn body(self, reply: &Reply) -> Self;
}

macro_rules! message_body {
    ($($builder:ty),+ $(,)?) => {$(
        impl MessageBody for $builder {
            fn body(self, reply: &Reply) -> Self {
                self.content(clip(&reply.text, MAX_CONTENT))
                    .components(rows(&reply.rows))
                    .allowed_mentions(mentions(reply))
            }
        }
    )+};
}

message_body!(
    poise::CreateReply,
    serenity::CreateMessage,
    serenity::CreateInteractionResponseMessage,
    serenity::EditInteractionResponse,
    serenity::CreateInteractionResponseFollowup,
);

/// A poise reply (slash commands).
pub fn create_reply(reply: &Reply, files: Vec<serenity::CreateAttachment>) -> poise::CreateReply {
    let mut b = poise::CreateReply::default().body(reply).ephemeral(reply.ephemeral);
    for f in files {
        b = b.attachment(f);
    }
    b
}

/// A channel or DM message.
pub fn create_message(reply: &Reply, files: Vec<serenity::CreateAttachment>) -> serenity::CreateMessage {
    serenity::CreateMessage::new().body(reply).add_files(files)
}

/// An interaction response message (new message or update).
pub fn response_message(
    reply: &Reply,
    files: Vec<serenity::CreateAttachment>,
) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new().body(reply).ephemeral(reply.ephemeral).files(files)
}

/// An edit of the original response, replacing all of its files with `files` (an edit
/// without them would drop the pictures).
pub fn edit_response(
    reply: &Reply,
    files: Vec<serenity::CreateAttachment>,
) -> serenity::EditInteractionResponse {
    let mut atts = serenity::EditAttachments::new();
    for f in files {
        atts = atts.add(f);
    }
    serenity::EditInteractionResponse::new().body(reply).attachments(atts)
}

/// A follow-up message.
pub fn followup(
    reply: &Reply,
    files: Vec<serenity::CreateAttachment>,
) -> serenity::CreateInteractionResponseFollowup {
    serenity::CreateInteractionResponseFollowup::new().body(reply).ephemeral(reply.ephemeral).add_files(files)
}

/// A modal.
pub fn modal(m: &Modal) -> serenity::CreateModal {
    let inputs = m
        .inputs
        .iter()
        .take(5)
        .map(|i| {
            serenity::CreateActionRow::InputText(
                serenity::CreateInputText::new(
                    serenity::InputTextStyle::Short,
                    clip(&i.label, 45),
                    i.id.clone(),
                )
                .placeholder(clip(&i.placeholder, 100))
                .max_length(i.max)
                .required(true),
            )
        })
        .collect();
    serenity::CreateModal::new(m.id.clone(), clip(&m.title, 45)).components(inputs)
}
