//! Guided lessons (`/admiral learn`). A try of a lesson is an ordinary match, so that it is
//! played with the same board pictures, buttons, autocomplete, records and recovery as any
//! other: the learner sits South at the lesson's position, the lesson's script plays North
//! (its level-1 AI when the script has nothing legal), and after every turn the lesson's
//! judgement may end the try, recorded as a resignation of the side it went against. Where a
//! player stands on each lesson is kept in `lesson_progress`, in the transaction of the turn
//! that decided it.

use admiral_engine::lessons::{self, Lesson, Lessons, Verdict, LEARNER};

use super::prelude::*;
use crate::clock::TimeControl;
use crate::store::lessons::{self as progress, LessonRow, LessonState, TryEnd};
use crate::store::matches;

/// What `/admiral learn` or a lesson's button opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonOpened {
    /// A new try of `lesson`, in match `id`; its brief and board are on their way by DM.
    Started {
        /// The lesson.
        lesson: String,
        /// The try's match.
        id: MatchId,
    },
    /// The try of `lesson` that was already under way; its brief and board are sent again.
    Resumed {
        /// The lesson.
        lesson: String,
        /// The try's match.
        id: MatchId,
    },
    /// Every lesson of the ruleset's path is passed or skipped.
    PathDone {
        /// The path's game.
        ruleset: Ruleset,
    },
}

/// How far a player is along one game's path of lessons.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PathStanding {
    /// The path's game.
    pub ruleset: Ruleset,
    /// Lessons passed.
    pub passed: u32,
    /// Lessons skipped without passing.
    pub skipped: u32,
    /// Lessons on the path.
    pub lessons: u32,
}

/// The built-in lessons (read once; a broken file is a failure of the program, not of a
/// player's request).
pub(super) fn catalogue() -> Result<&'static Lessons> {
    lessons::catalogue().map_err(|e| corrupt(e.to_string()))
}

impl Loaded {
    /// The lesson this match is a try of, if it is one.
    pub(super) fn lesson(&self) -> Option<&'static Lesson> {
        let id = self.settings.lesson.as_deref()?;
        lessons::catalogue().ok()?.get(id)
    }

    /// The lesson of a try played from a lesson's position against its script (not a lesson
    /// that is a whole match, which is played as any match against the AI).
    pub(super) fn scripted_lesson(&self) -> Option<&'static Lesson> {
        self.lesson().filter(|lesson| lesson.whole_match.is_none())
    }
}

impl Service {
    /// Opens the player's place on the path of `ruleset`'s lessons (Admiral's by default): the
    /// try under way if there is one, else a new try of the lesson they last failed, else the
    /// first lesson they have neither passed nor skipped.
    pub async fn learn(
        &self,
        user: UserId,
        ruleset: Option<Ruleset>,
        origin: Origin,
    ) -> Result<LessonOpened> {
        let ruleset = ruleset.unwrap_or(Ruleset::Admiral);
        let catalogue = catalogue()?;
        let rows = self.inner.store.lesson_progress(user).await?;
        let on_path = |row: &&LessonRow| catalogue.get(&row.lesson).is_some_and(|l| l.ruleset == ruleset);
        if let Some(id) = rows.iter().filter(on_path).find_map(LessonRow::running_try) {
            return self.resume(user, id).await;
        }
        let settled = |id: &str| rows.iter().any(|r| r.lesson == id && r.state != LessonState::Open);
        let failed_last = rows.iter().filter(on_path).find(|r| r.state == LessonState::Open);
        let next = match failed_last {
            Some(row) => catalogue.get(&row.lesson),
            None => catalogue.path(ruleset).find(|l| !settled(&l.id)),
        };
        match next {
            Some(lesson) => self.start_lesson(user, lesson, origin).await,
            None => Ok(LessonOpened::PathDone { ruleset }),
        }
    }

    /// Opens lesson `id` (any lesson, passed ones too): its try under way, or a new one.
    pub async fn open_lesson(&self, user: UserId, id: &str, origin: Origin) -> Result<LessonOpened> {
        let lesson = catalogue()?.get(id).ok_or_else(|| ServiceError::NoSuchLesson(id.to_string()))?;
        let rows = self.inner.store.lesson_progress(user).await?;
        if let Some(running) = rows.iter().find(|r| r.lesson == lesson.id).and_then(LessonRow::running_try) {
            return self.resume(user, running).await;
        }
        self.start_lesson(user, lesson, origin).await
    }

    /// "Try again" under the try in match `from`: a new try of its lesson (the try under way
    /// if the player already started one since).
    pub async fn retry_lesson(&self, user: UserId, from: MatchId, origin: Origin) -> Result<LessonOpened> {
        let lesson = self.lesson_of(user, from).await?;
        if let Some(opened) = self.moved_on(user, lesson, from).await? {
            return Ok(opened);
        }
        self.start_lesson(user, lesson, origin).await
    }

