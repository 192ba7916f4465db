//! Applying an action: moves, every kind of encounter, the bomb, and the end rules.

use crate::admiral::action::Action;
use crate::admiral::event::{Event, Weapon};
use crate::admiral::explain::Illegal;
use crate::admiral::formation::{Group, Partners, Placed};
use crate::admiral::outcome::{EndReason, Outcome, Status};
use crate::admiral::position::{Position, QUIET_PLY_LIMIT};
use crate::admiral::square::{Side, Square};
use crate::admiral::unit::{Piece, UnitKind};
use crate::shared::SetupPosition;
use crate::shared::{BySide, Rules};

/// Half the side of the bomb's blast square (5×5).
pub const BLAST_RADIUS: i8 = 2;

/// How the defender of a battle of scale ships chooses its group.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Defense {
    /// The default policy: the strongest group, fewest ships on a tie, then first partner
    /// squares in square order.
    #[default]
    Auto,
    /// These partners around the target (must be one of [`Position::defense_options`]).
    Group(Partners),
}

/// Why an action was refused.
pub type PlayError = crate::shared::play_error::PlayError<Action, Illegal>;

/// Records which bases the current action destroyed, to judge the end rules.
#[derive(Default)]
struct Damage {
    bases_lost: BySide<bool>,
    /// Whether any unit was destroyed (the quiet-ply count restarts).
    destroyed: bool,
}

