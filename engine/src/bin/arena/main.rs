//! `admiral-arena`: plays many games between two players and reports the score and speed.
//!
//! ```text
//! admiral-arena --a random --b random --games 100 --seed 1 [--threads 2] [--budget-ms 20]
//! admiral-arena --ruleset stratego --a 5 --b ucc:"python3 bot.py" --games 10
//! ```
//! Ends with one line: `games=N a_wins=.. b_wins=.. draws=.. a_score=0.xxx ci95=0.xxx-0.xxx
//! plies=P plies_per_sec=Q median_plies=M`.

mod ucc_player;

use std::process::ExitCode;

use std::time::Duration;

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::arena::{Agent, GameResult, Played, RandomAgent, Summary};
use admiral_engine::autoplace::{auto_layout, Style};
use admiral_engine::stratego;
use admiral_engine::tools::flags::Flags;
use admiral_engine::{Layout, Ruleset};

const USAGE: &str = "usage: admiral-arena [--ruleset admiral|stratego] --a PLAYER --b PLAYER --games N --seed S [--threads T] [--budget-ms M | --iterations I] [--ucc-timeout-ms T] [--ucc-no-two-square] [--verbose]\n  PLAYER: random, an AI level 1-5, or (stratego only) ucc:COMMAND, an outside program speaking the UCC 2012 Stratego protocol (run with sh -c)\n  --budget-ms: the same time per decision for every AI (default: each level's real-play budget)\n  --iterations: a fixed number of sampled worlds per decision instead (deterministic)\n  --ucc-timeout-ms: how long an outside program may take per answer (default 2000)\n  --ucc-no-two-square: outside programs are not held to the two-square rule (the 2012 manager had none); our AIs still are\n  --verbose: one line per game as soon as it ends (in the order games end), before the report";

struct Options {
    ruleset: Ruleset,
    a: String,
    b: String,
    games: u64,
    seed: u64,
    threads: usize,
    budget: Option<Budget>,
    ucc_timeout: Duration,
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
        ucc_timeout: Duration::from_millis(2000),
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
            "--ucc-timeout-ms" => options.ucc_timeout = Duration::from_millis(flags.number(flag)?),
            "--ucc-no-two-square" => options.ucc_two_square = false,
            "--verbose" => options.verbose = true,
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown option `{other}`\n{USAGE}")),
        }
    }
    Ok(options)
}

/// A factory for the named Admiral player.
fn agent(name: &str, budget: Option<Budget>) -> Result<Box<dyn Fn() -> Box<dyn Agent> + Sync>, String> {
    match name {
        "random" => Ok(Box::new(|| Box::new(RandomAgent) as Box<dyn Agent>)),
        level @ ("1" | "2" | "3" | "4" | "5") => {
            let level: u8 = level.parse().expect("a digit");
            let budget = budget.unwrap_or(Budget::for_level(level));
            Ok(Box::new(move || Box::new(Ai::new(level, 0, budget)) as Box<dyn Agent>))
        }
        other if other.starts_with("ucc:") => {
            Err(format!("`{other}`: outside programs (ucc:) play only with --ruleset stratego\n{USAGE}"))
        }
        other => Err(format!("unknown player `{other}`\n{USAGE}")),
    }
}

type StrategoFactory = Box<dyn Fn() -> Box<dyn stratego::arena::Agent> + Sync>;

/// A factory for the named Stratego player.
fn stratego_agent(name: &str, options: &Options) -> Result<StrategoFactory, String> {
    let (budget, timeout, two_square) = (options.budget, options.ucc_timeout, options.ucc_two_square);
    match name {
        "random" => {
            Ok(Box::new(|| Box::new(stratego::arena::RandomAgent) as Box<dyn stratego::arena::Agent>))
        }
        level @ ("1" | "2" | "3" | "4" | "5") => {
            let level: u8 = level.parse().expect("a digit");
            let budget = budget.unwrap_or(Budget::for_level(level));
            Ok(Box::new(move || {
                Box::new(stratego::ai::Ai::new(level, 0, budget)) as Box<dyn stratego::arena::Agent>
            }))
        }
        other => match other.strip_prefix("ucc:") {
            Some(command) if !command.trim().is_empty() => {
                let command = command.to_string();
                Ok(Box::new(move || {
                    Box::new(ucc_player::UccPlayer::new(&command, timeout, two_square))
                        as Box<dyn stratego::arena::Agent>
                }))
            }
            _ => Err(format!("unknown player `{other}`\n{USAGE}")),
        },
    }
}

/// The layout a player uses in the game with this seed: AIs their own style, random players
/// the balanced auto-placement.
fn layout_for(name: &str, seed: u64) -> Layout {
    match name.parse::<u8>() {
        Ok(level) => Ai::layout(level, seed),
        Err(_) => auto_layout(seed, Style::Balanced),
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
    let make_a = agent(&options.a, options.budget)?;
    let make_b = agent(&options.b, options.budget)?;
    // Game i: `a` sits South on even games; each side's layout comes from its own player.
    let play = |a: &mut (dyn Agent + 'static), b: &mut (dyn Agent + 'static), a_is_south: bool, seed: u64| {
        let a_layout = layout_for(&options.a, seed);
        let b_layout = layout_for(&options.b, seed ^ 0x5bd1_e995);
        let (south, north) = if a_is_south { (a_layout, b_layout) } else { (b_layout, a_layout) };
        admiral_engine::arena::play_game(a, b, &south, &north, a_is_south, seed)
    };
    Ok(run(options, &*make_a, &*make_b, &play))
}

fn run_stratego(options: &Options) -> Result<Summary, String> {
    let make_a = stratego_agent(&options.a, options)?;
    let make_b = stratego_agent(&options.b, options)?;
    let play = |a: &mut (dyn stratego::arena::Agent + 'static),
                b: &mut (dyn stratego::arena::Agent + 'static),
                a_is_south: bool,
                seed: u64| stratego::arena::play_game(a, b, a_is_south, seed);
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
    /// `a_lead=L`: `a`'s material minus `b`'s at the end.
    fn tail(&self) -> String {
        format!(" a_lead={:+}", self.a_lead)
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
        self.forfeit.as_deref().map(|f| format!(" forfeit=\"{f}\"")).unwrap_or_default()
    }
}

/// The serde name of an end reason (`bases_destroyed`, `flag_captured`, ...).
fn reason_name<R: serde::Serialize>(reason: R) -> String {
    serde_json::to_value(reason).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}
