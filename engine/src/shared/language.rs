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

impl Language {
    /// `en` in English, `ru` in Russian: a text (or anything else) chosen by language.
    #[inline]
    pub fn pick<T>(self, en: T, ru: T) -> T {
        match self {
            Language::En => en,
            Language::Ru => ru,
        }
    }
}
