//! The opponent's answer to one of our actions in a sampled world, chosen as the opponent would
//! choose it: from what it knows, not from the world.
//!
//! A sampled world shows both armies, so an answer searched in it is the answer of an opponent
//! who sees through our pieces: it strikes exactly the ones that lose, and every unknown piece
//! next to ours is, in some world, the one that takes it. Rehearsing the answer instead hands
//! the world's enemy army to an opponent that sees our pieces only as the real one does (those
//! it has identified, and which have moved: both public), lets it choose with a level-3 mind
//! that weighs the miners' race and the defence at 8, and plays its choice.

use crate::shared::BySide;
use crate::shared::Rules;
use crate::shared::SetupPosition;
use crate::shared::Side;
use crate::stratego::board::{Sq, SqSet};
use crate::stratego::event::Event;
use crate::stratego::memory::Dossier;
use crate::stratego::piece::RANKS;
use crate::stratego::position::Position;
use crate::stratego::view::{Cell, Recollection, Standing, View};

/// What the opponent knows of our army and the public counters, from our view.
pub(super) struct Rehearsal {
    me: Side,
    /// Our pieces as the opponent knows them.
    seen: Dossier,
    own_losses: [u8; RANKS],
    enemy_losses: [u8; RANKS],
    ply: u32,
}

impl Rehearsal {
    /// The opponent's knowledge of our army in `view` (ours).
    pub fn new(view: &View) -> Rehearsal {
        let mut seen = Dossier::new();
        for &sq in &view.exposed {
            if let Cell::Own { kind: rank } = view.cell(sq) {
                seen.identity[sq.index()] = Some(rank);
            }
        }
        seen.moved = view.recollection.own_moved.iter().copied().collect();
        Rehearsal {
            me: view.viewer,
            seen,
            own_losses: view.own_losses,
            enemy_losses: view.enemy_losses,
            ply: view.ply,
        }
    }

    /// The opponent's view of `world` just after our action, whose events are `events`.
    pub fn enemy_view(&self, world: &Position, events: &[Event]) -> View {
        let (me, enemy) = (self.me, self.me.opponent());
        let mut seen = self.seen.clone();
        let (mut own_losses, mut enemy_losses) = (self.own_losses, self.enemy_losses);
        for event in events {
            seen.learn(me, event);
            if let Event::Destroyed { side, rank, .. } = *event {
                let losses = if side == me { &mut own_losses } else { &mut enemy_losses };
                losses[rank.index()] += 1;
            }
        }
        let cells = Sq::all()
            .map(|sq| match world.piece_at(sq) {
                None if sq.is_lake() => Cell::Lake,
                None => Cell::Empty,
                Some(p) if p.side == enemy => Cell::Own { kind: p.kind },
                Some(_) => Cell::Enemy { intel: seen.identity[sq.index()] },
            })
            .collect();
        let ours = world.occupied_by(me);
        View {
            viewer: enemy,
            to_move: world.to_move(),
            status: world.status(),
            outcome: world.outcome(),
            ply: self.ply + 1,
            quiet_plies: world.quiet_plies(),
            intel: true,
            cells,
            last_action: None,
            last_mover: None,
            last_turn: Vec::new(),
            moved_markers: seen.moved.and(ours).iter().collect(),
            exposed: Vec::new(),
            recollection: Recollection::default(),
            own_losses: enemy_losses,
            enemy_losses: own_losses,
            standing: Standing { repetition: BySide::from_fn(|side| world.repetition(side)) },
        }
    }
}

/// The enemy pieces we know after an action (ours or the enemy's) produced `events`: an
/// identified piece stays identified as it moves, a scout's run reveals it, and an attack
/// reveals the survivor, which stands on the attacked square.
pub(super) fn known_after(known: SqSet, me: Side, events: &[Event]) -> SqSet {
    let mut known = known;
    for event in events {
        match *event {
            Event::Moved { side, from, to, .. } if side != me => {
                if known.contains(from) || from.distance(to) > 1 {
                    known.insert(to);
                }
                known.remove(from);
            }
            Event::Attacked { attacker, defender, winner, .. } => {
                known.remove(attacker.square);
                known.remove(defender.square);
                if winner.is_some_and(|side| side != me) {
                    known.insert(defender.square);
                }
            }
            _ => {}
        }
    }
    known
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stratego::{Game, Layout};

    /// The opponent's view rehearsed from ours, in the true world, is the opponent's real view
    /// in everything its AI reads.
    #[test]
    fn the_rehearsed_view_is_the_opponents_own() {
        let layout = |seed| crate::ai::stratego::Ai::layout(3, seed);
        let (south, north): (Layout, Layout) = (layout(5), layout(6));
        let mut game = Game::new(&south, &north, true).unwrap();
        let mut dice = crate::shared::Dice::new(9);
        for ply in 0..400 {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_actions();
            let action = legal[dice.below(legal.len())];
            let me = game.to_move();
            let rehearsal = Rehearsal::new(&game.view_remembering(me));
            let events = game.play(&action).unwrap();
            let rehearsed = rehearsal.enemy_view(game.position(), &events);
            let real = game.view_remembering(me.opponent());
            assert_eq!(rehearsed.cells, real.cells, "ply {ply}");
            assert_eq!(rehearsed.moved_markers, real.moved_markers, "ply {ply}");
            assert_eq!((rehearsed.own_losses, rehearsed.enemy_losses), (real.own_losses, real.enemy_losses));
            assert_eq!(
                (rehearsed.ply, rehearsed.quiet_plies, rehearsed.to_move),
                (real.ply, real.quiet_plies, real.to_move)
            );
            assert_eq!((rehearsed.status, rehearsed.standing), (real.status, real.standing));
        }
    }

    #[test]
    fn identified_enemy_pieces_stay_identified_as_they_move() {
        let sq = |s: &str| s.parse::<Sq>().unwrap();
        let mut known = SqSet::EMPTY;
        known.insert(sq("e6"));
        let moved = [Event::Moved { side: Side::North, rank: None, from: sq("e6"), to: sq("e5") }];
        let known = known_after(known, Side::South, &moved);
        assert!(known.contains(sq("e5")) && !known.contains(sq("e6")));
        // A scout's run reveals it; our own moves change nothing.
        let run = [Event::Moved { side: Side::North, rank: None, from: sq("b8"), to: sq("b6") }];
        assert!(known_after(known, Side::South, &run).contains(sq("b6")));
        let ours = [Event::Moved { side: Side::South, rank: None, from: sq("a2"), to: sq("a3") }];
        assert_eq!(known_after(known, Side::South, &ours), known);
    }
}
