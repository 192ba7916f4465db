//! What an AI believes about the enemy's markers, built from its own view only.
//!
//! Each unidentified marker gets a weight for every kind: the number of that kind still unseen
//! (the fleet minus losses minus markers already identified) times what the marker's history
//! allows. A marker that moved is no base or stationary mine; a base never stands in the front
//! row and usually sits at the back; a weapon that moved while no other marker touches it now
//! is unlikely (its carrier must have been beside it). Worlds are sampled from these weights,
//! without replacement, so every sampled fleet has the right counts. Level 5's belief also
//! expects the markers still standing where the setup put them to form groups, and reads the
//! enemy's moves towards our aircraft once the enemy has seen it ([`Belief::reading_hunters`]).

use crate::admiral::formation::pair_strength;
use crate::admiral::layout::{Layout, ZONE_DEPTH};
use crate::admiral::position::Position;
use crate::admiral::square::{Side, Square, SquareSet};
use crate::admiral::unit::{Piece, UnitKind, KINDS};
use crate::admiral::view::{Cell, View};
use crate::shared::markers::{Affinity, Markers};
use crate::shared::Dice;
use crate::shared::Rules;
use crate::shared::SetupPosition;

/// How many worlds [`Belief::sample_paired`] draws at most.
const PAIRING_DRAWS: usize = 8;

/// The belief about every enemy marker of one view.
#[derive(Clone, Debug)]
pub struct Belief {
    me: Side,
    /// Enemy markers already identified (intel), with their kinds.
    known: Vec<(Square, UnitKind)>,
    /// Unidentified markers with their per-kind weights, and the kinds they hold between them.
    markers: Markers<Square, KINDS>,
    /// What every world shares: own units, identified enemy units, the side to move and the
    /// quiet-ply count (built once; each world copies it and adds the drawn markers).
    shared: Position,
    /// Unidentified enemy markers that have moved, each with the weapon kinds (bits by
    /// [`UnitKind::index`]) whose carrier could stand beside it: the tethers the paired worlds
    /// check (see [`Belief::sample_paired`]).
    tethers: Vec<(Square, u32)>,
}

impl Belief {
    /// Builds the belief of `view.viewer` from its view. `naive` ignores everything but the
    /// counts (the greedy level's way of thinking).
    pub fn new(view: &View, naive: bool) -> Belief {
        Belief::build(view, naive, false, false)
    }

    /// The full belief, expecting formations besides: markers that have not moved since the
    /// setup are drawn as if standing in groups, a scale ship's formation partners
    /// [`GROUP_LIFT`] times as likely beside it as elsewhere (see `group_affinity`).
    pub fn expecting_groups(view: &View) -> Belief {
        Belief::build(view, false, true, false)
    }

    /// Level 5's belief: formations expected, as [`Belief::expecting_groups`], and the hunt for
    /// our aircraft read from the enemy's moves. Once the enemy has seen our aircraft (it
    /// struck), the enemy knows where it and its carrier are, and what goes after them is a
    /// battleship or a raider, the ships that shoot it down: every unidentified marker that has
    /// moved and stands within [`HUNT_RADIUS`] squares of it is [`HUNTER_LIFT`] times as likely
    /// to be one. Without this the exchange drew that marker by the counts, mostly as something
    /// the aircraft beats, and a raider closing in was seen too late: it was how level 5 lost
    /// its aircraft most often, and then the carrier (doc/admiral-ai.md, "The aircraft's
    /// hunters"). It also expects the markers that moved to be of the kinds the enemy has been
    /// seen to send out (see `mover_lift`), and counts as identified every marker the public
    /// record leaves a single kind (see `deduction`).
    pub fn reading_hunters(view: &View) -> Belief {
        Belief::build(view, false, true, true)
    }

