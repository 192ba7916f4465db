//! Challenges (create, accept, decline, expire) and match creation, AI matches included.

use super::prelude::*;
use crate::store::challenges::{self, ChallengeStatus, NewChallenge};
use crate::store::matches::{self, NewMatch};

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
        players::ensure(&mut tx, from, now).await?;
        players::ensure(&mut tx, to, now).await?;
        let challenge = challenges::insert(
            &mut tx,
            &NewChallenge {
                challenger: from,
                challenged: to,
                settings: &json(&settings),
                origin: Origin { language: Some(public_language), ..origin },
                now,
                expires_at,
            },
        )
        .await?;
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
        let row =
            self.inner.store.challenge(challenge).await?.ok_or(ServiceError::NoSuchChallenge(challenge))?;
        let (from, to) = (row.challenger, row.challenged);
        if user != to {
            return Err(ServiceError::NotYourChallenge);
        }
        match row.status {
            ChallengeStatus::Accepted => {
                return row.match_id.ok_or_else(|| corrupt("accepted without match"))
            }
            ChallengeStatus::Expired => return Err(ServiceError::ChallengeExpired),
            ChallengeStatus::Open if now >= row.expires_at => return Err(ServiceError::ChallengeExpired),
            ChallengeStatus::Open => {}
            ChallengeStatus::Declined => return Err(ServiceError::ChallengeClosed),
        }
        let settings: MatchSettings = serde_json::from_str(&row.settings).map_err(corrupt)?;
        let language = self.language(from).await?;
        let seed = mix(now as u64 ^ ((challenge.0 as u64) << 20));
        // Seats by the seed: either player may be South (who moves first).
        let (south, north) = if seed & 1 == 0 { (from, to) } else { (to, from) };
        let origin = Origin { language: Some(row.origin.language.unwrap_or(language)), ..row.origin };
        let mut tx = self.inner.store.write.begin().await?;
        let m = self
            .create_match(&mut tx, [Some(south), Some(north)], None, settings, origin, seed as i64, now)
            .await?;
        let id = m.id;
        if !challenges::close(&mut tx, challenge, ChallengeStatus::Accepted, Some(id)).await? {
            return Err(ServiceError::ChallengeClosed);
        }
        timers::delete(&mut tx, &timers::challenge_key(challenge)).await?;
        let mut out = vec![Outgoing::to_user(
            from,
            Some(id),
            language,
            Notice::ChallengeAnswered { challenge, accepted: true, match_id: Some(id) },
        )];
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
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
        let row =
            self.inner.store.challenge(challenge).await?.ok_or(ServiceError::NoSuchChallenge(challenge))?;
        if row.challenged != user {
            return Err(ServiceError::NotYourChallenge);
        }
        match row.status {
            ChallengeStatus::Declined => return Ok(()),
            ChallengeStatus::Expired => return Err(ServiceError::ChallengeExpired),
            ChallengeStatus::Open if now >= row.expires_at => return Err(ServiceError::ChallengeExpired),
            ChallengeStatus::Open => {}
            ChallengeStatus::Accepted => return Err(ServiceError::ChallengeClosed),
        }
        let from = row.challenger;
        let language = self.language(from).await?;
        let mut tx = self.inner.store.write.begin().await?;
        // The check and the change are one statement: another process may have answered or
        // expired the challenge since it was read (the lock above is this process's only).
        if !challenges::close(&mut tx, challenge, ChallengeStatus::Declined, None).await? {
            drop(tx);
            return self.decline_again(challenge).await;
        }
        timers::delete(&mut tx, &timers::challenge_key(challenge)).await?;
        outbox::enqueue(
            &mut tx,
            now,
            &[Outgoing::to_user(
                from,
                None,
                language,
                Notice::ChallengeAnswered { challenge, accepted: false, match_id: None },
            )],
        )
        .await?;
        tx.commit().await?;
        self.committed();
        Ok(())
    }

    /// A decline that found the challenge no longer open: fine if it was declined (a repeated
    /// click), refused otherwise.
    async fn decline_again(&self, challenge: ChallengeId) -> Result<()> {
        match self.inner.store.challenge(challenge).await?.map(|row| row.status) {
            Some(ChallengeStatus::Declined) => Ok(()),
            Some(ChallengeStatus::Expired) => Err(ServiceError::ChallengeExpired),
            _ => Err(ServiceError::ChallengeClosed),
        }
    }

    pub(super) async fn expire_challenge(&self, challenge: ChallengeId, key: &str) -> Result<()> {
        let _lock = self.inner.challenge_lock.lock().await;
        let now = self.now();
        let row = self.inner.store.challenge(challenge).await?;
        let language = match &row {
            Some(row) => self.language(row.challenger).await?,
            None => Language::En,
        };
        let mut tx = self.inner.store.write.begin().await?;
        if let Some(row) = row {
            let expired = row.status == ChallengeStatus::Open
                && challenges::close(&mut tx, challenge, ChallengeStatus::Expired, None).await?;
            if expired {
                let from = row.challenger;
                outbox::enqueue(
                    &mut tx,
                    now,
                    &[Outgoing::to_user(from, None, language, Notice::ChallengeExpired { challenge })],
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
        players::ensure(&mut tx, user, now).await?;
        let m =
            self.create_match(&mut tx, [Some(user), None], Some(level), settings, origin, seed, now).await?;
        let id = m.id;
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
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

    /// Creates a match in the caller's transaction (its row, both setups, its clocks and its
    /// setup timers) and returns it as it now stands, ready to be cached once the transaction
    /// commits. Each setup is generated once, for the row and for memory.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn create_match(
        &self,
        conn: &mut AnyConnection,
        users: [Option<UserId>; 2],
        ai_level: Option<u8>,
        settings: MatchSettings,
        origin: Origin,
        seed: i64,
        now: i64,
    ) -> Result<Loaded> {
        let ruleset = settings.ruleset_kind()?;
        let setups = Side::BOTH.map(|side| self.first_setup(users, ai_level, ruleset, seed, side));
        let grids = setups.each_ref().map(|setup| setup.layout.grid_text());
        let new = NewMatch { ruleset, users, ai_level, settings: &json(&settings), origin, seed, now };
        let rows = [(grids[0].as_str(), setups[0].ready), (grids[1].as_str(), setups[1].ready)];
        let tc = settings.time_control;
        let id = matches::insert(conn, &new, rows, tc.initial_ms()).await?;
        if let Some(span) = tc.setup_span_ms() {
            let deadline = now + span;
            timers::arm_match(conn, id, TimerKind::SetupDeadline, None, 0, deadline).await?;
            if let Some(at) = reminder_at(&tc, now, deadline).filter(|_| span >= tc.reminder_lead_ms() * 2) {
                timers::arm_match(conn, id, TimerKind::SetupReminder, None, 0, at).await?;
            }
        }
        let (lang, policy) = players::seat_preferences(conn, users).await?;
        Ok(Loaded {
            id,
            users,
            lang,
            public_lang: origin.language.unwrap_or(lang[0]),
            policy,
            ai_level,
            settings,
            status: MatchStatus::Setup,
            guild: origin.guild,
            channel: origin.channel,
            seed,
            version: 0,
            next_seq: 0,
            setups,
            game: None,
            clock_ms: [tc.initial_ms(), tc.initial_ms()],
            running_since: Some(now),
            pending: None,
        })
    }

    /// A side's setup when the match is created: the AI's own layout on its seat (ready at
    /// once), an automatic one for a person to change.
    fn first_setup(
        &self,
        users: [Option<UserId>; 2],
        ai_level: Option<u8>,
        ruleset: Ruleset,
        seed: i64,
        side: Side,
    ) -> Setup {
        let side_seed = (seed as u64) ^ ((side.index() as u64 + 1) << 56);
        let ai_seat = users[side.index()].is_none();
        Setup {
            layout: match ai_level {
                Some(level) if ai_seat => MatchLayout::for_ai(ruleset, level, side_seed),
                _ => MatchLayout::auto(ruleset, side_seed),
            },
            ready: ai_seat,
        }
    }
}
