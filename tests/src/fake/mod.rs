//! A fake Discord on loopback: REST ([`rest`]) and gateway ([`gateway`]) over one shared
//! [`state::State`]. Tests create users, inject interactions as real `INTERACTION_CREATE`
//! events ([`interact`]) on the shard Discord would use, and read what the bot did: messages,
//! DMs, acknowledgements, every REST call and IDENTIFY, and the problems found (broken
//! pictures, double or late acknowledgements, payloads over Discord's limits, unknown routes,
//! invalid shards).
//!
//! Sharding is Discord's: [`Options::shards`] is the shard count `GET /gateway/bot`
//! recommends and every IDENTIFY must use; the server's events go to shard
//! [`shard_of`]`(guild)`, events without a server (every DM interaction) to shard 0.
//!
//! Several bot processes can use one fake, each through its own [`FakeDiscord::endpoint`] (a
//! REST address and a gateway address of its own): Discord cannot tell processes apart, the
//! fake only labels what it records with the endpoint's client name, so that a test can say
//! which process identified as which shard and which one answered an interaction.

pub mod gateway;
pub mod interact;
pub mod media;
pub mod message;
pub mod model;
pub mod rest;
pub mod server;
pub mod session;
pub mod shared;
pub mod state;

pub use interact::{Outcome, Place};
pub use message::{Attachment, Component, Message};
pub use model::User;
pub use server::{FakeDiscord, Options};
pub use session::Identify;
pub use shared::{guild_on_shard, shard_of, APP_ID, CHANNEL, GUILD, TOKEN};
pub use state::{Call, Interaction, Modal, Response, State};
