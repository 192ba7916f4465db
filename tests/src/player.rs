//! Scripted players: what a person does in Discord, as one call each ("Alice challenges Bob",
//! "Bob accepts", "both press Ready", "Alice plays e5-e6"), over the fake.

use std::time::Duration;

use crate::fake::{FakeDiscord, Message, Outcome, Place, User};

/// How long a player waits for the bot before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A person using Discord.
#[derive(Clone)]
pub struct Player {
    /// The fake they use.
    pub fake: FakeDiscord,
    /// Their account.
    pub user: User,
}

/// The match id of a custom id `adm:<verb>:<match>[:<ply>]`.
pub fn match_of(custom_id: &str) -> Option<u64> {
    custom_id.split(':').nth(2)?.parse().ok()
}

/// The ply of a custom id `adm:act:<match>:<ply>`.
pub fn ply_of(custom_id: &str) -> Option<u32> {
    custom_id.split(':').nth(3)?.parse().ok()
}

impl Player {
    /// A new member of the server with a Discord locale (`en-US`, `ru`).
    pub fn join(fake: &FakeDiscord, name: &str, locale: &str) -> Player {
        Player { fake: fake.clone(), user: fake.add_user(name, locale) }
    }

    /// The user id.
    pub fn id(&self) -> u64 {
        self.user.id
    }

