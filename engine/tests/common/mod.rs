//! What both rulesets' integration tests share: random games over the [`Rules`] trait, and
//! running the workspace's binaries. Each test binary (`admiral`, `stratego`) includes this
//! module; its game's own helpers are in its `support` module.
#![allow(dead_code)]

use std::collections::HashMap;
use std::process::Command;

use admiral_engine::shared::{Dice, Game, Record, Rules, Side, Style};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A new game from two random layouts: `auto` in a random style with probability
/// `auto_share`, `shuffled` otherwise (to reach odd corners auto-placement avoids).
pub fn new_game<P: Rules>(
    seed: u64,
    intel: bool,
    auto_share: f64,
    auto: fn(u64, Style) -> P::Layout,
    shuffled: fn(&mut Dice) -> P::Layout,
) -> (Game<P>, Dice) {
    let mut dice = Dice::new(seed);
    let layout = |dice: &mut Dice| {
        if dice.chance(auto_share) {
            let style = Style::ALL[dice.below(Style::ALL.len())];
            auto(dice.next_u64(), style)
        } else {
            shuffled(dice)
        }
    };
    let south = layout(&mut dice);
    let north = layout(&mut dice);
    (Game::new(&south, &north, intel).unwrap(), dice)
}

/// Counts of pieces by side and kind, from each piece's side and kind index (below `K`).
pub fn census<const K: usize>(pieces: impl Iterator<Item = (Side, usize)>) -> [[usize; K]; 2] {
    let mut counts = [[0; K]; 2];
    for (side, kind) in pieces {
        counts[side.index()][kind] += 1;
    }
    counts
}

/// Plays one random legal action with `reply`, unless the game is over; false if it was.
pub fn random_ply<P: Rules>(game: &mut Game<P>, dice: &mut Dice, reply: P::Reply) -> bool {
    if game.outcome().is_some() {
        return false;
    }
    let legal = game.legal_actions();
    let action = legal[dice.below(legal.len())];
    game.play_with(&action, reply).unwrap();
    true
}

/// Plays up to `plies` random legal actions with `reply`, stopping when the game ends.
pub fn random_plies<P: Rules>(game: &mut Game<P>, dice: &mut Dice, plies: usize, reply: P::Reply) {
    for _ in 0..plies {
        if !random_ply(game, dice, reply) {
            break;
        }
    }
}

/// Plays up to `plies` random plies with `reply`, then checks that the game's record, through
/// JSON, replays to the same position and views, and every part of it to the state it led to.
pub fn check_replay<P: Rules>(
    mut game: Game<P>,
    dice: &mut Dice,
    plies: usize,
    reply: P::Reply,
) -> Result<(), TestCaseError>
where
    P::View: PartialEq,
    Record<P::Turn, P::EndReason>: Serialize + DeserializeOwned,
{
    let mut states = vec![game.position().clone()];
    for _ in 0..plies {
        if !random_ply(&mut game, dice, reply) {
            break;
        }
        states.push(game.position().clone());
    }
    let json = serde_json::to_string(game.record()).unwrap();
    let record: Record<P::Turn, P::EndReason> = serde_json::from_str(&json).unwrap();
    let replayed = Game::<P>::replay(&record).unwrap();
    prop_assert_eq!(replayed.position(), game.position());
    for side in Side::BOTH {
        prop_assert_eq!(replayed.view(side), game.view(side));
    }
    // Every intermediate state too.
    let mut partial = record.clone();
    for (i, state) in states.iter().enumerate() {
        partial.turns = record.turns[..i].to_vec();
        let replayed = Game::<P>::replay(&partial).unwrap();
        prop_assert_eq!(replayed.position(), state);
    }
    Ok(())
}

/// Runs one of the workspace's binaries (`env!("CARGO_BIN_EXE_…")`) with `args`: whether it
/// succeeded, its standard output and its standard error.
pub fn run(binary: &str, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(binary).args(args).output().unwrap();
    (
        output.status.success(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The `key=value` fields of a report line (other words, such as the inside of a quoted
/// value, are skipped).
pub fn fields(line: &str) -> HashMap<String, String> {
    line.split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}
