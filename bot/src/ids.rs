//! Plain identifiers used at the service boundary (no Discord types).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A Discord user id (snowflake), or any stable user id of another front end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UserId(pub u64);

/// A match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MatchId(pub i64);

/// A challenge.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChallengeId(pub i64);

/// A row of the notification outbox; deliveries are idempotent per id.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NotificationId(pub i64);

impl UserId {
    /// The value as stored in SQLite (the same 64 bits as an `i64`).
    pub fn db(self) -> i64 {
        self.0 as i64
    }
    /// From the stored value.
    pub fn from_db(v: i64) -> UserId {
        UserId(v as u64)
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
impl fmt::Display for ChallengeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "challenge {}", self.0)
    }
}
