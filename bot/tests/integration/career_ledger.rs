//! The career as the service writes it, over real SQLite: hand-built matches played to their
//! end through the service (the points are written by the transaction that ends the match),
//! degree upgrades III → II → I, unrated matches, the fair-play rules, the recompute path,
//! the leaderboard and the progress of each award.

use crate::career_support;
use crate::common;

use admiral_bot::career::{AwardChange, Unrated, DAILY_RATED_LIMIT};
use admiral_bot::clock::DAY_MS;
use admiral_bot::notify::Notice;
use admiral_bot::service::MatchSettings;
use admiral_bot::{MatchId, UserId};
use career_support::*;
use common::*;

/// The points, award changes and unrated reason of the end notice `user` got for `id`.
async fn credit(h: &Harness, user: UserId, id: MatchId) -> (Option<u32>, Vec<AwardChange>, Option<Unrated>) {
    let all = ended_for(h, user).await;
    let n = all.iter().find(|n| n.match_id == Some(id)).expect("an end notice");
    match &n.notice {
        Notice::MatchEnded { points, awards, unrated, .. } => {
            (points.as_ref().map(|p| p.total), awards.clone(), *unrated)
        }
        _ => unreachable!(),
    }
}

fn change(award: &str, from: u8, to: u8, count: u64) -> AwardChange {
    AwardChange { award: award.into(), from, to, count }
}

#[tokio::test]
async fn degrees_rise_three_two_one_and_the_higher_replaces_the_lower() {
    let h = harness().await;
    let bomb = bomb_everything();
    let mut seen = Vec::new();
    for _ in 0..6 {
        let id = played(&h, ALICE, North::Ai(5), &bomb, &[(ALICE, "g8!")], Built::default()).await;
        let (points, awards, unrated) = credit(&h, ALICE, id).await;
        assert_eq!(unrated, None);
        // BB kept (15 of 184) + 22 submarines (26.4) + both bases + the win, ×1 (level 5).
        assert_eq!(points, Some((15.0f64 / 184.0 * 100.0 + 26.4 + 50.0 + 100.0).round() as u32));
        assert_eq!(points, Some(185));
        seen.push(awards);
    }
    assert_eq!(
        seen[0],
        [
            change("atomic_strike", 0, 3, 24),
            change("base_raider", 0, 3, 2),
            change("base_defender", 0, 3, 1),
            change("admirals_match", 0, 3, 1)
        ]
    );
    assert_eq!(seen[1], [change("atomic_strike", 3, 2, 48)], "30 reached");
    assert!(seen[2].is_empty() && seen[3].is_empty());
    assert_eq!(
        seen[4],
        [change("atomic_strike", 2, 1, 120), change("base_raider", 3, 2, 10), change("victor", 0, 3, 5)]
    );
    assert!(seen[5].is_empty(), "nothing above degree I");
    let p = h.svc.profile(ALICE).await.unwrap();
    assert_eq!((p.points, p.rated_matches, p.wins, p.draws, p.losses), (6 * 185, 6, 6, 0, 0));
    assert_eq!((p.units_sunk, p.tonnage_sunk), (6 * 24, 6 * 26_400));
    let held: Vec<(String, u64, u8)> = p.awards.iter().filter(|a| a.2 > 0).cloned().collect();
    assert_eq!(
        held,
        [
            ("admirals_match".to_string(), 6, 3),
            ("atomic_strike".to_string(), 144, 1),
            ("base_defender".to_string(), 6, 3),
            ("base_raider".to_string(), 12, 2),
            ("victor".to_string(), 6, 3),
        ],
        "one row per award, the highest degree only"
    );
    let rows =
        count(h.svc.store(), "SELECT COUNT(*) FROM awards WHERE user_id = 1001 AND award = 'atomic_strike'")
            .await;
    assert_eq!(rows, 1);
}

