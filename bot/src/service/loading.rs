//! Loading a match: its rows read from the store and its record replayed through the engine;
//! a cached copy is used only while its stored version is unchanged.

use super::prelude::*;

impl Service {
    pub(super) fn slot(&self, id: MatchId) -> Slot {
        let mut map = self.inner.matches.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(id).or_default().clone()
    }

    /// The match in `guard`, loaded from the store if it is not cached or if the cached copy
    /// is out of date: another process sharing the database may have changed it (its version
    /// moved), and nothing may be decided on a stale copy.
    pub(super) async fn load_into<'a>(
        &self,
        guard: &'a mut Option<Loaded>,
        id: MatchId,
    ) -> Result<&'a mut Loaded> {
        if let Some(cached) = guard.as_ref() {
            let version = self.inner.store.match_version(id).await?;
            if version != Some(cached.version) {
                *guard = None;
            }
        }
        if guard.is_none() {
            *guard = Some(self.load(id).await?);
        }
        guard.as_mut().ok_or(ServiceError::NoSuchMatch(id))
    }

    /// Loads a match from the store, replaying its record through the engine. Its rows are
    /// read in one snapshot: a copy never mixes two versions of the match.
    pub(super) async fn load(&self, id: MatchId) -> Result<Loaded> {
        let stored = self.inner.store.match_rows(id).await?.ok_or(ServiceError::NoSuchMatch(id))?;
        let row = stored.row;
        let settings: MatchSettings = serde_json::from_str(&row.settings).map_err(corrupt)?;
        let (lang, policy) = stored.preferences;
        let ruleset = row.ruleset;
        let mut setups = [
            Setup { layout: MatchLayout::empty(ruleset), ready: false },
            Setup { layout: MatchLayout::empty(ruleset), ready: false },
        ];
        for setup in stored.setups {
            setups[setup.side.index()] = Setup {
                layout: MatchLayout::parse_partial(ruleset, &setup.grid)
                    .map_err(|_| corrupt("stored layout"))?,
                ready: setup.ready,
            };
        }
        let next_seq = stored.events.len() as i64;
        let game = MatchGame::replay(&settings, &stored.events)?;
        let clocks = stored.clocks;
        let pending = match stored.pending {
            None => None,
            Some(p) => {
                let options: Vec<Vec<Square>> = serde_json::from_str(&p.options).map_err(corrupt)?;
                Some(Pending {
                    ply: p.ply,
                    defender: p.defender,
                    action: Action::parse(&p.action).map_err(corrupt)?,
                    options: options.iter().filter_map(|o| Partners::new(o)).collect(),
                    deadline: p.deadline,
                })
            }
        };
        Ok(Loaded {
            id,
            users: row.users,
            lang,
            public_lang: row.origin.language.unwrap_or(lang[0]),
            policy,
            ai_level: row.ai_level,
            settings,
            status: row.status,
            guild: row.origin.guild,
            channel: row.origin.channel,
            seed: row.seed,
            version: row.version,
            next_seq,
            setups,
            game,
            clock_ms: clocks.remaining_ms,
            running_since: clocks.running_since,
            pending,
        })
    }

    pub(super) async fn language(&self, user: UserId) -> Result<Language> {
        Ok(self.inner.store.stored_language(user).await?.unwrap_or_default())
    }
}

/// Rebuilds the engine record of an Admiral match from its events (`None` before it started).
pub fn record_from_events(settings: &MatchSettings, events: &[MatchEvent]) -> Result<Option<Record>> {
    rules::fold_record(
        events,
        |start: Start| Record::started(settings.rules, settings.ruleset.clone(), settings.intel, start),
        |record, turn: Turn| record.turns.push(turn),
        |record, ending| record.ending = Some(ending),
    )
}

/// Replays a match's committed record straight from the database (no cache): the reference
/// the crash test compares the live state with.
pub async fn replay_from_store(store: &Store, id: MatchId) -> Result<Option<Game>> {
    let settings = store.match_settings(id).await?.ok_or(ServiceError::NoSuchMatch(id))?;
    let settings: MatchSettings = serde_json::from_str(&settings).map_err(corrupt)?;
    let events = events::of_match(&store.read, id).await?;
    Ok(MatchGame::replay(&settings, &events)?.and_then(|g| match g {
        MatchGame::Admiral(g) => Some(g),
        MatchGame::Stratego(_) => None,
    }))
}
