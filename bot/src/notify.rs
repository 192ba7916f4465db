//! Notifications as data: who, which match, what happened, which pictures to attach and which
//! buttons to offer. The Discord adapter turns them into messages; tests record them.
//!
//! Hidden information: every per-player payload here is built only from
//! [`admiral_engine::Game::view`] and [`admiral_engine::shared::SeenEvent::seen_by`] for that player's
//! seat. Channel notices carry no board at all.

use admiral_engine::{Action, Event, Language, Outcome, Side, Square};
use serde::{Deserialize, Serialize};

use crate::career::{AwardChange, PointsBreakdown, Unrated};
use crate::ids::{ChallengeId, MatchId, NotificationId, UserId};
use crate::model::{MatchSettings, Opponent, PlayerView};

/// Where a notification goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Recipient {
    /// A direct message to a user.
    User {
        /// The user.
        user: UserId,
    },
    /// A public message in a server channel (never anything secret).
    Channel {
        /// The server, if any.
        guild: Option<u64>,
        /// The channel.
        channel: u64,
    },
}

/// A notification to queue (before it has an id).
#[derive(Clone, Debug)]
pub struct Outgoing {
    /// Who.
    pub recipient: Recipient,
    /// About which match.
    pub match_id: Option<MatchId>,
    /// In which language.
    pub language: Language,
    /// What.
    pub notice: Notice,
}

impl Outgoing {
    /// A DM to `user`.
    pub fn to_user(user: UserId, match_id: Option<MatchId>, language: Language, notice: Notice) -> Outgoing {
        Outgoing { recipient: Recipient::User { user }, match_id, language, notice }
    }
}

/// One queued notification, as handed to a delivery (the outbox's `Delivery`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Notification {
    /// The outbox row; deliveries are idempotent per id (e.g. a Discord message nonce).
    pub id: NotificationId,
    /// Who receives it.
    pub recipient: Recipient,
    /// The match it is about, if any.
    pub match_id: Option<MatchId>,
    /// The recipient's language when it was queued.
    pub language: Language,
    /// What happened.
    pub notice: Notice,
}