#[tokio::test]
async fn the_ai_level_multiplies_the_points() {
    let h = harness().await;
    // CR kept (7) + both bases + the win.
    let full = 7.0f64 / 184.0 * 100.0 + 150.0;
    for level in 1..=5u8 {
        let user = UserId(2000 + level as u64);
        let id = played(&h, user, North::Ai(level), TAKE_THE_BASE, &[(user, TAKE)], Built::default()).await;
        let (points, _, _) = credit(&h, user, id).await;
        assert_eq!(points, Some((full * 0.2 * level as f64).round() as u32), "level {level}");
        assert_eq!(h.svc.profile(user).await.unwrap().points, points.unwrap());
    }
}

#[tokio::test]
async fn an_unrated_match_changes_nothing() {
    let h = harness().await;
    played(&h, ALICE, North::Ai(3), TAKE_THE_BASE, &[(ALICE, TAKE)], Built::default()).await;
    let before = career_tables(&h).await;
    let unrated = Built { rated: false, ..Built::default() };
    let id = played(&h, ALICE, North::Human(BOB), &bomb_everything(), &[(ALICE, "g8!")], unrated).await;
    assert_eq!(career_tables(&h).await, before);
    assert_eq!(credit(&h, ALICE, id).await, (None, vec![], Some(Unrated::Friendly)));
    assert_eq!(credit(&h, BOB, id).await, (None, vec![], Some(Unrated::Friendly)));
}

#[tokio::test]
async fn resigning_before_move_10_earns_nothing_for_either_player() {
    let h = harness().await;
    let shuffle: Vec<(UserId, &str)> = (0..9)
        .flat_map(|_| [(ALICE, "a5-a6"), (BOB, "n15-n14"), (ALICE, "a6-a5"), (BOB, "n14-n15")])
        .collect();
    let units = "a5:PS e5:CR a1:NB b1:NB e6:nb f9:nb n15:ps";
    // Nine moves each (18 plies), then North resigns: nothing.
    let id = insert_match(&h, ALICE, North::Human(BOB), units, Built::default()).await;
    act_all(&h, id, &shuffle[..18]).await;
    h.svc.resign("r1", BOB, id).await.unwrap();
    assert_eq!(credit(&h, ALICE, id).await, (None, vec![], Some(Unrated::EarlyResignation)));
    assert_eq!(credit(&h, BOB, id).await, (None, vec![], Some(Unrated::EarlyResignation)));
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM profiles").await, 0);
    // Ten moves each (20 plies): rated. Alice keeps PS + CR (9 of 184) and both bases.
    let id = insert_match(&h, ALICE, North::Human(BOB), units, Built::default()).await;
    act_all(&h, id, &shuffle[..20]).await;
    h.svc.resign("r2", BOB, id).await.unwrap();
    let (points, _, unrated) = credit(&h, ALICE, id).await;
    assert_eq!(unrated, None);
    assert_eq!(points, Some((9.0f64 / 184.0 * 100.0 + 150.0).round() as u32));
    let bob = h.svc.profile(BOB).await.unwrap();
    assert_eq!((bob.rated_matches, bob.losses), (1, 1));
}

