//! AI turns under load (issue #33): with more AI turns waiting than search slots, every turn is
//! played, each decision is the one the same search makes alone (the budget is work, not a
//! wall-clock slot shared with other searches), nobody gets a fallback move, and the players
//! who wait are told the AI is busy.

use crate::common;

use admiral_bot::ai::AiPlayer;
use admiral_bot::notify::Notice;
use admiral_bot::service::{MatchSettings, Origin, ServiceConfig};
use admiral_bot::{MatchId, UserId};
use admiral_engine::ai::Budget;
use admiral_engine::{Game, Side};
use common::*;

/// Enough work that searches started together overlap (tens of milliseconds each).
const BUDGET: Budget = Budget::Iterations(1500);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_bot_makes_players_wait_and_the_ai_no_weaker() {
    let config = ServiceConfig { ai_searches: 1, ai_budget: Some(BUDGET), ..ServiceConfig::default() };
    let h = harness_with(config).await;
    let players: Vec<UserId> = (0..6).map(|i| UserId(5_000 + i)).collect();
    let mut ids: Vec<MatchId> = Vec::new();
    for &user in &players {
        let id = h
            .svc
            .start_ai(user, 5, MatchSettings::default(), Origin::in_channel(GUILD, CHANNEL))
            .await
            .expect("AI match");
        h.svc.ready(user, id).await.expect("ready");
        ids.push(id);
    }
    // Every player moves at once: six AI turns for one search slot.
    let moves: Vec<_> = players
        .iter()
        .zip(&ids)
        .map(|(&user, &id)| {
            let svc = h.svc.clone();
            tokio::spawn(async move {
                let legal = svc.legal_actions(user, id).await.expect("legal");
                svc.act(&format!("first-{}", id.0), user, id, 0, &legal[0].to_string()).await.expect("move");
            })
        })
        .collect();
    for m in moves {
        m.await.unwrap();
    }
    h.svc.quiesce().await;

    let stats = h.svc.ai_stats();
    assert_eq!(stats.decisions, 6, "{stats:?}");
    assert_eq!(stats.fallbacks, 0, "no fallback move under load: {stats:?}");
    assert!(stats.queued >= 1, "six turns for one slot queue: {stats:?}");
    h.deliver().await;
    let told: Vec<UserId> = h
        .sent(|n| matches!(n, Notice::AiBusy { .. }))
        .into_iter()
        .filter_map(|n| match n.recipient {
            admiral_bot::Recipient::User { user } => Some(user),
            _ => None,
        })
        .collect();
    assert_eq!(told.len() as u64, stats.queued, "each waiting player is told once");
    assert!(told.iter().all(|u| players.contains(u)));

    // Each AI decision is the one the same search makes alone, with nothing else running.
    for &id in &ids {
        let record = h.svc.record(id).await.unwrap().expect("record");
        assert!(record.turns.len() >= 2, "the AI answered in match {}", id.0);
        let mut after_first = None;
        Game::replay_each(&record, |game, _| {
            if game.ply() == 1 {
                after_first = Some(game.clone());
            }
        })
        .unwrap();
        let game = after_first.expect("the position after the player's move");
        let seed: i64 = column_of(h.svc.store(), "SELECT seed FROM matches WHERE id = $1", id.0).await;
        let alone = AiPlayer::new(5).with_budget(BUDGET).choose(&game, Side::North, seed as u64).unwrap();
        assert_eq!(record.turns[1].action, alone, "match {}: the decision under load", id.0);
    }
}
