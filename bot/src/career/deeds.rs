//! Who destroyed what: every enemy loss of a match attributed to its cause, from the full
//! events of the replayed record, and the award counters that follow.
//!
//! A turn's events come in order (`Moved`, then `Struck` / `Battle` / `Detonated`, then the
//! `Destroyed` units), so each `Destroyed` enemy unit is credited to the last attack event
//! before it. An enemy unit lost to its own side's bomb, set off by its own side's order, is
//! nobody's kill; everything else the enemy loses counts as destroyed by the player (their
//! weapons, their ships, or the enemy attacking their mines, aircraft, fireship or bomb).
//!
//! Where `career.md` is silent: a carrier sunk by a torpedo is one ship for *torpedo strike*
//! (its aircraft counts as a unit sunk); a minesweeper that clears a stationary mine and sinks
//! with it still cleared it; *submariner* and *squadron* count battles won attacking or
//! defending (a defending group is declared too), *submariner* groups of SS and CS only; the
//! enemy blowing up its own units with its own bomb is nobody's kill (not in units or tonnage
//! sunk); setting off the enemy's bomb credits its victims to you but is not an *atomic
//! strike*.

use admiral_engine::{Event, Game, Side, UnitKind, Weapon};

use super::scale::tonnage;

/// What destroyed an enemy unit, from the player's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// One of the player's torpedoes.
    Torpedo,
    /// The player's aircraft.
    Aircraft,
    /// A contact attack of one of the player's ships (outside a battle of scale ships).
    Contact,
    /// A minesweeper of the player clearing an enemy mine.
    Sweep,
    /// The enemy struck one of the player's mines.
    Minefield,
    /// The enemy attacked something of the player's and lost (aircraft, fireship, armed
    /// torpedo…).
    Defence,
    /// A battle of scale ships.
    Battle,
    /// The player's atomic bomb, whoever set it off.
    Bomb,
    /// The enemy's bomb, set off by the player's attack.
    EnemyBlast,
    /// The enemy's bomb, set off by the enemy's order: nobody's kill.
    OwnGoal,
}

/// One enemy unit destroyed, with its cause.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Kill {
    /// What was destroyed.
    pub kind: UnitKind,
    /// Why.
    pub cause: Cause,
}

impl Kill {
    /// True if the kill is the player's (everything but [`Cause::OwnGoal`]).
    pub fn credited(&self) -> bool {
        self.cause != Cause::OwnGoal
    }
}

fn is_mine(kind: UnitKind) -> bool {
    matches!(kind, UnitKind::Mine | UnitKind::StationaryMine)
}

fn is_submarine(kind: UnitKind) -> bool {
    matches!(kind, UnitKind::Submarine | UnitKind::CruiserSubmarine)
}

/// What `me` achieved in one turn: the enemy units destroyed with their causes, and the
/// battles won (whether by submarines only, whether by a formation of two or more).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnDeeds {
    /// Enemy units destroyed.
    pub kills: Vec<Kill>,
    /// Battles won by a group of submarines (alone or in a pack).
    pub submarine_battles: u64,
    /// Battles won by a formation (two or three ships), attacking or defending.
    pub formation_battles: u64,
}

/// Attributes the events of one turn from `me`'s point of view.
pub fn turn_deeds(events: &[Event], me: Side) -> TurnDeeds {
    let enemy = me.opponent();
    let mut out = TurnDeeds::default();
    let mut cause = Cause::Defence;
    let mut struck_by_me = false;
    for event in events {
        match *event {
            Event::Struck { side, weapon, attacker, target } => {
                struck_by_me = side == me;
                cause = match (side == me, weapon) {
                    (true, Weapon::Torpedo) => Cause::Torpedo,
                    (true, Weapon::Aircraft) => Cause::Aircraft,
                    (true, Weapon::Contact)
                        if attacker.kind == UnitKind::Minesweeper && is_mine(target.kind) =>
                    {
                        Cause::Sweep
                    }
                    (true, Weapon::Contact) => Cause::Contact,
                    (false, _) if is_mine(target.kind) => Cause::Minefield,
                    (false, _) => Cause::Defence,
                };
            }
            Event::Battle { side, attackers, defenders, winner, .. } => {
                cause = Cause::Battle;
                if winner == Some(me) {
                    let mine = if side == me { attackers } else { defenders };
                    out.submarine_battles += mine.members().all(|m| is_submarine(m.kind)) as u64;
                    out.formation_battles += (mine.len() >= 2) as u64;
                }
            }
            Event::Detonated { side, .. } => {
                cause = if side == me {
                    Cause::Bomb
                } else if struck_by_me {
                    Cause::EnemyBlast
                } else {
                    Cause::OwnGoal
                };
            }
            Event::Destroyed { side, kind, .. } if side == enemy => out.kills.push(Kill { kind, cause }),
            _ => {}
        }
    }
    out
}

