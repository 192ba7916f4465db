//! Custom ids of buttons, select menus and modals: `adm:<verb>:<numbers>`. They carry the
//! match (and the ply the player's board showed) so that a stale or foreign component is
//! refused with a reason. Parsing never panics: anything unknown is `None`.

use crate::ids::{ChallengeId, MatchId, UserId};

/// A decoded custom id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cid {
    /// Accept a challenge.
    Accept(ChallengeId),
    /// Decline a challenge.
    Decline(ChallengeId),
    /// Setup: generate a new layout.
    Auto(MatchId),
    /// Setup: how to upload a layout file.
    Upload(MatchId),
    /// Setup: pick a saved layout (opens a select menu).
    Saved(MatchId),
    /// Setup: the select menu of saved layouts.
    UseSaved(MatchId),
    /// Setup: download the layout file.
    Download(MatchId),
    /// Setup: save the layout (opens a modal).
    Save(MatchId),
    /// Setup: the "save as" modal.
    SaveModal(MatchId),
    /// Setup: ready.
    Ready(MatchId),
    /// Play: "make a move" (opens a modal) made for a ply.
    Act(MatchId, u32),
    /// Play: the move modal made for a ply.
    ActModal(MatchId, u32),
    /// Show my board (ephemeral).
    Board(MatchId),
    /// Resign: ask for confirmation.
    Resign(MatchId),
    /// Resign: confirmed.
    ResignConfirm(MatchId),
    /// Resign: cancelled.
    ResignCancel(MatchId),
    /// Defence: the select menu for a pending attack at a ply.
    Defend(MatchId, u32),
    /// Profile: the award menu under a player's card (the value is the award).
    Award(UserId),
    /// Leaderboard: show a page (0-based) of the board first asked for by a user (others who
    /// press the button get their own copy).
    Leaders(UserId, u32),
    /// Lessons: the next lesson, after the passed try in a match.
    LessonNext(MatchId),
    /// Lessons: a new try of the lesson of a match's try.
    LessonRetry(MatchId),
    /// Lessons: skip the lesson of a match's try.
    LessonSkip(MatchId),
    /// Lessons: after the last lesson (its try in a match), a first real match against the
    /// AI of level 1 in the lesson's game.
    FirstMatch(MatchId),
}

impl Cid {
    /// The custom id string (at most 100 characters).
    pub fn encode(&self) -> String {
        match self {
            Cid::Accept(c) => format!("adm:accept:{}", c.0),
            Cid::Decline(c) => format!("adm:decline:{}", c.0),
            Cid::Auto(m) => format!("adm:auto:{}", m.0),
            Cid::Upload(m) => format!("adm:upload:{}", m.0),
            Cid::Saved(m) => format!("adm:saved:{}", m.0),
            Cid::UseSaved(m) => format!("adm:usesaved:{}", m.0),
            Cid::Download(m) => format!("adm:download:{}", m.0),
            Cid::Save(m) => format!("adm:save:{}", m.0),
            Cid::SaveModal(m) => format!("adm:savemodal:{}", m.0),
            Cid::Ready(m) => format!("adm:ready:{}", m.0),
            Cid::Act(m, p) => format!("adm:act:{}:{p}", m.0),
            Cid::ActModal(m, p) => format!("adm:actmodal:{}:{p}", m.0),
            Cid::Board(m) => format!("adm:board:{}", m.0),
            Cid::Resign(m) => format!("adm:resign:{}", m.0),
            Cid::ResignConfirm(m) => format!("adm:resignyes:{}", m.0),
            Cid::ResignCancel(m) => format!("adm:resignno:{}", m.0),
            Cid::Defend(m, p) => format!("adm:defend:{}:{p}", m.0),
            Cid::Award(u) => format!("adm:award:{}", u.0),
            // Page n is sent as n + 1 (every number of an id is positive).
            Cid::Leaders(u, page) => format!("adm:lb:{}:{}", u.0, *page as u64 + 1),
            Cid::LessonNext(m) => format!("adm:lnext:{}", m.0),
            Cid::LessonRetry(m) => format!("adm:lretry:{}", m.0),
            Cid::LessonSkip(m) => format!("adm:lskip:{}", m.0),
            Cid::FirstMatch(m) => format!("adm:firstmatch:{}", m.0),
        }
    }

