//! The languages the product speaks.

use serde::{Deserialize, Serialize};

/// The two languages the product speaks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English.
    #[default]
    En,
    /// Russian.
    Ru,
}
