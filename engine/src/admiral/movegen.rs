//! The legal actions of the side to move, and the defender's legal declarations.

use std::ops::ControlFlow;

use crate::admiral::action::Action;
use crate::admiral::formation::{can_team, pair_strength, trio_strength, Partners};
use crate::admiral::position::{carrier_slot, Position};
use crate::admiral::square::{Side, Square, SquareSet, ORTHOGONAL, ROWS};
use crate::admiral::unit::{Piece, UnitKind};
use crate::shared::Rules;
use crate::shared::SetupPosition;

/// Range of the aircraft's strike.
pub const AIRCRAFT_RANGE: i8 = 4;
/// Range of a torpedo.
pub const TORPEDO_RANGE: i8 = 2;

impl Position {
    /// The attacks and detonations among [`Rules::legal_actions`], in the same order,
    /// reusing a buffer (cleared first). The AI's exchange search looks at nothing else, and
    /// skipping the plain moves spares it most of the generator's work.
    pub fn legal_attacks_into(&self, out: &mut Vec<Action>) {
        self.collect_into::<true>(out);
    }

    /// Clears `out` and fills it with the legal actions (only the attacks and detonations with
    /// `ATTACKS_ONLY`), none once the game is decided.
    #[inline]
    pub(crate) fn collect_into<const ATTACKS_ONLY: bool>(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.counters.decided.is_some() {
            return;
        }
        let _ = self.generate::<ATTACKS_ONLY>(&mut |action| {
            out.push(action);
            ControlFlow::Continue(())
        });
    }

