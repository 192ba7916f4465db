//! Admiral as an implementation of the shared [`Rules`]: what the generic game, arena and
//! referee need from Admiral's position, layouts, memories, views and AI. Nothing imports this
//! module; it only connects them.

use std::ops::ControlFlow;

use crate::admiral::action::Action;
use crate::admiral::event::Event;
use crate::admiral::formation::Partners;
use crate::admiral::game::{Game, Memory};
use crate::admiral::layout::{Layout, LayoutError};
use crate::admiral::outcome::EndReason;
use crate::admiral::position::{Position, PositionTextError};
use crate::admiral::record::{QuietRule, Turn, RECORD_FORMAT};
use crate::admiral::resolve::{Defense, PlayError};
use crate::admiral::square::{Square, SquareSet, SQUARES};
use crate::admiral::unit::{Piece, UnitKind, KINDS};
use crate::admiral::view::{Cell, Recollection, View};
use crate::ai::Ai;
use crate::shared::counters::counters_in_field;
use crate::shared::grid::{read_grid_text, write_grid_text};
use crate::shared::view::ViewRules;
use crate::shared::{Budget, BySide, Counters, Rules, Ruleset, Side, Style};
use crate::shared::{SetupPosition, SideMemory};
use serde_json::Value;

impl Rules for Position {
    const RULESET: Ruleset = Ruleset::Admiral;
    const RECORD_FORMAT: u32 = RECORD_FORMAT;
    const NO_LEGAL_ACTION: EndReason = EndReason::NoLegalAction;

    type Action = Action;
    type Reply = Defense;
    type Event = Event;
    type EndReason = EndReason;
    type Turn = Turn;
    type Layout = Layout;
    type LayoutError = LayoutError;
    type PositionTextError = PositionTextError;
    type PlayError = PlayError;
    type Memory = Memory;
    type Losses = [u8; KINDS];
    type View = View;

    fn empty(to_move: Side) -> Position {
        Position {
            board: [None; SQUARES],
            occupied: BySide::splat(SquareSet::EMPTY),
            counts: BySide::splat([0; KINDS]),
            weapons: BySide::splat(SquareSet::EMPTY),
            immobile: BySide::splat(SquareSet::EMPTY),
            contact: BySide::splat(SquareSet::EMPTY),
            carriers: BySide::splat([SquareSet::EMPTY; 3]),
            counters: Counters::new(to_move),
            quiet_rule: QuietRule::Destruction,
        }
    }

    counters_in_field!();

    fn learn(memory: &mut Memory, viewer: Side, before: &Position, event: &Event) {
        SideMemory::learn(memory, viewer, event);
        if let Event::Moved { side, from, to, .. } = *event {
            memory.note_move(viewer, side, from, to, before);
        }
    }

