//! Scenario 2: `/admiral ai 1` played to the end, and `/admiral ai 5` for a few moves, each
//! answered after the level's fixed work (16,000 sampled worlds, about 2.2 s alone on the
//! reference machine; reported, with a generous bound for a loaded machine).

use std::time::{Duration, Instant};

use admiral_e2e::bot::Bot;
use admiral_e2e::fake::{FakeDiscord, Message, Place};
use admiral_e2e::game::{self, Dice, Played, Seat, Turns};
use admiral_e2e::player::{Player, PATIENCE};

fn match_id(text: &str) -> u64 {
    text.split('#').nth(1).and_then(|s| s.split(' ').next()).and_then(|s| s.parse().ok()).expect("match id")
}

/// Starts an AI match in the server channel and presses Ready; returns (match, first ply of ours).
async fn start(p: &Player, level: &str) -> (u64, u32) {
    let out = p.run(Place::Server, "admiral ai", &[("level", level)]).await;
    assert!(!out.is_refusal() && out.message().ephemeral, "{}", out.text());
    let m = match_id(out.text());
    p.ready(m).await;
    let first = p
        .fake
        .wait_for(PATIENCE, |st| {
            let dms = st.dms(p.id());
            [0u32, 1]
                .into_iter()
                .find(|ply| dms.iter().any(|d| d.component(&format!("adm:act:{m}:{ply}")).is_some()))
        })
        .await
        .expect("our first turn");
    (m, first)
}

/// Our next turn at `ply`, or `None` if the match ended (the result DM arrived).
async fn next_turn(p: &Player, m: u64, ply: u32) -> Option<Message> {
    let act = format!("adm:act:{m}:{ply}");
    let over = format!("Match #{m} is over");
    let found = p
        .fake
        .wait_for(PATIENCE * 2, |st| {
            st.dms(p.id())
                .into_iter()
                .rev()
                .find(|d| {
                    d.component(&act).is_some()
                        || (d.content.contains(&over) && d.file("result.png").is_some())
                })
                .cloned()
        })
        .await
        .unwrap_or_else(|| panic!("neither our turn at ply {ply} nor the end of match {m}"));
    found.component(&act).map(|_| found)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_level_1_to_the_end_and_level_5_in_budget() {
    let fake = FakeDiscord::start().await;
    let alice = Player::join(&fake, "alice", "en-US");
    let _bot = Bot::start(&fake).await;
    let seat = Seat { player: &alice, turns: Turns::Dm };

    // Level 1, to the end; Alice attacks whatever she can, else advances.
    let (m, mut ply) = start(&alice, "1").await;
    let (mut stats, mut dice, t0) = (Played::default(), Dice::new(5), Instant::now());
    loop {
        let out = game::play_one(seat, m, ply, true, &mut dice, &mut stats).await;
        if game::ended(out.text()) || next_turn(&alice, m, ply + 2).await.is_none() {
            break;
        }
        ply += 2;
        if ply % 100 < 2 {
            eprintln!("AI level 1: ply {ply}, {} attacks, {:?}", stats.attacks, t0.elapsed());
        }
        assert!(ply < 4000, "match {m} does not end");
    }
    let end = alice.wait_dm("the result", |d| d.file("result.png").is_some()).await;
    assert!(end.content.contains(&format!("#{m}")) && end.file("board.png").is_some_and(|a| a.is_png()));
    alice.wait_public("the public result", |msg| msg.content.starts_with(&format!("🏁 Match #{m}"))).await;
    eprintln!("AI level 1: {} plies of Alice's, {} attacks, {:?}", stats.plies, stats.attacks, t0.elapsed());

    // Level 5 for three of Alice's moves: the AI answers after its work, without a fallback.
    let (m5, mut ply) = start(&alice, "5").await;
    let mut waits = Vec::new();
    for _ in 0..3 {
        game::play_one(seat, m5, ply, false, &mut dice, &mut stats).await;
        let t = Instant::now();
        assert!(next_turn(&alice, m5, ply + 2).await.is_some(), "level 5 ended the match early");
        waits.push(t.elapsed());
        ply += 2;
    }
    eprintln!("AI level 5: answers after {waits:?} (16,000 worlds a decision)");
    for w in &waits {
        assert!(*w < Duration::from_millis(2500) + Duration::from_secs(7), "AI level 5 took {w:?}");
    }
    fake.assert_no_problems();
}
