//! `admiral-arena`: plays many games between two players and reports the score and speed.
//!
//! ```text
//! admiral-arena --a random --b random --games 100 --seed 1 [--threads 2] [--budget-ms 20]
//! admiral-arena --a 1 --b cmd:"python3 player.py" --games 10
//! admiral-arena --ruleset stratego --a 5 --b ucc:"python3 bot.py" --games 10
//! ```
//! A player is `random`, an AI level 1–5, or an outside program run with `sh -c`, one process
//! per game: for Admiral `cmd:COMMAND`, speaking the JSON-lines player protocol
//! (`doc/player-protocol.md`); for Stratego `ucc:COMMAND`, speaking the UCC 2012 protocol
//! (`doc/ucc-protocol.md`). A program that answers something unusable, is silent longer than
//! `--cmd-timeout-ms` (alias `--ucc-timeout-ms`) or goes away loses that game; `--verbose`
//! names why (`forfeit="…"`).
//!
//! Ends with one line: `games=N a_wins=.. b_wins=.. draws=.. a_score=0.xxx ci95=0.xxx-0.xxx
//! plies=P plies_per_sec=Q median_plies=M`.

mod cmd_player;
mod program;
mod ucc_player;

use std::process::ExitCode;

use std::time::Duration;

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::arena::{Agent, GameResult, Played, RandomAgent, Summary};
use admiral_engine::stratego;
use admiral_engine::tools::flags::Flags;
use admiral_engine::{Position, Ruleset};

const USAGE: &str = "usage: admiral-arena [--ruleset admiral|stratego] --a PLAYER --b PLAYER --games N --seed S [--threads T] [--budget-ms M | --iterations I] [--cmd-timeout-ms T] [--ucc-no-two-square] [--verbose]\n  PLAYER: random, an AI level 1-5, or an outside program (run with sh -c, one process per game): (admiral only) cmd:COMMAND, speaking the JSON-lines player protocol (doc/player-protocol.md); (stratego only) ucc:COMMAND, speaking the UCC 2012 Stratego protocol (doc/ucc-protocol.md)\n  --budget-ms: the same time per decision for every AI (default: each level's real-play budget)\n  --iterations: a fixed number of sampled worlds per decision instead (deterministic)\n  --cmd-timeout-ms (also --ucc-timeout-ms): how long an outside program may take per answer (default 2000); a silent program loses (timeout)\n  --ucc-no-two-square: outside programs are not held to the two-square rule (the 2012 manager had none); our AIs still are\n  --verbose: one line per game as soon as it ends (in the order games end), before the report";

struct Options {
    ruleset: Ruleset,
    a: String,
    b: String,
    games: u64,
    seed: u64,
    threads: usize,
    budget: Option<Budget>,
    program_timeout: Duration,
    ucc_two_square: bool,
    verbose: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        ruleset: Ruleset::Admiral,
        a: "random".into(),
        b: "random".into(),
        games: 100,
        seed: 1,
        threads: 1,
        budget: None,
        program_timeout: Duration::from_millis(2000),
        ucc_two_square: true,
        verbose: false,
    };
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag {
            "--ruleset" => {
                let text = flags.value(flag)?;
                options.ruleset = Ruleset::from_name(&text)
                    .ok_or(format!("--ruleset: `{text}` is not admiral or stratego"))?;
            }
            "--a" => options.a = flags.value(flag)?,
            "--b" => options.b = flags.value(flag)?,
            "--games" => options.games = flags.number(flag)?,
            "--seed" => options.seed = flags.number(flag)?,
            "--threads" => options.threads = flags.number(flag)?.max(1) as usize,
            "--budget-ms" => options.budget = Some(Budget::Time(Duration::from_millis(flags.number(flag)?))),
            "--iterations" => options.budget = Some(Budget::Iterations(flags.number(flag)?.max(1) as u32)),
            "--cmd-timeout-ms" | "--ucc-timeout-ms" => {
                options.program_timeout = Duration::from_millis(flags.number(flag)?)
            }
            "--ucc-no-two-square" => options.ucc_two_square = false,
            "--verbose" => options.verbose = true,
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown option `{other}`\n{USAGE}")),
        }
    }
    Ok(options)
}

type AdmiralFactory = Box<dyn Fn() -> Box<dyn Agent<Position>> + Sync>;

/// A factory for the named Admiral player.
fn agent(name: &str, options: &Options) -> Result<AdmiralFactory, String> {
    let (budget, timeout) = (options.budget, options.program_timeout);
    match name {
        "random" => Ok(Box::new(|| Box::new(RandomAgent) as Box<dyn Agent<Position>>)),
        level @ ("1" | "2" | "3" | "4" | "5") => {
            let level: u8 = level.parse().expect("a digit");
            let budget = budget.unwrap_or(Budget::for_level(level));
            Ok(Box::new(move || Box::new(Ai::new(level, 0, budget)) as Box<dyn Agent<Position>>))
        }
        other if other.starts_with("ucc:") => Err(format!(
            "`{other}`: UCC programs (ucc:) play only with --ruleset stratego; Admiral programs are cmd:\n{USAGE}"
        )),
        other => match other.strip_prefix("cmd:") {
            Some(command) if !command.trim().is_empty() => {
                let command = command.to_string();
                Ok(Box::new(move || {
                    Box::new(cmd_player::CmdPlayer::new(&command, timeout)) as Box<dyn Agent<Position>>
                }))
            }
            _ => Err(format!("unknown player `{other}`\n{USAGE}")),
        },
    }
}

type StrategoAgent = dyn stratego::arena::Agent<stratego::Position>;
type StrategoFactory = Box<dyn Fn() -> Box<StrategoAgent> + Sync>;

