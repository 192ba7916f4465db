//! The Stratego position: pieces on the board, the side to move, and the counters behind the
//! two-square rule and the quiet-ply draw; move generation and resolution of attacks.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::board::{Sq, SqSet, StrategoBoard, DIRECTIONS, SQUARES};
use super::event::{EndReason, Event, Outcome, Placed};
use super::piece::{Piece, Rank, RANKS};
use crate::shared::game::debug_position;
use crate::shared::layout::SetupPosition;
use crate::shared::{BySide, Counters, Rules, Side, Status};

/// Consecutive plies without an attack after which the game is drawn.
pub const QUIET_PLY_LIMIT: u16 = 200;

/// One side's standing under the two-square rule: its last move onto an empty square and how
/// many of its consecutive moves went back and forth between the same two squares.
///
/// A piece may not move between the same two squares more than three times in a row: after
/// `a1-a2`, `a2-a1`, `a1-a2` the move `a2-a1` is refused (any other move, or an attack, is
/// fine and starts the count again).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Repetition {
    /// The side's last move onto an empty square, if its last action was one.
    pub last: Option<(Sq, Sq)>,
    /// How many consecutive moves of the side went between those two squares.
    pub run: u8,
}

impl Repetition {
    /// Moves allowed in a row between the same two squares.
    pub const LIMIT: u8 = 3;

    /// True if the rule refuses the move `from`→`to` onto an empty square.
    #[inline]
    pub fn forbids(&self, from: Sq, to: Sq) -> bool {
        self.run >= Repetition::LIMIT && self.last == Some((to, from))
    }

    /// Counts a move onto an empty square.
    #[inline]
    pub fn record_move(&mut self, from: Sq, to: Sq) {
        self.run = if self.last == Some((to, from)) { self.run.saturating_add(1) } else { 1 };
        self.last = Some((from, to));
    }

    /// An attack ends any run.
    #[inline]
    pub fn record_attack(&mut self) {
        *self = Repetition::default();
    }
}

/// A Stratego position. Positions hold any pieces in any numbers (test fixtures are small);
/// only new games from layouts have full armies.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; SQUARES],
    pub(crate) occupied: BySide<SqSet>,
    pub(crate) mobile: BySide<SqSet>,
    pub(crate) scouts: BySide<SqSet>,
    pub(crate) counts: BySide<[u8; RANKS]>,
    /// The side to move, the quiet plies and the result the last action decided.
    pub(crate) counters: Counters<EndReason>,
    pub(crate) repetition: BySide<Repetition>,
}

/// Why an action was refused: the action as typed (canonical form) and why, in a sentence.
pub type PlayError = crate::shared::play_error::PlayError<String, String>;

/// Appends the legal actions of one side from what that side sees: its own pieces (with the
/// scouts and the mobile ones marked), every occupied square of the enemy, and its standing
/// under the two-square rule. Lakes are never entered.
pub(crate) fn generate(
    own: SqSet,
    mobile: SqSet,
    scouts: SqSet,
    enemy: SqSet,
    repetition: &Repetition,
    out: &mut Vec<Action>,
) {
    for from in mobile.iter() {
        let scout = scouts.contains(from);
        for d in 0..DIRECTIONS.len() {
            let mut at = from;
            while let Some(next) = at.step(d) {
                if own.contains(next) {
                    break;
                }
                if enemy.contains(next) {
                    out.push(Action::strike(from, next));
                    break;
                }
                if !repetition.forbids(from, next) {
                    out.push(Action::step(from, next));
                }
                if !scout {
                    break;
                }
                at = next;
            }
        }
    }
}

impl Position {
    /// A side's standing under the two-square rule.
    #[inline]
    pub fn repetition(&self, side: Side) -> Repetition {
        self.repetition[side]
    }

