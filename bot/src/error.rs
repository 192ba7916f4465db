//! Why the service refused something: specific, localisable reasons (variants, not strings).

use admiral_engine::{describe_errors, Language, LayoutError, ParseActionError, PlayError};

use admiral_engine::stratego;

use crate::ids::{ChallengeId, MatchId};

/// A refusal or failure of a service call. Every refusal leaves the database unchanged.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// No such match.
    #[error("no such match {0}")]
    NoSuchMatch(MatchId),
    /// No such challenge.
    #[error("no such challenge {0}")]
    NoSuchChallenge(ChallengeId),
    /// The user is not a player of this match.
    #[error("you are not a player of this match")]
    NotYourMatch,
    /// Only the challenged user may answer a challenge.
    #[error("only the challenged player may answer this challenge")]
    NotYourChallenge,
    /// Nobody may challenge themselves.
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    /// Bots cannot be challenged (use the AI command instead).
    #[error("bots cannot be challenged; play the AI with /admiral ai")]
    BotOpponent,
    /// The challenge expired (24 h without an answer).
    #[error("this challenge has expired")]
    ChallengeExpired,
    /// The challenge was already answered.
    #[error("this challenge was already answered")]
    ChallengeClosed,
    /// Settings out of range (AI level, days per move, clock).
    #[error("invalid match settings: {0}")]
    InvalidSettings(&'static str),
    /// The match is not in its setup phase.
    #[error("the match is not in setup")]
    NotInSetup,
    /// The match has not started yet: setup is not finished.
    #[error("the match has not started: setup is not finished")]
    SetupNotReady,
    /// The player already declared ready; the layout can no longer change.
    #[error("you are already ready")]
    AlreadyReady,
    /// Ready with an incomplete layout.
    #[error("your layout is incomplete: {}", listed(&describe_errors(.0, Language::En), Language::En))]
    LayoutIncomplete(Vec<LayoutError>),
    /// A layout has problems (an uploaded or saved file; a Stratego setup at Ready too);
    /// nothing changed.
    #[error("{}", .0.message(Language::En))]
    BadLayout(LayoutProblems),
    /// A zone cell outside the 5×14 setup zone.
    #[error("that square is not in your setup zone")]
    NotInZone,
    /// No lesson has that id.
    #[error("there is no lesson `{0}`")]
    NoSuchLesson(String),
    /// The match is not a try of a lesson.
    #[error("that match is not a lesson")]
    NotALesson,
    /// No saved layout of that name.
    #[error("no saved layout named `{0}`")]
    NoSuchLayout(String),
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// It is the other side's turn (or decision).
    #[error("it is not your turn")]
    NotYourTurn,
    /// The position changed since the action was chosen.
    #[error("the position changed (you acted on move {made_for}, it is now move {current}); look at the new board")]
    Stale {
        /// The ply the action was made for.
        made_for: u32,
        /// The current ply.
        current: u32,
    },
    /// Unreadable notation.
    #[error("{0}")]
    BadNotation(#[from] NotationError),
    /// Not legal in this position (the reason uses the mover's knowledge only).
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    /// An attack is waiting for the defender's declaration.
    #[error("waiting for the defender to declare a defence")]
    DecisionPending,
    /// No defence declaration is expected from this user now.
    #[error("no defence declaration is expected from you")]
    NoDecision,
    /// The chosen defence option does not exist.
    #[error("no such defence option")]
    BadDefenceChoice,
    /// The command is for a match of the other ruleset (e.g. a defence in Stratego).
    #[error("that is not part of this match's rules")]
    OtherRuleset,
    /// Another process (or task) changed the same match or row at the same moment: nothing
    /// was written; the service retries, and if it still collides the player tries again.
    #[error("the match changed at the same moment; please try again")]
    Conflict,
    /// The database failed (not a refusal; the action may be retried).
    #[error("database error: {0}")]
    Db(sqlx::Error),
    /// Stored data could not be read back (a bug or a newer format).
    #[error("stored data unreadable: {0}")]
    Corrupt(String),
}

/// The engine's own error of one ruleset, behind a refusal that both rulesets share (the
/// service's refusals are the same for every ruleset; only what went wrong is the game's).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError<A, S> {
    /// Admiral's error.
    #[error("{0}")]
    Admiral(A),
    /// Stratego's error.
    #[error("{0}")]
    Stratego(S),
}

/// The problems of a layout (a file, or a Stratego setup that is incomplete at Ready).
pub type LayoutProblems = RulesetError<Vec<LayoutError>, Vec<stratego::LayoutError>>;

/// Notation that could not be read (the engine's text).
pub type NotationError = RulesetError<ParseActionError, stratego::ParseActionError>;

/// Why a move is not legal, in the mover's knowledge (the engine's text).
pub type IllegalMove = RulesetError<PlayError, stratego::PlayError>;

impl LayoutProblems {
    /// Whether no problem is listed.
    pub fn is_empty(&self) -> bool {
        match self {
            RulesetError::Admiral(errors) => errors.is_empty(),
            RulesetError::Stratego(errors) => errors.is_empty(),
        }
    }