/// The events of every turn of a game, by replaying its record once.
pub fn turn_events(game: &Game) -> Vec<Vec<Event>> {
    let mut turns = Vec::new();
    match Game::replay_each(game.record(), |_, events| turns.push(events.to_vec())) {
        Ok(_) => turns,
        Err(_) => Vec::new(),
    }
}

/// What a player achieved in a match: the counters of the awards and the enemy losses
/// credited to them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deeds {
    /// Award key → increment, for every award of [`super::scale::AWARDS`] (zero included).
    pub counts: Vec<(&'static str, u64)>,
    /// Enemy units destroyed by the player.
    pub units_sunk: u64,
    /// Their notional tonnage.
    pub tonnage_sunk: u64,
}

impl Deeds {
    /// The increment of one award's counter.
    pub fn count(&self, key: &str) -> u64 {
        self.counts.iter().find(|c| c.0 == key).map_or(0, |c| c.1)
    }
}

/// How a match ended for the player, as far as the badges care.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Finish {
    /// The player won.
    pub won: bool,
    /// Both of the player's bases are on the board at the end.
    pub bases_intact: bool,
    /// The opponent was the AI of level 5.
    pub against_ai5: bool,
}

/// The deeds of `me` over a match, from its events per turn ([`turn_events`]).
pub fn deeds_from(turns: &[Vec<Event>], me: Side, finish: Finish) -> Deeds {
    let (mut torpedo, mut air, mut mines, mut atomic, mut raider) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let (mut subs, mut squadron, mut units, mut tons) = (0u64, 0u64, 0u64, 0u64);
    for events in turns {
        let turn = turn_deeds(events, me);
        subs += turn.submarine_battles;
        squadron += turn.formation_battles;
        for kill in turn.kills.iter().filter(|k| k.credited()) {
            units += 1;
            tons += tonnage(kill.kind) as u64;
            raider += (kill.kind == UnitKind::NavalBase) as u64;
            match kill.cause {
                Cause::Torpedo if kill.kind.is_ship() => torpedo += 1,
                Cause::Aircraft => air += 1,
                Cause::Minefield => mines += 1,
                Cause::Sweep if is_mine(kill.kind) => mines += 1,
                Cause::Bomb => atomic += 1,
                _ => {}
            }
        }
    }
    Deeds {
        counts: vec![
            ("torpedo_strike", torpedo),
            ("submariner", subs),
            ("naval_aviation", air),
            ("mine_warfare", mines),
            ("atomic_strike", atomic),
            ("base_raider", raider),
            ("base_defender", (finish.won && finish.bases_intact) as u64),
            ("squadron", squadron),
            ("veteran", 1),
            ("victor", finish.won as u64),
            ("tonnage", tons),
            ("admirals_match", (finish.won && finish.against_ai5) as u64),
        ],
        units_sunk: units,
        tonnage_sunk: tons,
    }
}

/// [`deeds_from`] replaying the game's record.
pub fn deeds(game: &Game, me: Side, finish: Finish) -> Deeds {
    deeds_from(&turn_events(game), me, finish)
}

/// The number of `side`'s naval bases on the board.
pub fn bases_on_board(game: &Game, side: Side) -> usize {
    game.position().count(side, UnitKind::NavalBase)
}