/// A picture for the adapter to render and attach.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "picture", rename_all = "snake_case")]
pub enum Picture {
    /// A player's board (either ruleset), from their view only.
    Board {
        /// The view (the fog applied).
        view: Box<PlayerView>,
    },
    /// A setup preview of the player's own layout.
    Setup {
        /// The seat.
        side: Side,
        /// The layout file grid (English codes, `.` for empty).
        grid: String,
    },
    /// A battle card: the last turn's combat events as the viewer saw them.
    Battle {
        /// The viewer.
        viewer: Side,
        /// The events (already passed through `Event::seen_by`).
        events: Vec<Event>,
    },
    /// The player's profile card.
    Profile {
        /// Whose.
        user: UserId,
    },
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "notice", rename_all = "snake_case")]
pub enum Notice {
    /// Public: a challenge with Accept/Decline (only `to` may answer).
    ChallengeIssued {
        /// The challenge.
        challenge: ChallengeId,
        /// Who challenges.
        from: UserId,
        /// Who is challenged.
        to: UserId,
        /// The proposed settings.
        settings: MatchSettings,
        /// When it expires.
        expires_at: i64,
    },
    /// The challenge was answered (sent to the challenger, and publicly).
    ChallengeAnswered {
        /// The challenge.
        challenge: ChallengeId,
        /// Accepted or declined.
        accepted: bool,
        /// The match created on acceptance.
        match_id: Option<MatchId>,
    },
    /// The challenge expired unanswered.
    ChallengeExpired {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// Set up your fleet: preview and setup buttons.
    SetupOpened {
        /// Your seat.
        side: Side,
        /// Whom you play.
        opponent: Opponent,
        /// The current layout (preview).
        grid: String,
        /// When the clock fills in the rest, if timed.
        deadline: Option<i64>,
    },
    /// Setup time is running out.
    SetupReminder {
        /// When the clock fills in the rest.
        deadline: i64,
    },
    /// The setup clock ran out and completed your layout.
    SetupFilled {
        /// Your seat.
        side: Side,
        /// The layout now used.
        grid: String,
    },
    /// The opponent is ready.
    OpponentReady,
    /// The AI's move will take longer than usual: every search slot of the bot is busy.
    AiBusy {
        /// Searches waiting before this one.
        ahead: u32,
        /// About how long until the AI's move, in seconds, judged from the recent searches
        /// (none before the first).
        #[serde(default)]
        eta_secs: Option<u32>,
    },
    /// Your board (either ruleset) at the start or after a move, yours or the opponent's:
    /// when the view says it is your turn, "your turn" with the move buttons; otherwise what
    /// the last move did (the start, your attack's result).
    ///
    /// Read also from the tags of the notices it replaced: `your_turn` and `moved` (Admiral)
    /// and `stratego_board`.
    #[serde(alias = "your_turn", alias = "moved", alias = "stratego_board")]
    Board {
        /// Your view.
        view: Box<PlayerView>,
        /// When you lose on time, if timed and your turn.
        #[serde(default)]
        deadline: Option<i64>,
    },
    /// An attack on your scale ship: declare your defence group.
    DefenceRequested {
        /// The attack as you may know it (undeclared partners hidden).
        attack: Action,
        /// Your options (partner squares), the default policy's choice first.
        options: Vec<Vec<Square>>,
        /// When the default policy decides for you.
        deadline: i64,
    },
    /// Your attack waits for the defender's declaration.
    AwaitingDefence {
        /// When the default policy decides.
        deadline: i64,
    },
    /// Your move is due soon.
    MoveReminder {
        /// When you lose on time.
        deadline: i64,
    },
    /// The match ended: result and, in a ruleset with a career (Admiral's), points with the
    /// working and new awards.
    ///
    /// Read also from the tag of the notice it replaced for Stratego, `stratego_ended`.
    #[serde(alias = "stratego_ended")]
    MatchEnded {
        /// Your final view.
        view: Box<PlayerView>,
        /// The result.
        outcome: Outcome,
        /// Points earned (rated matches).
        #[serde(default)]
        points: Option<PointsBreakdown>,
        /// Awards gained or raised.
        #[serde(default)]
        awards: Vec<AwardChange>,
        /// Why an Admiral match changed nothing in the career (`None` when it counted, and in
        /// a ruleset without a career).
        #[serde(default)]
        unrated: Option<Unrated>,
        /// The player's accumulated points after the match (rated or not): the rank shown.
        #[serde(default)]
        standing: u32,
    },
    /// A guided lesson begins, or is taken up again: its name and what to do (the board
    /// follows in its own message).
    LessonBrief {
        /// The lesson (`admiral/01-moving`).
        lesson: String,
    },
    /// A try of a lesson ended: passed, or failed with why and a hint.
    LessonEnded {
        /// The lesson.
        lesson: String,
        /// The learner's final view.
        view: Box<PlayerView>,
        /// `None`: passed. Otherwise the failure's key: one of the lesson's, or `turns` (out
        /// of turns) or `ended` (the game ended without the goal).
        failure: Option<String>,
        /// The next lesson on the path, if any.
        next: Option<String>,
    },
    /// Public: a short result in the channel where the challenge started.
    PublicResult {
        /// South's player.
        south: Opponent,
        /// North's player.
        north: Opponent,
        /// The result.
        outcome: Outcome,
    },
    /// Public fallback: a player's DMs are closed; tells them to play through the slash
    /// commands (ephemeral replies). Nothing secret.
    DmFallback {
        /// The player to mention.
        user: UserId,
    },
}

impl Notice {
    /// The pictures to attach (built only from the recipient's own view or layout).
    pub fn pictures(&self) -> Vec<Picture> {
        match self {
            Notice::SetupOpened { grid, side, .. } | Notice::SetupFilled { grid, side } => {
                vec![Picture::Setup { side: *side, grid: grid.clone() }]
            }
            Notice::Board { view, .. }
            | Notice::MatchEnded { view, .. }
            | Notice::LessonEnded { view, .. } => {
                let mut pictures = vec![Picture::Board { view: view.clone() }];
                // The battle card is Admiral's.
                if let Some(v) = view.admiral().filter(|v| v.last_turn.iter().any(Event::is_combat)) {
                    pictures.push(Picture::Battle { viewer: v.viewer, events: v.last_turn.clone() });
                }
                pictures
            }
            _ => Vec::new(),
        }
    }

    /// True if the notice may carry secrets of the recipient (a board, a layout, options):
    /// such notices are never posted publicly; a closed DM reroutes them to a fallback.
    pub fn is_private(&self) -> bool {
        !matches!(
            self,
            Notice::ChallengeIssued { .. } | Notice::PublicResult { .. } | Notice::DmFallback { .. }
        )
    }
}
