//! The real `admiral-bot` binary as a child process pointed at the fake: found (and brought up
//! to date) through cargo, run with its own SQLite file, killed with SIGKILL and restarted.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use crate::fake::{FakeDiscord, TOKEN};

/// The bot binary. `ADMIRAL_BOT_BIN` wins; otherwise cargo is asked, once per test process,
/// for the workspace's test build (`cargo test --workspace --no-run`: the same feature set as
/// `cargo test --workspace`, so it is already fresh there and nothing is built twice), in the
/// target directory and profile this test runs from, and the path comes from cargo's own
/// artifact messages.
pub fn binary() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(p) = std::env::var_os("ADMIRAL_BOT_BIN") {
            return PathBuf::from(p);
        }
        let exe = std::env::current_exe().expect("test executable");
        // target/<profile>/deps/<test>
        let profile_dir = exe.parent().and_then(Path::parent).expect("target/<profile>");
        let target = profile_dir.parent().expect("target dir");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["test", "--workspace", "--no-run", "--message-format=json-render-diagnostics"])
            .arg("--target-dir")
            .arg(target)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stderr(Stdio::inherit());
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        // The variables cargo sets for this test process must not reach the inner cargo: build
        // scripts track some of them (ring: `CARGO_MANIFEST_DIR`, `CARGO_PKG_*`), and a changed
        // value would rebuild the bot's dependencies, here and again in the next plain build.
        for (key, _) in std::env::vars_os() {
            let key = key.to_string_lossy().into_owned();
            if inherited_from_cargo(&key) {
                cmd.env_remove(&key);
            }
        }
        let out = cmd.output().expect("run cargo");
        assert!(out.status.success(), "cargo could not build the bot");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["reason"] == "compiler-artifact" && v["target"]["name"] == "admiral-bot")
            .filter(|v| v["target"]["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "bin")))
            .filter(|v| v["profile"]["test"] == false) // the binary, not its unit-test harness
            .find_map(|v| v["executable"].as_str().map(PathBuf::from))
            .expect("cargo did not report the admiral-bot binary")
    })
    .clone()
}

/// Whether an environment variable was set by cargo for the running test (rather than by the
/// user, like `CARGO_HOME`, `CARGO_TARGET_DIR` or `CARGO_PROFILE_*`).
fn inherited_from_cargo(key: &str) -> bool {
    const USER: [&str; 12] = [
        "CARGO_HOME",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_",
        "CARGO_TERM_",
        "CARGO_NET_",
        "CARGO_PROFILE_",
        "CARGO_REGISTR",
        "CARGO_HTTP_",
        "CARGO_INCREMENTAL",
        "CARGO_ALIAS_",
        "CARGO_UNSTABLE_",
        "CARGO_LOG",
    ];
    (key.starts_with("CARGO") && !USER.iter().any(|u| key.starts_with(u)))
        || matches!(key, "OUT_DIR" | "DEBUG" | "OPT_LEVEL" | "PROFILE" | "TARGET" | "HOST" | "NUM_JOBS")
}

/// A running bot process with its own database and log file.
pub struct Bot {
    child: Option<Child>,
    dir: tempfile::TempDir,
    base: String,
    env: Vec<(String, String)>,
    starts: u32,
}

impl Bot {
    /// Starts the bot against the fake and waits until its commands are registered.
    pub async fn start(fake: &FakeDiscord) -> Bot {
        Bot::start_with(fake, &[]).await
    }

    /// Same, with extra environment variables.
    pub async fn start_with(fake: &FakeDiscord, env: &[(&str, &str)]) -> Bot {
        let mut bot = Bot {
            child: None,
            dir: tempfile::tempdir().expect("temp dir"),
            base: fake.base_url().to_string(),
            env: env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            starts: 0,
        };
        bot.spawn(fake).await;
        bot
    }

    async fn spawn(&mut self, fake: &FakeDiscord) {
        let sessions = fake.read(|st| st.sessions);
        self.starts += 1;
        let log = std::fs::File::create(self.log_path(self.starts)).expect("log file");
        let db = self.dir.path().join("admiral.db");
        let mut cmd = Command::new(binary());
        cmd.current_dir(self.dir.path()) // no stray .env is read
            .env("DISCORD_TOKEN", TOKEN)
            .env("DATABASE_URL", format!("sqlite://{}", db.display()))
            .env("DISCORD_API_BASE", &self.base)
            .env_remove("DEV_GUILD_ID")
            .env("RUST_LOG", "info,serenity=warn,poise=warn")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        self.child = Some(cmd.spawn().expect("start admiral-bot"));
        let deadline = Duration::from_secs(60);
        let ready = fake
            .wait_for(deadline, |st| {
                (st.sessions > sessions && st.registered_in_session == st.sessions).then_some(())
            })
            .await;
        if ready.is_none() {
            panic!("the bot did not become ready; its log:\n{}", self.log());
        }
        fake.wait_ready(deadline).await;
    }

    fn log_path(&self, start: u32) -> PathBuf {
        self.dir.path().join(format!("bot-{start}.log"))
    }

    /// Everything the bot logged, over every start.
    pub fn log(&self) -> String {
        (1..=self.starts).map(|i| std::fs::read_to_string(self.log_path(i)).unwrap_or_default()).collect()
    }

    /// Kills the process with SIGKILL (no chance to finish anything) and waits for it.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts the bot again on the same database.
    pub async fn restart(&mut self, fake: &FakeDiscord) {
        self.kill();
        self.spawn(fake).await;
    }

    /// True while the process runs.
    pub fn running(&mut self) -> bool {
        self.child.as_mut().is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            eprintln!("---- admiral-bot log ----\n{}", self.log());
        }
    }
}