#[tokio::test]
async fn the_same_two_players_are_rated_three_times_a_utc_day() {
    let h = harness().await;
    assert_eq!(DAILY_RATED_LIMIT, 3);
    let mut unrated = Vec::new();
    for i in 0..5 {
        // Seats alternate: the limit is about the pair, not who sits where.
        let (s, n) = if i % 2 == 0 { (ALICE, BOB) } else { (BOB, ALICE) };
        let id = played(&h, s, North::Human(n), TAKE_THE_BASE, &[(s, TAKE)], Built::default()).await;
        unrated.push(credit(&h, n, id).await.2);
        h.now.advance(60_000);
    }
    let limit = Some(Unrated::DailyLimit { limit: 3 });
    assert_eq!(unrated, [None, None, None, limit, limit]);
    assert_eq!(h.svc.profile(ALICE).await.unwrap().rated_matches, 3);
    assert_eq!(h.svc.profile(BOB).await.unwrap().rated_matches, 3);
    // Another opponent the same day, and the AI, are not limited.
    let id = played(&h, ALICE, North::Human(CAROL), TAKE_THE_BASE, &[(ALICE, TAKE)], Built::default()).await;
    assert_eq!(credit(&h, ALICE, id).await.2, None);
    let id = played(&h, ALICE, North::Ai(1), TAKE_THE_BASE, &[(ALICE, TAKE)], Built::default()).await;
    assert_eq!(credit(&h, ALICE, id).await.2, None);
    // The next UTC day counts again.
    let next_day = (T0.div_euclid(DAY_MS) + 1) * DAY_MS;
    h.now.set(next_day + 5);
    let id = played(&h, BOB, North::Human(ALICE), TAKE_THE_BASE, &[(BOB, TAKE)], Built::default()).await;
    assert_eq!(credit(&h, BOB, id).await.2, None);
    assert_eq!(h.svc.profile(BOB).await.unwrap().rated_matches, 4);
}

#[tokio::test]
async fn points_are_written_by_the_transaction_that_ends_the_match() {
    let h = harness().await;
    let id = insert_match(&h, ALICE, North::Human(BOB), TAKE_THE_BASE, Built::default()).await;
    let before = career_tables(&h).await;
    // A refused action changes nothing, in the match or the career.
    assert!(h.svc.act("bad", ALICE, id, 0, "e5xe7").await.is_err());
    assert_eq!(career_tables(&h).await, before);
    h.svc.act("win", ALICE, id, 0, TAKE).await.unwrap();
    // As soon as the action is accepted, the match is over and both careers are written.
    let finished = count(
        h.svc.store(),
        &format!("SELECT COUNT(*) FROM matches WHERE id = {} AND status = 'finished'", id.0),
    )
    .await;
    let points =
        count(h.svc.store(), &format!("SELECT COUNT(*) FROM match_points WHERE match_id = {}", id.0)).await;
    assert_eq!((finished, points), (1, 2));
    // A repeated submission (same key) does not count twice.
    h.svc.act("win", ALICE, id, 0, TAKE).await.unwrap();
    assert_eq!(h.svc.profile(ALICE).await.unwrap().rated_matches, 1);
}

#[tokio::test]
async fn recompute_rebuilds_exactly_what_the_matches_wrote() {
    let h = harness().await;
    // A whole match from auto layouts, played at random and resigned after move 10.
    let real = h.hvh(MatchSettings::default()).await;
    for u in [ALICE, BOB] {
        h.svc.ready(u, real).await.unwrap();
    }
    play_random(&h, real, &[ALICE, BOB], 3, 30).await;
    if h.svc.status(real).await.unwrap().0 != admiral_bot::service::MatchStatus::Finished {
        h.svc.resign("late", h.user_at(real, admiral_engine::Side::North).await, real).await.unwrap();
    }
    let bomb = bomb_everything();
    for _ in 0..2 {
        played(&h, ALICE, North::Ai(5), &bomb, &[(ALICE, "g8!")], Built::default()).await;
    }
    for i in 0..4 {
        let (s, n) = if i % 2 == 0 { (ALICE, BOB) } else { (BOB, ALICE) };
        played(&h, s, North::Human(n), TAKE_THE_BASE, &[(s, TAKE)], Built::default()).await;
    }
    played(&h, CAROL, North::Ai(2), TAKE_THE_BASE, &[(CAROL, TAKE)], Built::default()).await;
    played(
        &h,
        CAROL,
        North::Human(BOB),
        &bomb,
        &[(CAROL, "g8!")],
        Built { rated: false, ..Built::default() },
    )
    .await;
    let early = insert_match(&h, BOB, North::Human(CAROL), TAKE_THE_BASE, Built::default()).await;
    h.svc.resign("early", CAROL, early).await.unwrap();
    h.now.advance(DAY_MS);
    played(&h, BOB, North::Human(ALICE), &bomb, &[(BOB, "g8!")], Built::default()).await;

    let incremental = career_tables(&h).await;
    assert!(incremental.contains("atomic_strike"), "{incremental}");
    let summary = h.svc.recompute_careers().await.unwrap();
    assert_eq!(summary.matches, 11);
    assert_eq!(summary.players, 3);
    assert_eq!(career_tables(&h).await, incremental, "recompute gives the same numbers");

    // Damaged tables are rebuilt from the records.
    sqlx::raw_sql("DELETE FROM awards; UPDATE profiles SET points = 0, wins = 99; DELETE FROM match_points WHERE user_id = 1002")
        .execute(&h.svc.store().write)
        .await
        .unwrap();
    assert_ne!(career_tables(&h).await, incremental);
    h.svc.recompute_careers().await.unwrap();
    assert_eq!(career_tables(&h).await, incremental);
    // Profiles read back the same after a restart.
    let mut h = h;
    h.restart().await;
    assert_eq!(career_tables(&h).await, incremental);
}

