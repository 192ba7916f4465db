//! Playing many games between two agents, for measuring strength and speed: one game by
//! [`play_game`], the one game loop of both rulesets, and one module per ruleset with what it
//! adds ([`ArenaRules`]) and its account of a game ([`admiral`], re-exported as `crate::arena`;
//! [`stratego`], re-exported as `crate::stratego::arena`); a run of them is driven, and reported,
//! by the shared [`Summary::run_games`](crate::shared::Summary::run_games).

pub mod admiral;
pub mod stratego;

use crate::shared::summary::{GameResult, ARENA_PLY_CAP};
use crate::shared::{Agent, Dice, ForfeitOf, Game, Rules, Seat, Side, Status};

/// What a ruleset adds to the arena's game loop.
pub trait ArenaRules: Rules<Reply: Default> {
    /// The ruleset's account of one arena game.
    type Played;

    /// The account of a game as the loop left it.
    fn played(ending: Ending<Self>, a_is_south: bool) -> Self::Played;

    /// The end reason of an agent that answered something unusable.
    const FORFEIT: Self::EndReason;

    /// Readies the game before `agent`, on `side`, is asked to act (Stratego: waives the
    /// two-square rule for a program let off it). The default does nothing.
    fn before_act(_game: &mut Game<Self>, _side: Side, _agent: &dyn Agent<Self>) {}

    /// The legal action an agent's answer `chosen` stands for, or why it is not legal.
    fn legal_choice(
        game: &Game<Self>,
        legal: &[Self::Action],
        chosen: Self::Action,
    ) -> Result<Self::Action, String>;

    /// When the side not moving may choose its reply to `action` (Admiral: more than one
    /// defence group), the action as it sees it and the replies it chooses among; `None` plays
    /// the default reply.
    fn reply_options(game: &Game<Self>, action: &Self::Action) -> Option<(Self::Action, Vec<Self::Reply>)>;

    /// Whether a reply an agent chose is one of `options`.
    fn reply_allowed(options: &[Self::Reply], reply: &Self::Reply) -> bool;
}

/// One arena game as the loop leaves it.
pub struct Ending<P: Rules> {
    /// The result (with `a`'s seat).
    pub result: GameResult,
    /// Why it ended (`None`: stopped at the arena's ply cap).
    pub reason: Option<P::EndReason>,
    /// What a forfeiting agent did wrong, after `a: ` or `b: `.
    pub forfeit: Option<String>,
    /// The game, unless a setup failed.
    pub game: Option<Game<P>>,
}

/// A forfeit of `P` for an unusable answer.
fn unusable<P: ArenaRules>(detail: String) -> ForfeitOf<P> {
    ForfeitOf::<P> { reason: P::FORFEIT, detail }
}

/// Plays one game between `a` and `b` (`a` South if `a_is_south`): each gives its setup
/// (seeded per game: `a` with `seed`, `b` with another seed from it), then they act in turn
/// until the game ends or reaches the arena's ply cap. A setup, an action or a reply (Admiral's
/// defence) an agent cannot give loses the game for it (both setups failing: a draw).
pub fn play_game<P: ArenaRules>(
    a: &mut dyn Agent<P>,
    b: &mut dyn Agent<P>,
    a_is_south: bool,
    seed: u64,
) -> P::Played {
    let ending = play(a, b, a_is_south, seed);
    P::played(ending, a_is_south)
}

