//! Setup: auto layouts, uploads, saved layouts, swaps, completion, ready, and the start.

use super::prelude::*;
use crate::store::matches;

impl Service {
    // ---------------------------------------------------------------- setup

    pub(super) async fn with_setup<F>(&self, user: UserId, id: MatchId, edit: F) -> Result<String>
    where
        F: FnOnce(&Loaded, Side, &MatchLayout) -> Result<MatchLayout>,
    {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        if m.status != MatchStatus::Setup {
            return Err(ServiceError::NotInSetup);
        }
        if m.setups[side.index()].ready {
            return Err(ServiceError::AlreadyReady);
        }
        let layout = edit(m, side, &m.setups[side.index()].layout)?;
        let grid = layout.grid_text();
        let mut tx = self.inner.store.write.begin().await?;
        Self::bump_version(&mut tx, m).await?;
        matches::set_setup(&mut tx, id, side, Some(&grid), false).await?;
        tx.commit().await?;
        m.version += 1;
        m.setups[side.index()].layout = layout;
        Ok(grid)
    }

    pub(super) async fn bump_version(conn: &mut AnyConnection, m: &Loaded) -> Result<()> {
        if !matches::bump_version(conn, m.id, m.version).await? {
            return Err(ServiceError::Conflict);
        }
        Ok(())
    }

    /// Generates a new layout for the user's seat (deterministic in the match seed and the
    /// match version, so a record reproduces). Returns the layout grid.
    pub async fn auto_layout(&self, user: UserId, id: MatchId) -> Result<String> {
        self.with_setup(user, id, |m, side, _| {
            Ok(MatchLayout::auto(m.ruleset(), m.side_seed(side, m.version + 1)))
        })
        .await
    }

    /// Replaces the user's layout with an uploaded layout file (may be partial; complete it
    /// with [`Service::complete_layout`]). A bad file changes nothing and lists every problem.
    pub async fn upload_layout(&self, user: UserId, id: MatchId, text: &str) -> Result<String> {
        self.with_setup(user, id, move |m, _, _| MatchLayout::parse_partial(m.ruleset(), text)).await
    }

    /// Uses one of the user's saved layouts.
    pub async fn use_saved_layout(&self, user: UserId, id: MatchId, name: &str) -> Result<String> {
        let grid = self.inner.store.saved_layout_grid(user, name).await?;
        let grid = grid.ok_or_else(|| ServiceError::NoSuchLayout(name.to_string()))?;
        self.with_setup(user, id, move |m, _, _| MatchLayout::parse_partial(m.ruleset(), &grid)).await
    }

    /// Swaps the contents of two squares of the user's setup zone (board coordinates).
    pub async fn swap_squares(&self, user: UserId, id: MatchId, a: Square, b: Square) -> Result<String> {
        self.with_setup(user, id, move |_, side, current| {
            let ca = Layout::cell_of(side, a).ok_or(ServiceError::NotInZone)?;
            let cb = Layout::cell_of(side, b).ok_or(ServiceError::NotInZone)?;
            let mut layout = current.admiral()?.clone();
            layout.swap(ca, cb);
            layout.validate_partial().map_err(LayoutProblems::Admiral)?;
            Ok(MatchLayout::Admiral(layout))
        })
        .await
    }

    /// Fills the unplaced units of the user's layout automatically.
    pub async fn complete_layout(&self, user: UserId, id: MatchId) -> Result<String> {
        self.with_setup(user, id, |m, side, current| Ok(current.completed(m.side_seed(side, m.version + 1))))
            .await
    }

