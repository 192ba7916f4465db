//! Scenario 4: Bob keeps his DMs closed (every DM answered 403 / 50007). He is told in the
//! server channel (mentioned, nothing revealed), sets up and plays through ephemeral replies
//! with his pictures, and the match completes; the bot does not hammer the closed DM.

use admiral_e2e::bot::Bot;
use admiral_e2e::fake::{FakeDiscord, Message, Place};
use admiral_e2e::game::{self, Seat, Turns};
use admiral_e2e::player::Player;

/// A match between Alice and Bob (in `locale`), whose DMs are closed: the bot's setup DM
/// bounces and Bob is told in the channel. Returns the fake, Alice, Bob, the running bot, the
/// match and that note.
async fn bob_with_closed_dms(locale: &str) -> (FakeDiscord, Player, Player, Bot, u64, Message) {
    let fake = FakeDiscord::start().await;
    let alice = Player::join(&fake, "alice", "en-US");
    let bob = Player::join(&fake, "bob", locale);
    fake.close_dms(bob.id());
    let bot = Bot::start(&fake).await;
    alice.challenge(&bob, &[]).await;
    let m = bob.accept().await;
    let note = bob
        .wait_public("the closed-DM note", |msg| {
            msg.content.contains(&bob.mention())
                && (msg.content.contains("direct messages") || msg.content.contains("личные сообщения"))
        })
        .await;
    (fake, alice, bob, bot, m, note)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn match_completes_with_closed_dms() {
    let (fake, alice, bob, _bot, m, note) = bob_with_closed_dms("en-US").await;
    let ms = m.to_string();

    // The setup DM bounces: Bob is told in the channel, without any picture.
    assert!(note.content.contains("direct messages"), "{}", note.content);
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
    let seats = [Seat { player: &alice, turns: Turns::Dm }, Seat { player: &bob, turns: Turns::ServerBoard }];
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
    // remembered instead of being tried for every notification: after the first refusal, a DM
    // is tried again only when Bob acts (at most one probe per command, button or modal), in
    // case he has reopened his DMs.
    assert!(bob.dms().is_empty());
    assert!(fake.channel_messages().iter().all(|msg| msg.attachments.is_empty()));
    let bob_actions = fake.actions_of(bob.id()) as u64;
    assert!(
        fake.refused_dms() >= 1 && fake.refused_dms() <= 1 + bob_actions,
        "{} refused DMs for {bob_actions} actions of Bob's",
        fake.refused_dms()
    );
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

/// Issue #31: a player who reopens their DMs gets them back at his next action, not after a
/// timer: the probe spent while the DMs were closed does not hold back the next one, his next
/// turn then comes by DM, and the channel note spoke to him in his own language (Russian, in a
/// match announced in English).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reopened_dms_work_again_at_the_next_action() {
    let (fake, alice, bob, _bot, m, note) = bob_with_closed_dms("ru").await;
    let ms = m.to_string();
    assert!(note.content.contains("личные сообщения"), "the note speaks Bob's language: {}", note.content);
    alice.ready(m).await;
    let ready = bob.run(Place::Server, "admiral setup ready", &[("match", &ms)]).await;
    assert!(!ready.is_refusal(), "{}", ready.text());
    let seats = [Seat { player: &alice, turns: Turns::Dm }, Seat { player: &bob, turns: Turns::ServerBoard }];
    let south = game::south(seats, m).await;

    // While his DMs are closed, each of Bob's actions costs one refused probe, no more (the
    // probes of his earlier commands are let finish first).
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let refused = fake.refused_dms();
    let board = bob.run(Place::Server, "admiral board", &[("match", &ms)]).await;
    assert!(board.says("закрыты"), "{}", board.text());
    for _ in 0..100 {
        if fake.refused_dms() > refused {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(fake.refused_dms(), refused + 1, "one probe after Bob's command, refused");

    // He reopens them and acts again at once: the bot says DMs work again, and his board stops
    // saying they are closed.
    fake.open_dms(bob.id());
    bob.run(Place::Server, "admiral board", &[("match", &ms)]).await;
    bob.wait_dm("the DMs-work-again message", |d| d.content.to_lowercase().contains("личные сообщения"))
        .await;
    let mut open_again = false;
    for _ in 0..50 {
        if !bob.run(Place::Server, "admiral board", &[("match", &ms)]).await.says("закрыты") {
            open_again = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(open_again, "the closed-DM mark is cleared");

    // From now on his turns come by DM: two plies, so that one of them is Bob's next turn.
    let mut dice = game::Dice::new(7);
    let mut stats = game::Played::default();
    let open = [Seat { player: &alice, turns: Turns::Dm }, Seat { player: &bob, turns: Turns::Dm }];
    for ply in 0..2u32 {
        let mover = open[(south + ply as usize) % 2];
        if mover.player.id() == bob.id() && ply == 0 {
            // Bob's first turn was announced while his DMs were closed: he plays it from his board.
            game::play_one(seats[1], m, ply, false, &mut dice, &mut stats).await;
        } else {
            game::play_one(mover, m, ply, false, &mut dice, &mut stats).await;
        }
    }
    let next = if south == 1 { 2 } else { 1 };
    bob.turn_dm(m, next).await;
    fake.assert_no_problems();
}
