//! `admiral-arena`: plays many games between two players and reports the score and speed.
//!
//! ```text
//! admiral-arena --a random --b random --games 100 --seed 1 [--threads 2] [--budget-ms 20]
//! ```
//! Ends with one line: `games=N a_wins=.. b_wins=.. draws=.. a_score=0.xxx ci95=0.xxx-0.xxx
//! plies=P plies_per_sec=Q median_plies=M`.

use std::process::ExitCode;

use std::time::Duration;

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::arena::{Agent, RandomAgent, Summary};
use admiral_engine::autoplace::{auto_layout, Style};
use admiral_engine::Layout;

const USAGE: &str = "usage: admiral-arena --a PLAYER --b PLAYER --games N --seed S [--threads T] [--budget-ms M | --iterations I]\n  PLAYER: random, or an AI level 1-5\n  --budget-ms: the same time per decision for every AI (default: each level's real-play budget)\n  --iterations: a fixed number of sampled worlds per decision instead (deterministic)";

struct Options {
    a: String,
    b: String,
    games: u64,
    seed: u64,
    threads: usize,
    budget: Option<Budget>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options =
        Options { a: "random".into(), b: "random".into(), games: 100, seed: 1, threads: 1, budget: None };
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        let mut value = || iter.next().cloned().ok_or(format!("{flag} needs a value"));
        let number =
            |text: String| text.parse::<u64>().map_err(|_| format!("{flag}: `{text}` is not a whole number"));
        match flag.as_str() {
            "--a" => options.a = value()?,
            "--b" => options.b = value()?,
            "--games" => options.games = number(value()?)?,
            "--seed" => options.seed = number(value()?)?,
            "--threads" => options.threads = number(value()?)?.max(1) as usize,
            "--budget-ms" => options.budget = Some(Budget::Time(Duration::from_millis(number(value()?)?))),
            "--iterations" => options.budget = Some(Budget::Iterations(number(value()?)?.max(1) as u32)),
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown option `{other}`\n{USAGE}")),
        }
    }
    Ok(options)
}

/// A factory for the named player.
fn agent(name: &str, budget: Option<Budget>) -> Result<Box<dyn Fn() -> Box<dyn Agent> + Sync>, String> {
    match name {
        "random" => Ok(Box::new(|| Box::new(RandomAgent) as Box<dyn Agent>)),
        level @ ("1" | "2" | "3" | "4" | "5") => {
            let level: u8 = level.parse().expect("a digit");
            let budget = budget.unwrap_or(Budget::for_level(level));
            Ok(Box::new(move || Box::new(Ai::new(level, 0, budget)) as Box<dyn Agent>))
        }
        other => Err(format!("unknown player `{other}`\n{USAGE}")),
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
    let (options, make_a, make_b) =
        match parse(&args).and_then(|o| Ok((agent(&o.a, o.budget)?, agent(&o.b, o.budget)?, o))) {
            Ok((a, b, o)) => (o, a, b),
            Err(message) => {
                eprintln!("{message}");
                return ExitCode::from(2);
            }
        };
    // Game i: `a` sits South on even games; each side's layout comes from its own player.
    let (a_name, b_name) = (options.a.clone(), options.b.clone());
    let layouts = move |seed: u64, a_is_south: bool| {
        let a_layout = layout_for(&a_name, seed);
        let b_layout = layout_for(&b_name, seed ^ 0x5bd1_e995);
        if a_is_south {
            (a_layout, b_layout)
        } else {
            (b_layout, a_layout)
        }
    };
    let summary = Summary::run(options.games, options.seed, options.threads, &*make_a, &*make_b, &layouts);
    println!("{}", summary.line());
    ExitCode::SUCCESS
}