    /// The user's current layout as a downloadable file (with the explanatory header).
    pub async fn layout_file(&self, user: UserId, id: MatchId) -> Result<String> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        Ok(m.setups[side.index()].layout.to_text(m.lang[side.index()]))
    }

    /// Saves a layout file under a name (replacing one of the same name). Must be readable
    /// (possibly partial).
    pub async fn save_layout(&self, user: UserId, name: &str, text: &str) -> Result<()> {
        let layout = MatchLayout::parse_any(text)?;
        let now = self.now();
        Ok(self.inner.store.save_layout(user, name, &layout.grid_text(), now).await?)
    }

    /// The names of the user's saved layouts.
    pub async fn saved_layouts(&self, user: UserId) -> Result<Vec<String>> {
        Ok(self.inner.store.saved_layout_names(user).await?)
    }

    /// One saved layout as a layout file (with the explanatory header in `language`).
    pub async fn saved_layout(&self, user: UserId, name: &str, language: Language) -> Result<String> {
        let grid = self.inner.store.saved_layout_grid(user, name).await?;
        let grid = grid.ok_or_else(|| ServiceError::NoSuchLayout(name.to_string()))?;
        Ok(MatchLayout::parse_any(&grid)?.to_text(language))
    }

    /// Deletes one saved layout.
    pub async fn delete_layout(&self, user: UserId, name: &str) -> Result<()> {
        if !self.inner.store.delete_layout(user, name).await? {
            return Err(ServiceError::NoSuchLayout(name.to_string()));
        }
        Ok(())
    }

    /// Declares the user ready. The layout must be complete and legal. When both are ready the
    /// match starts (South to move).
    pub async fn ready(&self, user: UserId, id: MatchId) -> Result<MatchStatus> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        if m.status != MatchStatus::Setup {
            return if m.setups[side.index()].ready { Ok(m.status) } else { Err(ServiceError::NotInSetup) };
        }
        if m.setups[side.index()].ready {
            return Ok(m.status);
        }
        m.setups[side.index()].layout.check_complete()?;
        let now = self.now();
        let mut next = m.clone();
        next.setups[side.index()].ready = true;
        let mut tx = self.inner.store.write.begin().await?;
        matches::set_setup(&mut tx, id, side, None, true).await?;
        let mut out = Vec::new();
        if next.setups.iter().all(|s| s.ready) {
            self.start_match(&mut tx, &mut next, now, &mut out).await?;
        } else {
            Self::bump_version(&mut tx, &next).await?;
            next.version += 1;
            out.extend(next.dm(side.opponent(), Notice::OpponentReady));
        }
        let mut batch = Batch::new();
        self.sync_ai_job(&mut batch, &next, now);
        batch.run(&mut tx).await.map_err(batch_error)?;
        outbox::enqueue(&mut tx, now, &out).await?;
        tx.commit().await?;
        let status = next.status;
        *m = next;
        let snapshot = m.clone();
        drop(guard);
        self.committed();
        self.maybe_spawn_ai(&snapshot);
        Ok(status)
    }

    /// Completes every setup not yet marked ready by auto-placement (around what the player
    /// placed) and marks it ready, telling its player.
    pub(super) async fn complete_setups(
        &self,
        conn: &mut AnyConnection,
        m: &mut Loaded,
        out: &mut Vec<Outgoing>,
    ) -> Result<()> {
        for side in Side::BOTH {
            if m.setups[side.index()].ready {
                continue;
            }
            let layout = m.setups[side.index()].layout.completed(m.side_seed(side, m.version + 1));
            let grid = layout.grid_text();
            matches::set_setup(conn, m.id, side, Some(&grid), true).await?;
            m.setups[side.index()] = Setup { layout, ready: true };
            out.extend(m.dm(side, Notice::SetupFilled { side, grid }));
        }
        Ok(())
    }

    pub(super) async fn start_match(
        &self,
        conn: &mut AnyConnection,
        m: &mut Loaded,
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<()> {
        let game = MatchGame::start([&m.setups[0].layout, &m.setups[1].layout], m.settings.intel)?;
        events::append(conn, m.id, m.next_seq, &MatchEvent::Started { start: game.start_json() }, now)
            .await?;
        m.next_seq += 1;
        if !matches::set_playing(conn, m.id, m.version).await? {
            return Err(ServiceError::Conflict);
        }
        m.version += 1;
        m.status = MatchStatus::Playing;
        let tc = m.tc();
        m.clock_ms = [tc.initial_ms(), tc.initial_ms()];
        m.running_since = Some(now);
        self.save_clocks(conn, m).await?;
        timers::disarm_match(conn, m.id, &[TimerKind::SetupDeadline, TimerKind::SetupReminder]).await?;
        let deadline = self.arm_move(conn, m, &game, now).await?;
        out.extend(m.dm(Side::South, game.board_notice(Side::South, deadline)));
        out.extend(m.dm(Side::North, game.board_notice(Side::North, None)));
        m.game = Some(game);
        Ok(())
    }

    /// Arms the deadline and reminder of the side to move; returns the deadline.
    pub(super) async fn arm_move(
        &self,
        conn: &mut AnyConnection,
        m: &Loaded,
        game: &MatchGame,
        now: i64,
    ) -> Result<Option<i64>> {
        let tc = m.tc();
        let next = game.to_move();
        let deadline = tc.move_deadline(now, m.clock_ms[next.index()]);
        if let Some(d) = deadline {
            timers::arm_match(conn, m.id, TimerKind::MoveDeadline, Some(next), game.ply(), d).await?;
            match reminder_at(&tc, now, d).filter(|_| m.users[next.index()].is_some()) {
                Some(at) => {
                    timers::arm_match(conn, m.id, TimerKind::MoveReminder, Some(next), game.ply(), at).await?
                }
                None => timers::disarm_match(conn, m.id, &[TimerKind::MoveReminder]).await?,
            }
        }
        Ok(deadline)
    }
}