    fn build(view: &View, naive: bool, groups: bool, hunters: bool) -> Belief {
        let me = view.viewer;
        let enemy = me.opponent();
        let moved: SquareSet = view.moved_markers.iter().copied().collect();
        let mut shared = Position::empty(view.to_move);
        shared.set_quiet_plies(view.quiet_plies);
        let mut known = Vec::new();
        let mut unknown_squares = Vec::new();
        let mut enemy_markers = SquareSet::EMPTY;
        // Level 5 also counts as identified what the public record leaves a single kind.
        let deduced = if hunters { super::deduction::enemy_markers(view) } else { Vec::new() };
        let cell = |sq: Square| match view.cell(sq) {
            Cell::Enemy { intel: None } => match deduced.iter().find(|(s, _)| *s == sq) {
                Some((_, kind)) => Cell::Enemy { intel: Some(*kind) },
                None => Cell::Enemy { intel: None },
            },
            other => other,
        };
        for sq in Square::all() {
            match cell(sq) {
                Cell::Own { kind } => shared.put(sq, Piece::new(me, kind)),
                Cell::Enemy { intel: Some(kind) } => {
                    shared.put(sq, Piece::new(enemy, kind));
                    known.push((sq, kind));
                    enemy_markers.insert(sq);
                }
                Cell::Enemy { intel: None } => {
                    unknown_squares.push(sq);
                    enemy_markers.insert(sq);
                }
                Cell::Empty => {}
            }
        }
        let mut pool = [0u8; KINDS];
        for kind in UnitKind::ALL {
            let seen = known.iter().filter(|(_, k)| *k == kind).count() as u8;
            pool[kind.index()] =
                kind.fleet_count().saturating_sub(view.enemy_losses[kind.index()]).saturating_sub(seen);
        }
        // Our aircraft the enemy has seen, which its anti-air ships come for.
        let hunted = if hunters { super::seen_aircraft(view) } else { SquareSet::EMPTY };
        // The kinds the enemy has been seen to send out.
        let sent_out = if hunters { mover_lift(&view.recollection.revealed_movers) } else { [1.0; KINDS] };
        let unknown: Vec<(Square, [f32; KINDS])> = unknown_squares
            .into_iter()
            .map(|sq| {
                let mut weights = [1.0f32; KINDS];
                if !naive {
                    let has_moved = moved.contains(sq);
                    let depth = Layout::cell_of(enemy, sq).map(|(d, _)| d);
                    let lonely = sq.surrounding().all(|n| !enemy_markers.contains(n));
                    for kind in UnitKind::ALL {
                        let w = &mut weights[kind.index()];
                        if has_moved && kind.is_immobile() {
                            *w = 0.0;
                        }
                        if has_moved && lonely && kind.carrier().is_some() {
                            *w *= 0.15;
                        }
                        if kind == UnitKind::NavalBase {
                            *w *= match depth {
                                Some(0) | None => 0.0,
                                Some(d) => [0.0, 0.15, 0.4, 1.0, 1.6][d.min(ZONE_DEPTH - 1)],
                            };
                        }
                    }
                    if has_moved {
                        for kind in UnitKind::ALL {
                            weights[kind.index()] *= sent_out[kind.index()];
                        }
                    }
                    if has_moved && hunted.iter().any(|aircraft| aircraft.distance(sq) <= HUNT_RADIUS) {
                        for kind in UnitKind::ALL.into_iter().filter(|kind| kind.is_anti_air()) {
                            weights[kind.index()] *= HUNTER_LIFT;
                        }
                    }
                    if groups {
                        // Identified neighbours still on their setup squares: their partners.
                        let standing =
                            known.iter().filter(|(n, _)| linked(&moved, sq, *n) && sq.is_orthogonal_to(*n));
                        for (_, neighbour) in standing {
                            for kind in UnitKind::ALL {
                                weights[kind.index()] *= group_lift(*neighbour, kind);
                            }
                        }
                    }
                }
                (sq, weights)
            })
            .collect();
        let tethers = tethers(&unknown, &moved, &known, &pool);
        let affinity = groups.then(|| group_affinity(&unknown, &moved));
        let mut markers = Markers::new(unknown, pool);
        if let Some(affinity) = affinity {
            markers = markers.with_affinity(affinity);
        }
        Belief { me, known, markers, shared, tethers }
    }

    /// The side whose belief this is.
    pub fn me(&self) -> Side {
        self.me
    }

    /// The probability that the marker on `sq` is of `kind` (1 or 0 for identified markers;
    /// pool-weighted marginals for the others).
    pub fn probability(&self, sq: Square, kind: UnitKind) -> f32 {
        if let Some((_, k)) = self.known.iter().find(|(s, _)| *s == sq) {
            return if *k == kind { 1.0 } else { 0.0 };
        }
        self.markers.probability(sq, kind.index())
    }

    /// The identified enemy units.
    pub fn known(&self) -> &[(Square, UnitKind)] {
        &self.known
    }