    /// The heading and the (shortened) list of problems, in `language`.
    pub fn message(&self, language: Language) -> String {
        let (heading, problems) = match self {
            RulesetError::Admiral(errors) => {
                let heading = match language {
                    Language::En => "bad layout file:",
                    Language::Ru => "ошибки в файле расстановки:",
                };
                (heading, describe_errors(errors, language))
            }
            RulesetError::Stratego(errors) => {
                let heading = match language {
                    Language::En => "bad layout:",
                    Language::Ru => "ошибки в расстановке:",
                };
                (heading, stratego::describe_errors(errors, language))
            }
        };
        format!("{heading}\n{}", listed(&problems, language))
    }
}

/// How many problems of a layout are listed; the rest are counted ("and 12 more"), so that a
/// file that is wrong everywhere gets a readable answer instead of a wall of lines.
pub const LISTED_PROBLEMS: usize = 6;

/// The first [`LISTED_PROBLEMS`] lines of a list of problems, then how many were left out.
pub fn listed(lines: &str, language: Language) -> String {
    let all: Vec<&str> = lines.lines().collect();
    if all.len() <= LISTED_PROBLEMS {
        return lines.to_string();
    }
    let more = all.len() - LISTED_PROBLEMS;
    let tail = match language {
        Language::En => format!("… and {more} more"),
        Language::Ru => format!("… и ещё {more}"),
    };
    let mut out = all[..LISTED_PROBLEMS].join("\n");
    out.push('\n');
    out.push_str(&tail);
    out
}

impl ServiceError {
    /// The message for the player in their language.
    pub fn message(&self, language: Language) -> String {
        if language == Language::En {
            return self.to_string();
        }
        match self {
            ServiceError::NoSuchMatch(m) => format!("нет партии {m}"),
            ServiceError::NoSuchChallenge(_) => "нет такого вызова".into(),
            ServiceError::NotYourMatch => "вы не участник этой партии".into(),
            ServiceError::NotYourChallenge => "ответить на вызов может только вызванный игрок".into(),
            ServiceError::SelfChallenge => "нельзя вызвать самого себя".into(),
            ServiceError::BotOpponent => "ботов вызывать нельзя; сыграйте с ИИ: /адмирал ии".into(),
            ServiceError::ChallengeExpired => "срок вызова истёк".into(),
            ServiceError::ChallengeClosed => "на этот вызов уже ответили".into(),
            ServiceError::InvalidSettings(what) => format!("неверные настройки партии: {what}"),
            ServiceError::NotInSetup => "партия не в стадии расстановки".into(),
            ServiceError::SetupNotReady => "партия ещё не началась: расстановка не закончена".into(),
            ServiceError::AlreadyReady => "вы уже готовы".into(),
            ServiceError::LayoutIncomplete(e) => {
                format!("расстановка не закончена: {}", listed(&describe_errors(e, Language::Ru), Language::Ru))
            }
            ServiceError::BadLayout(problems) => problems.message(Language::Ru),
            ServiceError::NotInZone => "эта клетка вне вашей зоны расстановки".into(),
            ServiceError::NoSuchLayout(n) => format!("нет сохранённой расстановки «{n}»"),
            ServiceError::NotALesson => "эта партия — не урок".into(),
            ServiceError::NoSuchLesson(id) => format!("нет урока «{id}»"),
            ServiceError::MatchOver => "партия окончена".into(),
            ServiceError::NotYourTurn => "сейчас не ваш ход".into(),
            ServiceError::Stale { made_for, current } => format!(
                "позиция изменилась (вы ходили на ходу {made_for}, сейчас ход {current}); посмотрите новую доску"
            ),
            ServiceError::BadNotation(e) => e.to_string(),
            ServiceError::Illegal(e) => e.to_string(),
            ServiceError::DecisionPending => "ждём, пока защитник объявит защиту".into(),
            ServiceError::NoDecision => "от вас не ждут объявления защиты".into(),
            ServiceError::BadDefenceChoice => "нет такого варианта защиты".into(),
            ServiceError::OtherRuleset => "это не входит в правила этой партии".into(),
            ServiceError::Conflict => "партия изменилась в тот же момент; попробуйте ещё раз".into(),
            ServiceError::Db(_) | ServiceError::Corrupt(_) => {
                "внутренняя ошибка; попробуйте ещё раз".into()
            }
        }
    }

    /// True for refusals (the user's request was wrong), false for failures.
    pub fn is_refusal(&self) -> bool {
        !matches!(self, ServiceError::Db(_) | ServiceError::Corrupt(_) | ServiceError::Conflict)
    }
}

impl From<LayoutProblems> for ServiceError {
    fn from(problems: LayoutProblems) -> ServiceError {
        ServiceError::BadLayout(problems)
    }
}

impl From<crate::store::events::EventsError> for ServiceError {
    fn from(e: crate::store::events::EventsError) -> ServiceError {
        match e {
            crate::store::events::EventsError::Db(e) => ServiceError::from(e),
            unreadable => ServiceError::Corrupt(unreadable.to_string()),
        }
    }
}

impl From<sqlx::Error> for ServiceError {
    /// A database error, or a [`ServiceError::Conflict`] when it is a collision with a
    /// concurrent writer that a retry resolves: a unique key taken meanwhile (PostgreSQL
    /// 23505, SQLite's constraint codes 1555 and 2067), a serialization failure (40001) or a
    /// deadlock (40P01).
    fn from(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &e {
            if matches!(db.code().as_deref(), Some("23505" | "40001" | "40P01" | "1555" | "2067")) {
                return ServiceError::Conflict;
            }
        }
        ServiceError::Db(e)
    }
}

/// Shorthand.
pub type Result<T, E = ServiceError> = std::result::Result<T, E>;
