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
//! names why (`forfeit="…"`). `--records DIR` writes each game's record to `DIR/game-N.json`,
//! to replay it (`Game::replay`) or study it.
//!
//! Ends with one line: `games=N a_wins=.. b_wins=.. draws=.. a_score=0.xxx ci95=0.xxx-0.xxx
//! plies=P plies_per_sec=Q median_plies=M`.

mod cmd_player;
mod program;
mod ucc_player;

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use std::time::Duration;

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::arena::{GameResult, Played, RandomAgent, Summary};
use admiral_engine::shared::{Agent, Rules};
use admiral_engine::stratego;
use admiral_engine::tools::arena::{play_game, ArenaRules};
use admiral_engine::tools::flags::Flags;
use admiral_engine::{Position, Ruleset};

const USAGE: &str = "usage: admiral-arena [--ruleset admiral|stratego] --a PLAYER --b PLAYER --games N --seed S [--threads T] [--budget-ms M | --iterations I] [--cmd-timeout-ms T] [--ucc-no-two-square] [--verbose] [--records DIR]\n  PLAYER: random, an AI level 1-5, or an outside program (run with sh -c, one process per game, its seed for the game in $ARENA_SEED): (admiral only) cmd:COMMAND, speaking the JSON-lines player protocol (doc/player-protocol.md); (stratego only) ucc:COMMAND, speaking the UCC 2012 Stratego protocol (doc/ucc-protocol.md)\n  --budget-ms: the same time per decision for every AI (default: each level's real-play budget)\n  --iterations: a fixed number of sampled worlds per decision instead (deterministic)\n  --cmd-timeout-ms (also --ucc-timeout-ms): how long an outside program may take per answer (default 2000); a silent program loses (timeout)\n  --ucc-no-two-square: outside programs are not held to the two-square rule (the 2012 manager had none); our AIs still are\n  --verbose: one line per game as soon as it ends (in the order games end), before the report\n  --records: each game's record (JSON, as in a match download) written to DIR/game-N.json as it ends";

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
    records: Option<PathBuf>,
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
        records: None,
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
            "--records" => options.records = Some(flags.value(flag)?.into()),
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown option `{other}`\n{USAGE}")),
        }
    }
    Ok(options)
}

/// A factory of fresh players of the ruleset `P`, one per thread.
type Factory<P> = Box<dyn Fn() -> Box<dyn Agent<P>> + Sync>;

/// The player running an outside program: its command, the time per answer, and whether the
/// two-square rule binds it.
type RunProgram<P> = fn(&str, Duration, bool) -> Box<dyn Agent<P>>;

/// How to make each kind of player of one ruleset.
struct Players<P: Rules> {
    /// The random player.
    random: fn() -> Box<dyn Agent<P>>,
    /// The AI of a level with a budget.
    level: fn(u8, Budget) -> Box<dyn Agent<P>>,
    /// The prefix naming the ruleset's outside programs, and the player running one.
    program: (&'static str, RunProgram<P>),
    /// The other ruleset's program prefix, and what to say when it is used here.
    foreign: (&'static str, &'static str),
}

/// Admiral's players.
const ADMIRAL: Players<Position> = Players {
    random: || Box::new(RandomAgent),
    level: |level, budget| Box::new(Ai::new(level, 0, budget)),
    program: ("cmd:", |command, timeout, _| Box::new(cmd_player::CmdPlayer::new(command, timeout))),
    foreign: ("ucc:", "UCC programs (ucc:) play only with --ruleset stratego; Admiral programs are cmd:"),
};

/// Stratego's players.
const STRATEGO: Players<stratego::Position> = Players {
    random: || Box::new(stratego::arena::RandomAgent),
    level: |level, budget| Box::new(stratego::ai::Ai::new(level, 0, budget)),
    program: ("ucc:", |command, timeout, two_square| {
        Box::new(ucc_player::UccPlayer::new(command, timeout, two_square))
    }),
    foreign: ("cmd:", "JSON-lines programs (cmd:) play only Admiral; Stratego programs are ucc:"),
};

/// A factory for the player `name` of the ruleset whose players are `players`.
fn factory<P: Rules>(name: &str, options: &Options, players: &Players<P>) -> Result<Factory<P>, String> {
    let (budget, timeout, two_square) = (options.budget, options.program_timeout, options.ucc_two_square);
    let ((prefix, program), (foreign, refusal)) = (players.program, players.foreign);
    match name {
        "random" => {
            let random = players.random;
            Ok(Box::new(move || random()))
        }
        level @ ("1" | "2" | "3" | "4" | "5") => {
            let (make, level): (_, u8) = (players.level, level.parse().expect("a digit"));
            let budget = budget.unwrap_or(Budget::for_level(level));
            Ok(Box::new(move || make(level, budget)))
        }
        other if other.starts_with(foreign) => Err(format!("`{other}`: {refusal}\n{USAGE}")),
        other => match other.strip_prefix(prefix) {
            Some(command) if !command.trim().is_empty() => {
                let command = command.to_string();
                Ok(Box::new(move || program(&command, timeout, two_square)))
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
    if let Some(dir) = &options.records {
        if let Err(error) = fs::create_dir_all(dir) {
            eprintln!("--records: cannot create {}: {error}", dir.display());
            return ExitCode::from(2);
        }
    }
    let summary = match options.ruleset {
        Ruleset::Admiral => run_ruleset(&options, &ADMIRAL),
        Ruleset::Stratego => run_ruleset(&options, &STRATEGO),
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

/// The run `options` asks for, of the ruleset whose players are `players`. Game i: `a` sits
/// South on even games; each side's layout comes from its own player.
fn run_ruleset<P: ArenaRules<Played: GameLine>>(
    options: &Options,
    players: &Players<P>,
) -> Result<Summary, String> {
    let make_a = factory(&options.a, options, players)?;
    let make_b = factory(&options.b, options, players)?;
    let play = |a: &mut (dyn Agent<P> + 'static),
                b: &mut (dyn Agent<P> + 'static),
                a_is_south: bool,
                seed: u64| { play_game(a, b, a_is_south, seed) };
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
        if let Some(dir) = &options.records {
            // A record that cannot be written is reported, and the run goes on.
            if let Some(Err(error)) =
                game.record_json().map(|json| fs::write(dir.join(format!("game-{i}.json")), json))
            {
                eprintln!("arena: game {i}'s record not written to {}: {error}", dir.display());
            }
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

/// A game's record as JSON, for `--records`.
fn record_json(record: Option<&impl serde::Serialize>) -> Option<String> {
    record.map(|record| serde_json::to_string(record).expect("a record serialises"))
}

/// What the `--verbose` line says of one game of either ruleset.
trait GameLine: Send {
    /// The result.
    fn result(&self) -> GameResult;
    /// Why it ended, as a serde name (`None`: stopped at the ply cap).
    fn reason(&self) -> Option<String>;
    /// What the ruleset adds at the end of the line.
    fn tail(&self) -> String;
    /// The game's record as JSON (`None` when a setup failed).
    fn record_json(&self) -> Option<String>;

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
    fn record_json(&self) -> Option<String> {
        record_json(self.record.as_ref())
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
    fn record_json(&self) -> Option<String> {
        record_json(self.record.as_ref())
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
