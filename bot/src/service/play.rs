//! Actions, defence declarations, resignations: one transaction each, exactly once.

use super::prelude::*;
use super::rules::MoveAnswer;
use crate::store::matches::{self, Ending, PendingRow};
use crate::store::submissions::{self, Submission};

/// How many times a submission that collided with another writer is tried in all.
const CONFLICT_TRIES: u32 = 4;

pub(super) enum Submit {
    Act(String),
    Defend(usize),
    Resign,
}

pub(super) enum Plan {
    /// The mover's move (with Admiral's defence to apply).
    Play(Side, Move),
    /// Ask the defender first.
    Ask(Side, Action, Vec<Partners>),
    /// The side resigns (during setup too).
    End(Side, EndReason),
}

impl Service {
    // ---------------------------------------------------------------- play

    /// Plays an action for `user` in match `id`, made for the position after `ply` plies.
    /// `key` is the idempotency key (the interaction id): a repeated key returns the stored
    /// result. Refusals change nothing.
    pub async fn act(
        &self,
        key: &str,
        user: UserId,
        id: MatchId,
        ply: u32,
        notation: &str,
    ) -> Result<ActResult> {
        self.submit(key, Some(user), id, Some(ply), Submit::Act(notation.to_string())).await
    }

    /// A move as a player makes it, in either ruleset: checks that the user sees the board,
    /// plays `notation` for the position after `ply` plies (the current one when `None`), and
    /// answers with the result and the mover's view after it.
    pub async fn play_move(
        &self,
        key: &str,
        user: UserId,
        id: MatchId,
        ply: Option<u32>,
        notation: &str,
    ) -> Result<MoveAnswer> {
        let before = self.view(user, id).await?;
        let result = self.act(key, user, id, ply.unwrap_or(before.ply()), notation).await?;
        Ok(MoveAnswer { result, view: self.view(user, id).await? })
    }

    /// Declares the defence group `index` (into the offered options) for a pending attack.
    pub async fn declare_defence(
        &self,
        key: &str,
        user: UserId,
        id: MatchId,
        index: usize,
    ) -> Result<ActResult> {
        self.submit(key, Some(user), id, None, Submit::Defend(index)).await
    }

    /// Resigns the match, during setup or play.
    pub async fn resign(&self, key: &str, user: UserId, id: MatchId) -> Result<ActResult> {
        self.submit(key, Some(user), id, None, Submit::Resign).await
    }

    pub(super) async fn stored_result(&self, key: &str) -> Result<Option<ActResult>> {
        let stored = self.inner.store.submission_result(key).await?;
        stored.map(|s| serde_json::from_str(&s).map_err(corrupt)).transpose()
    }

    /// Applies a submission exactly once. A collision with another process writing the same
    /// match ([`ServiceError::Conflict`]: nothing was written) is retried on the fresh state,
    /// where the submission is decided again: applied, answered with the stored result of the
    /// same key, or refused as stale.
    pub(super) async fn submit(
        &self,
        key: &str,
        user: Option<UserId>,
        id: MatchId,
        ply: Option<u32>,
        what: Submit,
    ) -> Result<ActResult> {
        let mut tries = 0;
        loop {
            tries += 1;
            match self.submit_once(key, user, id, ply, &what).await {
                Err(ServiceError::Conflict) if tries < CONFLICT_TRIES => {
                    tracing::debug!(%id, tries, "submission collided with another writer; retrying");
                }
                other => return other,
            }
        }
    }

