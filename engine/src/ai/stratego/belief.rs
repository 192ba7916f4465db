//! What an AI believes about the enemy's hidden pieces, and sampling worlds from it.

use crate::shared::markers::Markers;
use crate::shared::BySide;
use crate::shared::Dice;
use crate::shared::Rules;
use crate::shared::SetupPosition;
use crate::shared::Side;
use crate::stratego::board::{Sq, SqSet};
use crate::stratego::piece::{Piece, Rank, RANKS};
use crate::stratego::position::battle;
use crate::stratego::position::{Position, Repetition};
use crate::stratego::view::{Cell, Conduct, View};

/// How much likelier the flag is next to an identified bomb (see [`Clues::walls`]).
pub const WALLED_FLAG: f32 = 4.0;
/// How much likelier a piece that stepped next to one of our identified pieces is of a kind
/// that beats it (see [`Clues::conduct`]). Between level-3 AIs (`examples/stratego_conduct.rs`,
/// 10 games) 0.567 of such pieces beat it, where 0.419 of all moved unknown pieces would: odds
/// 1.8 times as high. But players who hunt what they have identified walk a piece that wins
/// towards it, and reading the odds as 8 scored better against three opponents that play
/// differently (peternlewis, level 4, celsius; `doc/stratego-ai.md`, "Reading an approach"),
/// while 2 matched only AIs that approach as blindly as level 3.
pub const BOLD: f32 = 8.0;
/// How much likelier a piece that stepped away from one of our identified pieces is of a kind
/// that loses to it (see [`Clues::conduct`]). Measured as for [`BOLD`]: 0.997 of them lose to
/// it, against 0.937 of all moved unknown pieces: odds 22 times as high.
pub const TIMID: f32 = 20.0;

/// How much likelier a restless piece (one that has moved or struck at least three times, see
/// [`Clues::restless`]) is of each kind, by [`Rank::index`]: players send their strong pieces
/// on errands and leave the weak ones standing. Measured in traced games as the share of each
/// kind among such pieces met in battles, over its share among the pieces that had moved less:
/// the general 4.3, 1.9 and 4.3 times as often against peternlewis, level 4 and celsius, the
/// marshal 2.5, 1.0 and 4.5, the scout 0.2 to 0.7 (`doc/stratego-ai.md`, "Strikes that cannot
/// lose").
pub const RESTLESS_ODDS: [f32; RANKS] = {
    let mut odds = [1.0; RANKS];
    odds[Rank::Spy.index()] = 0.3;
    odds[Rank::Scout.index()] = 0.5;
    odds[Rank::Lieutenant.index()] = 1.2;
    odds[Rank::Captain.index()] = 1.5;
    odds[Rank::Major.index()] = 1.7;
    odds[Rank::Colonel.index()] = 2.0;
    odds[Rank::General.index()] = 4.0;
    odds[Rank::Marshal.index()] = 4.0;
    odds
};

/// What an AI believes about the enemy's unidentified pieces, from its own view only.
///
/// Each unidentified piece gets a weight for every kind: the number of that kind still unseen
/// (the army minus losses minus pieces already identified) times what the piece's history
/// allows: a piece that moved is no bomb or flag; the flag and bombs stand mostly at the back.
/// Worlds are sampled without replacement, so every sampled army has the right counts.
#[derive(Clone, Debug)]
pub struct Belief {
    me: Side,
    own: Vec<(Sq, Rank)>,
    known: Vec<(Sq, Rank)>,
    markers: Markers<Sq, RANKS>,
    to_move: Side,
    quiet_plies: u16,
    repetition: BySide<Repetition>,
}

/// What a belief reads beyond the unseen counts and the rule that bombs and the flag never move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clues {
    /// Bombs and the flag stand mostly at the back, never beyond the fourth row.
    pub depth: bool,
    /// Bomb walls: a piece that never moved next to an identified bomb is `WALLED_FLAG`
    /// times likelier to be the flag (and, bombs standing together, likelier a bomb).
    pub walls: bool,
    /// Conduct (see [`Conduct`]): a piece that stepped next to one of our identified pieces is
    /// `BOLD` times likelier to be of a kind that beats it, one that stepped away from one
    /// `TIMID` times likelier to be of a kind that loses to it.
    pub conduct: bool,
    /// Restlessness: a piece that has moved or struck at least three times is likelier a strong
    /// one, and less likely a scout or the spy ([`RESTLESS_ODDS`]).
    pub restless: bool,
}

impl Belief {
    /// The belief of `view.viewer`; `naive` ignores everything but the counts (and that bombs and
    /// the flag never move), otherwise it also reads where bombs and the flag stand.
    pub fn new(view: &View, naive: bool) -> Belief {
        Belief::with_clues(view, Clues { depth: !naive, ..Clues::default() })
    }

