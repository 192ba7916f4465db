//! `admiral-arena`: plays many games between two players and reports the score and speed.
//!
//! ```text
//! admiral-arena --a random --b random --games 100 --seed 1 [--threads 2] [--budget-ms 20]
//! ```
//! Ends with one line: `games=N a_wins=.. b_wins=.. draws=.. a_score=0.xxx ci95=0.xxx-0.xxx
//! plies=P plies_per_sec=Q median_plies=M`.

use std::process::ExitCode;

use admiral_engine::arena::{Agent, RandomAgent, Summary};
use admiral_engine::autoplace::{auto_layout, Style};

const USAGE: &str = "usage: admiral-arena --a PLAYER --b PLAYER --games N --seed S [--threads T] [--budget-ms M]\n  PLAYER: random";

struct Options {
    a: String,
    b: String,
    games: u64,
    seed: u64,
    threads: usize,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options { a: "random".into(), b: "random".into(), games: 100, seed: 1, threads: 1 };
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        let mut value = || iter.next().cloned().ok_or(format!("{flag} needs a value"));
        let number = |text: String| text.parse::<u64>().map_err(|_| format!("{flag}: `{text}` is not a whole number"));
        match flag.as_str() {
            "--a" => options.a = value()?,
            "--b" => options.b = value()?,
            "--games" => options.games = number(value()?)?,
            "--seed" => options.seed = number(value()?)?,
            "--threads" => options.threads = number(value()?)?.max(1) as usize,
            "--budget-ms" => {
                number(value()?)?;
            }
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown option `{other}`\n{USAGE}")),
        }
    }
    Ok(options)
}

fn agent(name: &str) -> Result<fn() -> Box<dyn Agent>, String> {
    match name {
        "random" => Ok(|| Box::new(RandomAgent)),
        other => Err(format!("unknown player `{other}`\n{USAGE}")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (options, make_a, make_b) = match parse(&args).and_then(|o| Ok((agent(&o.a)?, agent(&o.b)?, o))) {
        Ok((a, b, o)) => (o, a, b),
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let layouts = |seed: u64| (auto_layout(seed, Style::Balanced), auto_layout(seed ^ 0x5bd1_e995, Style::Balanced));
    let summary = Summary::run(options.games, options.seed, options.threads, &make_a, &make_b, &layouts);
    println!("{}", summary.line());
    ExitCode::SUCCESS
}
