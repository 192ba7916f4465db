//! Scenario 6: someone else presses a player's button, an out-of-turn move, a stale button
//! from an earlier turn, an illegal move through the modal: each is refused ephemerally and
//! nothing changes (no message sent or edited, the match where it was).

use admiral_e2e::bot::Bot;
use admiral_e2e::fake::{FakeDiscord, Place};
use admiral_e2e::game::{self, Dice, Played, Seat, Turns};
use admiral_e2e::player::Player;

/// Everything visible: every message's id, text, components and edit count.
fn snapshot(fake: &FakeDiscord) -> Vec<(u64, String, usize, u32)> {
    fake.all_messages()
        .iter()
        .filter(|m| m.interaction.is_none())
        .map(|m| (m.id, m.content.clone(), m.components().len(), m.edits))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_change_nothing() {
    let fake = FakeDiscord::start().await;
    let alice = Player::join(&fake, "alice", "en-US");
    let bob = Player::join(&fake, "bob", "en-US");
    let carol = Player::join(&fake, "carol", "en-US");
    let _bot = Bot::start(&fake).await;

    // Carol (and Alice herself) press Bob's Accept button under the public challenge.
    alice.challenge(&bob, &[]).await;
    let challenge = bob.challenge_message().await;
    let before = snapshot(&fake);
    for intruder in [&carol, &alice] {
        for button in ["adm:accept:", "adm:decline:"] {
            let out = intruder.press(&challenge, button).await;
            assert!(out.is_refusal(), "{} pressing {button}: {}", intruder.user.name, out.text());
            assert!(out.says("only the challenged"), "{}", out.text());
        }
    }
    assert_eq!(snapshot(&fake), before, "a refused click changed something");

    let m = bob.accept().await;
    alice.ready(m).await;
    bob.ready(m).await;
    let seats = [Seat { player: &alice, turns: Turns::Dm }, Seat { player: &bob, turns: Turns::Dm }];
    let s = game::south(seats, m).await;
    let (south, north) = (seats[s].player, seats[1 - s].player);
    let first_turn = south.turn_dm(m, 0).await;
    north.wait_dm("the start of the match", |d| d.content.contains("has begun")).await;
    let ms = m.to_string();

    // Out of turn: North's list says so, and North's move is refused.
    let before = snapshot(&fake);
    let list = north.actions(Place::Dm, m, "").await;
    assert!(list.len() == 1 && list[0].0.contains("not your turn"), "{list:?}");
    let legal_for_south = south.actions(Place::Dm, m, "").await;
    let out = north.play(Place::Dm, m, &legal_for_south[0].1).await;
    assert!(out.is_refusal() && out.says("not your turn"), "{}", out.text());
    // Carol is not a player of this match.
    let out = carol.play(Place::Server, m, &legal_for_south[0].1).await;
    assert!(out.is_refusal() && out.says("not a player"), "{}", out.text());
    let out = carol.run(Place::Server, "admiral board", &[("match", &ms)]).await;
    assert!(out.is_refusal(), "{}", out.text());
    // South types an illegal move into the modal behind "Make a move".
    let modal = south.press(&first_turn, &format!("adm:act:{m}:0")).await;
    assert_eq!(modal.modal().custom_id, format!("adm:actmodal:{m}:0"));
    let out = south.submit(&modal, &["a1-a9"]).await;
    assert!(out.is_refusal(), "{}", out.text());
    let out = south.submit(&modal, &["zz"]).await;
    assert!(out.is_refusal() && out.says("zz"), "{}", out.text());
    assert_eq!(snapshot(&fake), before, "a refusal changed something");

    // South plays one move; then the button of the earlier turn is stale.
    let mut stats = Played::default();
    game::play_one(seats[s], m, 0, false, &mut Dice::new(3), &mut stats).await;
    north.turn_dm(m, 1).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await; // let the DMs settle
    let before = snapshot(&fake);
    let out = south.press_id(&first_turn, &format!("adm:act:{m}:0")).await;
    assert!(out.is_refusal() && out.says("position changed"), "{}", out.text());
    // The modal opened at ply 0 but submitted now: stale too.
    let out = south.submit(&modal, &[&legal_for_south[0].1]).await;
    assert!(out.is_refusal(), "{}", out.text());
    // And the old move again through the command, for ply 0: not South's turn any more.
    let out = south.play(Place::Dm, m, &legal_for_south[0].1).await;
    assert!(out.is_refusal(), "{}", out.text());
    assert_eq!(snapshot(&fake), before, "a stale action changed something");

    // The match is where it was: North to move at ply 1, for both players.
    for (p, mine) in [(north, true), (south, false)] {
        let list = p.run(Place::Dm, "admiral matches", &[]).await;
        let want = if mine { "your move" } else { "their move" };
        assert!(list.text().contains(want) && list.text().contains("· 1 ply ·"), "{}", list.text());
    }
    fake.assert_no_problems();
}
