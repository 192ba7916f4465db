//! Challenges (create, accept, decline, expire) and match creation, AI matches included.

use super::*;

impl Service {
    // ---------------------------------------------------------------- challenges

    /// Challenges `to` (`to_is_bot` as Discord reports it). Queues the public challenge with
    /// Accept/Decline in the origin channel (or a DM to `to` without a channel).
    pub async fn challenge(
        &self,
        from: UserId,
        to: UserId,
        to_is_bot: bool,
        settings: MatchSettings,
        origin: Origin,
    ) -> Result<ChallengeId> {
        if from == to {
            return Err(ServiceError::SelfChallenge);
        }
        if to_is_bot {
            return Err(ServiceError::BotOpponent);
        }
        settings.validate()?;
        let settings = settings.normalised();
        let now = self.now();
        let expires_at = now + self.inner.config.challenge_ttl_ms;
        let public_language = origin.language.unwrap_or(self.language(from).await?);
        // Posted in a channel, it is read by the whole server; by DM, by the challenged player.
        let language = match origin.channel {
            Some(_) => public_language,
            None => self.language(to).await?,
        };
        let mut tx = self.inner.store.write.begin().await?;
        Self::ensure_player(&mut tx, from, now).await?;
        Self::ensure_player(&mut tx, to, now).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO challenges (challenger, challenged, settings, guild_id, channel_id, public_language,
                                     created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(from.db())
        .bind(to.db())
        .bind(json(&settings))
        .bind(origin.guild.map(|g| g as i64))
        .bind(origin.channel.map(|c| c as i64))
        .bind(lang_code(public_language))
        .bind(now)
        .bind(expires_at)
        .fetch_one(&mut *tx)
        .await?;
        let challenge = ChallengeId(id);
        timers::arm_challenge(&mut tx, challenge, expires_at).await?;
        let recipient = match origin.channel {
            Some(channel) => Recipient::Channel { guild: origin.guild, channel },
            None => Recipient::User { user: to },
        };
        outbox::enqueue(
            &mut tx,
            now,
            &[Outgoing {
                recipient,
                match_id: None,
                language,
                notice: Notice::ChallengeIssued { challenge, from, to, settings, expires_at },
            }],
        )
        .await?;
        tx.commit().await?;
        self.committed();
        Ok(challenge)
    }

    /// Accepts a challenge: creates the match and opens setup for both. Repeating the accept
    /// returns the same match.
    pub async fn accept(&self, user: UserId, challenge: ChallengeId) -> Result<MatchId> {
        let _lock = self.inner.challenge_lock.lock().await;
        let now = self.now();
        type Row = (i64, i64, String, Option<i64>, Option<i64>, Option<String>, String, i64, Option<i64>);
        let row: Option<Row> = sqlx::query_as(
            "SELECT challenger, challenged, settings, guild_id, channel_id, public_language, status, expires_at,
                    match_id
             FROM challenges WHERE id = $1",
        )
        .bind(challenge.0)
        .fetch_optional(&self.inner.store.write)
        .await?;
        let Some((from, to, settings, guild, channel, public_language, status, expires_at, match_id)) = row
        else {
            return Err(ServiceError::NoSuchChallenge(challenge));
        };
        let (from, to) = (UserId::from_db(from), UserId::from_db(to));
        if user != to {
            return Err(ServiceError::NotYourChallenge);
        }
        match status.as_str() {
            "accepted" => return match_id.map(MatchId).ok_or_else(|| corrupt("accepted without match")),
            "expired" => return Err(ServiceError::ChallengeExpired),
            "open" if now >= expires_at => return Err(ServiceError::ChallengeExpired),
            "open" => {}
            _ => return Err(ServiceError::ChallengeClosed),
        }
        let settings: MatchSettings = serde_json::from_str(&settings).map_err(corrupt)?;
        let language = self.language(from).await?;
        let seed = mix(now as u64 ^ ((challenge.0 as u64) << 20));
        // Seats by the seed: either player may be South (who moves first).
        let (south, north) = if seed & 1 == 0 { (from, to) } else { (to, from) };
        let origin = Origin {
            guild: guild.map(|g| g as u64),
            channel: channel.map(|c| c as u64),
            language: Some(public_language.as_deref().map_or(language, lang_of)),
        };
        let mut tx = self.inner.store.write.begin().await?;
        let id = self
            .create_match(&mut tx, [Some(south), Some(north)], None, &settings, origin, seed as i64, now)
            .await?;
        let updated = sqlx::query(
            "UPDATE challenges SET status = 'accepted', match_id = $1 WHERE id = $2 AND status = 'open'",
        )
        .bind(id.0)
        .bind(challenge.0)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() != 1 {
            return Err(ServiceError::ChallengeClosed);
        }
        timers::delete(&mut tx, &format!("c{}:challenge_expiry", challenge.0)).await?;
        let mut out = vec![Outgoing {
            recipient: Recipient::User { user: from },
            match_id: Some(id),
            language,
            notice: Notice::ChallengeAnswered { challenge, accepted: true, match_id: Some(id) },
        }];
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        // Load inside the transaction's view is not possible with one connection; build from data.
        let m = self
            .fresh_loaded(id, [Some(south), Some(north)], None, settings, origin, seed as i64, &mut tx)
            .await?;
        for side in Side::BOTH {
            out.extend(m.dm(side, self.setup_notice(&m, side)));
        }
        outbox::enqueue(&mut tx, now, &out).await?;
        tx.commit().await?;
        *guard = Some(m);
        drop(guard);
        self.committed();
        Ok(id)
    }

    /// Declines a challenge.
    pub async fn decline(&self, user: UserId, challenge: ChallengeId) -> Result<()> {
        let _lock = self.inner.challenge_lock.lock().await;
        let now = self.now();
        let row: Option<(i64, i64, String, i64)> =
            sqlx::query_as("SELECT challenger, challenged, status, expires_at FROM challenges WHERE id = $1")
                .bind(challenge.0)
                .fetch_optional(&self.inner.store.write)
                .await?;
        let Some((from, to, status, expires_at)) = row else {
            return Err(ServiceError::NoSuchChallenge(challenge));
        };
        if UserId::from_db(to) != user {
            return Err(ServiceError::NotYourChallenge);
        }
        match status.as_str() {
            "declined" => return Ok(()),
            "expired" => return Err(ServiceError::ChallengeExpired),
            "open" if now >= expires_at => return Err(ServiceError::ChallengeExpired),
            "open" => {}
            _ => return Err(ServiceError::ChallengeClosed),
        }
        let from = UserId::from_db(from);
        let language = self.language(from).await?;
        let mut tx = self.inner.store.write.begin().await?;
        // The check and the change are one statement: another process may have answered or
        // expired the challenge since it was read (the lock above is this process's only).
        let updated =
            sqlx::query("UPDATE challenges SET status = 'declined' WHERE id = $1 AND status = 'open'")
                .bind(challenge.0)
                .execute(&mut *tx)
                .await?;
        if updated.rows_affected() != 1 {
            drop(tx);
            return self.decline_again(challenge).await;
        }
        timers::delete(&mut tx, &format!("c{}:challenge_expiry", challenge.0)).await?;
        outbox::enqueue(
            &mut tx,
            now,
            &[Outgoing {
                recipient: Recipient::User { user: from },
                match_id: None,
                language,
                notice: Notice::ChallengeAnswered { challenge, accepted: false, match_id: None },
            }],
        )
        .await?;
        tx.commit().await?;
        self.committed();
        Ok(())
    }

    /// A decline that found the challenge no longer open: fine if it was declined (a repeated
    /// click), refused otherwise.
    async fn decline_again(&self, challenge: ChallengeId) -> Result<()> {
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM challenges WHERE id = $1")
            .bind(challenge.0)
            .fetch_optional(&self.inner.store.write)
            .await?;
        match status.as_deref() {
            Some("declined") => Ok(()),
            Some("expired") => Err(ServiceError::ChallengeExpired),
            _ => Err(ServiceError::ChallengeClosed),
        }
    }

    pub(super) async fn expire_challenge(&self, challenge: ChallengeId, key: &str) -> Result<()> {
        let _lock = self.inner.challenge_lock.lock().await;
        let now = self.now();
        let row: Option<(i64, String)> =
            sqlx::query_as("SELECT challenger, status FROM challenges WHERE id = $1")
                .bind(challenge.0)
                .fetch_optional(&self.inner.store.write)
                .await?;
        let language = match &row {
            Some((from, _)) => self.language(UserId::from_db(*from)).await?,
            None => Language::En,
        };
        let mut tx = self.inner.store.write.begin().await?;
        if let Some((from, status)) = row {
            let expired = status == "open"
                && sqlx::query("UPDATE challenges SET status = 'expired' WHERE id = $1 AND status = 'open'")
                    .bind(challenge.0)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected()
                    == 1;
            if expired {
                let from = UserId::from_db(from);
                outbox::enqueue(
                    &mut tx,
                    now,
                    &[Outgoing {
                        recipient: Recipient::User { user: from },
                        match_id: None,
                        language,
                        notice: Notice::ChallengeExpired { challenge },
                    }],
                )
                .await?;
            }
        }
        timers::delete(&mut tx, key).await?;
        tx.commit().await?;
        self.committed();
        Ok(())
    }

    /// Starts a match against the AI of `level` (1–5). The user sits South and moves first.
    pub async fn start_ai(
        &self,
        user: UserId,
        level: u8,
        settings: MatchSettings,
        origin: Origin,
    ) -> Result<MatchId> {
        if !(1..=5).contains(&level) {
            return Err(ServiceError::InvalidSettings("AI level must be 1 to 5"));
        }
        settings.validate()?;
        let settings = settings.normalised();
        let now = self.now();
        let seed = mix(now as u64 ^ user.0.rotate_left(17)) as i64;
        let mut tx = self.inner.store.write.begin().await?;
        Self::ensure_player(&mut tx, user, now).await?;
        let id =
            self.create_match(&mut tx, [Some(user), None], Some(level), &settings, origin, seed, now).await?;
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m =
            self.fresh_loaded(id, [Some(user), None], Some(level), settings, origin, seed, &mut tx).await?;
        let out: Vec<Outgoing> = m.dm(Side::South, self.setup_notice(&m, Side::South)).into_iter().collect();
        outbox::enqueue(&mut tx, now, &out).await?;
        tx.commit().await?;
        *guard = Some(m);
        drop(guard);
        self.committed();
        Ok(id)
    }

    pub(super) fn setup_notice(&self, m: &Loaded, side: Side) -> Notice {
        Notice::SetupOpened {
            side,
            opponent: m.opponent_at(side.opponent()),
            grid: m.setups[side.index()].layout.grid_text(),
            deadline: m.tc().setup_span_ms().map(|span| m.running_since.unwrap_or(0) + span),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) async fn create_match(
        &self,
        conn: &mut AnyConnection,
        users: [Option<UserId>; 2],
        ai_level: Option<u8>,
        settings: &MatchSettings,
        origin: Origin,
        seed: i64,
        now: i64,
    ) -> Result<MatchId> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO matches (ruleset, south_user, north_user, ai_level, settings, status, guild_id, channel_id,
                                  public_language, seed, created_at)
             VALUES ($1, $2, $3, $4, $5, 'setup', $6, $7, $8, $9, $10) RETURNING id",
        )
        .bind(&settings.ruleset)
        .bind(users[0].map(|u| u.db()))
        .bind(users[1].map(|u| u.db()))
        .bind(ai_level.map(|l| l as i64))
        .bind(json(settings))
        .bind(origin.guild.map(|g| g as i64))
        .bind(origin.channel.map(|c| c as i64))
        .bind(origin.language.map(lang_code))
        .bind(seed)
        .bind(now)
        .fetch_one(&mut *conn)
        .await?;
        let id = MatchId(id);
        let tc = settings.time_control;
        let ruleset = rules::ruleset_of(settings)?;
        for side in Side::BOTH {
            let ai_seat = users[side.index()].is_none();
            let side_seed = (seed as u64) ^ ((side.index() as u64 + 1) << 56);
            let layout = match ai_level {
                Some(level) if ai_seat => MatchLayout::for_ai(ruleset, level, side_seed),
                _ => MatchLayout::auto(ruleset, side_seed),
            };
            sqlx::query("INSERT INTO setups (match_id, side, grid, ready) VALUES ($1, $2, $3, $4)")
                .bind(id.0)
                .bind(side_name(side))
                .bind(layout.grid_text())
                .bind(ai_seat as i64)
                .execute(&mut *conn)
                .await?;
        }
        sqlx::query(
            "INSERT INTO clocks (match_id, south_ms, north_ms, running_since) VALUES ($1, $2, $3, $4)",
        )
        .bind(id.0)
        .bind(tc.initial_ms())
        .bind(tc.initial_ms())
        .bind(now)
        .execute(&mut *conn)
        .await?;
        if let Some(span) = tc.setup_span_ms() {
            let deadline = now + span;
            timers::arm_match(conn, id, TimerKind::SetupDeadline, None, 0, deadline).await?;
            if let Some(at) = reminder_at(&tc, now, deadline).filter(|_| span >= tc.reminder_lead_ms() * 2) {
                timers::arm_match(conn, id, TimerKind::SetupReminder, None, 0, at).await?;
            }
        }
        Ok(id)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) async fn fresh_loaded(
        &self,
        id: MatchId,
        users: [Option<UserId>; 2],
        ai_level: Option<u8>,
        settings: MatchSettings,
        origin: Origin,
        seed: i64,
        conn: &mut AnyConnection,
    ) -> Result<Loaded> {
        let mut lang = [Language::En; 2];
        let mut policy = [DefencePolicy::Auto; 2];
        for side in Side::BOTH {
            if let Some(u) = users[side.index()] {
                let p: Option<(String, String)> =
                    sqlx::query_as("SELECT language, defence_policy FROM players WHERE user_id = $1")
                        .bind(u.db())
                        .fetch_optional(&mut *conn)
                        .await?;
                if let Some((l, d)) = p {
                    lang[side.index()] = lang_of(&l);
                    policy[side.index()] = DefencePolicy::from_code(&d);
                }
            }
        }
        let tc = settings.time_control;
        let now = self.now();
        let ruleset = rules::ruleset_of(&settings)?;
        let setup = |side: Side| {
            let side_seed = (seed as u64) ^ ((side.index() as u64 + 1) << 56);
            let ai_seat = users[side.index()].is_none();
            Setup {
                layout: match ai_level {
                    Some(level) if ai_seat => MatchLayout::for_ai(ruleset, level, side_seed),
                    _ => MatchLayout::auto(ruleset, side_seed),
                },
                ready: ai_seat,
            }
        };
        Ok(Loaded {
            id,
            users,
            lang,
            public_lang: origin.language.unwrap_or(lang[0]),
            policy,
            ai_level,
            settings,
            status: MatchStatus::Setup,
            guild: origin.guild.map(|g| g as i64),
            channel: origin.channel.map(|c| c as i64),
            seed,
            version: 0,
            next_seq: 0,
            setups: [setup(Side::South), setup(Side::North)],
            game: None,
            clock_ms: [tc.initial_ms(), tc.initial_ms()],
            running_since: Some(now),
            pending: None,
        })
    }
}
