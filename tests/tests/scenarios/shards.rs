//! Scenario 9: the bot split over two processes on one database, as a big bot runs: the fake
//! Discord has 2 shards and its server is on shard 1; `SHARDS=0/2` runs shard 0, which gets
//! every DM interaction, and `SHARDS=1/2` runs shard 1, which gets the server's. Each process
//! identifies as its own shard only, and only the one with shard 0 registers the commands.
//! Alice challenges Bob in the channel (the shard-1 process), both set up and play a whole
//! match by DM (the shard-0 process: DM buttons, autocomplete, commands, a modal); the shard-0
//! process is killed with SIGKILL right after a committed move and started again, and the match
//! carries on: one turn DM per ply, no notification posted twice, the public result once, both
//! profiles count the match.
//!
//! The database is `admiral_bot::store::scratch`'s: PostgreSQL when `ADMIRAL_TEST_POSTGRES`
//! names a server, else a SQLite file (WAL) both processes open.

use std::time::{Duration, Instant};

use admiral_bot::store::scratch;
use admiral_e2e::bot::Bot;
use admiral_e2e::fake::{guild_on_shard, FakeDiscord, Message, Options, Place, CHANNEL};
use admiral_e2e::game::{self, Dice, Played, Seat, Turns};
use admiral_e2e::player::Player;

