//! Stratego as an implementation of the shared [`Rules`]: what the generic game, arena and
//! referee need from Stratego's position, layouts, memories, views and AI. Nothing imports
//! this module; it only connects them.

use serde_json::Value;

use super::action::Action;
use super::ai::Ai;
use super::board::Sq;
use super::event::{EndReason, Event, Outcome};
use super::game::{Game, RECORD_FORMAT};
use super::layout::{Layout, LayoutError};
use super::memory::Memory;
use super::piece::RANKS;
use super::position::{PlayError, Position, PositionTextError};
use super::view::{Cell, View};
use crate::shared::SeenEvent;
use crate::shared::{Budget, BySide, Rules, Ruleset, Side, Style};

impl Rules for Position {
    const RULESET: Ruleset = Ruleset::Stratego;
    const RECORD_FORMAT: u32 = RECORD_FORMAT;

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
        Position::empty(to_move)
    }

    fn to_move(&self) -> Side {
        Position::to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        Position::legal_actions(self)
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
            if let Some(outcome) = Position::outcome(self) {
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
        self.quiet_plies = 0;
        self.decided = None;
        self.repetition = Default::default();
    }

    fn to_text(&self) -> String {
        Position::to_text(self)
    }

    fn from_text(text: &str, to_move: Side) -> Result<Position, PositionTextError> {
        Position::from_text(text, to_move)
    }

    fn auto_layout(seed: u64, style: Style) -> Layout {
        super::autoplace::auto_layout(seed, style)
    }

    fn count_losses(losses: &mut BySide<[u8; RANKS]>, event: &Event) {
        if let Event::Destroyed { side, rank, .. } = *event {
            losses[side][rank.index()] += 1;
        }
    }

    fn view(game: &Game, viewer: Side, intel: bool) -> View {
        let memory = &game.memory(viewer);
        let cells = Sq::all()
            .map(|sq| match game.position().piece_at(sq) {
                None if sq.is_lake() => Cell::Lake,
                None => Cell::Empty,
                Some(p) if p.side == viewer => Cell::Own { rank: p.rank },
                Some(_) => {
                    Cell::Enemy { intel: if intel { memory.enemy.identity[sq.index()] } else { None } }
                }
            })
            .collect();
        View {
            viewer,
            to_move: game.position().to_move(),
            status: game.status(),
            outcome: game.outcome(),
            ply: game.ply(),
            quiet_plies: game.position().quiet_plies(),
            intel,
            cells,
            last_action: game.last_action().map(|(_, a)| a),
            last_mover: game.last_action().map(|(side, _)| side),
            last_turn: game.last_turn().iter().map(|e| e.seen_by(viewer)).collect(),
            moved_markers: if intel { memory.enemy.moved.iter().collect() } else { Vec::new() },
            exposed: if intel { memory.exposed() } else { Vec::new() },
            own_moved: if intel { memory.own.moved.iter().collect() } else { Vec::new() },
            conduct: if intel { Sq::all().filter_map(|sq| memory.conduct(sq)).collect() } else { Vec::new() },
            own_losses: game.losses(viewer),
            enemy_losses: game.losses(viewer.opponent()),
            repetition: BySide::from_fn(|side| game.position().repetition(side)),
        }
    }

    fn read_reply(_: Option<&Value>, _: &Action) -> Result<(), String> {
        Ok(())
    }

    fn ai_action(level: u8, seed: u64, budget: Budget, view: &View, legal: &[Action]) -> Action {
        Ai::new(level, seed, budget).choose(view, legal)
    }
}
