//! `admiral-referee`: the rules as a JSON-lines service on stdin/stdout.
//!
//! One JSON object per input line, one answer per line, until end of input. Every answer has
//! `"ok"`; a failed command has `"error"` and changes nothing. The protocol is documented in
//! `doc/referee.md`.
//!
//! `admiral-referee --ucc-bot LEVEL [--seed S] [--budget-ms M]` instead runs our Stratego AI as
//! a program of the UCC 2012 Stratego competition protocol (`doc/ucc-protocol.md`).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use admiral_engine::ai::Budget;
use admiral_engine::referee::Referee;
use admiral_engine::stratego::ucc::Program;
use admiral_engine::tools::flags::Flags;

const USAGE: &str = "usage: admiral-referee                      JSON-lines referee on stdin/stdout\n       admiral-referee --ucc-bot LEVEL [--seed S] [--budget-ms M]\n                                               our Stratego AI (level 1-5) as a UCC protocol program\n                                               (default budget: the level's own work, cut at 1500 ms, under the\n                                               protocol's usual 2 s limit)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        referee();
        return ExitCode::SUCCESS;
    }
    match ucc_options(&args) {
        Ok((level, seed, budget)) => ucc_bot(level, seed, budget),
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

fn referee() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut referee = Referee::new();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(answer) = referee.handle_line(&line) {
            if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
                break;
            }
        }
    }
}

fn ucc_options(args: &[String]) -> Result<(u8, u64, Budget), String> {
    let mut level = None;
    let mut seed = 0;
    let mut budget = None;
    let mut flags = Flags::new(args).usage_on_missing(USAGE);
    while let Some(flag) = flags.next_flag() {
        match flag {
            "--ucc-bot" => {
                let l = flags.number(flag)?;
                if !(1..=5).contains(&l) {
                    return Err(format!("--ucc-bot: the level is 1 to 5, not {l}"));
                }
                level = Some(l as u8);
            }
            "--seed" => seed = flags.number(flag)?,
            "--budget-ms" => budget = Some(Budget::Time(Duration::from_millis(flags.number(flag)?))),
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown option `{other}`\n{USAGE}")),
        }
    }
    let level = level.ok_or(USAGE)?;
    // The level's own work takes under 0.3 s in Stratego; the clock only guards the protocol's
    // usual 2 s limit.
    let budget = budget.unwrap_or(Budget::Time(Duration::from_millis(1500)));
    Ok((level, seed, budget))
}

fn ucc_bot(level: u8, seed: u64, budget: Budget) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut program = Program::new(level, seed, budget);
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        match program.input(&line) {
            Ok(answers) => {
                for answer in answers {
                    if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
                        return ExitCode::FAILURE;
                    }
                }
            }
            Err(message) => {
                eprintln!("admiral-referee --ucc-bot: {message}");
                return ExitCode::FAILURE;
            }
        }
        if program.finished() {
            break;
        }
    }
    ExitCode::SUCCESS
}
