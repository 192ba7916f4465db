//! The start most scenarios share: the fake Discord, Alice and Bob in its server, and the bot
//! running against it.

use crate::bot::Bot;
use crate::fake::FakeDiscord;
use crate::player::Player;

/// Two members of the fake's server and the bot. Tests take it apart
/// (`let Cast { fake, alice, bob, bot } = …`); the bot is killed when it is dropped.
pub struct Cast {
    /// The fake Discord.
    pub fake: FakeDiscord,
    /// Alice, who uses Discord in English (`en-US`).
    pub alice: Player,
    /// Bob, in the locale the scenario chose.
    pub bob: Player,
    /// The bot binary, started after both joined.
    pub bot: Bot,
}

impl Cast {
    /// Starts the fake, lets Alice (`en-US`) and Bob (`bob_locale`) join, then starts the bot.
    pub async fn start(bob_locale: &str) -> Cast {
        let fake = FakeDiscord::start().await;
        let alice = Player::join(&fake, "alice", "en-US");
        let bob = Player::join(&fake, "bob", bob_locale);
        let bot = Bot::start(&fake).await;
        Cast { fake, alice, bob, bot }
    }
}
