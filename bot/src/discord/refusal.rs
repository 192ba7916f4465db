//! Why the adapter does not do what was asked, as a type: a [`Refusal`] wraps the service's
//! refusal (or failure) or names an adapter-level [`Reason`] (a match name that is no match,
//! a malformed button, a file that is no layout). Handlers return
//! `Result<Reply, Refusal>` ([`Handled`]) or `Result<Answer, Refusal>` ([`Answered`]);
//! [`Refusal::reply`] is the one place a refusal becomes the ephemeral text the asker reads.

use admiral_engine::{Illegal, Language, ParseActionError, PlayError};

use super::i18n::tr;
use super::texts::unit;
use super::ui::{Answer, Reply};
use super::upload::FileProblem;
use crate::error::{IllegalMove, NotationError, ServiceError};
use crate::ids::MatchId;

/// What a command handler answers: the reply, or why not.
pub type Handled = Result<Reply, Refusal>;

/// What a component handler answers: the answer, or why not.
pub type Answered = Result<Answer, Refusal>;

/// Why a request is not done.
#[derive(Debug)]
pub enum Refusal {
    /// The service refused (or failed).
    Service(ServiceError),
    /// The adapter refused before asking the service.
    Adapter(Reason),
}

/// The adapter's own reasons to refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The `match` option names no match.
    BadMatch(String),
    /// The user has no match to act on.
    NoMatches,
    /// The user has several matches and named none.
    WhichMatch(Vec<MatchId>),
    /// A rated Stratego challenge (Stratego is never rated).
    StrategoRated,
    /// `/admiral setup swap` with squares that are no squares.
    BadSquares(String, String),
    /// A component or modal whose payload makes no sense.
    Malformed,
    /// A layout name that is empty or too long.
    LayoutName,
    /// `/admiral layouts save` with nothing to save.
    SaveWhat,
    /// `/admiral rules` about a unit that does not exist.
    UnknownUnit(String),
    /// `/admiral replay` of a match that is not over.
    ReplayNotFinished(MatchId),
    /// `/admiral replay` without a finished match.
    NoFinished,
    /// An uploaded file that could not be read.
    File(FileProblem),
    /// A command failed for a reason the asker cannot act on.
    Internal,
}

impl From<ServiceError> for Refusal {
    fn from(e: ServiceError) -> Refusal {
        Refusal::Service(e)
    }
}

impl From<Reason> for Refusal {
    fn from(r: Reason) -> Refusal {
        Refusal::Adapter(r)
    }
}

impl Reason {
    /// The reason in the reader's language.
    pub fn text(&self, l: Language) -> String {
        match self {
            Reason::BadMatch(text) => tr!(l, "err-bad-match", text = text.as_str()),
            Reason::NoMatches => tr!(l, "err-no-matches"),
            Reason::WhichMatch(ids) => {
                let ids: Vec<String> = ids.iter().map(|m| format!("#{}", m.0)).collect();
                tr!(l, "err-which-match", ids = ids.join(", "))
            }
            Reason::StrategoRated => tr!(l, "err-stratego-rated"),
            Reason::BadSquares(a, b) => tr!(l, "err-bad-squares", a = a.as_str(), b = b.as_str()),
            Reason::Malformed => tr!(l, "err-malformed"),
            Reason::LayoutName => tr!(l, "err-layout-name"),
            Reason::SaveWhat => tr!(l, "err-save-what"),
            Reason::UnknownUnit(text) => tr!(l, "err-unknown-unit", text = text.as_str()),
            Reason::ReplayNotFinished(id) => tr!(l, "err-replay-not-finished", id = id.0),
            Reason::NoFinished => tr!(l, "err-no-finished"),
            Reason::File(problem) => problem.message(l),
            Reason::Internal => tr!(l, "err-internal"),
        }
    }
}

impl Refusal {
    /// The refusal in the reader's language.
    pub fn text(&self, l: Language) -> String {
        match self {
            Refusal::Service(e) => error_text(e, l),
            Refusal::Adapter(r) => r.text(l),
        }
    }

    /// The refusal as the ephemeral reply the asker reads (a service failure is logged).
    pub fn reply(&self, l: Language) -> Reply {
        if let Refusal::Service(e) = self {
            if !e.is_refusal() {
                tracing::error!(error = %e, "service failure");
            }
        }
        Reply::private(format!("⚠️ {}", self.text(l)))
    }
}

