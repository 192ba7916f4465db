//! Playing a match out the way a person would: look at the autocomplete list of legal
//! actions and pick one. Strategy: attack while fewer than `attacks` attacks were made (so
//! there are battles to see), otherwise move without attacking; the 200-quiet-ply rule then
//! ends the match, so every match finishes in a few hundred plies.

/// Whether a notation is an attack or a detonation.
pub fn is_attack(notation: &str) -> bool {
    notation.contains('x') || notation.ends_with('!')
}

/// A small deterministic random source (the choice among equally good actions).
#[derive(Clone, Debug)]
pub struct Dice(u64);

impl Dice {
    /// Seeded.
    pub fn new(seed: u64) -> Dice {
        Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Picks from a choice list: the first (strongest) attack while `aggressive`, else a random
/// quiet move; `None` if the list has no action of the wanted kind.
pub fn pick(choices: &[(String, String)], aggressive: bool, dice: &mut Dice) -> Option<String> {
    let real: Vec<&String> =
        choices.iter().map(|c| &c.1).filter(|v| v.len() >= 4 && v.as_str() != "-").collect();
    if aggressive {
        if let Some(a) = real.iter().find(|v| is_attack(v)) {
            return Some((*a).clone());
        }
    }
    let quiet: Vec<&&String> = real.iter().filter(|v| !is_attack(v)).collect();
    (!quiet.is_empty()).then(|| (*quiet[dice.below(quiet.len())]).clone())
}

/// Column letters a player types to see one column's actions when the first list has none
/// of the kind they want.
pub const COLUMNS: [&str; 14] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"];

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

use crate::fake::{Outcome, Place};
use crate::player::Player;

/// The end of a match as a player's move reply says it ("Victory", "Defeat", "Draw").
pub fn ended(reply: &str) -> bool {
    reply
        .lines()
        .nth(1)
        .is_some_and(|l| matches!(l.trim(), "Victory" | "Defeat" | "Draw" | "Победа" | "Поражение" | "Ничья"))
}

/// One side of a match being played out.
#[derive(Clone, Copy)]
pub struct Seat<'a> {
    /// Who sits there.
    pub player: &'a Player,
    /// How they learn it is their turn, and where they play.
    pub turns: Turns,
}

/// How a player learns it is their turn, and where they play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turns {
    /// From the "your turn" DM (waited for, with its board picture); they play by DM.
    Dm,
    /// From the "your turn" DM, and they play with its "Make a move" button and the modal it
    /// opens (after reading the legal actions by DM autocomplete).
    DmButton,
    /// From `/admiral board` by DM, without waiting for the turn DM (a late one does not hold
    /// the match up; check them all at the end with [`turn_dms_per_ply`]); they play by DM.
    DmBoard,
    /// From `/admiral board` in the server channel (their DMs are closed); they play there.
    ServerBoard,
}

impl Turns {
    /// Where the player asks for their board and plays.
    pub fn place(self) -> Place {
        match self {
            Turns::Dm | Turns::DmButton | Turns::DmBoard => Place::Dm,
            Turns::ServerBoard => Place::Server,
        }
    }

    /// Whether the player waits for the "your turn" DM (else they ask for their board).
    pub fn by_turn_dm(self) -> bool {
        matches!(self, Turns::Dm | Turns::DmButton)
    }
}

/// What playing a match out looked like.
#[derive(Clone, Default)]
pub struct Played {
    /// Plies played.
    pub plies: u32,
    /// Attacks (and detonations) among them.
    pub attacks: u32,
    /// Interactions injected (autocomplete lists, moves, boards).
    pub interactions: u32,
    /// Time spent.
    pub elapsed: Duration,
    /// The last move's reply.
    pub last_reply: String,
    /// When the move of each ply was answered (committed).
    pub moved_at: BTreeMap<u32, Instant>,
}

impl fmt::Debug for Played {
    /// The figures, without the time of every move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Played")
            .field("plies", &self.plies)
            .field("attacks", &self.attacks)
            .field("interactions", &self.interactions)
            .field("elapsed", &self.elapsed)
            .field("last_reply", &self.last_reply)
            .finish_non_exhaustive()
    }
}