    /// A sampled world in which, as far as a few draws allow, every unidentified marker that
    /// moved and was drawn as a tethered weapon has a carrier of its kind beside it, where one
    /// could stand (see `tethers`). The per-marker weights cannot see pairs: drawn alone, two
    /// markers that moved side by side are as often a mine and a torpedo as a torpedo boat and
    /// its torpedo, which no game allows for long (the carrier must stay beside its weapon for
    /// the weapon to move). The searchers use it.
    pub fn sample_paired(&self, dice: &mut Dice) -> Position {
        let mut world = self.sample(dice);
        for _ in 1..PAIRING_DRAWS {
            if self.tethers_hold(&world) {
                break;
            }
            world = self.sample(dice);
        }
        world
    }

    /// Whether every tether the belief checks holds in `world`: each unidentified marker that
    /// moved and is drawn as a weapon whose carrier could stand beside it has one there.
    fn tethers_hold(&self, world: &Position) -> bool {
        let enemy = self.me.opponent();
        self.tethers.iter().all(|&(sq, pairable)| {
            let Some(piece) = world.piece_at(sq) else { return true };
            let Some(carrier) = piece.kind.carrier().filter(|_| pairable & 1 << piece.kind.index() != 0)
            else {
                return true;
            };
            sq.surrounding().any(|n| world.piece_at(n) == Some(Piece::new(enemy, carrier)))
        })
    }

    /// A full position consistent with the view: own units as they are, identified markers as
    /// known, the others drawn from the belief.
    pub fn sample(&self, dice: &mut Dice) -> Position {
        let enemy = self.me.opponent();
        let mut world = self.shared.clone();
        let full = UnitKind::ALL.map(|kind| kind.fleet_count());
        self.markers.draw(&full, dice, |sq, k| world.put(sq, Piece::new(enemy, UnitKind::ALL[k])));
        world
    }
}

/// How many times likelier a formation partner of a scale ship is beside it, in a setup that
/// has not moved, than anywhere in the fleet. Sound setups stand their scale ships in
/// formations, since a group defends with the strength of its table line: in layouts from
/// [`crate::admiral::autoplace`], over 500 seeds of every style, a cruiser's, raider's, cruiser
/// submarine's or submarine's neighbour is a partner 3.8 to 5.1 times as often as a square of
/// the fleet picked at random (a battleship's 16 times, having a single partner of which there
/// are two; a destroyer's 1.3 to 1.5 times, destroyers screening alone); the rule programs
/// stand theirs in groups outright. Larger lifts foretell a whole untouched setup's defence
/// still better, but did no better at the markers our ships touch in play, nor in the arena
/// (doc/admiral-ai.md, "Formations expected").
pub const GROUP_LIFT: f32 = 4.0;

/// How much likelier a battleship or raider is, for a marker that moved and stands near our
/// seen aircraft ([`Belief::reading_hunters`]). Against `players/hunter.py` level 5 scored
/// 0.653 with 4 and 0.591 without over the same 160 games' seeds, about one standard error
/// (doc/admiral-ai.md, "The aircraft's hunters").
pub const HUNTER_LIFT: f32 = 4.0;

/// How near (orthogonal steps) a marker that moved must stand to our seen aircraft to be read
/// as hunting it: a ship three steps off reaches it, moving then attacking, in two turns.
pub const HUNT_RADIUS: u8 = 3;

/// How many enemy units identified after moving count as much as the fleet's own make-up in
/// [`mover_lift`]: a pseudo-count, so that the first few reveals hardly move the belief.
pub const MOVER_PRIOR: f32 = 10.0;

/// The lift of each kind for an unidentified marker that has moved, from `revealed` (the
/// enemy's units identified after moving, by kind): the kind's share of those, over its share
/// of the mobile fleet, shrunk towards 1 by [`MOVER_PRIOR`] reveals. Players send out some
/// kinds far more than their share of the fleet, and the counts alone drew every moved marker
/// as the fleet's average.
/// Averaged over the mobile fleet's make-up the lifts are 1; immobile kinds keep 1 (a marker
/// that moved is none of them anyway).
fn mover_lift(revealed: &[u8; KINDS]) -> [f32; KINDS] {
    let mut lift = [1.0f32; KINDS];
    let total: f32 = revealed.iter().map(|&count| count as f32).sum();
    let mobile: f32 = UnitKind::ALL.iter().filter(|k| !k.is_immobile()).map(|k| k.fleet_count() as f32).sum();
    for kind in UnitKind::ALL.into_iter().filter(|k| !k.is_immobile()) {
        let share = kind.fleet_count() as f32 / mobile;
        lift[kind.index()] = (revealed[kind.index()] as f32 / share + MOVER_PRIOR) / (total + MOVER_PRIOR);
    }
    lift
}