impl Position {
    /// Plays a legal action, appending what happened to `events`. The defence applies only to
    /// a battle of scale ships and is otherwise ignored. Nothing changes on error.
    pub fn play(
        &mut self,
        action: &Action,
        defense: Defense,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError> {
        match self.why_illegal(action) {
            None => {}
            Some(Illegal::GameOver) => return Err(PlayError::GameOver),
            Some(reason) => return Err(PlayError::Illegal { action: *action, reason }),
        }
        if let Defense::Group(partners) = defense {
            if let Some(options) = self.defense_options(action) {
                if !options.contains(&partners) {
                    return Err(PlayError::BadDefense);
                }
            }
        }
        self.apply_unchecked(action, defense, events);
        Ok(())
    }

    /// Applies an action known to be legal (from [`Position::legal_actions`]) without checking
    /// it: the fast path of playouts and search. An illegal action leaves an unspecified (but
    /// memory-safe) position.
    pub fn apply_unchecked(&mut self, action: &Action, defense: Defense, events: &mut Vec<Event>) {
        let side = self.to_move();
        let mut damage = Damage::default();
        match *action {
            Action::Move { from, to } => {
                self.step(from, to, events);
            }
            Action::Attack { from, via, target, partners } => {
                let at = match via {
                    Some(via) => {
                        self.step(from, via, events);
                        via
                    }
                    None => from,
                };
                self.strike(at, target, partners, defense, events, &mut damage);
            }
            Action::Detonate { at } => {
                self.detonate(at, side, events, &mut damage);
            }
        }
        self.counters.quiet_plies = if self.quiet_rule.restarts(action.is_aggressive(), damage.destroyed) {
            0
        } else {
            self.counters.quiet_plies.saturating_add(1)
        };
        self.counters.to_move = side.opponent();
        self.counters.decided = self.judge(&damage);
        if let Some(outcome) = self.outcome() {
            events.push(Event::Ended { outcome });
        }
    }

    /// The end rules that depend on the last action, in the rules' order.
    fn judge(&self, damage: &Damage) -> Option<Outcome> {
        let no_bases = |side: Side| damage.bases_lost[side] && self.count(side, UnitKind::NavalBase) == 0;
        match (no_bases(Side::South), no_bases(Side::North)) {
            (true, true) => {
                return Some(Outcome { status: Status::Draw, reason: EndReason::AllBasesDestroyed })
            }
            (true, false) => {
                return Some(Outcome { status: Status::NorthWins, reason: EndReason::BasesDestroyed })
            }
            (false, true) => {
                return Some(Outcome { status: Status::SouthWins, reason: EndReason::BasesDestroyed })
            }
            (false, false) => {}
        }
        if self.quiet_plies() >= QUIET_PLY_LIMIT {
            return Some(Outcome { status: Status::Draw, reason: EndReason::QuietPlies });
        }
        None
    }

    fn step(&mut self, from: Square, to: Square, events: &mut Vec<Event>) {
        let piece = self.remove(from).expect("a unit to move");
        self.put(to, piece);
        events.push(Event::Moved { side: piece.side, kind: Some(piece.kind), from, to });
    }

    fn destroy(&mut self, sq: Square, events: &mut Vec<Event>, damage: &mut Damage) {
        let Some(piece) = self.remove(sq) else { return };
        events.push(Event::Destroyed { side: piece.side, kind: piece.kind, square: sq });
        damage.destroyed = true;
        if piece.kind == UnitKind::NavalBase {
            damage.bases_lost[piece.side] = true;
        }
    }

    /// When a side has lost its last carrier, its aircraft go down with it.
    fn ground_orphaned_aircraft(&mut self, events: &mut Vec<Event>, damage: &mut Damage) {
        for side in Side::BOTH {
            if self.count(side, UnitKind::Carrier) == 0 && self.count(side, UnitKind::Aircraft) > 0 {
                let aircraft: Vec<Square> = self
                    .occupied_by(side)
                    .iter()
                    .filter(|&sq| self.board[sq.index()] == Some(Piece::new(side, UnitKind::Aircraft)))
                    .collect();
                for sq in aircraft {
                    self.destroy(sq, events, damage);
                }
            }
        }
    }

    fn strike(
        &mut self,
        at: Square,
        target: Square,
        partners: Partners,
        defense: Defense,
        events: &mut Vec<Event>,
        damage: &mut Damage,
    ) {
        use UnitKind::*;
        let attacker = self.piece_at(at).expect("an attacker");
        let defender = self.piece_at(target).expect("a target");
        let (ak, tk) = (attacker.kind, defender.kind);
        let weapon = match ak {
            Aircraft => Weapon::Aircraft,
            Torpedo => Weapon::Torpedo,
            _ => Weapon::Contact,
        };
        events.push(Event::Struck {
            side: attacker.side,
            weapon,
            attacker: Placed { kind: ak, square: at },
            target: Placed { kind: tk, square: target },
        });
        if tk == AtomicBomb {
            // The bomb goes off; whoever stands in the blast goes with it, the attacker included
            // (a torpedo or a contact attacker always stands inside it).
            self.detonate(target, defender.side, events, damage);
            return;
        }
        /// Who is removed by a special encounter.
        enum Loss {
            Target,
            Attacker,
            Both,
            Nobody,
        }
        let loss = match ak {
            Aircraft => match tk {
                Battleship | Raider => Loss::Attacker,
                Aircraft => Loss::Both,
                Mine | StationaryMine | Torpedo | Fireship => Loss::Nobody,
                _ => Loss::Target, // other ships, the carrier included, and bases
            },
            Torpedo => match tk {
                Aircraft => Loss::Attacker,
                _ => Loss::Both, // ships, weapons, mines, the fireship, and a base
            },
            Fireship => match tk {
                Aircraft => Loss::Nobody,
                _ => Loss::Both, // ships, FS, MN, SM, TP, and a base (the fireship is spent)
            },
            _ => match tk {
                Carrier | NavalBase => Loss::Target,
                Aircraft if ak.is_anti_air() => Loss::Target,
                Aircraft => Loss::Attacker,
                Mine if ak == Minesweeper => Loss::Target,
                Mine | StationaryMine | Fireship => Loss::Both,
                Torpedo if self.has_adjacent(target, defender.side, TorpedoBoat, None) => Loss::Both,
                Torpedo => Loss::Target,
                _ => {
                    self.battle(at, attacker, partners, target, defender, defense, events, damage);
                    return;
                }
            },
        };
        match loss {
            Loss::Target => self.destroy(target, events, damage),
            Loss::Attacker => self.destroy(at, events, damage),
            Loss::Both => {
                self.destroy(target, events, damage);
                self.destroy(at, events, damage);
            }
            Loss::Nobody => {}
        }
        self.ground_orphaned_aircraft(events, damage);
    }

    #[allow(clippy::too_many_arguments)]
    fn battle(
        &mut self,
        at: Square,
        attacker: Piece,
        partners: Partners,
        target: Square,
        defender: Piece,
        defense: Defense,
        events: &mut Vec<Event>,
        damage: &mut Damage,
    ) {
        let defense_partners = match defense {
            Defense::Group(p) => p,
            Defense::Auto => {
                self.defense_options_at(target, defender).into_iter().next().unwrap_or(Partners::NONE)
            }
        };
        let group = |pos: &Position, leader: Square, kind: UnitKind, partners: &Partners| {
            let mut members = [Placed { kind, square: leader }; 3];
            let mut n = 1;
            for sq in partners.iter() {
                let kind = pos.piece_at(sq).map_or(kind, |p| p.kind);
                members[n] = Placed { kind, square: sq };
                n += 1;
            }
            Group::new(&members[..n])
        };
        let attackers = group(self, at, attacker.kind, &partners);
        let defenders = group(self, target, defender.kind, &defense_partners);
        let attack_strength = attackers.strength();
        let defense_strength = defenders.strength();
        let winner = match attack_strength.cmp(&defense_strength) {
            std::cmp::Ordering::Greater => Some(attacker.side),
            std::cmp::Ordering::Less => Some(defender.side),
            std::cmp::Ordering::Equal => None,
        };
        events.push(Event::Battle {
            side: attacker.side,
            attackers,
            defenders,
            attack_strength,
            defense_strength,
            winner,
        });
        if winner != Some(attacker.side) {
            for member in attackers.members() {
                self.destroy(member.square, events, damage);
            }
        }
        if winner != Some(defender.side) {
            for member in defenders.members() {
                self.destroy(member.square, events, damage);
            }
        }
    }

    /// The defender's options around `target` in policy order (see `defense_options`).
    pub(crate) fn defense_options_at(&self, target: Square, defender: Piece) -> Vec<Partners> {
        let mut options = Vec::new();
        let _ = self.formations(defender.side, target, defender.kind, None, &mut |partners| {
            options.push(partners);
            std::ops::ControlFlow::Continue(())
        });
        options.sort_by_key(|p| (std::cmp::Reverse(self.group_strength_at(target, p)), p.len(), *p));
        options
    }

    /// The bomb at `at` (owned by `owner`) explodes: everything in the 5×5 square around it,
    /// clipped at the edges, is destroyed. No chain reactions.
    fn detonate(&mut self, at: Square, owner: Side, events: &mut Vec<Event>, damage: &mut Damage) {
        events.push(Event::Detonated { side: owner, at });
        for sq in blast_squares(at) {
            self.destroy(sq, events, damage);
        }
        self.ground_orphaned_aircraft(events, damage);
    }
}

/// The squares of a blast centred on `at`, in square order, clipped at the board's edge.
pub fn blast_squares(at: Square) -> impl Iterator<Item = Square> {
    (-BLAST_RADIUS..=BLAST_RADIUS)
        .flat_map(move |dc| (-BLAST_RADIUS..=BLAST_RADIUS).filter_map(move |dr| at.offset(dc, dr)))
}
