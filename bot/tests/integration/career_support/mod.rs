//! Hand-built matches for the career tests: a match that starts from a position written
//! square by square (`"e5:CR e6:nb"`, upper case South, lower case North) is put in the store
//! exactly as the service keeps a match in play (a `matches` row, its clock, and a `started`
//! record event holding the engine's `Start::Position`), and is then played to its end
//! through the real service, so the career is written by the real end-of-match transaction.
#![allow(dead_code)]

use admiral_bot::career::board::LeaderPage;
use admiral_bot::notify::Notice;
use admiral_bot::service::MatchSettings;
use admiral_bot::{MatchId, Notification, UserId};
use admiral_engine::Rules;
use admiral_engine::{Game, Piece, Position, Side, Start};

use crate::common::*;
use admiral_engine::shared::SetupPosition;

/// A position from `"e5:CR e6:nb …"` with `to_move` to play.
pub fn position(units: &str, to_move: Side) -> Position {
    let mut p = Position::empty(to_move);
    for item in units.split_whitespace() {
        let (sq, token) = item.split_once(':').expect("square:CODE");
        let piece = Piece::from_token(token).unwrap_or_else(|| panic!("bad token {token}"));
        p.put(sq.parse().expect("square"), piece);
    }
    p
}

/// A game from a position (for the pure tests).
pub fn game(units: &str) -> Game {
    Game::from_position(position(units, Side::South), true)
}

/// Plays actions in turn on a game (auto defence), panicking on an illegal one.
pub fn play(game: &mut Game, actions: &[&str]) {
    for a in actions {
        let action = admiral_engine::Action::parse(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        game.play(&action, admiral_engine::Defense::Auto)
            .unwrap_or_else(|e| panic!("{a} refused: {e}\n{game:?}"));
    }
}

/// Who sits North in a hand-built match.
#[derive(Copy, Clone, Debug)]
pub enum North {
    /// A person.
    Human(UserId),
    /// The AI of a level.
    Ai(u8),
}

/// Settings of a hand-built match.
#[derive(Copy, Clone, Debug)]
pub struct Built {
    /// Counts for the career.
    pub rated: bool,
    /// The server it was started in.
    pub guild: u64,
}

impl Default for Built {
    fn default() -> Self {
        Built { rated: true, guild: GUILD }
    }
}

/// Puts a match in play from `units` (South to move) with `south` against `north`.
pub async fn insert_match(h: &Harness, south: UserId, north: North, units: &str, built: Built) -> MatchId {
    let pool = &h.svc.store().write;
    let now = admiral_bot::Now::now_ms(&h.now);
    let (north_user, ai_level) = match north {
        North::Human(u) => (Some(u), None),
        North::Ai(level) => (None, Some(level)),
    };
    for u in std::iter::once(south).chain(north_user) {
        sqlx::query("INSERT INTO players (user_id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(u.db())
            .bind(now)
            .execute(pool)
            .await
            .expect("player");
    }
    let settings = MatchSettings { rated: built.rated, ..MatchSettings::default() };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (south_user, north_user, ai_level, settings, status, guild_id, channel_id, seed, created_at)
         VALUES ($1, $2, $3, $4, 'playing', $5, $6, 1, $7) RETURNING id",
    )
    .bind(south.db())
    .bind(north_user.map(|u| u.db()))
    .bind(ai_level.map(i64::from))
    .bind(serde_json::to_string(&settings).unwrap())
    .bind(built.guild as i64)
    .bind(CHANNEL as i64)
    .bind(now)
    .fetch_one(pool)
    .await
    .expect("match");
    sqlx::query("INSERT INTO clocks (match_id) VALUES ($1)").bind(id).execute(pool).await.expect("clock");
    let start = Start::Position { position: position(units, Side::South).to_text(), to_move: Side::South };
    sqlx::query(
        "INSERT INTO match_events (match_id, seq, kind, side, payload, created_at) VALUES ($1, 0, 'started', NULL, $2, $3)",
    )
    .bind(id)
    .bind(serde_json::to_string(&start).unwrap())
    .bind(now)
    .execute(pool)
    .await
    .expect("started");
    MatchId(id)
}

/// Plays `(user, action)` in turn through the service.
pub async fn act_all(h: &Harness, id: MatchId, moves: &[(UserId, &str)]) {
    for (i, (user, action)) in moves.iter().enumerate() {
        let (_, ply, _) = h.svc.status(id).await.expect("status");
        h.svc
            .act(&format!("m{}-{i}", id.0), *user, id, ply, action)
            .await
            .unwrap_or_else(|e| panic!("{action} refused: {e:?}"));
    }
}

/// A hand-built match played to its end; returns the match.
pub async fn played(
    h: &Harness,
    south: UserId,
    north: North,
    units: &str,
    moves: &[(UserId, &str)],
    built: Built,
) -> MatchId {
    let id = insert_match(h, south, north, units, built).await;
    act_all(h, id, moves).await;
    let (status, _, _) = h.svc.status(id).await.expect("status");
    assert_eq!(status, admiral_bot::service::MatchStatus::Finished, "the match should be over");
    id
}

/// South's cruiser takes North's only base: South wins at ply 1 with both bases kept.
/// South: CR e5 (strength 7), NB a1, b1. North: NB e6, PS n15.
pub const TAKE_THE_BASE: &str = "e5:CR a1:NB b1:NB e6:nb n15:ps";

/// South's winning action in [`TAKE_THE_BASE`].
pub const TAKE: &str = "e5xe6";

/// South's bomb on g8 destroys 22 North submarines and both North bases (f7, h9) at ply 1;
/// South keeps a battleship on n1 and its bases on a1 and b1.
pub fn bomb_everything() -> String {
    let mut units = String::from("g8:AB n1:BB a1:NB b1:NB");
    for c in ['e', 'f', 'g', 'h', 'i'] {
        for r in 6..=10 {
            let sq = format!("{c}{r}");
            let token = match sq.as_str() {
                "g8" => continue,
                "f7" | "h9" => "nb",
                _ => "ss",
            };
            units.push_str(&format!(" {sq}:{token}"));
        }
    }
    units
}

/// The end-of-match notices delivered to `user`, oldest first.
pub async fn ended_for(h: &Harness, user: UserId) -> Vec<Notification> {
    h.deliver().await;
    h.out.to_user(user).into_iter().filter(|n| matches!(n.notice, Notice::MatchEnded { .. })).collect()
}

/// Every row of the career tables, as text (to compare two ways of computing them).
pub async fn career_tables(h: &Harness) -> String {
    let mut out = String::new();
    for (table, order) in
        [("profiles", "user_id"), ("awards", "user_id, award"), ("match_points", "match_id, user_id")]
    {
        let rows = table_rows(h.svc.store(), table, order).await;
        out.push_str(&format!("== {table}\n{}\n", rows.join("\n")));
    }
    out
}

/// The users of a leaderboard page, in order.
pub fn users(page: &LeaderPage) -> Vec<UserId> {
    page.rows.iter().map(|r| r.user).collect()
}
