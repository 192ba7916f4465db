use admiral_engine::ai::Budget;
use admiral_engine::stratego::ai::Ai;
use admiral_engine::stratego::*;
use admiral_engine::{Dice, Side};
fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let (la, lb, seed) = (args[0] as u8, args[1] as u8, args[2]);
    let mut game = Game::new(&Ai::layout(la, seed), &Ai::layout(lb, seed + 1), true).unwrap();
    let mut dice = Dice::new(seed);
    println!("{}", game.position().to_text());
    while game.outcome().is_none() {
        let side = game.to_move();
        let legal = game.legal_actions();
        let level = if side == Side::South { la } else { lb };
        let mut ai = Ai::new(level, dice.next_u64(), Budget::Time(std::time::Duration::from_millis(20)));
        let a = ai.choose(&game.view_remembering(side), &legal);
        let ev = game.play(&a).unwrap();
        let desc: Vec<String> = ev.iter().filter_map(|e| match e { Event::Attacked{attacker, defender, winner, ..} => Some(format!("{}x{} -> {:?}", attacker.rank, defender.rank, winner)), _ => None }).collect();
        println!("{} {:?} {} {}", game.ply(), side, a, desc.join(" "));
    }
    println!("{}\n{:?}", game.position().to_text(), game.outcome());
}