    /// The belief of `view.viewer` reading `clues`.
    pub fn with_clues(view: &View, clues: Clues) -> Belief {
        let me = view.viewer;
        let enemy = me.opponent();
        let moved: SqSet = view.moved_markers.iter().copied().collect();
        let restless: SqSet =
            if clues.restless { view.recollection.restless.iter().copied().collect() } else { SqSet::EMPTY };
        let (mut own, mut known, mut unknown_squares) = (Vec::new(), Vec::new(), Vec::new());
        for sq in Sq::all() {
            match view.cell(sq) {
                Cell::Own { kind: rank } => own.push((sq, rank)),
                Cell::Enemy { intel: Some(rank) } => known.push((sq, rank)),
                Cell::Enemy { intel: None } => unknown_squares.push(sq),
                _ => {}
            }
        }
        let mut pool = [0u8; RANKS];
        for rank in Rank::ALL {
            let seen = known.iter().filter(|(_, r)| *r == rank).count() as u8;
            pool[rank.index()] =
                rank.army_count().saturating_sub(view.enemy_losses[rank.index()]).saturating_sub(seen);
        }
        let unknown = unknown_squares
            .into_iter()
            .map(|sq| {
                let mut weights = [1.0f32; RANKS];
                let depth = sq.rank_from(enemy) as usize;
                if moved.contains(sq) || (clues.depth && depth >= 4) {
                    weights[Rank::Bomb.index()] = 0.0;
                    weights[Rank::Flag.index()] = 0.0;
                } else if clues.depth {
                    weights[Rank::Flag.index()] = [1.0, 0.3, 0.1, 0.03][depth];
                    weights[Rank::Bomb.index()] = [1.0, 1.0, 0.8, 0.4][depth];
                    if clues.walls
                        && sq.neighbours().any(|n| view.cell(n) == (Cell::Enemy { intel: Some(Rank::Bomb) }))
                    {
                        weights[Rank::Flag.index()] *= WALLED_FLAG;
                        weights[Rank::Bomb.index()] *= 1.5;
                    }
                }
                if restless.contains(sq) {
                    for (weight, odds) in weights.iter_mut().zip(RESTLESS_ODDS) {
                        *weight *= odds;
                    }
                }
                if clues.conduct {
                    if let Some(conduct) = view.recollection.conduct.iter().find(|c| c.square == sq) {
                        read_conduct(conduct, &mut weights);
                    }
                }
                (sq, weights)
            })
            .collect();
        Belief {
            me,
            own,
            known,
            markers: Markers::new(unknown, pool),
            to_move: view.to_move,
            quiet_plies: view.quiet_plies,
            repetition: view.standing.repetition,
        }
    }

    /// The side whose belief this is.
    pub fn me(&self) -> Side {
        self.me
    }

    /// The identified enemy pieces.
    pub fn known(&self) -> &[(Sq, Rank)] {
        &self.known
    }

    /// The squares of the identified enemy pieces.
    pub fn known_squares(&self) -> SqSet {
        self.known.iter().map(|(sq, _)| *sq).collect()
    }

    /// The probability that the enemy piece on `sq` is of `rank`.
    pub fn probability(&self, sq: Sq, rank: Rank) -> f32 {
        if let Some((_, r)) = self.known.iter().find(|(s, _)| *s == sq) {
            return if *r == rank { 1.0 } else { 0.0 };
        }
        self.markers.probability(sq, rank.index())
    }

    /// A full position consistent with the view.
    pub fn sample(&self, dice: &mut Dice) -> Position {
        let enemy = self.me.opponent();
        let mut world = Position::empty(self.to_move);
        for &(sq, rank) in &self.own {
            world.put(sq, Piece::new(self.me, rank));
        }
        for &(sq, rank) in &self.known {
            world.put(sq, Piece::new(enemy, rank));
        }
        let full = Rank::ALL.map(|rank| rank.army_count());
        self.markers.draw(&full, dice, |sq, k| world.put(sq, Piece::new(enemy, Rank::ALL[k])));
        world.set_quiet_plies(self.quiet_plies);
        world.repetition = self.repetition;
        world
    }
}

/// Weighs the kinds a piece may be by its conduct: stepping next to a known piece suggests a
/// kind that beats it, stepping away one that loses to it.
fn read_conduct(conduct: &Conduct, weights: &mut [f32; RANKS]) {
    for rank in Rank::ALL {
        let beats = conduct.approached.is_some_and(|ours| battle(rank, ours) == Some(true));
        let loses = conduct.fled.is_some_and(|ours| battle(ours, rank) == Some(true));
        weights[rank.index()] *= if beats { BOLD } else { 1.0 } * if loses { TIMID } else { 1.0 };
    }
}
