//! An outside program as the arena runs it, whatever protocol it speaks: one process spawned
//! with `sh -c COMMAND`, written to line by line on its standard input and read line by line
//! on its standard output (standard error passes through), every answer under a time limit.
//! A program that is silent too long, closes its output or cannot start loses the game for its
//! player; the players ([`crate::ucc_player`], [`crate::cmd_player`]) name the reasons.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use admiral_engine::shared::Forfeit;

/// The environment variable that holds the player's seed for the game (the seed the arena
/// gives its own players' setups), so that a program that seeds its dice from it, for
/// instance with `cmd:"python3 player.py $ARENA_SEED"`, plays the same games again in a rerun
/// with the same `--seed`: the arena's levels are repeatable with `--iterations`, and a
/// program that ignores it keeps its own randomness.
pub const SEED_VARIABLE: &str = "ARENA_SEED";

/// The end reasons a ruleset gives a program's failures.
#[derive(Copy, Clone, Debug)]
pub struct Reasons<R> {
    /// For a program that cannot start, closed its output or answered something unusable.
    pub forfeit: R,
    /// For a program that did not answer in time.
    pub timeout: R,
}

/// A running outside program.
pub struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Program {
    /// Starts `sh -c command`, with the player's seed for this game in its environment as
    /// [`SEED_VARIABLE`].
    pub fn spawn<R>(command: &str, seed: u64, reasons: Reasons<R>) -> Result<Program, Forfeit<R>> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .env(SEED_VARIABLE, seed.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| Forfeit {
                reason: reasons.forfeit,
                detail: format!("cannot start `{command}`: {e}"),
            })?;
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
        Ok(Program { child, stdin, lines })
    }

    /// Writes one line (and flushes). A program that has gone away shows up as silence when
    /// it is next asked for an answer.
    pub fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush());
    }

    /// The next line that is not blank (without its line end), waiting at most `timeout`.
    pub fn receive<R>(&mut self, timeout: Duration, reasons: Reasons<R>) -> Result<String, Forfeit<R>> {
        loop {
            match self.lines.recv_timeout(timeout) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => return Ok(line.trim_end_matches('\r').to_string()),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Forfeit {
                        reason: reasons.timeout,
                        detail: format!("no answer within {} ms", timeout.as_millis()),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Forfeit {
                        reason: reasons.forfeit,
                        detail: "the program closed its output".into(),
                    })
                }
            }
        }
    }

    /// Closes the program's input and gives it 200 ms to exit before killing it.
    pub fn stop(self) {
        let Program { mut child, stdin, .. } = self;
        drop(stdin);
        for _ in 0..20 {
            if let Ok(Some(_)) = child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// An optional running program, stopped when replaced or dropped.
#[derive(Default)]
pub struct Slot(Option<Program>);

impl Slot {
    /// Stops the running program, if any, and starts `command` in its place (see
    /// [`Program::spawn`]).
    pub fn start<R>(&mut self, command: &str, seed: u64, reasons: Reasons<R>) -> Result<(), Forfeit<R>> {
        self.stop();
        self.0 = Some(Program::spawn(command, seed, reasons)?);
        Ok(())
    }

    /// Writes one line to the running program, if any.
    pub fn send(&mut self, line: &str) {
        if let Some(p) = self.0.as_mut() {
            p.send(line);
        }
    }

    /// The running program's next answer (see [`Program::receive`]).
    pub fn receive<R>(&mut self, timeout: Duration, reasons: Reasons<R>) -> Result<String, Forfeit<R>> {
        match self.0.as_mut() {
            Some(p) => p.receive(timeout, reasons),
            None => Err(Forfeit { reason: reasons.forfeit, detail: "the program is not running".into() }),
        }
    }

    /// Stops the running program, if any.
    pub fn stop(&mut self) {
        if let Some(p) = self.0.take() {
            p.stop();
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.stop();
    }
}