    async fn submit_once(
        &self,
        key: &str,
        user: Option<UserId>,
        id: MatchId,
        ply: Option<u32>,
        what: &Submit,
    ) -> Result<ActResult> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = match self.load_into(&mut guard, id).await {
            Ok(m) => m,
            Err(e) => return Err(e),
        };
        let plan = match Self::plan(m, user, ply, what) {
            Ok(plan) => plan,
            Err(e) => {
                // A repeated submission (double click, retry) finds the position moved on:
                // answer with what the first one got instead of a refusal.
                if e.is_refusal() {
                    if let Some(stored) = self.stored_result(key).await? {
                        return Ok(stored);
                    }
                }
                return Err(e);
            }
        };
        let now = self.now();
        let mut next = m.clone();
        let mut out = Vec::new();
        let mut batch = Batch::new();
        // A move that does not end the match is pure batch: it goes to the group commit.
        // Anything else (a pending defence, the end of the match) runs its own transaction.
        let mut tx: Option<WriteTx> = None;
        let pool = &self.inner.store.write;
        let result = match plan {
            Plan::Ask(side, action, options) => {
                let t = tx.insert(WriteTx::start(pool, &mut batch).await?);
                let conn = t.flush(&mut batch).await.map_err(batch_error)?;
                self.ask_defence(conn, &mut next, side, action, options, now, &mut out).await?
            }
            Plan::Play(side, mv) => {
                let game = next.game.as_mut().ok_or(ServiceError::SetupNotReady)?;
                let played = game.apply(&mv)?;
                let ended = Self::turn_ends_match(&mut next);
                let t = if ended { Some(tx.insert(WriteTx::start(pool, &mut batch).await?)) } else { None };
                self.commit_turn(t, &mut batch, &mut next, side, played.combat, now, &mut out).await?
            }
            Plan::End(side, reason) => {
                let t = tx.insert(WriteTx::start(pool, &mut batch).await?);
                let conn = t.flush(&mut batch).await.map_err(batch_error)?;
                if next.game.is_none() {
                    // Resigning during setup: the missing setups are completed as at the setup
                    // deadline and the match starts and ends at once, so its record, result,
                    // points and replay are those of any resignation at move 0. Nobody is told
                    // about the start, only about the end.
                    let told = out.len();
                    self.complete_setups(conn, &mut next, &mut out).await?;
                    self.start_match(conn, &mut next, now, &mut out).await?;
                    out.truncate(told);
                }
                let game = next.game.as_mut().ok_or(ServiceError::SetupNotReady)?;
                let outcome = game.end_by(side, reason).ok_or(ServiceError::MatchOver)?;
                self.finish(conn, &mut next, outcome, now, &mut out).await?;
                ActResult { ply: game_ply(&next), awaiting_defence: false, outcome: Some(outcome) }
            }
        };
        submissions::record_in(
            &mut batch,
            &Submission { key, user, match_id: id, result: json(&result), now },
        );
        self.sync_ai_job(&mut batch, &next, now);
        outbox::enqueue_in(&mut batch, now, &out);
        let committed = match tx {
            Some(mut t) => match t.flush(&mut batch).await {
                Ok(_) => {
                    t.commit().await?;
                    Ok(())
                }
                Err(e) => {
                    let _ = t.rollback().await;
                    Err(e)
                }
            },
            None => self.inner.group.commit(batch).await,
        };
        match committed {
            Ok(()) => {}
            Err(BatchError::Check("submission")) => {
                // Applied already (by another writer): keep the first result.
                return self.stored_result(key).await?.ok_or_else(|| corrupt("submission vanished"));
            }
            Err(e) => return Err(batch_error(e)),
        }
        let finished = next.status == MatchStatus::Finished;
        *m = next;
        let snapshot = if self.needs_ai(m) { Some(m.clone()) } else { None };
        if finished {
            // Finished matches leave memory; they are reloaded from the record on demand.
            *guard = None;
        }
        drop(guard);
        self.committed();
        if let Some(s) = snapshot {
            self.maybe_spawn_ai(&s);
        }
        Ok(result)
    }

    /// Decides what a submission does, or why it is refused (nothing is written).
    pub(super) fn plan(m: &Loaded, user: Option<UserId>, ply: Option<u32>, what: &Submit) -> Result<Plan> {
        // Who acts: a user's seat, or the AI's seat (user None).
        let side = match user {
            Some(u) => m.seat_of(u).ok_or(ServiceError::NotYourMatch)?,
            None => Side::BOTH
                .into_iter()
                .find(|s| m.users[s.index()].is_none())
                .ok_or(ServiceError::NotYourMatch)?,
        };
        match m.status {
            MatchStatus::Setup => {
                return match what {
                    Submit::Resign => Ok(Plan::End(side, EndReason::Resignation)),
                    _ => Err(ServiceError::SetupNotReady),
                }
            }
            MatchStatus::Finished => return Err(ServiceError::MatchOver),
            MatchStatus::Playing => {}
        }
        let game = m.game()?;
        Ok(match what {
            Submit::Resign => Plan::End(side, EndReason::Resignation),
            Submit::Defend(index) => {
                let pending = m.pending.as_ref().ok_or(ServiceError::NoDecision)?;
                if pending.defender != side {
                    return Err(ServiceError::NoDecision);
                }
                let chosen = *pending.options.get(*index).ok_or(ServiceError::BadDefenceChoice)?;
                Plan::Play(side.opponent(), Move::Admiral(pending.action, Defense::Group(chosen)))
            }
            Submit::Act(notation) => {
                if let Some(p) = &m.pending {
                    return Err(if p.defender == side {
                        ServiceError::NotYourTurn
                    } else {
                        ServiceError::DecisionPending
                    });
                }
                if game.to_move() != side {
                    return Err(ServiceError::NotYourTurn);
                }
                if let Some(ply) = ply {
                    if ply != game.ply() {
                        return Err(ServiceError::Stale { made_for: ply, current: game.ply() });
                    }
                }
                let game = match game {
                    MatchGame::Admiral(g) => g,
                    MatchGame::Stratego(_) => return Ok(Plan::Play(side, game.parse_stratego(notation)?)),
                };
                let action = Action::parse(notation).map_err(NotationError::Admiral)?;
                if let Some(reason) = game.position().why_illegal(&action) {
                    return Err(IllegalMove::Admiral(PlayError::Illegal { action, reason }).into());
                }
                let defender = side.opponent();
                let lesson = m.scripted_lesson().is_some();
                match game.defense_options(&action) {
                    Some(options) if options.len() > 1 => match m.users[defender.index()] {
                        // A lesson's opponent defends as its lesson was written: the default.
                        None if lesson => Plan::Play(side, Move::Admiral(action, Defense::Auto)),
                        None => Plan::Play(
                            side,
                            Move::Admiral(
                                action,
                                AiPlayer::new(m.ai_level.unwrap_or(1)).defend(game, &action, m.seed as u64),
                            ),
                        ),
                        // A learner is always asked: declaring a defence is one of the lessons.
                        Some(_) if lesson || m.policy[defender.index()] == DefencePolicy::Ask => {
                            Plan::Ask(side, action, options)
                        }
                        Some(_) => Plan::Play(side, Move::Admiral(action, Defense::Auto)),
                    },
                    _ => Plan::Play(side, Move::Admiral(action, Defense::Auto)),
                }
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) async fn ask_defence(
        &self,
        conn: &mut AnyConnection,
        m: &mut Loaded,
        attacker: Side,
        action: Action,
        options: Vec<Partners>,
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<ActResult> {
        let defender = attacker.opponent();
        let ply = game_ply(m);
        let deadline = now + m.tc().defence_span_ms();
        let squares: Vec<Vec<Square>> = options.iter().map(|p| p.iter().collect()).collect();
        let pending =
            PendingRow { ply, defender, action: action.to_string(), options: json(&squares), deadline };
        matches::insert_pending(conn, m.id, &pending).await?;
        // The attacker's clock stops while the defender decides; nobody loses on time meanwhile.
        let elapsed = m.running_since.map(|t| now - t).unwrap_or(0);
        if let Some(ms) = m.clock_ms[attacker.index()].as_mut() {
            *ms = (*ms - elapsed).max(0);
        }
        m.running_since = None;
        self.save_clocks(conn, m).await?;
        timers::disarm_match(conn, m.id, &[TimerKind::MoveDeadline, TimerKind::MoveReminder]).await?;
        timers::arm_match(conn, m.id, TimerKind::DefenceDeadline, Some(defender), ply, deadline).await?;
        Self::bump_version(conn, m).await?;
        m.version += 1;
        m.pending = Some(Pending { ply, defender, action, options, deadline });
        out.extend(m.dm(
            defender,
            Notice::DefenceRequested { attack: action.without_partners(), options: squares, deadline },
        ));
        out.extend(m.dm(attacker, Notice::AwaitingDefence { deadline }));
        Ok(ActResult { ply, awaiting_defence: true, outcome: None })
    }

    pub(super) async fn save_clocks(&self, conn: &mut AnyConnection, m: &Loaded) -> Result<()> {
        Ok(matches::save_clocks(conn, m.id, &m.clocks()).await?)
    }

    /// Records the turn just played on `m.game` by `mover`: event, clocks, timers, notices,
    /// and the end of the match if it ended. Statements go into `batch` (run by the caller);
    /// the end of the match flushes it first and then writes directly.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn commit_turn(
        &self,
        tx: Option<&mut WriteTx>,
        batch: &mut Batch,
        m: &mut Loaded,
        mover: Side,
        combat: bool,
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<ActResult> {
        let game = m.game.as_ref().ok_or(ServiceError::SetupNotReady)?;
        let turn = game.last_turn_json()?;
        events::append_in(batch, m.id, m.next_seq, &MatchEvent::Turn { side: mover, turn }, now);
        m.next_seq += 1;
        if m.pending.take().is_some() {
            matches::delete_pending_in(batch, m.id);
            timers::disarm_match_in(batch, m.id, &[TimerKind::DefenceDeadline]);
        }
        let ply = game.ply();
        if let Some(outcome) = game.outcome() {
            let tx = tx.ok_or_else(|| corrupt("the end of a match needs its own transaction"))?;
            let conn = tx.flush(batch).await.map_err(batch_error)?;
            self.finish(conn, m, outcome, now, out).await?;
            return Ok(ActResult { ply, awaiting_defence: false, outcome: Some(outcome) });
        }
        let tc = m.tc();
        let elapsed = m.running_since.map(|t| now - t).unwrap_or(0);
        m.clock_ms[mover.index()] = tc.after_move(m.clock_ms[mover.index()], elapsed);
        m.running_since = Some(now);
        matches::save_clocks_in(batch, m.id, &m.clocks());
        let next = mover.opponent();
        let deadline = tc.move_deadline(now, m.clock_ms[next.index()]);
        if let Some(d) = deadline {
            timers::arm_match_in(batch, m.id, TimerKind::MoveDeadline, Some(next), ply, d);
            match reminder_at(&tc, now, d).filter(|_| m.users[next.index()].is_some()) {
                Some(at) => timers::arm_match_in(batch, m.id, TimerKind::MoveReminder, Some(next), ply, at),
                None => timers::disarm_match_in(batch, m.id, &[TimerKind::MoveReminder]),
            }
        }
        matches::set_ply_in(batch, m.id, ply, m.version);
        m.version += 1;
        let game = m.game.as_ref().ok_or(ServiceError::SetupNotReady)?;
        out.extend(m.dm(next, game.board_notice(next, deadline)));
        if combat {
            // The mover gets the battle card too (their own view of what happened).
            out.extend(m.dm(mover, game.board_notice(mover, None)));
        }
        Ok(ActResult { ply, awaiting_defence: false, outcome: None })
    }

    /// Ends the match in the caller's transaction: status, result, timers, points and awards
    /// (rated), and the end notices.
    pub(super) async fn finish(
        &self,
        conn: &mut AnyConnection,
        m: &mut Loaded,
        outcome: Outcome,
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<()> {
        let game = m.game.as_ref().ok_or(ServiceError::SetupNotReady)?;
        if let Some((ending_side, ending)) = game.ending_json() {
            events::append(conn, m.id, m.next_seq, &MatchEvent::Ended { side: ending_side, ending }, now)
                .await?;
            m.next_seq += 1;
        }
        let ending = Ending {
            ply: game.ply(),
            result: outcome.status.name(),
            reason: serde_json::to_value(outcome.reason).ok().and_then(|v| v.as_str().map(String::from)),
            at: now,
        };
        if !matches::set_finished(conn, m.id, m.version, &ending).await? {
            return Err(ServiceError::Conflict);
        }
        m.version += 1;
        m.status = MatchStatus::Finished;
        m.running_since = None;
        self.save_clocks(conn, m).await?;
        matches::delete_pending(conn, m.id).await?;
        m.pending = None;
        timers::disarm_match(conn, m.id, &[]).await?;
        // A lesson's try counts for nothing in the career and is nobody else's business.
        if let Some(lesson) = m.lesson() {
            return self.finish_lesson_try(conn, m, lesson, now, out).await;
        }
        // The career (career.md) is Admiral's: matches of another ruleset are unrated and
        // credit nobody.
        let credits = match game {
            MatchGame::Admiral(game) => {
                let finished = career::ledger::FinishedMatch {
                    id: m.id.0,
                    users: m.users,
                    ai_level: m.ai_level,
                    rated: m.settings.rated,
                    finished_at: now,
                    game,
                    outcome,
                };
                Some(career::ledger::record_match(conn, &finished).await?)
            }
            MatchGame::Stratego(_) => None,
        };
        for side in Side::BOTH {
            let (points, awards, unrated, standing) = match credits.as_ref().map(|c| c[side.index()].clone())
            {
                None => (None, Vec::new(), None, 0),
                Some(None) => continue,
                Some(Some(career::Credit::Rated { points, awards })) => {
                    let standing = points.points_after;
                    (Some(points), awards, None, standing)
                }
                Some(Some(career::Credit::Unrated { why, points })) => (None, Vec::new(), Some(why), points),
            };
            out.extend(m.dm(
                side,
                Notice::MatchEnded {
                    view: Box::new(game.player_view(side)),
                    outcome,
                    points,
                    awards,
                    unrated,
                    standing,
                },
            ));
        }
        self.public_result(m, outcome, out);
        Ok(())
    }

    /// The short public result in the channel where the match started.
    fn public_result(&self, m: &Loaded, outcome: Outcome, out: &mut Vec<Outgoing>) {
        if let Some(channel) = m.channel {
            out.push(Outgoing {
                recipient: Recipient::Channel { guild: m.guild, channel },
                match_id: Some(m.id),
                language: m.public_lang,
                notice: Notice::PublicResult {
                    south: m.opponent_at(Side::South),
                    north: m.opponent_at(Side::North),
                    outcome,
                },
            });
        }
    }
}