/// The points in a profile's head: "Service record of @x: Rank, 1,234 points."
fn points(profile: &str) -> u64 {
    let words: Vec<&str> = profile.split_whitespace().collect();
    let at = words.iter().position(|w| w.starts_with("point")).expect("points in the profile");
    words[at - 1].replace(',', "").parse().expect("a number of points")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_across_two_shard_processes_and_a_kill() {
    let started = Instant::now();
    let fake = FakeDiscord::start_with(Options { shards: 2, guild: guild_on_shard(1, 2) }).await;
    let alice = Player::join(&fake, "alice", "en-US");
    let bob = Player::join(&fake, "bob", "en-US");
    let dir = tempfile::tempdir().expect("temp dir");
    let database = scratch::database(dir.path(), "shards").await.expect("a scratch database");
    // Shard 0 first: it registers the commands the other process's users type.
    let mut dms = Bot::start_shared(&fake, &database, &[("SHARDS", "0/2")]).await;
    let server = Bot::start_shared(&fake, &database, &[("SHARDS", "1/2")]).await;
    assert_eq!(fake.identified(dms.label()), [[0, 2]], "what SHARDS=0/2 started");
    assert_eq!(fake.identified(server.label()), [[1, 2]], "what SHARDS=1/2 started");

    // The challenge and the acceptance happen in the server's channel (shard 1).
    alice.challenge(&bob, &[("time", "1 day per move")]).await;
    let m = bob.accept().await;
    // Setup and play by DM (shard 0).
    alice.ready(m).await;
    bob.ready(m).await;
    // Each player looks at their board by DM for their turn instead of waiting for the turn DM:
    // a turn DM committed by one process may wait for the other's outbox pass (see below).
    let seats =
        [Seat { player: &alice, turns: Turns::DmBoard }, Seat { player: &bob, turns: Turns::DmBoard }];
    let south = game::south(seats, m).await;
    let (mut stats, mut dice) = (Played::default(), Dice::new(9));
    for ply in 0..11 {
        let seat = seats[(south + ply as usize) % 2];
        game::play_one(seat, m, ply, ply < 8, &mut dice, &mut stats).await;
    }
    // The eleventh move is committed (its answer came): kill the shard-0 process, its turn DM
    // maybe in flight, and start it again on the same database.
    dms.kill();
    dms.restart(&fake).await;
    assert_eq!(fake.identified(dms.label()), [[0, 2]], "what SHARDS=0/2 started again");
    // The next player gets the turn DM that was maybe in flight, and moves with its button and
    // modal (a DM button and a DM modal: shard 0, now the new process).
    let next = Seat { turns: Turns::DmButton, ..seats[(south + 11) % 2] };
    game::play_one(next, m, 11, false, &mut dice, &mut stats).await;
    let plies = game::play_from(seats, m, south, 12, 0, &mut dice, &mut stats).await;
    for p in [&alice, &bob] {
        p.wait_dm("the result", |d| d.file("result.png").is_some()).await;
    }
    let result = alice
        .wait_public("the public result", |msg| msg.content.starts_with(&format!("🏁 Match #{m}")))
        .await;
    assert!(result.content.contains(&alice.mention()) && result.content.contains(&bob.mention()));

    // Both profiles count the match (answered in the channel, by the shard-1 process).
    for p in [&alice, &bob] {
        let profile = p.run(Place::Server, "admiral profile", &[]).await;
        assert!(points(profile.text()) > 0, "{}", profile.text());
    }

    // Nothing lost, nothing doubled: every turn DM (each with its board) came, once.
    for ply in 0..plies {
        seats[(south + ply as usize) % 2].player.turn_dm(m, ply).await;
    }
    let per_ply = game::turn_dms_per_ply([&alice, &bob], m, plies);
    assert!(per_ply.iter().all(|&n| n == 1), "turn DMs per ply: {per_ply:?}");
    let turn_dms: Vec<(u32, Message)> = [&alice, &bob].iter().flat_map(|p| p.turn_dms(m)).collect();
    assert!(turn_dms.iter().all(|(_, dm)| dm.file("board.png").is_some_and(|a| a.is_png())));
    assert_eq!(fake.repeated_nonces(), Vec::<String>::new(), "a notification was posted twice");
    let publics = fake.channel_messages().iter().filter(|msg| msg.content.starts_with("🏁")).count();
    assert_eq!(publics, 1, "public results: {:#?}", fake.channel_messages());
    let absorbed = fake.nonce_duplicates();
    assert!(absorbed <= 1, "{absorbed} repeats absorbed by nonce for one kill");

    // Each process ran its shard and nothing else, all the way through (a shard started late,
    // five seconds after the first as serenity does, would show here), and only the starts
    // with shard 0 registered the commands.
    let [first, again] = dms.labels() else { panic!("two starts: {:?}", dms.labels()) };
    let (first, again) = (first.as_str(), again.as_str());
    for (label, shard) in [(first, 0), (server.label(), 1), (again, 0)] {
        assert_eq!(fake.identified(label), [[shard, 2]], "what {label} started");
    }
    assert_eq!(fake.identifies().len(), 3, "IDENTIFYs: {:#?}", fake.identifies());
    assert_eq!(fake.sessions(), [(0, Some(again.to_string())), (1, Some(server.label().to_string()))]);
    let calls = fake.calls();
    let registrations = |label: &str| calls.iter().filter(|c| c.by(label) && c.registers_commands()).count();
    assert_eq!([registrations(first), registrations(server.label()), registrations(again)], [1, 0, 1]);

    // Every server interaction went to the shard-1 process and every DM interaction to the
    // process with shard 0 at the time (both of its starts), each answered by the process it
    // went to.
    let interactions = fake.interactions();
    let answered_by = |label: &str, in_server: bool| {
        interactions
            .iter()
            .filter(|i| (i.channel == CHANNEL) == in_server && i.acked_by.as_deref() == Some(label))
            .count()
    };
    for i in &interactions {
        let went_to = i.delivered_to.as_deref();
        let right = if i.channel == CHANNEL { vec![server.label()] } else { vec![first, again] };
        let what = format!("interaction {} (type {}, channel {})", i.id, i.kind, i.channel);
        assert!(
            went_to.is_some_and(|l| right.contains(&l)),
            "{what} went to {went_to:?}, not one of {right:?}"
        );
        assert_eq!(i.acked_by.as_deref(), went_to, "{what} answered by another process");
    }
    let counts = [answered_by(server.label(), true), answered_by(first, false), answered_by(again, false)];
    assert!(counts.iter().all(|&n| n > 0), "server / DM before the kill / DM after: {counts:?}");
    // Of every kind: the Ready buttons before the kill, the move's button and modal after it.
    let kinds = |label: &str| -> Vec<u8> {
        interactions.iter().filter(|i| i.acked_by.as_deref() == Some(label)).map(|i| i.kind).collect()
    };
    let (before, after) = (kinds(first), kinds(again));
    assert!([2, 3, 4].iter().all(|k| before.contains(k)), "DM interaction types before the kill: {before:?}");
    assert!([2, 3, 4, 5].iter().all(|k| after.contains(k)), "DM interaction types after the kill: {after:?}");
    fake.assert_no_problems();

    // Figures: who delivered the notifications (the outbox's one dispatcher at a time), and
    // how long a turn DM came after the move that gave the turn.
    let posts = |label: &str| calls.iter().filter(|c| c.by(label) && c.posts_message()).count();
    let mut delays: Vec<(Duration, u32)> = turn_dms
        .iter()
        .filter_map(|(ply, dm)| {
            Some((dm.posted.saturating_duration_since(*stats.moved_at.get(&ply.checked_sub(1)?)?), *ply))
        })
        .collect();
    delays.sort();
    let (p50, (max, worst)) = (delays[delays.len() / 2].0, delays[delays.len() - 1]);
    eprintln!(
        "shards on {:?}: {plies} plies; interactions answered: {} by shard 1, {} + {} by shard 0 (before and after the kill); \
         messages posted: {} / {} / {}; turn DM after the move: p50 {p50:?}, max {max:?} (ply {worst}); \
         {absorbed} repeats absorbed by nonce; {:.1} s",
        scratch::backend(),
        counts[0],
        counts[1],
        counts[2],
        posts(server.label()),
        posts(first),
        posts(again),
        started.elapsed().as_secs_f64()
    );
}
