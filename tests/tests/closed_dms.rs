//! Scenario 4: Bob keeps his DMs closed (every DM answered 403 / 50007). He is told in the
//! server channel (mentioned, nothing revealed), sets up and plays through ephemeral replies
//! with his pictures, and the match completes; the bot does not hammer the closed DM.

use admiral_e2e::bot::Bot;
use admiral_e2e::fake::{FakeDiscord, Place};
use admiral_e2e::game::{self, Seat};
use admiral_e2e::player::Player;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn match_completes_with_closed_dms() {
    let fake = FakeDiscord::start().await;
    let alice = Player::join(&fake, "alice", "en-US");
    let bob = Player::join(&fake, "bob", "en-US");
    fake.close_dms(bob.id());
    let _bot = Bot::start(&fake).await;

    alice.challenge(&bob, &[]).await;
    let m = bob.accept().await;
    let ms = m.to_string();

    // The setup DM bounces: Bob is told in the channel, without any picture.
    let note = bob
        .wait_public("the closed-DM note", |msg| {
            msg.content.contains(&bob.mention()) && msg.content.contains("direct messages")
        })
        .await;
    assert!(note.attachments.is_empty() && note.components().is_empty(), "{note:?}");

    // Bob sets up from his board (ephemeral, with the preview) and presses Ready there.
    let board = bob.run(Place::Server, "admiral board", &[("match", &ms)]).await;
    assert!(
        board.message().ephemeral && board.message().file("setup.png").is_some_and(|a| a.is_png()),
        "{}",
        board.text()
    );
    let ready = bob.press(board.message(), &format!("adm:ready:{m}")).await;
    assert!(!ready.is_refusal(), "{}", ready.text());
    alice.ready(m).await;

    // Play it out: Bob learns of his turns from /admiral board and plays with /admiral move.
    let seats = [Seat { player: &alice, dms_open: true }, Seat { player: &bob, dms_open: false }];
    let south = game::south(seats, m).await;
    let played = game::play_out(seats, m, south, 1, 11).await;
    eprintln!("closed-DM match: {played:?}, refused DMs: {}", fake.refused_dms());

    // Bob's last board is the game-over card the DM would have carried; Alice got hers by DM.
    // (The card is held once the dispatcher has processed the notification: a moment after the
    // last move, so Bob asks again until it is there.)
    let mut last = None;
    for _ in 0..50 {
        let b = bob.run(Place::Server, "admiral board", &[("match", &ms)]).await;
        assert!(b.message().ephemeral, "{}", b.text());
        if b.message().file("result.png").is_some() {
            last = Some(b);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let last = last.expect("the game-over card on Bob's board");
    assert!(last.message().file("result.png").unwrap().is_png() && last.says("closed"), "{}", last.text());
    alice.wait_dm("the result", |d| d.file("result.png").is_some()).await;
    bob.wait_public("the public result", |msg| msg.content.starts_with(&format!("🏁 Match #{m}"))).await;

    // Nothing reached Bob's DMs, nothing secret reached the channel, and the closed DM was
    // remembered instead of being tried for every notification.
    assert!(bob.dms().is_empty());
    assert!(fake.channel_messages().iter().all(|msg| msg.attachments.is_empty()));
    assert!(fake.refused_dms() >= 1 && fake.refused_dms() <= 5, "{} refused DMs", fake.refused_dms());
    // The channel note is Bob's only notification: one mention per turn of his (and for the
    // setup and the end), never more, and each reveals nothing.
    let notes: Vec<_> = fake
        .channel_messages()
        .into_iter()
        .filter(|msg| msg.content.contains("cannot send you direct messages"))
        .collect();
    let bobs_turns = played.plies / 2 + 1;
    assert!(
        !notes.is_empty() && notes.len() as u32 <= bobs_turns + 3,
        "{} notes for {bobs_turns} turns",
        notes.len()
    );
    assert!(notes
        .iter()
        .all(|n| n.content.contains(&bob.mention()) && !n.content.contains(&alice.mention())));
    fake.assert_no_problems();
}