    /// Squares holding `side`'s pieces.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> SqSet {
        self.occupied[side]
    }

    /// Squares holding `side`'s pieces that can move (not bombs or the flag).
    #[inline]
    pub fn mobile_of(&self, side: Side) -> SqSet {
        self.mobile[side]
    }

    /// How many pieces of `rank` `side` has.
    #[inline]
    pub fn count(&self, side: Side, rank: Rank) -> usize {
        self.counts[side][rank.index()] as usize
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        Sq::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The legal action with the same squares as `action`, whatever separator was typed.
    pub fn canonical(&self, action: &Action) -> Option<Action> {
        let attack = self.piece_at(action.to).is_some_and(|p| p.side != self.to_move());
        let candidate = Action { attack, ..*action };
        self.is_legal(&candidate).then_some(candidate)
    }

    /// True if `action` (with the right separator) is legal for the side to move.
    pub fn is_legal(&self, action: &Action) -> bool {
        self.why_illegal(action).is_none()
    }

    /// The reason `action` is refused, in a sentence, or `None` if it is legal.
    pub fn why_illegal(&self, action: &Action) -> Option<String> {
        if self.outcome().is_some() {
            return Some("the game is over".into());
        }
        let Action { from, to, attack } = *action;
        let side = self.to_move();
        let piece = match self.piece_at(from) {
            Some(p) if p.side == side => p,
            Some(_) => return Some(format!("the piece on {from} is not yours")),
            None => return Some(format!("there is no piece of yours on {from}")),
        };
        match piece.kind {
            Rank::Bomb => return Some("a bomb never moves".into()),
            Rank::Flag => return Some("the flag never moves".into()),
            _ => {}
        }
        if from.col() != to.col() && from.row() != to.row() {
            return Some("pieces move along a row or a column".into());
        }
        if to.is_lake() {
            return Some(format!("{to} is a lake, which no piece enters"));
        }
        let distance = from.distance(to);
        if distance > 1 && piece.kind != Rank::Scout {
            return Some("only a scout moves more than one square".into());
        }
        let d = direction(from, to);
        let mut at = from;
        for _ in 1..distance {
            at = match at.step(d) {
                Some(next) => next,
                None => return Some("a scout's run may not cross a lake".into()),
            };
            if self.piece_at(at).is_some() {
                return Some(format!("the way is blocked on {at}"));
            }
        }
        match self.piece_at(to) {
            Some(p) if p.side == side => Some(format!("your own piece stands on {to}")),
            Some(_) if !attack => Some(format!("an enemy piece stands on {to}: write {from}x{to} to attack it")),
            None if attack => Some(format!("there is nothing to attack on {to}")),
            None if self.repetition[side].forbids(from, to) => Some(
                "two-square rule: a piece may not move between the same two squares more than three times in a row"
                    .into(),
            ),
            _ => None,
        }
    }

    /// Plays an action of the side to move, appending its events; nothing changes on error.
    /// The separator may be either (`e4-e5` for an attack is accepted and recorded as `e4xe5`).
    pub fn play(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<Action, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let Some(canonical) = self.canonical(action) else {
            let attack = self.piece_at(action.to).is_some_and(|p| p.side != self.to_move());
            let typed = Action { attack, ..*action };
            let reason = self.why_illegal(&typed).unwrap_or_else(|| "not a legal action".into());
            return Err(PlayError::Illegal { action: action.to_string(), reason });
        };
        self.apply_unchecked(&canonical, events);
        Ok(canonical)
    }

    /// Applies a legal action without checking it (the AI's and playouts' fast path).
    pub fn apply_unchecked(&mut self, action: &Action, events: &mut Vec<Event>) {
        let side = self.to_move();
        let (from, to) = (action.from, action.to);
        let Some(mover) = self.piece_at(from) else { return };
        match self.piece_at(to) {
            None => {
                self.remove(from);
                self.put(to, mover);
                events.push(Event::Moved { side, rank: Some(mover.kind), from, to });
                self.repetition[side].record_move(from, to);
                self.counters.quiet_plies = self.counters.quiet_plies.saturating_add(1);
            }
            Some(defender) => {
                self.repetition[side].record_attack();
                self.counters.quiet_plies = 0;
                let winner = battle(mover.kind, defender.kind);
                events.push(Event::Attacked {
                    side,
                    attacker: Placed { rank: mover.kind, square: from },
                    defender: Placed { rank: defender.kind, square: to },
                    winner: winner.map(|attacker_won| if attacker_won { side } else { defender.side }),
                });
                match winner {
                    Some(true) => {
                        self.remove(to);
                        events.push(Event::Destroyed {
                            side: defender.side,
                            rank: defender.kind,
                            square: to,
                        });
                        self.remove(from);
                        self.put(to, mover);
                        if defender.kind == Rank::Flag {
                            self.counters.decided = Some(Outcome {
                                status: Status::win_for(side),
                                reason: EndReason::FlagCaptured,
                            });
                        }
                    }
                    Some(false) => {
                        self.remove(from);
                        events.push(Event::Destroyed { side, rank: mover.kind, square: from });
                    }
                    None => {
                        self.remove(from);
                        self.remove(to);
                        events.push(Event::Destroyed { side, rank: mover.kind, square: from });
                        events.push(Event::Destroyed {
                            side: defender.side,
                            rank: defender.kind,
                            square: to,
                        });
                    }
                }
            }
        }
        self.counters.to_move = side.opponent();
        if self.counters.decided.is_none() && self.counters.quiet_plies >= QUIET_PLY_LIMIT {
            self.counters.decided = Some(Outcome { status: Status::Draw, reason: EndReason::QuietPlies });
        }
        if let Some(outcome) = self.counters.decided {
            events.push(Event::Ended { outcome });
        }
    }
}