    /// "Skip" under the try in match `from`: the lesson counts as skipped (unless passed) and
    /// the next one opens.
    pub async fn skip_lesson(&self, user: UserId, from: MatchId, origin: Origin) -> Result<LessonOpened> {
        let lesson = self.lesson_of(user, from).await?;
        if let Some(opened) = self.moved_on(user, lesson, from).await? {
            return Ok(opened);
        }
        self.abandon(user, from).await?;
        let mut tx = self.inner.store.write.begin().await?;
        progress::settle(&mut tx, user, &lesson.id, TryEnd::Skipped, self.now()).await?;
        tx.commit().await?;
        self.open_after(user, lesson, origin).await
    }

    /// "Next lesson" under the passed try in match `from`.
    pub async fn next_lesson(&self, user: UserId, from: MatchId, origin: Origin) -> Result<LessonOpened> {
        let lesson = self.lesson_of(user, from).await?;
        self.open_after(user, lesson, origin).await
    }

    /// The lessons `user` has passed.
    pub async fn passed_lessons(&self, user: UserId) -> Result<Vec<String>> {
        let rows = self.inner.store.lesson_progress(user).await?;
        Ok(rows.into_iter().filter(|r| r.state == LessonState::Passed).map(|r| r.lesson).collect())
    }

    /// The lesson match `id` is a try of, if it is one.
    pub async fn match_lesson(&self, id: MatchId) -> Result<Option<String>> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        Ok(m.settings.lesson.clone())
    }

    /// How far `user` is along each game's path.
    pub async fn lesson_standing(&self, user: UserId) -> Result<Vec<PathStanding>> {
        let catalogue = catalogue()?;
        let rows = self.inner.store.lesson_progress(user).await?;
        Ok([Ruleset::Admiral, Ruleset::Stratego]
            .into_iter()
            .map(|ruleset| {
                let count = |state: LessonState| {
                    catalogue
                        .path(ruleset)
                        .filter(|l| rows.iter().any(|r| r.lesson == l.id && r.state == state))
                        .count() as u32
                };
                PathStanding {
                    ruleset,
                    passed: count(LessonState::Passed),
                    skipped: count(LessonState::Skipped),
                    lessons: catalogue.path(ruleset).count() as u32,
                }
            })
            .collect())
    }

    /// The lesson after `lesson`: its try under way, a new try, or the end of the path.
    async fn open_after(&self, user: UserId, lesson: &Lesson, origin: Origin) -> Result<LessonOpened> {
        let catalogue = catalogue()?;
        match catalogue.next_after(&lesson.id) {
            Some(next) => self.open_lesson(user, &next.id, origin).await,
            None => Ok(LessonOpened::PathDone { ruleset: lesson.ruleset }),
        }
    }

    /// The lesson match `from` is a try of, checked to be `user`'s (`NotYourMatch`,
    /// `NotALesson` otherwise).
    pub async fn lesson_of(&self, user: UserId, from: MatchId) -> Result<&'static Lesson> {
        let slot = self.slot(from);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, from).await?;
        if m.users[LEARNER.index()] != Some(user) {
            return Err(ServiceError::NotYourMatch);
        }
        m.lesson().ok_or(ServiceError::NotALesson)
    }

    /// When the player has started another try of `lesson` since the one in `from` (a button
    /// pressed twice, or under an old message), that try, taken up again.
    async fn moved_on(&self, user: UserId, lesson: &Lesson, from: MatchId) -> Result<Option<LessonOpened>> {
        let rows = self.inner.store.lesson_progress(user).await?;
        let since = rows.iter().find(|r| r.lesson == lesson.id && r.match_id != Some(from));
        match since.and_then(LessonRow::running_try) {
            Some(id) => self.resume(user, id).await.map(Some),
            None => Ok(None),
        }
    }

    /// Sends the brief and the board of the try in match `id` again.
    async fn resume(&self, user: UserId, id: MatchId) -> Result<LessonOpened> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let lesson = m.lesson().ok_or(ServiceError::NotALesson)?;
        if m.users[LEARNER.index()] != Some(user) {
            return Err(ServiceError::NotYourMatch);
        }
        let out = self.lesson_opening(m, lesson);
        let mut tx = self.inner.store.write.begin().await?;
        outbox::enqueue(&mut tx, self.now(), &out).await?;
        tx.commit().await?;
        self.committed();
        Ok(LessonOpened::Resumed { lesson: lesson.id.clone(), id })
    }

    /// Ends the try in match `id` if it is still being played, telling nobody: the player
    /// left it for another lesson.
    async fn abandon(&self, user: UserId, id: MatchId) -> Result<()> {
        match self.resign(&format!("lesson-left:{}", id.0), user, id).await {
            Ok(_) | Err(ServiceError::MatchOver) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Starts a new try of `lesson` for `user` (leaving any other try under way): one
    /// transaction creates the match at the lesson's position, records the try and queues
    /// the brief and the board.
    async fn start_lesson(&self, user: UserId, lesson: &Lesson, origin: Origin) -> Result<LessonOpened> {
        let rows = self.inner.store.lesson_progress(user).await?;
        for id in rows.iter().filter_map(LessonRow::running_try) {
            self.abandon(user, id).await?;
        }
        let settings = MatchSettings {
            ruleset: lesson.ruleset.name().to_string(),
            time_control: TimeControl::Untimed,
            intel: true,
            rated: false,
            lesson: Some(lesson.id.clone()),
            ..MatchSettings::default()
        }
        .normalised();
        let now = self.now();
        let seed = mix(now as u64 ^ user.0.rotate_left(23)) as i64;
        let level = lesson.whole_match.map_or(1, |whole| whole.level);
        let mut tx = self.inner.store.write.begin().await?;
        players::ensure(&mut tx, user, now).await?;
        let mut m =
            self.create_match(&mut tx, [Some(user), None], Some(level), settings, origin, seed, now).await?;
        // A whole match begins with the learner's setup, like any match against the AI.
        if lesson.whole_match.is_none() {
            let game = MatchGame::from_lesson(lesson)?;
            let start = MatchEvent::Started { start: game.start_json() };
            events::append(&mut tx, m.id, m.next_seq, &start, now).await?;
            m.next_seq += 1;
            if !matches::set_playing(&mut tx, m.id, m.version).await? {
                return Err(ServiceError::Conflict);
            }
            m.version += 1;
            m.status = MatchStatus::Playing;
            m.running_since = Some(now);
            m.game = Some(game);
        }
        let out = self.lesson_opening(&m, lesson);
        progress::open(&mut tx, user, &lesson.id, m.id, now).await?;
        outbox::enqueue(&mut tx, now, &out).await?;
        let id = m.id;
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        tx.commit().await?;
        *guard = Some(m);
        drop(guard);
        self.committed();
        Ok(LessonOpened::Started { lesson: lesson.id.clone(), id })
    }

    /// Whether the turn just applied to `m`'s game ends the match: the board decided it, or,
    /// in a lesson's try, the lesson's judgement did. Then the side the verdict goes against
    /// resigns (the learner on a failure), so that the record and the end are those of any
    /// match.
    pub(super) fn turn_ends_match(m: &mut Loaded) -> bool {
        let lesson = m.lesson();
        let Some(game) = m.game.as_mut() else { return false };
        if game.outcome().is_some() {
            return true;
        }
        let Some(lesson) = lesson else { return false };
        let loser = match game.lesson_verdict(lesson) {
            Verdict::Playing => return false,
            Verdict::Passed => LEARNER.opponent(),
            Verdict::Failed(_) => LEARNER,
        };
        game.end_by(loser, EndReason::Resignation).is_some()
    }

    /// The end of a try, in the caller's transaction (from [`Service::finish`]): the learner's
    /// progress and the verdict's message. A try left for another lesson tells nobody.
    pub(super) async fn finish_lesson_try(
        &self,
        conn: &mut AnyConnection,
        m: &Loaded,
        lesson: &Lesson,
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<()> {
        let (Some(user), Some(game)) = (m.users[LEARNER.index()], m.game.as_ref()) else {
            return Ok(());
        };
        let (end, failure) = match game.lesson_verdict(lesson) {
            Verdict::Playing => return Ok(()),
            Verdict::Passed => (TryEnd::Passed, None),
            Verdict::Failed(failure) => (TryEnd::Failed, Some(failure.key)),
        };
        progress::settle(conn, user, &lesson.id, end, now).await?;
        let next = catalogue()?.next_after(&lesson.id).map(|l| l.id.clone());
        out.extend(m.dm(
            LEARNER,
            Notice::LessonEnded {
                lesson: lesson.id.clone(),
                view: Box::new(game.player_view(LEARNER)),
                failure,
                next,
            },
        ));
        Ok(())
    }

    /// The messages that open (or reopen) a try: the lesson's brief, then the learner's board
    /// (or, before a whole match starts, the setup).
    fn lesson_opening(&self, m: &Loaded, lesson: &Lesson) -> Vec<Outgoing> {
        let then = match &m.game {
            Some(game) => game.board_notice(LEARNER, None),
            None => self.setup_notice(m, LEARNER),
        };
        [Notice::LessonBrief { lesson: lesson.id.clone() }, then]
            .into_iter()
            .filter_map(|notice| m.dm(LEARNER, notice))
            .collect()
    }
}