    /// `<@id>`.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.user.id)
    }

    /// Runs a slash command and waits for the answer.
    pub async fn run(&self, place: Place, path: &str, opts: &[(&str, &str)]) -> Outcome {
        let id = self.fake.command(&self.user, place, path, opts).await;
        self.fake.outcome(id, PATIENCE).await
    }

    /// Types into an option with autocomplete and reads the choices (name, value).
    pub async fn complete(
        &self,
        place: Place,
        path: &str,
        opts: &[(&str, &str)],
        option: &str,
        typed: &str,
    ) -> Vec<(String, String)> {
        let id = self.fake.autocomplete(&self.user, place, path, opts, option, typed).await;
        self.fake.outcome(id, PATIENCE).await.choices().to_vec()
    }

    /// Presses the component whose custom id starts with `prefix` on a message.
    pub async fn press(&self, message: &Message, prefix: &str) -> Outcome {
        let c = self.fake.message(message.id).and_then(|m| m.component(prefix));
        let c =
            c.unwrap_or_else(|| panic!("no {prefix} on message {}: {:?}", message.id, message.components()));
        let id = self.fake.click(&self.user, message.id, &c.custom_id, None).await;
        self.fake.outcome(id, PATIENCE).await
    }

    /// Presses exactly this custom id (even if the message moved on: a stale button).
    pub async fn press_id(&self, message: &Message, custom_id: &str) -> Outcome {
        let id = self.fake.click(&self.user, message.id, custom_id, None).await;
        self.fake.outcome(id, PATIENCE).await
    }

    /// Picks `value` in the select menu whose custom id starts with `prefix`.
    pub async fn choose(&self, message: &Message, prefix: &str, value: &str) -> Outcome {
        let c = self.fake.message(message.id).and_then(|m| m.component(prefix)).expect("select menu");
        let id = self.fake.click(&self.user, message.id, &c.custom_id, Some(&[value])).await;
        self.fake.outcome(id, PATIENCE).await
    }

    /// Fills in and submits a modal the bot opened.
    pub async fn submit(&self, opened: &Outcome, values: &[&str]) -> Outcome {
        let id = self.fake.submit(&self.user, opened.modal(), values).await;
        self.fake.outcome(id, PATIENCE).await
    }

    /// Every DM the bot sent this player.
    pub fn dms(&self) -> Vec<Message> {
        self.fake.dms(self.user.id)
    }

    /// Waits for a DM matching `pred` (`what` names it in the failure message).
    pub async fn wait_dm(&self, what: &str, pred: impl Fn(&Message) -> bool) -> Message {
        let fake = &self.fake;
        let uid = self.user.id;
        let found =
            fake.wait_for(PATIENCE, |st| st.dms(uid).into_iter().rev().find(|m| pred(m)).cloned()).await;
        found.unwrap_or_else(|| {
            let texts: Vec<String> = self.dms().iter().map(|m| m.content.clone()).collect();
            panic!("{} got no DM: {what}; DMs so far: {texts:#?}", self.user.name)
        })
    }

    /// Waits for a message in the server channel matching `pred`.
    pub async fn wait_public(&self, what: &str, pred: impl Fn(&Message) -> bool) -> Message {
        let found = self
            .fake
            .wait_for(PATIENCE, |st| st.channel_messages().into_iter().rev().find(|m| pred(m)).cloned())
            .await;
        found.unwrap_or_else(|| {
            panic!("no public message: {what}; channel: {:#?}", self.fake.channel_messages())
        })
    }

    /// "Alice challenges Bob" (in the server channel), with extra options (`time`, `rated`, …).
    pub async fn challenge(&self, other: &Player, opts: &[(&str, &str)]) -> Outcome {
        let opp = other.id().to_string();
        let mut all = vec![("opponent", opp.as_str())];
        all.extend_from_slice(opts);
        let out = self.run(Place::Server, "admiral challenge", &all).await;
        assert!(!out.is_refusal(), "challenge refused: {}", out.text());
        out
    }

    /// The public challenge addressed to this player (waits for it).
    pub async fn challenge_message(&self) -> Message {
        let me = self.mention();
        self.wait_public("a challenge", |m| m.component("adm:accept:").is_some() && m.content.contains(&me))
            .await
    }

    /// "Bob accepts": presses Accept under the challenge; returns the match id.
    pub async fn accept(&self) -> u64 {
        let msg = self.challenge_message().await;
        let out = self.press(&msg, "adm:accept:").await;
        assert!(!out.is_refusal(), "accept refused: {}", out.text());
        out.text()
            .split("#")
            .nth(1)
            .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|s| s.parse().ok())
            .expect("match id in the accepted challenge")
    }

    /// The setup DM of a match (preview picture and setup buttons).
    pub async fn setup_dm(&self, m: u64) -> Message {
        let ready = format!("adm:ready:{m}");
        self.wait_dm("the setup preview", |d| d.component(&ready).is_some()).await
    }

    /// Presses Ready on the setup DM.
    pub async fn ready(&self, m: u64) -> Outcome {
        let dm = self.setup_dm(m).await;
        assert!(dm.file("setup.png").is_some_and(|a| a.is_png()), "setup preview: {:?}", dm.attachments);
        let out = self.press(&dm, &format!("adm:ready:{m}")).await;
        assert!(!out.is_refusal(), "ready refused: {}", out.text());
        out
    }

    /// The "your turn" DM for a ply of a match (waits for it).
    pub async fn turn_dm(&self, m: u64, ply: u32) -> Message {
        let id = format!("adm:act:{m}:{ply}");
        self.wait_dm(&format!("your turn at ply {ply}"), |d| d.component(&id).is_some()).await
    }

    /// Every "your turn" DM of a match this player got, with its ply, in order.
    pub fn turn_dms(&self, m: u64) -> Vec<(u32, Message)> {
        let prefix = format!("adm:act:{m}:");
        self.dms()
            .into_iter()
            .filter_map(|d| Some((d.component(&prefix).and_then(|c| ply_of(&c.custom_id))?, d)))
            .collect()
    }

    /// The legal actions offered while typing `typed` into `/admiral move action:`.
    pub async fn actions(&self, place: Place, m: u64, typed: &str) -> Vec<(String, String)> {
        let ms = m.to_string();
        self.complete(place, "admiral move", &[("match", &ms)], "action", typed).await
    }

    /// "Alice plays e5-e6" with `/admiral move`.
    pub async fn play(&self, place: Place, m: u64, notation: &str) -> Outcome {
        let ms = m.to_string();
        self.run(place, "admiral move", &[("action", notation), ("match", &ms)]).await
    }
}
