//! Scenario 8 (issue #31): a Stratego challenge says what it is (Stratego, unrated) in the
//! channel and to the challenger; the challenged player resigns during setup with the Resign
//! button of the setup DM; then, in an Admiral match, the challenger resigns during setup with
//! `/admiral resign`. Each ends the match at once: results by DM and in the channel.

use admiral_e2e::cast::Cast;
use admiral_e2e::fake::Place;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stratego_is_announced_as_such_and_setup_can_be_resigned() {
    let Cast { fake, alice, bob, bot: _bot } = Cast::start("en-US").await;

    // A Stratego challenge: the confirmation and the public message name the game, unrated,
    // and none of Admiral's words.
    let sent = alice.challenge(&bob, &[("ruleset", "Stratego (classic, unrated)")]).await;
    assert!(sent.says("Stratego") && sent.says("unrated"), "{}", sent.text());
    assert!(!sent.says("Admiral") && !sent.says("intel") && !sent.says("· rated"), "{}", sent.text());
    let public = bob.challenge_message().await;
    assert!(
        public.content.contains("**Stratego") && public.content.contains("unrated"),
        "{}",
        public.content
    );
    assert!(!public.content.contains("Admiral") && !public.content.contains("intel"), "{}", public.content);
    let asked_rated = alice
        .run(
            Place::Server,
            "admiral challenge",
            &[
                ("opponent", &bob.id().to_string()),
                ("ruleset", "Stratego (classic, unrated)"),
                ("rated", "true"),
            ],
        )
        .await;
    assert!(asked_rated.is_refusal() && asked_rated.says("unrated"), "{}", asked_rated.text());

    // Bob accepts and, before anyone is ready, resigns with the setup DM's own button.
    let m = bob.accept().await;
    let setup = bob.setup_dm(m).await;
    let ask = bob.press(&setup, &format!("adm:resign:{m}")).await;
    assert!(!ask.is_refusal(), "the Resign button works during setup: {}", ask.text());
    let done = bob.press(ask.message(), &format!("adm:resignyes:{m}")).await;
    assert!(!done.is_refusal() && done.says("resigned"), "{}", done.text());
    alice
        .wait_dm("Alice's result", |d| d.content.contains(&format!("#{m}")) && d.content.contains("Victory"))
        .await;
    bob.wait_public("the public result", |msg| msg.content.starts_with(&format!("🏁 Match #{m}"))).await;
    let again = bob.run(Place::Server, "admiral resign", &[("match", &m.to_string())]).await;
    assert!(again.is_refusal(), "a finished match cannot be resigned again: {}", again.text());

    // An Admiral match: the challenger resigns during setup with the command.
    alice.challenge(&bob, &[]).await;
    let n = bob.accept().await;
    let ask = alice.run(Place::Server, "admiral resign", &[("match", &n.to_string())]).await;
    assert!(!ask.is_refusal(), "/admiral resign works during setup: {}", ask.text());
    let done = alice.press(ask.message(), &format!("adm:resignyes:{n}")).await;
    assert!(!done.is_refusal(), "{}", done.text());
    bob.wait_dm("Bob's result", |d| d.content.contains(&format!("#{n}")) && d.content.contains("Victory"))
        .await;
    fake.assert_no_problems();
}