/// The lift of `kind` beside a unit of `neighbour`'s kind that has not moved.
fn group_lift(neighbour: UnitKind, kind: UnitKind) -> f32 {
    if pair_strength(neighbour, kind).is_some() {
        GROUP_LIFT
    } else {
        1.0
    }
}

/// Whether the kinds of the units on `a` and `b` (orthogonal neighbours) go together: only
/// while neither has moved since the setup. Linking markers that moved as well foretold the
/// defence of the squares our units touch worse than drawing them alone (the units that come
/// forward are mostly lone probes).
fn linked(moved: &SquareSet, a: Square, b: Square) -> bool {
    !moved.contains(a) && !moved.contains(b)
}

/// The affinity of unidentified markers that have not moved: each is drawn with the lifts of
/// the kinds drawn for its orthogonal neighbours (formations link side by side only).
fn group_affinity(unknown: &[(Square, [f32; KINDS])], moved: &SquareSet) -> Affinity<KINDS> {
    let beside = unknown
        .iter()
        .map(|(sq, _)| {
            (0..unknown.len())
                .filter(|&j| linked(moved, *sq, unknown[j].0) && sq.is_orthogonal_to(unknown[j].0))
                .collect()
        })
        .collect();
    let lift = UnitKind::ALL.map(|neighbour| UnitKind::ALL.map(|kind| group_lift(neighbour, kind)));
    Affinity { beside, lift }
}