/// The direction index (into [`DIRECTIONS`]) from one square to another on its line.
pub(crate) fn direction(from: Sq, to: Sq) -> usize {
    if from.col() == to.col() {
        if to.row() > from.row() {
            0
        } else {
            1
        }
    } else if to.col() < from.col() {
        2
    } else {
        3
    }
}

/// The result of `attacker` attacking `defender`: `Some(true)` if the attacker wins,
/// `Some(false)` if the defender does, `None` if both are removed.
pub fn battle(attacker: Rank, defender: Rank) -> Option<bool> {
    match (attacker, defender) {
        (_, Rank::Flag) => Some(true),
        (Rank::Miner, Rank::Bomb) => Some(true),
        (_, Rank::Bomb) => Some(false),
        (Rank::Spy, Rank::Marshal) => Some(true),
        (a, d) if a == d => None,
        (a, d) => Some(a.strength() > d.strength()),
    }
}

impl SetupPosition for Position {
    type Kind = Rank;

    /// The piece on a square.
    #[inline]
    fn piece_at(&self, sq: Sq) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts a piece on a land square (replacing what stood there); lakes stay empty.
    fn put(&mut self, sq: Sq, piece: Piece) {
        if sq.is_lake() {
            return;
        }
        self.remove(sq);
        let i = piece.side;
        self.board[sq.index()] = Some(piece);
        self.occupied[i].insert(sq);
        if !piece.kind.is_immobile() {
            self.mobile[i].insert(sq);
        }
        if piece.kind == Rank::Scout {
            self.scouts[i].insert(sq);
        }
        self.counts[i][piece.kind.index()] += 1;
    }

    /// Clears a square, returning what stood there.
    fn remove(&mut self, sq: Sq) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        let i = piece.side;
        self.occupied[i].remove(sq);
        self.mobile[i].remove(sq);
        self.scouts[i].remove(sq);
        self.counts[i][piece.kind.index()] -= 1;
        Some(piece)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_position(self, f)
    }
}

/// Why Stratego position text could not be read.
pub type PositionTextError = crate::shared::grid::PositionTextError<StrategoBoard>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip() {
        let mut pos = Position::empty(Side::South);
        pos.put(Sq::parse("a1").unwrap(), Piece::new(Side::South, Rank::Flag));
        pos.put(Sq::parse("j10").unwrap(), Piece::new(Side::North, Rank::Marshal));
        let text = pos.to_text();
        assert!(text.starts_with(". . . . . . . . . ma"));
        assert!(text.contains(". . ~ ~ . . ~ ~ . ."));
        assert_eq!(Position::from_text(&text, Side::South).unwrap(), pos);
        let crlf = format!("\r\n{}\r\n", text.replace('\n', "\r\n"));
        assert_eq!(Position::from_text(&crlf, Side::South).unwrap(), pos);
    }
}
