//! An outside program as a Stratego arena player, over the UCC 2012 competition protocol
//! (`doc/ucc-protocol.md`): one process per game, spawned with `sh -c COMMAND`, spoken to on
//! its standard input and read on its standard output, every answer under a time limit.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use admiral_engine::rng::Dice;
use admiral_engine::stratego::arena::{Agent, Forfeit, Seat};
use admiral_engine::stratego::{ucc, Action, EndReason, Event, Layout};
use admiral_engine::Side;

/// A player that is an outside program.
pub struct UccPlayer {
    command: String,
    timeout: Duration,
    process: Option<Process>,
    side: Side,
    started: bool,
    /// Whether the two-square rule binds the program (see `--ucc-no-two-square`).
    two_square: bool,
}

struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl UccPlayer {
    /// A player running `command` (through `sh -c`), allowing `timeout` per answer; held to the
    /// two-square rule or not.
    pub fn new(command: &str, timeout: Duration, two_square: bool) -> UccPlayer {
        UccPlayer {
            command: command.to_string(),
            timeout,
            process: None,
            side: Side::South,
            started: false,
            two_square,
        }
    }

    fn spawn(&mut self) -> Result<(), Forfeit> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| forfeit(EndReason::Forfeit, format!("cannot start `{}`: {e}", self.command)))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        self.process = Some(Process { child, stdin, lines });
        Ok(())
    }

    fn send(&mut self, line: &str) {
        if let Some(p) = self.process.as_mut() {
            // A program that has gone away shows up as silence when it is asked to move.
            let _ = writeln!(p.stdin, "{line}").and_then(|_| p.stdin.flush());
        }
    }

    fn receive(&mut self) -> Result<String, Forfeit> {
        let Some(p) = self.process.as_mut() else {
            return Err(forfeit(EndReason::Forfeit, "the program is not running".into()));
        };
        loop {
            match p.lines.recv_timeout(self.timeout) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => return Ok(line.trim_end_matches('\r').to_string()),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(forfeit(
                        EndReason::Timeout,
                        format!("no answer within {} ms", self.timeout.as_millis()),
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(forfeit(EndReason::Forfeit, "the program closed its output".into()))
                }
            }
        }
    }

    fn stop(&mut self) {
        if let Some(mut p) = self.process.take() {
            drop(p.stdin);
            for _ in 0..20 {
                if let Ok(Some(_)) = p.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }
}

fn forfeit(reason: EndReason, detail: String) -> Forfeit {
    Forfeit { reason, detail }
}

impl Agent for UccPlayer {
    fn name(&self) -> String {
        format!("ucc:{}", self.command.split_whitespace().next().unwrap_or(""))
    }

    fn setup(&mut self, side: Side, _seed: u64, opponent: &str) -> Result<Layout, Forfeit> {
        self.stop();
        self.side = side;
        self.started = false;
        self.spawn()?;
        let opponent: String = opponent.chars().filter(|c| !c.is_whitespace()).collect();
        self.send(&format!(
            "{} {} 10 10",
            ucc::colour(side),
            if opponent.is_empty() { "unknown" } else { &opponent }
        ));
        let mut rows = Vec::new();
        for _ in 0..4 {
            match self.receive() {
                Ok(row) => rows.push(row),
                Err(f) => {
                    self.send("QUIT");
                    self.stop();
                    return Err(f);
                }
            }
        }
        ucc::parse_setup(&rows, side).map_err(|e| {
            self.send("QUIT");
            self.stop();
            forfeit(EndReason::Forfeit, e)
        })
    }

    fn act(&mut self, seat: &Seat<'_>, _legal: &[Action], _dice: &mut Dice) -> Result<Action, Forfeit> {
        if self.side == Side::South && !self.started {
            self.send("START");
        }
        self.started = true;
        for row in ucc::board_rows(&seat.view()) {
            self.send(&row);
        }
        let answer = self.receive()?;
        if answer.trim() == "SURRENDER" {
            return Err(forfeit(EndReason::Resignation, "surrendered".into()));
        }
        match ucc::UccMove::parse(&answer) {
            Ok(m) => Ok(m.action(false)),
            Err(e) => Err(forfeit(EndReason::Forfeit, format!("`{}`: {e}", answer.trim()))),
        }
    }

    fn observe(&mut self, seat: &Seat<'_>, action: &Action, events: &[Event]) {
        self.started = true;
        if seat.view().outcome.is_none() {
            self.send(&ucc::result_line(action, events));
        }
    }

    fn finish(&mut self, seat: &Seat<'_>) {
        let result = seat.view().outcome.map(|o| match o.status.winner() {
            Some(w) if w == self.side => "VICTORY",
            Some(_) => "DEFEAT",
            None => "DRAW",
        });
        self.send(&format!("QUIT {}", result.unwrap_or("DRAW_DEFAULT")));
        self.stop();
    }

    fn held_to_two_square(&self) -> bool {
        self.two_square
    }
}

impl Drop for UccPlayer {
    fn drop(&mut self) {
        self.stop();
    }
}
