//! The real `admiral-bot` binary as a child process pointed at the fake: found (and brought up
//! to date) through cargo, run with its own SQLite file or on a database shared with other
//! processes, with the shards its `SHARDS` names, killed with SIGKILL and restarted.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::fake::{FakeDiscord, State, TOKEN};

/// The bot binary. `ADMIRAL_BOT_BIN` wins; otherwise cargo is asked, once per test process,
/// for the workspace's test build (`cargo test --workspace --tests --no-run`: the same feature set
/// and targets as `scripts/test`'s run, so it is already fresh there and nothing is built twice), in the
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
        cmd.args(["test", "--workspace", "--tests", "--no-run", "--message-format=json-render-diagnostics"])
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

/// What a start of the bot must bring up before it is ready for interactions, read from its
/// `SHARDS` the way the bot reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Expected {
    /// The gateway sessions it opens: `[shard, total]`.
    shards: Vec<[u32; 2]>,
    /// Whether it registers the slash commands (the process with shard 0 does).
    registers: bool,
}

impl Expected {
    /// From `SHARDS`: unset is one process with the whole bot (`[0, 1]`), `first-last/total`
    /// or `shard/total` a range (both ends included), `none` a worker with no gateway.
    fn from_shards(value: Option<&str>) -> Expected {
        let Some(v) = value.map(str::trim) else { return Expected { shards: vec![[0, 1]], registers: true } };
        if v.eq_ignore_ascii_case("none") {
            return Expected { shards: vec![], registers: false };
        }
        fn bad(v: &str) -> ! {
            panic!("SHARDS={v}: expected `first-last/total`, `shard/total` or `none`")
        }
        let (range, total) = v.split_once('/').unwrap_or_else(|| bad(v));
        let number = |s: &str| s.trim().parse::<u32>().unwrap_or_else(|_| bad(v));
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (number(first), number(last)),
            None => (number(range), number(range)),
        };
        let total = number(total);
        Expected { shards: (first..=last).map(|s| [s, total]).collect(), registers: first == 0 }
    }

    /// Whether the start labelled `client` has done it all: checked its token, has the live
    /// session of each of its shards, and registered the commands if it is the one to.
    fn met(&self, st: &State, client: &str) -> bool {
        let mine = || st.calls.iter().filter(|c| c.by(client));
        mine().any(|c| c.path.ends_with("/oauth2/applications/@me") && c.status == 200)
            && self.shards.iter().all(|&[shard, total]| {
                st.shard_count == total
                    && st.sessions.get(&shard).is_some_and(|s| s.client.as_deref() == Some(client))
            })
            && (!self.registers || mine().any(|c| c.registers_commands()))
    }
}

/// A running bot process: a database (a SQLite file of its own, or one shared with other
/// processes), its own environment, and per start an endpoint of the fake of its own (so the
/// fake records which start identified as which shard and answered what) and a log file.
pub struct Bot {
    child: Option<Child>,
    dir: tempfile::TempDir,
    /// `bot<N>` and its `SHARDS` if set: names its starts and its log.
    name: String,
    database: String,
    env: Vec<(String, String)>,
    expected: Expected,
    /// The fake's client label of each start, in order.
    starts: Vec<String>,
}

impl Bot {
    /// Starts the bot (one process, one shard, its own SQLite file) against the fake and waits
    /// until its commands are registered.
    pub async fn start(fake: &FakeDiscord) -> Bot {
        Bot::start_with(fake, &[]).await
    }

    /// Same, with extra environment variables.
    pub async fn start_with(fake: &FakeDiscord, env: &[(&str, &str)]) -> Bot {
        Bot::launch(fake, None, env).await
    }

    /// Starts a bot process on `database` (a `DATABASE_URL` other processes use too) with extra
    /// environment variables, and waits until it is ready: its shards' sessions (from `SHARDS`)
    /// are live and, if it runs shard 0, its commands are registered.
    pub async fn start_shared(fake: &FakeDiscord, database: &str, env: &[(&str, &str)]) -> Bot {
        Bot::launch(fake, Some(database), env).await
    }