/// A handler's result as what is sent: the reply, or the refusal's reply.
pub trait OrRefusal {
    /// The reply, or the refusal in language `l`.
    fn or_refusal(self, l: Language) -> Reply;
}

impl OrRefusal for Handled {
    fn or_refusal(self, l: Language) -> Reply {
        self.unwrap_or_else(|r| r.reply(l))
    }
}

/// A component handler's result as what is sent: the answer, or the refusal as a reply.
pub fn answer_or_refusal(answered: Answered, l: Language) -> Answer {
    answered.unwrap_or_else(|r| Answer::Reply(r.reply(l)))
}

/// A refusal or failure in the reader's language (never anything the reader may not know:
/// the service's reasons use the actor's knowledge only).
pub fn error_text(e: &ServiceError, l: Language) -> String {
    if l == Language::En {
        return match e {
            ServiceError::Db(_) | ServiceError::Corrupt(_) => tr!(l, "err-internal"),
            other => capitalise(&other.to_string()),
        };
    }
    match e {
        ServiceError::BadNotation(NotationError::Admiral(p)) => parse_error_ru(p),
        ServiceError::Illegal(IllegalMove::Admiral(PlayError::Illegal { action, reason })) => {
            format!("`{action}` — так нельзя: {}", illegal_ru(reason))
        }
        ServiceError::Illegal(IllegalMove::Admiral(PlayError::GameOver)) => "Партия окончена".into(),
        ServiceError::Illegal(IllegalMove::Admiral(PlayError::BadDefense)) => {
            "Защита должна быть связной группой ваших кораблей шкалы, включающей атакованный".into()
        }
        other => capitalise(&other.message(Language::Ru)),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn parse_error_ru(p: &ParseActionError) -> String {
    match p {
        ParseActionError::Empty => {
            "Ход не указан: например e3-e4 (ход), e3xe4 (атака) или f2! (взрыв)".into()
        }
        ParseActionError::Incomplete(t) => {
            format!("`{t}` — незаконченная запись: например e3-e4, e3xe4, e3-e4xe5, e3xe4(d3) или f2!")
        }
        ParseActionError::BadSquare(t) => format!("`{t}` — не клетка (столбцы a–n, ряды 1–15)"),
        ParseActionError::Unexpected { found, at } => {
            format!("Неожиданный символ `{found}` на месте {at}: ход пишется e3-e4, атака e3xe4, взрыв f2!")
        }
        ParseActionError::BadPartners => "В группе не больше двух партнёров, каждый на своей клетке".into(),
    }
}

fn illegal_ru(i: &Illegal) -> String {
    match i {
        Illegal::GameOver => "партия окончена".into(),
        Illegal::NoUnit(s) => format!("на {s} нет вашей единицы"),
        Illegal::NotYours(s) => format!("на {s} не ваша единица"),
        Illegal::Immobile(k) => format!("{} не двигается", unit(*k, Language::Ru)),
        Illegal::NotOneStep(a, b) => {
            format!("{a}→{b}: ход только на одну клетку по вертикали или горизонтали")
        }
        Illegal::Occupied(s) => format!("клетка {s} занята"),
        Illegal::Tethered(k) => {
            format!("{}: рядом нет носителя ни до хода, ни после", unit(*k, Language::Ru))
        }
        Illegal::CannotAttack(k) => format!("{} не атакует", unit(*k, Language::Ru)),
        Illegal::NoEnemyThere(s) => format!("на {s} нет противника"),
        Illegal::NotAdjacent(s) => format!("{s} не соседняя клетка"),
        Illegal::OutOfRange(k, s) => format!("{} не достаёт до {s}", unit(*k, Language::Ru)),
        Illegal::Blocked(s) => format!("выстрел закрыт: на {s} своя единица"),
        Illegal::NoCarrier(k) => format!("{}: рядом нет носителя", unit(*k, Language::Ru)),
        Illegal::BadFormation => {
            "такой группы нет: партнёры должны быть связаны и составлять строку таблицы".into()
        }
        Illegal::NoPartnersAllowed(k) => format!("{} атакует без партнёров", unit(*k, Language::Ru)),
        Illegal::NotABomb(s) => format!("на {s} нет вашей атомной бомбы"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capitals() {
        assert_eq!(capitalise("it is not"), "It is not");
    }
}
