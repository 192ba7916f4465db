//! Why a level chose what it chose: a decision of a recorded game set up again, from the seat of
//! the side to move, and the AI's deliberation over it (see [`Ai::deliberate`]). The arena's
//! `--records` keep every game for this.

use std::fmt;

use crate::admiral::action::Action;
use crate::admiral::record::Record;
use crate::admiral::square::Side;
use crate::admiral::Game;
use crate::ai::{Ai, Deliberation};

/// A decision of a recorded game and what an AI weighed over it.
#[derive(Clone, Debug)]
pub struct Why {
    /// How many turns of the record had been played.
    pub ply: usize,
    /// The side to move, whose view the AI decided from.
    pub side: Side,
    /// The quiet-ply count at that moment.
    pub quiet_plies: u16,
    /// The level that deliberated.
    pub level: u8,
    /// The action the record played there, if the record goes on.
    pub recorded: Option<Action>,
    /// What the AI weighed, and chose.
    pub deliberation: Deliberation,
    /// Whether to show every legal action, not only the refined ones.
    pub all: bool,
}

/// Sets up the position of `record` after `ply` turns and lets `ai` decide it from the seat of
/// the side to move.
pub fn deliberate_at(record: &Record, ply: usize, ai: &mut Ai) -> Result<Why, String> {
    if ply > record.turns.len() {
        return Err(format!("the record has {} turns; ply {ply} is past its end", record.turns.len()));
    }
    // The record up to that ply, without its ending: the game as it stood then.
    let mut head = record.clone();
    head.turns.truncate(ply);
    head.ending = None;
    let game = Game::replay(&head).map_err(|e| e.to_string())?;
    let (side, legal) = (game.to_move(), game.legal_actions());
    if legal.is_empty() {
        return Err(format!("the game is over after {ply} turns: nobody is to move"));
    }
    let view = game.view_remembering(side);
    let deliberation = ai.deliberate(&view, &legal);
    Ok(Why {
        ply,
        side,
        quiet_plies: view.quiet_plies,
        level: ai.level(),
        recorded: record.turns.get(ply).map(|turn| turn.action),
        deliberation,
        all: false,
    })
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = &self.deliberation;
        write!(
            f,
            "after {} turns: {} to move, {} quiet plies; level {} ",
            self.ply,
            self.side.name(),
            self.quiet_plies,
            self.level
        )?;
        if d.worlds > 0 {
            write!(f, "over {} worlds ", d.worlds)?;
        }
        write!(f, "chooses {}", d.chosen)?;
        match self.recorded {
            Some(action) => writeln!(f, " (the record: {action})")?,
            None => writeln!(f, " (the record ends here)")?,
        }
        if d.candidates.is_empty() {
            return Ok(());
        }
        writeln!(
            f,
            "{:>4}  {:<16}{:>11}{:>10}{:>10}{:>8}",
            "rank", "action", "first pass", "refined", "destroys", "worlds"
        )?;
        let refined = d.candidates.iter().take_while(|c| c.refined.is_some()).count();
        let shown = if self.all { d.candidates.len() } else { refined.max(1) };
        for (rank, candidate) in d.candidates.iter().enumerate().take(shown) {
            let action = candidate.action.to_string();
            write!(f, "{:>4}  {action:<16}{:>11.2}", rank + 1, candidate.first_pass)?;
            match candidate.refined {
                Some(r) => writeln!(f, "{:>10.2}{:>10.2}{:>8}", r.score, r.destroys, r.worlds)?,
                None => writeln!(f, "{:>10}{:>10}{:>8}", "-", "-", "-")?,
            }
        }
        let hidden = d.candidates.len() - shown;
        if hidden > 0 {
            writeln!(f, "({hidden} more legal actions, ranked lower in the first pass)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admiral::autoplace::{auto_layout, Style};
    use crate::admiral::resolve::Defense;
    use crate::ai::Budget;
    use std::collections::HashSet;

    /// A game between two level-1 AIs from generated setups, `plies` long at most.
    fn game(seed: u64, plies: usize) -> Game {
        let mut game =
            Game::new(&auto_layout(seed, Style::Balanced), &auto_layout(seed + 1, Style::Defensive), true)
                .expect("generated setups are legal");
        let mut players =
            [Ai::new(1, seed, Budget::Iterations(1)), Ai::new(1, seed + 1, Budget::Iterations(1))];
        for _ in 0..plies {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            let side = game.to_move();
            let action = players[side.index()].choose(&game.view_remembering(side), &legal);
            game.play(&action, Defense::Auto).expect("a legal action");
        }
        game
    }

    #[test]
    fn a_recorded_decision_is_set_up_again_and_decided_as_choose_decides_it() {
        let record = game(3, 80).record().clone();
        for (ply, level) in [(0, 5), (1, 4), (37, 5), (80, 5), (80, 2)] {
            let why = deliberate_at(&record, ply, &mut Ai::new(level, 9, Budget::Iterations(6))).unwrap();
            // The same position played again to that ply (the players are deterministic), not
            // rebuilt from the record, and decided by `choose`.
            let replayed = game(3, ply);
            let side = replayed.to_move();
            let legal = replayed.legal_actions();
            let chosen =
                Ai::new(level, 9, Budget::Iterations(6)).choose(&replayed.view_remembering(side), &legal);
            assert_eq!((why.side, why.deliberation.chosen), (side, chosen), "ply {ply}, level {level}");
            assert_eq!(why.recorded, record.turns.get(ply).map(|turn| turn.action));
            let candidates = &why.deliberation.candidates;
            if level < 4 {
                assert!(candidates.is_empty() && why.deliberation.worlds == 0);
                continue;
            }
            // Every legal action once, the refined ones first, each part in first-pass order,
            // and the chosen one the best refined.
            let listed: HashSet<Action> = candidates.iter().map(|c| c.action).collect();
            assert_eq!((listed.len(), candidates.len()), (legal.len(), legal.len()));
            assert!(listed.iter().all(|action| legal.contains(action)));
            let refined = candidates.iter().take_while(|c| c.refined.is_some()).count();
            assert!(refined > 0 && candidates[refined..].iter().all(|c| c.refined.is_none()));
            for part in [&candidates[..refined], &candidates[refined..]] {
                assert!(part.windows(2).all(|pair| pair[0].first_pass >= pair[1].first_pass));
            }
            // The first of the best, as the search breaks ties.
            let top = candidates[..refined].iter().map(|c| c.refined.unwrap().score).fold(f32::MIN, f32::max);
            let best = candidates.iter().find(|c| c.refined.unwrap().score == top).unwrap();
            assert_eq!(best.action, chosen, "ply {ply}, level {level}");
            assert!(candidates[..refined].iter().all(|c| c.refined.unwrap().worlds <= 6));
            let text = why.to_string();
            assert!(text.contains(&format!("chooses {chosen}")) && text.contains("first pass"), "{text}");
        }
    }

    #[test]
    fn a_ply_past_the_record_or_after_the_game_is_refused_with_the_reason() {
        let record = game(4, 30).record().clone();
        let mut ai = Ai::new(5, 1, Budget::Iterations(2));
        let err = deliberate_at(&record, 31, &mut ai).unwrap_err();
        assert!(err.contains("30 turns") && err.contains("past its end"), "{err}");
        // A game played to its end: nobody is to move after the last turn.
        let finished = game(5, 20_000);
        assert!(finished.legal_actions().is_empty(), "level 1 games end well before the cap");
        let record = finished.record();
        let err = deliberate_at(record, record.turns.len(), &mut ai).unwrap_err();
        assert!(err.contains("over"), "{err}");
    }
}