    /// Decodes a custom id; `None` for anything not ours or malformed.
    pub fn parse(s: &str) -> Option<Cid> {
        if s.len() > 100 {
            return None;
        }
        let mut parts = s.split(':');
        if parts.next()? != "adm" {
            return None;
        }
        let verb = parts.next()?;
        let a: i64 = parts.next()?.parse().ok()?;
        let b: Option<u32> = match parts.next() {
            Some(p) => Some(p.parse().ok()?),
            None => None,
        };
        if parts.next().is_some() || a <= 0 {
            return None;
        }
        let m = MatchId(a);
        let c = ChallengeId(a);
        Some(match (verb, b) {
            ("accept", None) => Cid::Accept(c),
            ("decline", None) => Cid::Decline(c),
            ("auto", None) => Cid::Auto(m),
            ("upload", None) => Cid::Upload(m),
            ("saved", None) => Cid::Saved(m),
            ("usesaved", None) => Cid::UseSaved(m),
            ("download", None) => Cid::Download(m),
            ("save", None) => Cid::Save(m),
            ("savemodal", None) => Cid::SaveModal(m),
            ("ready", None) => Cid::Ready(m),
            ("act", Some(p)) => Cid::Act(m, p),
            ("actmodal", Some(p)) => Cid::ActModal(m, p),
            ("board", None) => Cid::Board(m),
            ("resign", None) => Cid::Resign(m),
            ("resignyes", None) => Cid::ResignConfirm(m),
            ("resignno", None) => Cid::ResignCancel(m),
            ("defend", Some(p)) => Cid::Defend(m, p),
            ("award", None) => Cid::Award(UserId(a as u64)),
            ("lb", Some(p)) => Cid::Leaders(UserId(a as u64), p.checked_sub(1)?),
            ("lnext", None) => Cid::LessonNext(m),
            ("lretry", None) => Cid::LessonRetry(m),
            ("lskip", None) => Cid::LessonSkip(m),
            ("firstmatch", None) => Cid::FirstMatch(m),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_garbage() {
        // Every id that carries only a match.
        let of_match: [fn(MatchId) -> Cid; 16] = [
            Cid::Auto,
            Cid::Upload,
            Cid::Saved,
            Cid::UseSaved,
            Cid::Download,
            Cid::Save,
            Cid::SaveModal,
            Cid::Ready,
            Cid::Board,
            Cid::Resign,
            Cid::ResignConfirm,
            Cid::ResignCancel,
            Cid::LessonNext,
            Cid::LessonRetry,
            Cid::LessonSkip,
            Cid::FirstMatch,
        ];
        let all = of_match.map(|f| f(MatchId(7))).into_iter().chain([
            Cid::Accept(ChallengeId(3)),
            Cid::Decline(ChallengeId(3)),
            Cid::Act(MatchId(7), 12),
            Cid::ActModal(MatchId(7), 0),
            Cid::Defend(MatchId(7), 5),
            Cid::Award(UserId(123_456_789_012_345_678)),
            Cid::Leaders(UserId(5), 0),
            Cid::Leaders(UserId(5), 41),
        ]);
        for c in all {
            assert_eq!(Cid::parse(&c.encode()), Some(c.clone()), "{c:?}");
        }
        for bad in [
            "",
            "adm",
            "adm:",
            "adm:act:7",
            "adm:act:x:1",
            "adm:act:7:1:2",
            "adm:nope:1",
            "other:accept:1",
            "adm:accept:-1",
            "adm:accept:0",
            "adm:accept:99999999999999999999999",
            "adm:board:1:2",
            "adm:lb:5",
            "adm:lb:5:0",
            "adm:lb:5:99999999999",
            "adm:award:1:2",
            "adm:lnext:7:1",
            "adm:lskip:0",
        ] {
            assert_eq!(Cid::parse(bad), None, "{bad}");
        }
        assert_eq!(Cid::parse(&"x".repeat(500)), None);
    }
}
