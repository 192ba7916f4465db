//! How the service writes values into the store's text columns, and names a damaged record.

use serde::Serialize;

use crate::error::ServiceError;

/// `value` as JSON (the store's settings, results and payload columns).
pub(super) fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// A stored value the service cannot read: the database is damaged.
pub(super) fn corrupt(what: impl std::fmt::Display) -> ServiceError {
    ServiceError::Corrupt(what.to_string())
}