    async fn launch(fake: &FakeDiscord, database: Option<&str>, env: &[(&str, &str)]) -> Bot {
        static BOTS: AtomicU32 = AtomicU32::new(0);
        let shards = env.iter().rev().find(|(k, _)| *k == "SHARDS").map(|(_, v)| *v);
        let mut name = format!("bot{}", BOTS.fetch_add(1, Ordering::Relaxed) + 1);
        if let Some(s) = shards {
            name += &format!(" SHARDS={s}");
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let database = match database {
            Some(url) => url.to_string(),
            None => format!("sqlite://{}", dir.path().join("admiral.db").display()),
        };
        let mut bot = Bot {
            child: None,
            dir,
            name,
            database,
            env: env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            expected: Expected::from_shards(shards),
            starts: vec![],
        };
        bot.spawn(fake).await;
        bot
    }

    async fn spawn(&mut self, fake: &FakeDiscord) {
        let label = format!("{} #{}", self.name, self.starts.len() + 1);
        let base = fake.endpoint(&label).await;
        self.starts.push(label.clone());
        let log = std::fs::File::create(self.log_path(self.starts.len())).expect("log file");
        let mut cmd = Command::new(binary());
        cmd.current_dir(self.dir.path()) // no stray .env is read
            .env("DISCORD_TOKEN", TOKEN)
            .env("DATABASE_URL", &self.database)
            .env("DISCORD_API_BASE", base)
            .env_remove("DEV_GUILD_ID")
            .env_remove("SHARDS")
            .env("RUST_LOG", "info,serenity=warn,poise=warn")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        self.child = Some(cmd.spawn().expect("start admiral-bot"));
        let end = Instant::now() + Duration::from_secs(60);
        while Instant::now() < end {
            let ready =
                fake.wait_for(Duration::from_secs(1), |st| self.expected.met(st, &label).then_some(())).await;
            if ready.is_some() {
                return;
            }
            if !self.running() {
                panic!("{label} exited before it was ready; its log:\n{}", self.log());
            }
            // serenity does not give up on a refused IDENTIFY (4010 is retried every ~46 s).
            let refused: Vec<[u32; 2]> = fake
                .identifies()
                .into_iter()
                .filter(|i| i.client.as_deref() == Some(&label) && !i.accepted)
                .map(|i| i.shard)
                .collect();
            if !refused.is_empty() {
                panic!(
                    "{label}'s IDENTIFY as {refused:?} was refused: {:?}; its log:\n{}",
                    fake.problems(),
                    self.log()
                );
            }
        }
        panic!("{label} did not become ready ({:?}); its log:\n{}", self.expected, self.log());
    }

    fn log_path(&self, start: usize) -> PathBuf {
        self.dir.path().join(format!("bot-{start}.log"))
    }

    /// The fake's client label of the current start (see [`FakeDiscord::endpoint`]), e.g.
    /// `bot2 SHARDS=1/2 #1`.
    pub fn label(&self) -> &str {
        self.starts.last().expect("started")
    }

    /// The labels of every start so far, in order.
    pub fn labels(&self) -> &[String] {
        &self.starts
    }

    /// Everything the bot logged, over every start, each under its label.
    pub fn log(&self) -> String {
        let mut out = String::new();
        for (i, label) in self.starts.iter().enumerate() {
            let text = std::fs::read_to_string(self.log_path(i + 1)).unwrap_or_default();
            out += &format!("---- {label} ----\n{text}");
        }
        out
    }

    /// Kills the process with SIGKILL (no chance to finish anything) and waits for it.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts the bot again on the same database, with the same environment.
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
            eprintln!("---- admiral-bot log of {} ----\n{}", self.name, self.log());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Expected;

    #[test]
    fn shards_read_as_the_bot_reads_them() {
        let e = |shards: &[[u32; 2]], registers| Expected { shards: shards.to_vec(), registers };
        assert_eq!(Expected::from_shards(None), e(&[[0, 1]], true));
        assert_eq!(Expected::from_shards(Some("0/2")), e(&[[0, 2]], true));
        assert_eq!(Expected::from_shards(Some(" 1/2 ")), e(&[[1, 2]], false));
        assert_eq!(Expected::from_shards(Some("0-1/2")), e(&[[0, 2], [1, 2]], true));
        assert_eq!(Expected::from_shards(Some("2-3/8")), e(&[[2, 8], [3, 8]], false));
        assert_eq!(Expected::from_shards(Some("none")), e(&[], false));
    }
}
