//! Scenario 1: a human-vs-human match from `/admiral challenge` to a finished game, played
//! through the autocomplete lists, checking both players' DMs, pictures, battle cards, the
//! public result, both profiles and the replay afterwards. Bob uses Discord in Russian; the
//! server's locale is English, so the channel reads English whichever seat Bob draws.

use admiral_e2e::cast::Cast;
use admiral_e2e::fake::Place;
use admiral_e2e::game::{self, Seat, Turns};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_to_finished_game() {
    let Cast { fake, alice, bob, bot } = Cast::start("ru").await;

    // Alice challenges Bob in the server channel: an ephemeral confirmation, a public challenge.
    let sent = alice.challenge(&bob, &[("time", "3 days per move")]).await;
    assert!(sent.message().ephemeral && sent.text().contains(&bob.mention()), "{}", sent.text());
    let public = bob.challenge_message().await;
    assert!(public.content.contains(&alice.mention()) && public.content.contains("3"), "{}", public.content);
    assert!(public.component("adm:decline:").is_some());

    // Bob accepts: the challenge message updates itself and loses its buttons.
    let m = bob.accept().await;
    let updated = fake.message(public.id).unwrap();
    assert!(updated.components().is_empty() && updated.edits > 0, "{updated:?}");
    // Public messages are in the server's language (en-US here), whoever pressed the button.
    assert!(updated.content.contains("accepted the challenge"), "{}", updated.content);

    // Both get a setup DM (preview picture + buttons) in their own language, and press Ready.
    let setup_a = alice.setup_dm(m).await;
    let setup_b = bob.setup_dm(m).await;
    assert!(setup_a.content.contains("set up your fleet"), "{}", setup_a.content);
    assert!(
        setup_b.content.contains("Партия") || setup_b.content.contains("расстанов"),
        "{}",
        setup_b.content
    );
    for p in [&alice, &bob] {
        p.ready(m).await;
    }
    // The setup message keeps its preview after Ready (an edit must send the picture again).
    for setup in [&setup_a, &setup_b] {
        let now = fake.message(setup.id).unwrap();
        assert!(now.file("setup.png").is_some_and(|a| a.is_png()) && now.components().is_empty(), "{now:?}");
    }

    // Play it out: three attacks (battles to see), then quiet moves until the quiet-ply rule.
    let seats = [Seat { player: &alice, turns: Turns::Dm }, Seat { player: &bob, turns: Turns::Dm }];
    let south = game::south(seats, m).await;
    let played = game::play_out(seats, m, south, 3, 1).await;
    eprintln!("human match: {played:?}");
    assert!(played.plies >= 200 && played.attacks >= 3, "{played:?}");

    // Every "your turn" DM carried a real board picture; both saw battle cards.
    for p in [&alice, &bob] {
        let dms = p.dms();
        let turns: Vec<_> = dms.iter().filter(|d| d.component(&format!("adm:act:{m}:")).is_some()).collect();
        assert!(
            turns.len() as u32 >= played.plies / 2,
            "{} turn DMs for {} plies",
            turns.len(),
            played.plies
        );
        assert!(turns.iter().all(|d| d.file("board.png").is_some_and(|a| a.is_png())));
        let battles = dms.iter().filter(|d| d.file("battle.png").is_some_and(|a| a.is_png())).count();
        assert!(battles >= 1, "{} saw no battle card", p.user.name);
        // The end: the result card and the final board, by DM.
        let end = p.wait_dm("the result", |d| d.file("result.png").is_some()).await;
        assert!(
            end.file("result.png").unwrap().is_png() && end.file("board.png").is_some_and(|a| a.is_png())
        );
        assert!(end.content.contains(&format!("#{m}")), "{}", end.content);
    }

    // The channel where it started gets the public result (no pictures: nothing leaks).
    let result = alice
        .wait_public("the public result", |msg| msg.content.starts_with(&format!("🏁 Match #{m}")))
        .await;
    assert!(
        result.content.contains(&alice.mention()) && result.content.contains(&bob.mention()),
        "{}",
        result.content
    );
    assert!(fake.channel_messages().iter().all(|msg| msg.attachments.is_empty()));

    // Both profiles show the rated match.
    let mine = alice.run(Place::Server, "admiral profile", &[]).await;
    assert!(mine.text().contains(&alice.mention()) && mine.text().contains("points"), "{}", mine.text());
    assert!(mine.message().file("profile.png").is_some_and(|a| a.is_png()));
    let bobs = alice.run(Place::Server, "admiral profile", &[("user", &bob.id().to_string())]).await;
    assert!(bobs.text().contains(&bob.mention()), "{}", bobs.text());
    assert!(bobs.message().file("profile.png").is_some_and(|a| a.is_png()));

    // The replay: an animated GIF with every ply, the move list and the record.
    let replay = bob.run(Place::Dm, "admiral replay", &[("match", &m.to_string())]).await;
    let gif = replay.message().file("replay.gif").expect("replay GIF");
    assert!(
        matches!(gif.media, admiral_e2e::fake::media::Media::Gif { frames, .. } if frames > 1),
        "{gif:?}"
    );
    assert!(replay.message().file(&format!("match-{m}-record.json")).is_some());

    // Every REST call the bot made succeeded, and nothing broke Discord's rules.
    let failed: Vec<_> = fake.calls().into_iter().filter(|c| c.status >= 400).collect();
    assert!(failed.is_empty(), "failed calls: {failed:?}");
    fake.assert_no_problems();
    drop(bot);
}