/// Index (0 or 1) of the seat that moves first (South): the one whose "your turn" DM for ply 0
/// arrives, or the one `/admiral board` offers the first move to (see [`Turns`]).
pub async fn south(seats: [Seat<'_>; 2], m: u64) -> usize {
    let act = format!("adm:act:{m}:0");
    for _ in 0..300 {
        for (i, s) in seats.iter().enumerate() {
            if s.turns.by_turn_dm() {
                if s.player.dms().iter().any(|d| d.component(&act).is_some()) {
                    return i;
                }
            } else {
                let b = s.player.run(s.turns.place(), "admiral board", &[("match", &m.to_string())]).await;
                if b.message().component(&act).is_some() {
                    return i;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("nobody was offered the first move of match {m}")
}

/// Plays one action for the seat to move: confirms it is their turn (their DM or their board,
/// see [`Turns`]), reads the autocomplete list, picks, plays.
pub async fn play_one(
    seat: Seat<'_>,
    m: u64,
    ply: u32,
    aggressive: bool,
    dice: &mut Dice,
    stats: &mut Played,
) -> Outcome {
    let p = seat.player;
    let place = seat.turns.place();
    let act = format!("adm:act:{m}:{ply}");
    let mut turn_dm = None;
    if seat.turns.by_turn_dm() {
        let dm = p.turn_dm(m, ply).await;
        assert!(dm.file("board.png").is_some_and(|a| a.is_png()), "board picture in {:?}", dm.attachments);
        turn_dm = Some(dm);
    } else {
        let b = p.run(place, "admiral board", &[("match", &m.to_string())]).await;
        stats.interactions += 1;
        assert!(
            b.message().ephemeral && b.message().component(&act).is_some(),
            "board offers {act}: {}",
            b.text()
        );
        assert!(b.message().file("board.png").is_some_and(|a| a.is_png()));
    }
    let mut choices = p.actions(place, m, "").await;
    stats.interactions += 1;
    let mut action = pick(&choices, aggressive, dice);
    let mut cols = COLUMNS.iter();
    while action.is_none() {
        let Some(col) = cols.next() else { break };
        choices = p.actions(place, m, col).await;
        stats.interactions += 1;
        action = pick(&choices, aggressive, dice);
    }
    let action = action.unwrap_or_else(|| {
        // Nothing quiet anywhere: the first legal action.
        choices.iter().map(|c| c.1.clone()).find(|v| v.len() >= 4).expect("a legal action")
    });
    let out = match turn_dm.filter(|_| seat.turns == Turns::DmButton) {
        Some(dm) => {
            let modal = p.press(&dm, &act).await;
            stats.interactions += 1;
            p.submit(&modal, &[&action]).await
        }
        None => p.play(place, m, &action).await,
    };
    stats.interactions += 1;
    assert!(!out.is_refusal(), "{} played {action} at ply {ply}: {}", p.user.name, out.text());
    stats.plies += 1;
    stats.moved_at.insert(ply, Instant::now());
    if is_attack(&action) {
        stats.attacks += 1;
    }
    stats.last_reply = out.text().to_string();
    out
}

/// How many "your turn" DMs each ply of a match brought, both players together (one each when
/// nothing was lost or sent twice); at least `plies` entries.
pub fn turn_dms_per_ply(players: [&Player; 2], m: u64, plies: u32) -> Vec<u32> {
    let mut per_ply = vec![0u32; plies as usize];
    for (ply, _) in players.iter().flat_map(|p| p.turn_dms(m)) {
        if per_ply.len() <= ply as usize {
            per_ply.resize(ply as usize + 1, 0);
        }
        per_ply[ply as usize] += 1;
    }
    per_ply
}

/// Plays a match to its end: attacks first until `attacks` were made, then quiet moves until
/// the quiet-ply rule ends it. `south` is the index of the seat that moves first.
pub async fn play_out(seats: [Seat<'_>; 2], m: u64, south: usize, attacks: u32, seed: u64) -> Played {
    let mut stats = Played::default();
    play_from(seats, m, south, 0, attacks, &mut Dice::new(seed), &mut stats).await;
    stats
}

/// Plays from `ply` to the end (see [`play_out`]); returns the number of plies of the match.
pub async fn play_from(
    seats: [Seat<'_>; 2],
    m: u64,
    south: usize,
    ply: u32,
    attacks: u32,
    dice: &mut Dice,
    stats: &mut Played,
) -> u32 {
    let start = Instant::now();
    for ply in ply..3000u32 {
        let seat = seats[(south + ply as usize) % 2];
        let aggressive = stats.attacks < attacks;
        let out = play_one(seat, m, ply, aggressive, dice, stats).await;
        if ended(out.text()) {
            stats.elapsed += start.elapsed();
            return ply + 1;
        }
    }
    panic!("match {m} did not end in 3000 plies")
}
