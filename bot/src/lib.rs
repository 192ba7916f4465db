//! # admiral-bot
//!
//! The bot's core, independent of Discord: a [`service::Service`] through which everything
//! that happens in a match goes. It persists to SQLite ([`store`]), keeps the match record as
//! an append-only event table, runs clocks and deadlines from the database ([`clock`],
//! [`timers`]), and announces what happened through a transactional outbox ([`outbox`]) of
//! plain-data notifications ([`notify`]) handed to a [`outbox::Delivery`] implementation.
//!
//! The Discord adapter ([`discord`], with the `admiral-bot` binary) sits in front of the
//! service and implements [`outbox::Delivery`]; the service never sees a Discord type. Tests drive the
//! service directly against real SQLite files.

#![warn(missing_docs)]

pub mod ai;
pub mod autoplace;
pub mod career;
pub mod clock;
pub mod config;
pub mod discord;
pub mod error;
pub mod ids;
pub mod model;
pub mod notify;
pub mod outbox;
pub mod service;
pub mod store;
pub use store::timers;

pub use clock::{ManualNow, Now, SystemNow, TimeControl};
pub use error::ServiceError;
pub use ids::{ChallengeId, MatchId, NotificationId, UserId};
pub use notify::{Notice, Notification, Picture, Recipient};
pub use outbox::{Delivery, DeliveryError, RecordingDelivery};
pub use service::{MatchSettings, Service, ServiceConfig};