/// [`play_game`], before the ruleset's account.
fn play<P: ArenaRules>(a: &mut dyn Agent<P>, b: &mut dyn Agent<P>, a_is_south: bool, seed: u64) -> Ending<P> {
    let (a_side, b_side) = if a_is_south { (Side::South, Side::North) } else { (Side::North, Side::South) };
    let (a_name, b_name) = (a.name(), b.name());
    // A layout that is no complete setup is the agent's forfeit, not the arena's panic.
    let checked = |layout: Result<P::Layout, ForfeitOf<P>>| {
        layout.and_then(|layout| match P::validate_layout(&layout) {
            Ok(()) => Ok(layout),
            Err(errors) => Err(unusable::<P>(format!("bad layout: {}", P::describe_layout_errors(&errors)))),
        })
    };
    let a_layout = checked(a.setup(a_side, seed, &b_name));
    let b_layout = checked(b.setup(b_side, seed ^ 0x5bd1_e995, &a_name));
    let failed = |status, who: &str, f: ForfeitOf<P>| Ending {
        result: GameResult { a_was_south: a_is_south, status, plies: 0 },
        reason: Some(f.reason),
        forfeit: Some(format!("{who}: {}", f.detail)),
        game: None,
    };
    let (south, north) = match (a_layout, b_layout) {
        (Ok(x), Ok(y)) if a_is_south => (x, y),
        (Ok(x), Ok(y)) => (y, x),
        (Err(e), Ok(_)) => return failed(Status::win_for(b_side), "a", e),
        (Ok(_), Err(e)) => return failed(Status::win_for(a_side), "b", e),
        (Err(e), Err(_)) => return failed(Status::Draw, "a", e),
    };
    let mut game = Game::<P>::new(&south, &north, true).expect("agents' layouts are complete");
    let mut dice = Dice::new(seed);
    let mut forfeit = None;
    while game.outcome().is_none() && game.ply() < ARENA_PLY_CAP {
        let side = game.to_move();
        let (mover, other): (&mut dyn Agent<P>, &mut dyn Agent<P>) =
            if side == a_side { (&mut *a, &mut *b) } else { (&mut *b, &mut *a) };
        match turn(&mut game, mover, other, &mut dice) {
            Ok((action, events)) => {
                a.observe(&Seat::new(&game, a_side), &action, &events);
                b.observe(&Seat::new(&game, b_side), &action, &events);
            }
            Err((loser, f)) => {
                game.end_by(loser, f.reason);
                forfeit = Some(format!("{}: {}", if loser == a_side { "a" } else { "b" }, f.detail));
            }
        }
    }
    a.finish(&Seat::new(&game, a_side));
    b.finish(&Seat::new(&game, b_side));
    let result = GameResult { a_was_south: a_is_south, status: game.status(), plies: game.ply() };
    Ending { result, reason: game.outcome().map(|o| o.reason), forfeit, game: Some(game) }
}

/// A turn played: the action and its full events.
type Turn<P> = (<P as Rules>::Action, Vec<<P as Rules>::Event>);

/// The side that forfeited a turn, and why.
type Lost<P> = (Side, ForfeitOf<P>);

/// One turn: `mover` acts and, where the rules let it, `other` replies; returns the action
/// played and its full events, or the side that forfeited and why.
fn turn<P: ArenaRules>(
    game: &mut Game<P>,
    mover: &mut dyn Agent<P>,
    other: &mut dyn Agent<P>,
    dice: &mut Dice,
) -> Result<Turn<P>, Lost<P>> {
    let side = game.to_move();
    P::before_act(game, side, &*mover);
    let legal = game.legal_actions();
    let chosen = mover.act(&Seat::new(game, side), &legal, dice).map_err(|f| (side, f))?;
    let action = P::legal_choice(game, &legal, chosen).map_err(|why| (side, unusable::<P>(why)))?;
    let reply = match P::reply_options(game, &action) {
        None => P::Reply::default(),
        Some((seen, options)) => {
            let defender = side.opponent();
            let reply =
                other.defend(&Seat::new(game, defender), &seen, &options, dice).map_err(|f| (defender, f))?;
            if !P::reply_allowed(&options, &reply) {
                return Err((defender, unusable::<P>(format!("{reply:?} is not one of its options"))));
            }
            reply
        }
    };
    let events = game.play_with(&action, reply).expect("a legal action and reply play");
    Ok((action, events))
}
