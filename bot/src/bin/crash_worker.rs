//! Crash-test worker: runs the service over a database and plays a stream of random legal
//! actions in many matches until killed (`kill -9` by the crash test), delivering
//! notifications to a file sink. Every start is a restart: it recovers and carries on. Two of
//! them may run on one database at once: they share the matches, timers, AI turns and outbox
//! as two bot processes do.
//!
//! Usage: `crash_worker <database-url> <sink-file> <seed> <matches>`

use std::sync::Arc;
use std::time::Duration;

use admiral_bot::clock::TimeControl;
use admiral_bot::outbox::FileDelivery;
use admiral_bot::service::{DefencePolicy, MatchSettings, MatchStatus, Origin, Service, ServiceConfig};
use admiral_bot::store::matches::all_seats;
use admiral_bot::store::{Durability, Store};
use admiral_bot::{ServiceError, SystemNow, UserId};
use admiral_engine::Dice;

fn pair(k: i64) -> (UserId, UserId) {
    (UserId(10_000 + 2 * k as u64), UserId(10_001 + 2 * k as u64))
}

fn settings(k: i64) -> MatchSettings {
    MatchSettings {
        time_control: match k % 3 {
            0 => TimeControl::Correspondence { days_per_move: 2 },
            1 => TimeControl::Live { total_secs: 7200, increment_secs: 5 },
            _ => TimeControl::Untimed,
        },
        ..MatchSettings::default()
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: crash_worker <database-url> <sink-file> <seed> <matches>");
        std::process::exit(2);
    }
    let (url, sink, seed, wanted): (&str, &str, u64, i64) =
        (&args[1], &args[2], args[3].parse()?, args[4].parse()?);
    let store = Store::open(url, Durability::Process).await?;
    let svc =
        Service::start(store, Arc::new(SystemNow), ServiceConfig::with_ai_time(Duration::from_millis(3)))
            .await?;
    let delivery = Arc::new(FileDelivery::open(std::path::Path::new(sink))?);
    let workers = svc.spawn_workers(delivery.clone());
    let origin = Origin::in_channel(1, 2);

    // Create the missing matches (a crash may have left a challenge unaccepted or a setup
    // unfinished: every step below is safe to repeat).
    let existing = all_seats(&svc.store().read).await?;
    for k in existing.len() as i64..wanted {
        let (a, b) = pair(k);
        if k % 4 == 3 {
            svc.set_defence_policy(b, DefencePolicy::Ask).await?;
        }
        if k == wanted - 1 {
            svc.start_ai(a, 3, settings(k), origin).await?;
        } else {
            let c = svc.challenge(a, b, false, settings(k), origin).await?;
            svc.accept(b, c).await?;
        }
    }
    // The crash test starts a second worker once the first one says its matches exist.
    println!("ready");
    let matches = all_seats(&svc.store().read).await?;
    let mut round = 0u64;
    loop {
        let mut active = 0;
        for &(id, seats, _) in &matches {
            let users: Vec<UserId> = seats.into_iter().flatten().collect();
            let (status, ply, _) = svc.status(id).await?;
            match status {
                MatchStatus::Finished => continue,
                MatchStatus::Setup => {
                    for &u in &users {
                        ignore_races(svc.ready(u, id).await)?;
                    }
                    active += 1;
                    continue;
                }
                MatchStatus::Playing => active += 1,
            }
            for &u in &users {
                if let Some((_, options, _)) = svc.pending_defence(u, id).await? {
                    let mut dice = Dice::new(seed ^ (id.0 as u64) << 32 ^ ply as u64);
                    let pick = dice.below(options.len());
                    ignore_races(svc.declare_defence(&format!("wd:{}:{}", id.0, ply), u, id, pick).await)?;
                    break;
                }
                let legal = svc.legal_actions(u, id).await?;
                if legal.is_empty() {
                    continue;
                }
                let mut dice = Dice::new(seed ^ (id.0 as u64) << 32 ^ ply as u64);
                let action = legal[dice.below(legal.len())];
                // The key is derived from (match, ply): a submission repeated after a crash
                // is recognised, whether or not it had committed.
                ignore_races(svc.act(&format!("w:{}:{}", id.0, ply), u, id, ply, &action.to_string()).await)?;
                break;
            }
        }
        round += 1;
        if active == 0 {
            break;
        }
        if round % 50 == 0 {
            tokio::task::yield_now().await;
        }
    }
    svc.quiesce().await;
    svc.deliver_pending(delivery.as_ref()).await?;
    workers.shutdown();
    println!("all matches finished");
    Ok(())
}

/// The AI, a timer or the other worker may have moved meanwhile: those refusals are expected.
fn ignore_races<T>(r: Result<T, ServiceError>) -> Result<(), ServiceError> {
    match r {
        Ok(_)
        | Err(
            ServiceError::Stale { .. }
            | ServiceError::NotYourTurn
            | ServiceError::MatchOver
            | ServiceError::DecisionPending
            | ServiceError::NoDecision
            | ServiceError::NotInSetup
            // The other worker changed the same match at the same moment: next round.
            | ServiceError::Conflict,
        ) => Ok(()),
        Err(e) => Err(e),
    }
}
