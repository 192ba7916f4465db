//! Scenario 5: the bot is killed with SIGKILL in the middle of a match (right after a move is
//! committed, and again while a move is in flight) and started again: the match, its clock and
//! every undelivered DM carry on, and nothing is applied or delivered twice.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use admiral_e2e::cast::Cast;
use admiral_e2e::fake::{Message, Place};
use admiral_e2e::game::{self, Dice, Played, Seat, Turns};

/// The deadline (Unix seconds) in a "your turn" DM: `Move before <t:SECS:R>`.
fn deadline(dm: &Message) -> u64 {
    let after = dm.content.split("Move before <t:").nth(1).expect("a move deadline");
    after.split(':').next().unwrap().parse().unwrap()
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_and_restart_mid_match() {
    let Cast { fake, alice, bob, mut bot } = Cast::start("en-US").await;

    alice.challenge(&bob, &[("time", "1 day per move")]).await;
    let m = bob.accept().await;
    alice.ready(m).await;
    bob.ready(m).await;
    let seats = [Seat { player: &alice, turns: Turns::Dm }, Seat { player: &bob, turns: Turns::Dm }];
    let south = game::south(seats, m).await;
    let (mut stats, mut dice) = (Played::default(), Dice::new(9));
    let seat = |ply: u32| seats[(south + ply as usize) % 2];

    // Ten plies, then kill right after the eleventh move is committed (its DMs in flight).
    for ply in 0..11 {
        game::play_one(seat(ply), m, ply, ply < 8, &mut dice, &mut stats).await;
    }
    let killed_at = now_secs();
    bot.kill();
    bot.restart(&fake).await;
    // The next player's turn arrives (delivered before the kill or after the restart), with
    // the deadline set when the move was made: the clock was not restarted.
    let turn = seat(11).player.turn_dm(m, 11).await;
    let d = deadline(&turn);
    assert!(
        d <= killed_at + 86_400 + 1 && d + 120 >= killed_at + 86_400,
        "deadline {d}, killed at {killed_at}"
    );

    // Kill while a move is in flight: it was either applied once or not at all.
    let mover = seat(11).player;
    let legal = mover.actions(Place::Dm, m, "").await;
    let quiet = legal.iter().find(|c| !game::is_attack(&c.1)).unwrap_or(&legal[0]).1.clone();
    fake.command(&mover.user, Place::Dm, "admiral move", &[("action", &quiet), ("match", &m.to_string())])
        .await;
    tokio::time::sleep(Duration::from_millis(40)).await;
    bot.kill();
    bot.restart(&fake).await;
    let board = mover.run(Place::Dm, "admiral board", &[("match", &m.to_string())]).await;
    let applied = board.message().component(&format!("adm:act:{m}:11")).is_none();
    eprintln!("the in-flight move was {}applied", if applied { "" } else { "not " });
    let next = if applied { 12 } else { 11 };
    if applied {
        stats.plies += 1;
    }

    // Play on to the end.
    let plies = game::play_from(seats, m, south, next, 0, &mut dice, &mut stats).await;
    for p in [&alice, &bob] {
        p.wait_dm("the result", |d| d.file("result.png").is_some()).await;
    }

    // Exactly one "your turn" DM per ply, none missing, none twice; each with a deadline.
    for (ply, dm) in [&alice, &bob].iter().flat_map(|p| p.turn_dms(m)) {
        assert!(deadline(&dm) > now_secs(), "a live deadline at ply {ply}");
    }
    let per_ply = game::turn_dms_per_ply([&alice, &bob], m, plies);
    assert!(per_ply.iter().all(|&n| n == 1), "turn DMs per ply: {per_ply:?}");
    assert_eq!(fake.repeated_nonces(), Vec::<String>::new(), "a notification was posted twice");
    eprintln!("restart: {plies} plies, {} redeliveries absorbed by nonce", fake.nonce_duplicates());
    fake.assert_no_problems();
}