#[tokio::test]
async fn award_progress_counts_to_the_next_degree() {
    let h = harness().await;
    let progress = h.svc.award_progress(ALICE).await.unwrap();
    assert_eq!(progress.len(), 13);
    assert!(progress
        .iter()
        .all(|p| p.count == 0 && p.degree == 0 && p.next == Some((3, p.award.thresholds[0]))));
    let bomb = bomb_everything();
    for _ in 0..5 {
        played(&h, ALICE, North::Ai(5), &bomb, &[(ALICE, "g8!")], Built::default()).await;
    }
    let progress = h.svc.award_progress(ALICE).await.unwrap();
    let of = |key: &str| progress.iter().find(|p| p.award.key == key).unwrap().clone();
    let atomic = of("atomic_strike");
    assert_eq!((atomic.count, atomic.degree, atomic.next, atomic.remaining()), (120, 1, None, 0));
    let raider = of("base_raider");
    assert_eq!((raider.count, raider.degree, raider.next, raider.remaining()), (10, 2, Some((1, 40)), 30));
    let victor = of("victor");
    assert_eq!((victor.count, victor.degree, victor.next, victor.remaining()), (5, 3, Some((2, 25)), 20));
    let veteran = of("veteran");
    assert_eq!((veteran.count, veteran.degree, veteran.next, veteran.remaining()), (5, 0, Some((3, 10)), 5));
    assert!((veteran.fraction() - 0.5).abs() < 1e-6);
    let tonnage = of("tonnage");
    assert_eq!((tonnage.count, tonnage.next, tonnage.remaining()), (132_000, Some((3, 500_000)), 368_000));
    let torpedo = of("torpedo_strike");
    assert_eq!((torpedo.count, torpedo.degree, torpedo.remaining()), (0, 0, 1));
    assert_eq!(h.svc.award_progress(BOB).await.unwrap().iter().map(|p| p.count).sum::<u64>(), 0);
}

#[tokio::test]
async fn the_admin_command_recomputes_a_database_file() {
    let mut h = harness().await;
    played(&h, ALICE, North::Ai(5), &bomb_everything(), &[(ALICE, "g8!")], Built::default()).await;
    played(&h, BOB, North::Human(CAROL), TAKE_THE_BASE, &[(BOB, TAKE)], Built::default()).await;
    let written = career_tables(&h).await;
    sqlx::raw_sql("DELETE FROM awards; DELETE FROM match_points; UPDATE profiles SET points = 1")
        .execute(&h.svc.store().write)
        .await
        .unwrap();
    h.svc.store().close().await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_admiral-bot"))
        .arg("--recompute-careers")
        .env("DATABASE_URL", h.url.clone())
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("run admiral-bot");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("careers recomputed: 2 finished matches, 2 rated, 3 players"), "{stdout}");
    h.restart().await;
    assert_eq!(career_tables(&h).await, written);
}