/// The tethers worth checking: for each unidentified marker that moved, the weapon kinds whose
/// carrier could stand beside it (an identified carrier of that kind, or an unidentified marker
/// that may be one while the kind is still unseen). A weapon that moved may later be left
/// alone, its carrier gone ahead or destroyed; demanding a carrier that no world can place
/// beside it would only waste draws (in instrumented arena games of level 4 against level 3, a
/// world took 4.2 to 5.5 draws and 30–49% of the worlds still broke a tether, mostly for such
/// weapons; 3.0 draws and 10% without them).
fn tethers(
    unknown: &[(Square, [f32; KINDS])],
    moved: &SquareSet,
    known: &[(Square, UnitKind)],
    pool: &[u8; KINDS],
) -> Vec<(Square, u32)> {
    let may_be = |n: Square, carrier: UnitKind| {
        known.contains(&(n, carrier))
            || unknown
                .iter()
                .any(|(sq, weights)| *sq == n && weights[carrier.index()] > 0.0 && pool[carrier.index()] > 0)
    };
    unknown
        .iter()
        .filter(|(sq, _)| moved.contains(*sq))
        .filter_map(|(sq, weights)| {
            let pairable = UnitKind::ALL
                .iter()
                .filter(|kind| weights[kind.index()] > 0.0)
                .filter(|kind| kind.carrier().is_some_and(|c| sq.surrounding().any(|n| may_be(n, c))))
                .fold(0u32, |bits, kind| bits | 1 << kind.index());
            (pairable != 0).then_some((*sq, pairable))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admiral::autoplace::auto_layout;
    use crate::admiral::game::Game;
    use crate::ai::testing::admiral::{position, sq};
    use crate::shared::Style;

    /// South's belief when North's two markers that moved (g9, h9) stand side by side, and
    /// North's other unseen units are two bases, a mine and a destroyer.
    fn belief() -> Belief {
        belief_of("n15:nb m15:nb n14:mn m14:dd g9:tp h9:tb", &["g9", "h9"])
    }

    /// South's belief with North's `north` units all unseen, those on `moved` having moved.
    fn belief_of(north: &str, moved: &[&str]) -> Belief {
        Belief::new(&view_of(north, moved), false)
    }

    /// South's view with North's `north` units (and any South units listed with them) all
    /// unseen, those on `moved` having moved.
    fn view_of(north: &str, moved: &[&str]) -> View {
        let position = position(&format!("a1:NB b1:NB a2:MN b2:DD g6:BB {north}"));
        let game = Game::from_position(position.clone(), true);
        let mut view = game.view_remembering(Side::South);
        view.moved_markers = moved.iter().map(|square| sq(square)).collect();
        for kind in UnitKind::ALL {
            view.enemy_losses[kind.index()] = kind.fleet_count() - position.count(Side::North, kind) as u8;
            view.own_losses[kind.index()] = kind.fleet_count() - position.count(Side::South, kind) as u8;
        }
        view
    }

    #[test]
    fn a_marker_closing_in_on_our_seen_aircraft_is_read_as_its_hunter() {
        // Our aircraft on e5 (its carrier on e4); North's raider has come to e8, three steps
        // off, and a submarine has moved to k12, far from it.
        let mut view = view_of("e5:AC e4:CV n15:nb m15:nb e8:rd k12:ss j12:cr f12:ps", &["e8", "k12"]);
        let anti_air = |belief: &Belief, at: &str| {
            belief.probability(sq(at), UnitKind::Raider) + belief.probability(sq(at), UnitKind::Battleship)
        };
        // Unseen, the aircraft is hunted by nobody: both markers that moved are alike.
        let unseen = Belief::reading_hunters(&view);
        assert!((anti_air(&unseen, "e8") - anti_air(&unseen, "k12")).abs() < 1e-4);
        view.exposed = vec![sq("e5")];
        let seen = Belief::reading_hunters(&view);
        let (near, far) = (anti_air(&seen, "e8"), anti_air(&seen, "k12"));
        assert!(near > 2.0 * far, "near {near:.3}, far {far:.3}");
        // The other levels' beliefs do not read it.
        let plain = Belief::expecting_groups(&view);
        assert!((anti_air(&plain, "e8") - anti_air(&plain, "k12")).abs() < 1e-4);
    }

    #[test]
    fn paired_worlds_keep_moved_weapons_beside_their_carriers() {
        let belief = belief();
        let mut dice = Dice::new(7);
        let holding = |paired: bool, dice: &mut Dice| {
            (0..400)
                .filter(|_| {
                    let world = if paired { belief.sample_paired(dice) } else { belief.sample(dice) };
                    belief.tethers_hold(&world)
                })
                .count()
        };
        let plain = holding(false, &mut dice);
        let paired = holding(true, &mut dice);
        // Drawn marker by marker, a mine beside a torpedo is as likely as a torpedo boat
        // beside its torpedo; about half of such worlds break a tether.
        assert!(plain < 300, "plain sampling already pairs weapons: {plain} of 400");
        assert!(paired > 390, "paired sampling left weapons without carriers: {paired} of 400");
    }

    /// How well sampled worlds foretell the defence of every North unit at the start of a
    /// game with `north`'s setup: the Brier score of "the strongest defence at this square
    /// reaches the line" over the lines a raider, battleship, three submarines and three
    /// cruisers fight at, summed over the lines and averaged over North's squares (0 is
    /// perfect).
    fn defence_forecast(north: &Layout, groups: bool) -> f32 {
        const LINES: [u8; 4] = [8, 15, 16, 20];
        const WORLDS: usize = 400;
        let game = Game::new(&auto_layout(99, Style::Balanced), north, true).unwrap();
        let view = game.view_remembering(Side::South);
        let belief = if groups { Belief::expecting_groups(&view) } else { Belief::new(&view, false) };
        let squares: Vec<Square> = game.position().occupied_by(Side::North).iter().collect();
        let mut reached = vec![[0usize; LINES.len()]; squares.len()];
        let mut dice = Dice::new(5);
        for _ in 0..WORLDS {
            let world = belief.sample(&mut dice);
            for (counts, &square) in reached.iter_mut().zip(&squares) {
                let defence = strongest_defence(&world, square);
                for (count, line) in counts.iter_mut().zip(LINES) {
                    *count += usize::from(defence >= line);
                }
            }
        }
        let error: f32 = reached
            .iter()
            .zip(&squares)
            .flat_map(|(counts, &square)| {
                let truth = strongest_defence(game.position(), square);
                counts.iter().zip(LINES).map(move |(count, line)| {
                    let forecast = *count as f32 / WORLDS as f32;
                    (forecast - f32::from(u8::from(truth >= line))).powi(2)
                })
            })
            .sum();
        error / squares.len() as f32
    }

    /// The strongest defence of the North unit on `square` (0 if it is no scale ship).
    fn strongest_defence(position: &Position, square: Square) -> u8 {
        match position.piece_at(square) {
            Some(piece) if piece.side == Side::North && piece.kind.strength().is_some() => position
                .defense_options_at(square, piece)
                .first()
                .map_or(0, |partners| position.group_strength_at(square, partners)),
            _ => 0,
        }
    }

    #[test]
    fn worlds_expecting_formations_foretell_the_defence_of_a_setup_better() {
        for (seed, style) in Style::ALL.into_iter().enumerate() {
            let north = auto_layout(seed as u64 + 1, style);
            let plain = defence_forecast(&north, false);
            let grouped = defence_forecast(&north, true);
            // Measured: 0.729-0.839 expecting formations, 0.881-0.953 without.
            assert!(
                grouped < 0.9 * plain,
                "{style:?}: Brier score {grouped:.3} expecting formations, {plain:.3} without"
            );
        }
    }

    #[test]
    fn markers_that_moved_are_drawn_alone() {
        let unknown = [(sq("c11"), [1.0; KINDS]), (sq("d11"), [1.0; KINDS]), (sq("e11"), [1.0; KINDS])];
        let beside = |moved: &[&str]| group_affinity(&unknown, &moved.iter().map(|s| sq(s)).collect()).beside;
        assert_eq!(beside(&[]), vec![vec![1], vec![0, 2], vec![1]]);
        assert_eq!(beside(&["d11"]), vec![Vec::<usize>::new(); 3]);
    }

    #[test]
    fn only_tethers_that_some_world_can_hold_are_checked() {
        // Side by side, each of the two markers that moved may be the other's carrier.
        assert_eq!(belief().tethers.len(), 2);
        // A torpedo that moved and was left alone by its boat: no world places a carrier beside
        // it, so demanding one would only throw worlds away.
        let left_alone = belief_of("n15:nb m15:nb n14:mn m14:dd g9:tp k12:tb", &["g9", "k12"]);
        assert!(left_alone.tethers.is_empty(), "{:?}", left_alone.tethers);
        let mut dice = Dice::new(3);
        let torpedoes = (0..400)
            .filter(|_| {
                let world = left_alone.sample_paired(&mut dice);
                world.piece_at(sq("g9")).is_some_and(|p| p.kind == UnitKind::Torpedo)
            })
            .count();
        assert!(torpedoes > 0, "the lone marker that moved is never drawn as the torpedo");
    }

    #[test]
    fn the_kinds_the_enemy_sends_out_are_expected_in_its_markers_that_moved() {
        // Nothing seen yet: no lift.
        assert_eq!(mover_lift(&[0; KINDS]), [1.0; KINDS]);
        // Ten destroyers seen out of ten revealed movers: destroyers well above their share,
        // every other mobile kind below, the fleet's average kept, immobile kinds untouched.
        let mut revealed = [0u8; KINDS];
        revealed[UnitKind::Destroyer.index()] = 10;
        let lift = mover_lift(&revealed);
        assert!(lift[UnitKind::Destroyer.index()] > 2.0, "{lift:?}");
        assert!(lift[UnitKind::Cruiser.index()] < 1.0 && lift[UnitKind::Minesweeper.index()] < 1.0);
        assert_eq!(lift[UnitKind::NavalBase.index()], 1.0);
        let mobile: Vec<UnitKind> = UnitKind::ALL.into_iter().filter(|k| !k.is_immobile()).collect();
        let fleet: f32 = mobile.iter().map(|k| k.fleet_count() as f32).sum();
        let average: f32 = mobile.iter().map(|k| k.fleet_count() as f32 / fleet * lift[k.index()]).sum();
        assert!((average - 1.0).abs() < 1e-4, "{average}");
        // Level 5 reads it from its view: a moved marker is likelier a destroyer than before.
        let north = "n15:nb m15:nb n14:mn m14:dd g9:cr h9:ms";
        let mut view = view_of(north, &["g9"]);
        let plain = Belief::reading_hunters(&view).probability(sq("g9"), UnitKind::Destroyer);
        view.recollection.revealed_movers = revealed;
        let read = Belief::reading_hunters(&view).probability(sq("g9"), UnitKind::Destroyer);
        assert!(read > plain * 1.3, "{plain} -> {read}");
        // Levels below 5 do not read it.
        assert_eq!(
            Belief::new(&view, false).probability(sq("g9"), UnitKind::Destroyer),
            Belief::new(&view_of(north, &["g9"]), false).probability(sq("g9"), UnitKind::Destroyer)
        );
    }
}
