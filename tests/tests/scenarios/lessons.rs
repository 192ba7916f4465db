//! Scenario: a newcomer learns the game by DM. Alice runs `/admiral learn`, plays the first two
//! lessons with buttons and moves picked from the autocomplete list only, fails a goal once (and
//! is told why, with a hint), and the bot is killed and restarted in the middle of a lesson:
//! she carries on where she was.

use admiral_e2e::cast::Cast;
use admiral_e2e::fake::{Message, Place};
use admiral_e2e::player::{match_of, Player};

/// Picks `wanted` from the autocomplete list of `/admiral move` after typing its first square,
/// and plays it; waits for nothing.
async fn pick_and_play(player: &Player, m: u64, wanted: &str) {
    let typed = &wanted[..2];
    let offered = player.actions(Place::Dm, m, typed).await;
    let choice = offered
        .iter()
        .find(|(_, value)| value == wanted)
        .unwrap_or_else(|| panic!("{wanted} is not offered after typing {typed}: {offered:?}"));
    let out = player.play(Place::Dm, m, &choice.1).await;
    assert!(!out.is_refusal(), "{wanted} refused: {}", out.text());
}

/// Plays the learner's moves from ply `from` on, each after the board that asks for it.
async fn play_moves(player: &Player, m: u64, from: u32, moves: &[&str]) {
    for (i, wanted) in moves.iter().enumerate() {
        player.turn_dm(m, from + 2 * i as u32).await;
        pick_and_play(player, m, wanted).await;
    }
}

/// The DM that ends a try of match `m` (passed ✅ or failed ❌) with its `button`.
async fn lesson_end(player: &Player, m: u64, button: &str) -> Message {
    let id = format!("adm:{button}:{m}");
    let verdict = |d: &Message| d.content.starts_with('✅') || d.content.starts_with('❌');
    player.wait_dm("the end of the lesson's try", |d| verdict(d) && d.component(&id).is_some()).await
}

/// The match of a try whose brief names `heading` (waits for it), other than the tries in
/// `seen`.
async fn brief(player: &Player, heading: &str, seen: &[u64]) -> u64 {
    let try_of = |d: &Message| d.component("adm:lskip:").and_then(|c| match_of(&c.custom_id));
    let dm = player
        .wait_dm(heading, |d| d.content.contains(heading) && try_of(d).is_some_and(|m| !seen.contains(&m)))
        .await;
    try_of(&dm).expect("the try's match")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_learns_by_dm_through_a_restart() {
    let Cast { fake, alice, bob: _, mut bot } = Cast::start("en-US").await;

    let out = alice.run(Place::Dm, "admiral learn", &[]).await;
    assert!(out.text().contains("Lesson 1/"), "{}", out.text());
    let first = brief(&alice, "Lesson 1/", &[]).await;
    let board = alice.turn_dm(first, 0).await;
    assert!(
        board.file("board.png").is_some_and(|a| a.is_png()),
        "the lesson's board: {:?}",
        board.attachments
    );

    // Lesson 1: four moves up the g column; the bot is killed after the second.
    play_moves(&alice, first, 0, &["g3-g4", "g4-g5"]).await;
    alice.turn_dm(first, 4).await;
    bot.kill();
    bot.restart(&fake).await;
    let out = alice.run(Place::Dm, "admiral learn", &[]).await;
    assert!(out.text().contains("middle of lesson 1/"), "{}", out.text());
    play_moves(&alice, first, 4, &["g5-g6", "g6-g7"]).await;
    let passed = lesson_end(&alice, first, "lnext").await;
    assert!(passed.content.contains("passed"), "{}", passed.content);

    // Lesson 2, by the "Next lesson" button: a wrong attack first.
    let out = alice.press(&passed, "adm:lnext:").await;
    assert!(out.text().contains("Lesson 2/"), "{}", out.text());
    let second = brief(&alice, "Lesson 2/", &[]).await;
    play_moves(&alice, second, 0, &["d8xe8"]).await;
    let failed = lesson_end(&alice, second, "lretry").await;
    assert!(failed.content.contains("minesweeper has strength 1"), "why it failed: {}", failed.content);
    assert!(failed.content.contains("💡 Attack with the cruiser"), "the hint: {}", failed.content);

    // "Try again": a new try from the lesson's start, and the right attack.
    let out = alice.press(&failed, "adm:lretry:").await;
    assert!(!out.is_refusal(), "{}", out.text());
    let again = brief(&alice, "Lesson 2/", &[second]).await;
    play_moves(&alice, again, 0, &["e7xe8"]).await;
    let passed = lesson_end(&alice, again, "lnext").await;
    assert!(passed.content.contains("passed"), "{}", passed.content);
    assert!(fake.problems().is_empty(), "Discord-level problems: {:?}", fake.problems());
}
