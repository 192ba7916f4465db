//! Cards.