    /// True if `action` is legal for the side to move.
    pub fn is_legal(&self, action: &Action) -> bool {
        if self.counters.decided.is_some() {
            return false;
        }
        let from = action.from();
        match self.piece_at(from) {
            Some(piece) if piece.side == self.to_move() => {}
            _ => return false,
        }
        self.generate_for(from, self.near_enemy(), &mut |candidate| {
            if candidate == *action {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// The legal actions of the unit on `from` (empty if it is not the mover's).
    pub fn legal_actions_from(&self, from: Square) -> Vec<Action> {
        let mut out = Vec::new();
        if self.counters.decided.is_some() || self.piece_at(from).is_none_or(|p| p.side != self.to_move()) {
            return out;
        }
        let _ = self.generate_for(from, self.near_enemy(), &mut |action| {
            out.push(action);
            ControlFlow::Continue(())
        });
        out
    }

    /// Squares orthogonally next to an enemy of the side to move: where contact attacks start.
    #[inline]
    fn near_enemy(&self) -> SquareSet {
        self.occupied[self.to_move().opponent()].orthogonal_neighbours()
    }

    /// The fast generator, by whole sets of squares at a time: plain moves per direction,
    /// weapons one by one, attacks only from squares next to an enemy. It produces exactly the
    /// actions of [`Position::generate_for`] over every unit (a property test checks this).
    /// With `ATTACKS_ONLY`, the moves are left out.
    pub(crate) fn generate<const ATTACKS_ONLY: bool>(
        &self,
        visit: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let side = self.to_move();
        let own = self.occupied[side];
        let empty = SquareSet::ALL.minus(own).minus(self.occupied[side.opponent()]);
        let near_enemy = self.near_enemy();
        let plain = own.minus(self.weapons[side]).minus(self.immobile[side]);
        let contact = self.contact[side];
        // Plain units (not tethered, not immobile) step onto any empty neighbour.
        if !ATTACKS_ONLY {
            for direction in Direction::ALL {
                for from in plain.and(direction.sources_into(empty)).iter() {
                    visit(Action::Move { from, to: direction.step(from) })?;
                }
            }
        }
        // Contact attacks from where the units stand, then after a step.
        for from in contact.and(near_enemy).iter() {
            let piece = self.board[from.index()].expect("a contact unit");
            self.attacks_from(from, None, piece, false, visit)?;
        }
        for direction in Direction::ALL {
            for from in contact.and(direction.sources_into(empty.and(near_enemy))).iter() {
                let piece = self.board[from.index()].expect("a contact unit");
                self.attacks_from(direction.step(from), Some(from), piece, false, visit)?;
            }
        }
        // Tethered weapons one by one, with the squares their carriers touch.
        if !self.weapons[side].is_empty() {
            let touched = self.carriers[side].map(|set| set.touching());
            for from in self.weapons[side].iter() {
                let piece = self.board[from.index()].expect("a weapon");
                let carrier = piece.kind.carrier().and_then(carrier_slot).expect("a weapon has a carrier");
                let near = touched[carrier];
                let tethered_now = near.contains(from);
                let mut steps = [from; 4];
                let mut n = 0;
                for to in from.orthogonal() {
                    if empty.contains(to) && (tethered_now || near.contains(to)) {
                        steps[n] = to;
                        n += 1;
                        if !ATTACKS_ONLY {
                            visit(Action::Move { from, to })?;
                        }
                    }
                }
                if piece.kind != UnitKind::Mine {
                    self.attacks_from(from, None, piece, tethered_now, visit)?;
                    for &to in &steps[..n] {
                        self.attacks_from(to, Some(from), piece, near.contains(to), visit)?;
                    }
                }
            }
        }
        for from in plain.minus(contact).iter() {
            if self.board[from.index()].is_some_and(|p| p.kind == UnitKind::AtomicBomb) {
                visit(Action::Detonate { at: from })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The reference generator: every unit one by one, in square order. Used for single units
    /// (legality checks, per-unit lists) and to check the fast generator.
    #[doc(hidden)]
    pub fn legal_actions_unit_by_unit(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.counters.decided.is_some() {
            return out;
        }
        let near_enemy = self.near_enemy();
        for from in self.occupied[self.to_move()].iter() {
            let _ = self.generate_for(from, near_enemy, &mut |action| {
                out.push(action);
                ControlFlow::Continue(())
            });
        }
        out
    }

    /// The actions of the unit on `from`; `near_enemy` is [`Position::near_enemy`].
    #[inline]
    fn generate_for(
        &self,
        from: Square,
        near_enemy: SquareSet,
        visit: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(piece) = self.board[from.index()] else {
            return ControlFlow::Continue(());
        };
        let side = piece.side;
        let kind = piece.kind;
        if kind.is_immobile() {
            return ControlFlow::Continue(());
        }
        // Where the unit may step, and whether the step keeps a tethered weapon legal.
        let tether = kind.carrier();
        let tethered_now = tether.is_none_or(|c| self.has_adjacent(from, side, c, None));
        let mut steps = [from; 4];
        let mut n = 0;
        for to in from.orthogonal() {
            if self.board[to.index()].is_none()
                && (tethered_now || tether.is_some_and(|c| self.has_adjacent(to, side, c, None)))
            {
                steps[n] = to;
                n += 1;
                visit(Action::Move { from, to })?;
            }
        }
        let steps = &steps[..n];
        if kind == UnitKind::AtomicBomb {
            return visit(Action::Detonate { at: from });
        }
        if !can_attack(kind) {
            return ControlFlow::Continue(());
        }
        let contact = kind.is_scale_ship() || kind == UnitKind::Fireship;
        let armed = |at: Square| tether.is_some_and(|c| self.has_adjacent(at, side, c, None));
        if !contact || near_enemy.contains(from) {
            self.attacks_from(from, None, piece, armed(from), visit)?;
        }
        for &to in steps {
            if !contact || near_enemy.contains(to) {
                self.attacks_from(to, Some(from), piece, armed(to), visit)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Attacks by `piece` standing at `at`; `moved_from` is its old square for a move then
    /// attack (now empty). `armed` says whether a weapon's carrier touches `at`.
    fn attacks_from(
        &self,
        at: Square,
        moved_from: Option<Square>,
        piece: Piece,
        armed: bool,
        visit: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let side = piece.side;
        let enemy = side.opponent();
        let from = moved_from.unwrap_or(at);
        let via = moved_from.map(|_| at);
        let plain = |target| Action::Attack { from, via, target, partners: Partners::NONE };
        match piece.kind {
            weapon @ (UnitKind::Aircraft | UnitKind::Torpedo) => {
                if !armed {
                    return ControlFlow::Continue(());
                }
                // The aircraft flies over anything to an enemy up to four squares away; a
                // torpedo runs two squares at most and strikes the first unit in its way, if
                // it is an enemy. The square the weapon moved from is empty by then, though the
                // board still shows the weapon there.
                let (range, stops_at_first) = if weapon == UnitKind::Aircraft {
                    (AIRCRAFT_RANGE, false)
                } else {
                    (TORPEDO_RANGE, true)
                };
                for &(dc, dr) in &ORTHOGONAL {
                    for dist in 1..=range {
                        let Some(sq) = at.offset(dc * dist, dr * dist) else {
                            break;
                        };
                        if Some(sq) == moved_from {
                            continue;
                        }
                        if let Some(p) = self.board[sq.index()] {
                            if p.side == enemy {
                                visit(plain(sq))?;
                            }
                            if stops_at_first {
                                break;
                            }
                        }
                    }
                }
            }
            UnitKind::Fireship => {
                for target in at.orthogonal() {
                    if self.board[target.index()].is_some_and(|p| p.side == enemy) {
                        visit(plain(target))?;
                    }
                }
            }
            kind => {
                for target in at.orthogonal() {
                    if self.board[target.index()].is_some_and(|p| p.side == enemy) {
                        self.formations(side, at, kind, moved_from, &mut |partners| {
                            visit(Action::Attack { from, via, target, partners })
                        })?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Visits every formation (as partner squares) that the scale ship of `kind` at `leader`
    /// can declare: alone, then pairs, then trios. `vacated` is treated as empty.
    pub(crate) fn formations(
        &self,
        side: Side,
        leader: Square,
        kind: UnitKind,
        vacated: Option<Square>,
        visit: &mut impl FnMut(Partners) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        visit(Partners::NONE)?;
        if !can_team(kind) {
            return ControlFlow::Continue(());
        }
        let mate = |sq: Square| -> Option<UnitKind> {
            if Some(sq) == vacated || sq == leader {
                return None;
            }
            match self.board[sq.index()] {
                Some(p) if p.side == side && can_team(p.kind) => Some(p.kind),
                _ => None,
            }
        };
        let mut near = [(leader, kind); 4];
        let mut n = 0;
        for sq in leader.orthogonal() {
            if let Some(k) = mate(sq) {
                near[n] = (sq, k);
                n += 1;
            }
        }
        let near = &near[..n];
        for &(sq, k) in near {
            if pair_strength(kind, k).is_some() {
                visit(Partners::new(&[sq]).expect("one partner"))?;
            }
        }
        for (i, &(a, ka)) in near.iter().enumerate() {
            // Both partners next to the leader.
            for &(b, kb) in &near[i + 1..] {
                if trio_strength(kind, ka, kb).is_some() {
                    visit(Partners::new(&[a, b]).expect("two partners"))?;
                }
            }
            // A chain leader–a–b, where b does not touch the leader (else counted above).
            for b in a.orthogonal() {
                if b.is_orthogonal_to(leader) {
                    continue;
                }
                if let Some(kb) = mate(b) {
                    if trio_strength(kind, ka, kb).is_some() {
                        visit(Partners::new(&[a, b]).expect("two partners"))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// If `action` (legal for the side to move) starts a battle of scale ships, the groups the
    /// defender may declare, as partner squares around the target, best first by the default
    /// policy (strongest, then fewest ships, then first partner squares in square order).
    /// `None` when no battle takes place.
    pub fn defense_options(&self, action: &Action) -> Option<Vec<Partners>> {
        let Action::Attack { from, target, .. } = *action else {
            return None;
        };
        let attacker = self.piece_at(from)?;
        let defender = self.piece_at(target)?;
        if !attacker.kind.is_scale_ship() || !defender.kind.is_scale_ship() {
            return None;
        }
        Some(self.defense_options_at(target, defender))
    }

    /// Strength of the group of the unit at `leader` with `partners` (0 if not a formation).
    pub(crate) fn group_strength_at(&self, leader: Square, partners: &Partners) -> u8 {
        let kind_at = |sq: Square| self.board[sq.index()].map(|p| p.kind);
        let Some(lead) = kind_at(leader) else {
            return 0;
        };
        let mut kinds = [lead; 3];
        let mut n = 1;
        for sq in partners.iter() {
            match kind_at(sq) {
                Some(k) => kinds[n] = k,
                None => return 0,
            }
            n += 1;
        }
        crate::admiral::formation::group_strength(&kinds[..n]).unwrap_or(0)
    }
}

/// One of the four orthogonal directions, for whole-set moves.
#[derive(Copy, Clone)]
enum Direction {
    North,
    South,
    East,
    West,
}

impl Direction {
    const ALL: [Direction; 4] = [Direction::North, Direction::South, Direction::West, Direction::East];

    /// The squares from which a step in this direction lands in `targets`.
    #[inline]
    fn sources_into(self, targets: SquareSet) -> SquareSet {
        match self {
            Direction::North => targets.step_south(),
            Direction::South => targets.step_north(),
            Direction::East => targets.step_west(),
            Direction::West => targets.step_east(),
        }
    }

    /// The square one step away (the caller knows it is on the board).
    #[inline]
    fn step(self, from: Square) -> Square {
        let delta = match self {
            Direction::North => 1,
            Direction::South => -1,
            Direction::East => ROWS as isize,
            Direction::West => -(ROWS as isize),
        };
        Square::from_index(from.index().wrapping_add_signed(delta)).expect("a step inside the board")
    }
}

/// True for kinds that can make some attack.
#[inline]
fn can_attack(kind: UnitKind) -> bool {
    !matches!(kind, UnitKind::Carrier | UnitKind::Mine | UnitKind::StationaryMine | UnitKind::NavalBase)
}