/// A factory for the named Stratego player.
fn stratego_agent(name: &str, options: &Options) -> Result<StrategoFactory, String> {
    let (budget, timeout, two_square) = (options.budget, options.program_timeout, options.ucc_two_square);
    match name {
        "random" => Ok(Box::new(|| Box::new(stratego::arena::RandomAgent) as Box<StrategoAgent>)),
        level @ ("1" | "2" | "3" | "4" | "5") => {
            let level: u8 = level.parse().expect("a digit");
            let budget = budget.unwrap_or(Budget::for_level(level));
            Ok(Box::new(move || Box::new(stratego::ai::Ai::new(level, 0, budget)) as Box<StrategoAgent>))
        }
        other if other.starts_with("cmd:") => Err(format!(
            "`{other}`: JSON-lines programs (cmd:) play only Admiral; Stratego programs are ucc:\n{USAGE}"
        )),
        other => match other.strip_prefix("ucc:") {
            Some(command) if !command.trim().is_empty() => {
                let command = command.to_string();
                Ok(Box::new(move || {
                    Box::new(ucc_player::UccPlayer::new(&command, timeout, two_square)) as Box<StrategoAgent>
                }))
            }
            _ => Err(format!("unknown player `{other}`\n{USAGE}")),
        },
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(o) => o,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let summary = match options.ruleset {
        Ruleset::Admiral => run_admiral(&options),
        Ruleset::Stratego => run_stratego(&options),
    };
    match summary {
        Ok(summary) => {
            println!("{}", summary.line());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

fn run_admiral(options: &Options) -> Result<Summary, String> {
    let make_a = agent(&options.a, options)?;
    let make_b = agent(&options.b, options)?;
    // Game i: `a` sits South on even games; each side's layout comes from its own player.
    let play = |a: &mut (dyn Agent<Position> + 'static),
                b: &mut (dyn Agent<Position> + 'static),
                a_is_south: bool,
                seed: u64| admiral_engine::arena::play_game(a, b, a_is_south, seed);
    Ok(run(options, &*make_a, &*make_b, &play))
}

fn run_stratego(options: &Options) -> Result<Summary, String> {
    let make_a = stratego_agent(&options.a, options)?;
    let make_b = stratego_agent(&options.b, options)?;
    let play = |a: &mut StrategoAgent, b: &mut StrategoAgent, a_is_south: bool, seed: u64| {
        stratego::arena::play_game(a, b, a_is_south, seed)
    };
    Ok(run(options, &*make_a, &*make_b, &play))
}

/// Plays the run `options` asks for on its threads, one game at a time by `play`, with a
/// fresh pair of players per thread; with `--verbose`, prints each game's line as soon as it
/// ends (in the order games end), so that a long run stopped early keeps what it played.
fn run<A: ?Sized, P: GameLine>(
    options: &Options,
    make_a: &(dyn Fn() -> Box<A> + Sync),
    make_b: &(dyn Fn() -> Box<A> + Sync),
    play: &(dyn Fn(&mut A, &mut A, bool, u64) -> P + Sync),
) -> Summary {
    let finished = |i: u64, game: &P| {
        if options.verbose {
            println!("{}", game.line(i));
        }
    };
    let (summary, _) = Summary::run_games(
        options.games,
        options.seed,
        options.threads,
        make_a,
        make_b,
        play,
        P::result,
        &finished,
    );
    summary
}

/// What the `--verbose` line says of one game of either ruleset.
trait GameLine: Send {
    /// The result.
    fn result(&self) -> GameResult;
    /// Why it ended, as a serde name (`None`: stopped at the ply cap).
    fn reason(&self) -> Option<String>;
    /// What the ruleset adds at the end of the line.
    fn tail(&self) -> String;

    /// `game=I a_side=south|north status=S reason=R plies=P`, then the tail.
    fn line(&self, index: u64) -> String {
        let result = self.result();
        format!(
            "game={index} a_side={} status={} reason={} plies={}{}",
            if result.a_was_south { "south" } else { "north" },
            result.status,
            self.reason().unwrap_or_else(|| "ply_cap".into()),
            result.plies,
            self.tail(),
        )
    }
}

impl GameLine for Played {
    fn result(&self) -> GameResult {
        self.result
    }
    fn reason(&self) -> Option<String> {
        self.reason.map(reason_name)
    }
    /// `a_lead=L`: `a`'s material minus `b`'s at the end; then `forfeit="…"`, if an agent
    /// forfeited.
    fn tail(&self) -> String {
        format!(" a_lead={:+}{}", self.a_lead, forfeit_tail(self.forfeit.as_deref()))
    }
}

impl GameLine for stratego::arena::Played {
    fn result(&self) -> GameResult {
        self.result
    }
    fn reason(&self) -> Option<String> {
        self.reason.map(reason_name)
    }
    /// `forfeit="…"`, if an agent forfeited.
    fn tail(&self) -> String {
        forfeit_tail(self.forfeit.as_deref())
    }
}

/// ` forfeit="…"` naming what a forfeiting agent did wrong (on one line: a detail of several
/// lines, such as every problem of a layout, is joined with `; `), or nothing.
fn forfeit_tail(forfeit: Option<&str>) -> String {
    forfeit.map(|f| format!(" forfeit=\"{}\"", f.lines().collect::<Vec<_>>().join("; "))).unwrap_or_default()
}

/// The serde name of an end reason (`bases_destroyed`, `flag_captured`, ...).
fn reason_name<R: serde::Serialize>(reason: R) -> String {
    serde_json::to_value(reason).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}