    /// Every legal action of the side to move, each once (formation variants included),
    /// reusing a buffer (cleared first). None once the game is over.
    #[inline]
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.collect_into::<false>(out);
    }

    /// True if the side to move has at least one legal action (ignoring a decided result).
    fn has_legal_action(&self) -> bool {
        self.generate::<false>(&mut |_| ControlFlow::Break(())).is_break()
    }

    fn play_turn(
        &mut self,
        action: &Action,
        defense: Defense,
        events: &mut Vec<Event>,
    ) -> Result<(Action, Turn), PlayError> {
        self.play(action, defense, events)?;
        // The record keeps the defender's partners only when a battle took place.
        let defense = events.iter().find_map(|e| match e {
            Event::Battle { defenders, .. } => Some(defenders.members().skip(1).map(|m| m.square).collect()),
            _ => None,
        });
        Ok((*action, Turn { action: *action, defense }))
    }

    fn replay_turn(turn: &Turn) -> Result<(Action, Defense), PlayError> {
        let defense = match &turn.defense {
            Some(squares) => Defense::Group(Partners::new(squares).ok_or(PlayError::BadDefense)?),
            None => Defense::Auto,
        };
        Ok((turn.action, defense))
    }

    fn game_over() -> PlayError {
        PlayError::GameOver
    }

    fn follow_record_format(&mut self, format: u32) {
        self.quiet_rule = QuietRule::of_format(format);
    }

    /// The position text (no trailing newline).
    fn to_text(&self) -> String {
        write_grid_text(|sq: Square, out| match self.piece_at(sq) {
            Some(piece) => out.push_str(&piece.token()),
            None => out.push('.'),
        })
    }

    /// Parses position text: 15 lines (row 15 first) of 14 tokens (`.` or a unit code, upper
    /// case for South, lower case for North). Any white space separates tokens; blank lines
    /// around it and CRLF are tolerated.
    fn from_text(text: &str, to_move: Side) -> Result<Position, PositionTextError> {
        let mut position = Position::empty(to_move);
        read_grid_text(text, |sq: Square, token| {
            if token != "." {
                let piece = Piece::from_token(token).ok_or_else(|| PositionTextError::token(sq, token))?;
                position.put(sq, piece);
            }
            Ok(())
        })?;
        Ok(position)
    }

    fn auto_layout(seed: u64, style: Style) -> Layout {
        super::autoplace::auto_layout(seed, style)
    }

    fn count_losses(losses: &mut BySide<[u8; KINDS]>, event: &Event) {
        if let Event::Destroyed { side, kind, .. } = *event {
            losses[side][kind.index()] += 1;
        }
    }

    fn read_reply(value: Option<&Value>, action: &Action) -> Result<Defense, String> {
        read_defense(value, action)
    }

    fn ai_action(level: u8, seed: u64, budget: Budget, view: &View, legal: &[Action]) -> Action {
        Ai::new(level, seed, budget).choose(view, legal)
    }
}

impl ViewRules for Position {
    type Cell = Cell;
    type Recollection = Recollection;
    type Standing = ();

    fn remembered(memory: &Memory, sq: Square) -> Option<UnitKind> {
        memory.identity[sq.index()]
    }

    fn moved_markers(memory: &Memory) -> Vec<Square> {
        memory.moved.iter().collect()
    }

    /// What the opponent's memory identifies among the viewer's units.
    fn exposed(game: &Game, viewer: Side) -> Vec<Square> {
        let theirs = &game.memory(viewer.opponent());
        game.position()
            .occupied_by(viewer)
            .iter()
            .filter(|sq| theirs.identity[sq.index()].is_some())
            .collect()
    }

    fn recollection(memory: &Memory) -> Recollection {
        Recollection {
            revealed_movers: memory.revealed_movers,
            own_moved: memory.own_moved.iter().collect(),
            untethered: memory.untethered.iter().collect(),
            own_untethered: memory.own_untethered.iter().collect(),
        }
    }

    fn standing(_: &Position) {}

    /// The last action, with an enemy's partners hidden unless a battle showed them.
    fn action_seen(game: &Game, viewer: Side) -> Option<Action> {
        let battle = game.last_turn().iter().any(|e| matches!(e, Event::Battle { .. }));
        game.last_action()
            .map(|(side, action)| if side == viewer || battle { action } else { action.without_partners() })
    }
}

/// `"auto"` (or absent) for the default policy, or the defender's squares, target included.
fn read_defense(value: Option<&Value>, action: &Action) -> Result<Defense, String> {
    match value {
        None | Some(Value::Null) => Ok(Defense::Auto),
        Some(Value::String(s)) if s == "auto" => Ok(Defense::Auto),
        Some(Value::Array(items)) => {
            let mut squares = Vec::new();
            for item in items {
                let text = item.as_str().ok_or("\"defense\" squares must be strings such as \"e4\"")?;
                squares.push(text.parse::<Square>().map_err(|e| e.to_string())?);
            }
            let Some(target) = action.target() else {
                return Ok(Defense::Auto);
            };
            if !squares.contains(&target) {
                return Err(format!("the defence must include the target square {target}"));
            }
            let partners: Vec<Square> = squares.into_iter().filter(|&s| s != target).collect();
            Partners::new(&partners)
                .map(Defense::Group)
                .ok_or_else(|| "a defence group has one to three different squares".into())
        }
        Some(_) => Err("\"defense\" must be \"auto\" or a list of squares".into()),
    }
}
