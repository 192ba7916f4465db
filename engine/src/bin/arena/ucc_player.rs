//! An outside program as a Stratego arena player, over the UCC 2012 competition protocol
//! (`doc/ucc-protocol.md`): one process per game ([`crate::program`]), every answer under a
//! time limit.

use std::time::Duration;

use admiral_engine::rng::Dice;
use admiral_engine::stratego::arena::{Agent, Forfeit, Seat};
use admiral_engine::stratego::{ucc, Action, EndReason, Event, Layout, Position};
use admiral_engine::Side;

use crate::program::{Reasons, Slot};

/// How a Stratego program's failures end its game.
const REASONS: Reasons<EndReason> = Reasons { forfeit: EndReason::Forfeit, timeout: EndReason::Timeout };

/// A player that is an outside program.
pub struct UccPlayer {
    command: String,
    timeout: Duration,
    program: Slot,
    side: Side,
    started: bool,
    /// Whether the two-square rule binds the program (see `--ucc-no-two-square`).
    two_square: bool,
}

impl UccPlayer {
    /// A player running `command` (through `sh -c`), allowing `timeout` per answer; held to the
    /// two-square rule or not.
    pub fn new(command: &str, timeout: Duration, two_square: bool) -> UccPlayer {
        UccPlayer {
            command: command.to_string(),
            timeout,
            program: Slot::default(),
            side: Side::South,
            started: false,
            two_square,
        }
    }

    fn receive(&mut self) -> Result<String, Forfeit> {
        self.program.receive(self.timeout, REASONS)
    }

    /// Tells the program the game is over and stops it; passes `f` on.
    fn quit(&mut self, f: Forfeit) -> Forfeit {
        self.program.send("QUIT");
        self.program.stop();
        f
    }
}

impl Agent<Position> for UccPlayer {
    fn name(&self) -> String {
        format!("ucc:{}", self.command.split_whitespace().next().unwrap_or(""))
    }

    fn setup(&mut self, side: Side, seed: u64, opponent: &str) -> Result<Layout, Forfeit> {
        self.side = side;
        self.started = false;
        self.program.start(&self.command, seed, REASONS)?;
        let opponent: String = opponent.chars().filter(|c| !c.is_whitespace()).collect();
        self.program.send(&format!(
            "{} {} 10 10",
            ucc::colour(side),
            if opponent.is_empty() { "unknown" } else { &opponent }
        ));
        let mut rows = Vec::new();
        for _ in 0..4 {
            match self.receive() {
                Ok(row) => rows.push(row),
                Err(f) => return Err(self.quit(f)),
            }
        }
        ucc::parse_setup(&rows, side)
            .map_err(|e| self.quit(Forfeit { reason: EndReason::Forfeit, detail: e }))
    }

    fn act(&mut self, seat: &Seat<'_>, _legal: &[Action], _dice: &mut Dice) -> Result<Action, Forfeit> {
        if self.side == Side::South && !self.started {
            self.program.send("START");
        }
        self.started = true;
        for row in ucc::board_rows(&seat.view()) {
            self.program.send(&row);
        }
        let answer = self.receive()?;
        if answer.trim() == "SURRENDER" {
            return Err(Forfeit { reason: EndReason::Resignation, detail: "surrendered".into() });
        }
        ucc::UccMove::parse(&answer)
            .map(|m| m.action(false))
            .map_err(|e| Forfeit { reason: EndReason::Forfeit, detail: format!("`{}`: {e}", answer.trim()) })
    }

    fn observe(&mut self, seat: &Seat<'_>, action: &Action, events: &[Event]) {
        self.started = true;
        if seat.view().outcome.is_none() {
            self.program.send(&ucc::result_line(action, events));
        }
    }

    fn finish(&mut self, seat: &Seat<'_>) {
        let result = seat.view().outcome.map(|o| match o.status.winner() {
            Some(w) if w == self.side => "VICTORY",
            Some(_) => "DEFEAT",
            None => "DRAW",
        });
        self.program.send(&format!("QUIT {}", result.unwrap_or("DRAW_DEFAULT")));
        self.program.stop();
    }

    fn held_to_two_square(&self) -> bool {
        self.two_square
    }
}
