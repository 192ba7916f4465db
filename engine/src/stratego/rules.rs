//! Stratego as an implementation of the shared [`Rules`]: what the generic game, arena and
//! referee need from Stratego's position, layouts, memories, views and AI. Nothing imports
//! this module; it only connects them.

use serde_json::Value;

use super::action::Action;
use super::ai::Ai;
use super::board::{Sq, SqSet, DIRECTIONS, SQUARES};
use super::event::{EndReason, Event};
use super::game::{Game, RECORD_FORMAT};
use super::layout::{Layout, LayoutError};
use super::memory::Memory;
use super::piece::{Piece, Rank, RANKS};
use super::position::{generate, PlayError, Position, PositionTextError, Repetition};
use super::view::{Cell, Recollection, Standing, View};
use crate::shared::counters::counters_in_field;
use crate::shared::grid::{read_grid_text, write_grid_text};
use crate::shared::view::ViewRules;
use crate::shared::SetupPosition;
use crate::shared::{Budget, BySide, Counters, Rules, Ruleset, Side, Style};

impl Rules for Position {
    const RULESET: Ruleset = Ruleset::Stratego;
    const RECORD_FORMAT: u32 = RECORD_FORMAT;
    const NO_LEGAL_ACTION: EndReason = EndReason::NoLegalMove;

    type Action = Action;
    type Reply = ();
    type Event = Event;
    type EndReason = EndReason;
    type Turn = Action;
    type Layout = Layout;
    type LayoutError = LayoutError;
    type PositionTextError = PositionTextError;
    type PlayError = PlayError;
    type Memory = Memory;
    type Losses = [u8; RANKS];
    type View = View;

    fn empty(to_move: Side) -> Position {
        Position {
            board: [None; SQUARES],
            occupied: BySide::splat(SqSet::EMPTY),
            mobile: BySide::splat(SqSet::EMPTY),
            scouts: BySide::splat(SqSet::EMPTY),
            counts: BySide::splat([0; RANKS]),
            counters: Counters::new(to_move),
            repetition: BySide::splat(Repetition::default()),
        }
    }

    counters_in_field!();

    /// Appends the legal actions of the side to move (nothing once the game is decided).
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.counters.decided.is_some() {
            return;
        }
        let i = self.to_move();
        generate(
            self.occupied[i],
            self.mobile[i],
            self.scouts[i],
            self.occupied[i.opponent()],
            &self.repetition[i],
            out,
        );
    }

    /// True if the side to move has a legal action (the game is not decided otherwise).
    fn has_legal_action(&self) -> bool {
        if self.counters.decided.is_some() {
            return false;
        }
        let i = self.to_move();
        let own = self.occupied[i];
        let rep = &self.repetition[i];
        self.mobile[i].iter().any(|from| {
            (0..DIRECTIONS.len()).any(|d| match from.step(d) {
                None => false,
                Some(next) if own.contains(next) => false,
                Some(next) if self.occupied[i.opponent()].contains(next) => true,
                Some(next) => {
                    !rep.forbids(from, next)
                        || (self.scouts[i].contains(from) && next.step(d).is_some_and(|n| !own.contains(n)))
                }
            })
        })
    }

    /// Plays the action (either separator; the record keeps the canonical form) and ends its
    /// events with [`Event::Ended`] when it decided the game.
    fn play_turn(
        &mut self,
        action: &Action,
        _: (),
        events: &mut Vec<Event>,
    ) -> Result<(Action, Action), PlayError> {
        let action = self.play(action, events)?;
        if !events.iter().any(|e| matches!(e, Event::Ended { .. })) {
            if let Some(outcome) = self.outcome() {
                events.push(Event::Ended { outcome });
            }
        }
        Ok((action, action))
    }

    fn replay_turn(turn: &Action) -> Result<(Action, ()), PlayError> {
        Ok((*turn, ()))
    }

    fn game_over() -> PlayError {
        PlayError::GameOver
    }

    fn reset_counters(&mut self) {
        self.counters.restart();
        self.repetition = Default::default();
    }

    /// The two-square rule: the side's run of moves between two squares is forgotten.
    fn waive_repetition(&mut self, side: Side) {
        self.repetition[side] = Default::default();
    }

    /// The position text (no trailing newline).
    fn to_text(&self) -> String {
        write_grid_text(|sq: Sq, out| match self.piece_at(sq) {
            Some(piece) => out.push_str(&piece.token()),
            None if sq.is_lake() => out.push('~'),
            None => out.push('.'),
        })
    }

    /// Parses position text: 10 lines (row 10 first) of 10 tokens: `.` empty, `~` lake (only on
    /// the lake squares, where `.` is also accepted), or a piece code (upper case South, lower
    /// case North). Any white space separates tokens; CRLF and blank lines around are fine.
    fn from_text(text: &str, to_move: Side) -> Result<Position, PositionTextError> {
        let mut position = Position::empty(to_move);
        read_grid_text(text, |sq: Sq, token| {
            let bad = || PositionTextError::token(sq, token);
            match token {
                "." => {}
                "~" if sq.is_lake() => {}
                "~" => return Err(bad()),
                _ if sq.is_lake() => return Err(PositionTextError::Lake { square: sq }),
                _ => position.put(sq, Piece::from_token(token).ok_or_else(bad)?),
            }
            Ok(())
        })?;
        Ok(position)
    }

    fn auto_layout(seed: u64, style: Style) -> Layout {
        super::autoplace::auto_layout(seed, style)
    }

    fn count_losses(losses: &mut BySide<[u8; RANKS]>, event: &Event) {
        if let Event::Destroyed { side, rank, .. } = *event {
            losses[side][rank.index()] += 1;
        }
    }

    fn read_reply(_: Option<&Value>, _: &Action) -> Result<(), String> {
        Ok(())
    }

    fn ai_action(level: u8, seed: u64, budget: Budget, view: &View, legal: &[Action]) -> Action {
        Ai::new(level, seed, budget).choose(view, legal)
    }
}

impl ViewRules for Position {
    type Cell = Cell;
    type Recollection = Recollection;
    type Standing = Standing;

    fn remembered(memory: &Memory, sq: Sq) -> Option<Rank> {
        memory.enemy.identity[sq.index()]
    }

    fn moved_markers(memory: &Memory) -> Vec<Sq> {
        memory.enemy.moved.iter().collect()
    }

    fn exposed(game: &Game, viewer: Side) -> Vec<Sq> {
        game.memory(viewer).exposed()
    }

    fn recollection(memory: &Memory) -> Recollection {
        Recollection {
            own_moved: memory.own.moved.iter().collect(),
            conduct: Sq::all().filter_map(|sq| memory.conduct(sq)).collect(),
            restless: memory.enemy.restless().collect(),
        }
    }

    fn standing(position: &Position) -> Standing {
        Standing { repetition: BySide::from_fn(|side| position.repetition(side)) }
    }
}
