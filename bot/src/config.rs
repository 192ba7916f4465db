//! The bot's configuration, from the environment (and a `.env` file, loaded by the binary).
//!
//! | variable | meaning |
//! |---|---|
//! | `DISCORD_TOKEN` | the bot token (required) |
//! | `DATABASE_URL` | `sqlite://…` (default [`crate::store::DEFAULT_DATABASE_URL`]) or `postgres://…` |
//! | `DEV_GUILD_ID` | register the commands in this one server (instant) instead of globally |
//! | `DISCORD_API_BASE` | send every HTTP request to this base URL instead of `https://discord.com`, with the rate limiter off (end-to-end tests against a fake Discord) |
//! | `AI_SEARCHES` | AI searches run at once (default: the machine's cores); more AI turns wait in line |
//! | `SHARDS` | the Discord shards this process runs: unset for one process with the whole bot, `first-last/total` (e.g. `0-3/8`, both ends included; `2/8` for one), or `none` for a worker that runs AI turns, timers and the outbox with no gateway |
//! | `RUST_LOG` | log filter (`tracing-subscriber` syntax), default `info` |

use std::fmt;

/// What went wrong reading the configuration (shown to the operator, never a panic).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    /// `DISCORD_TOKEN` is missing or empty.
    MissingToken,
    /// `DISCORD_TOKEN` does not look like a bot token.
    MalformedToken,
    /// `DEV_GUILD_ID` is not a number.
    BadGuildId(String),
    /// `DISCORD_API_BASE` is not an http(s) URL.
    BadApiBase(String),
    /// `AI_SEARCHES` is not a positive number.
    BadAiSearches(String),
    /// `SHARDS` is not `first-last/total`, `shard/total` or `none`.
    BadShards(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::MissingToken => write!(
                f,
                "DISCORD_TOKEN is not set. Create a bot in the Discord developer portal \
                 (https://discord.com/developers/applications → your app → Bot → Reset Token), \
                 then put DISCORD_TOKEN=... in the environment or in a .env file (see .env.example)."
            ),
            ConfigError::MalformedToken => write!(
                f,
                "DISCORD_TOKEN does not look like a bot token (expected three dot-separated parts, \
                 no spaces). Copy it again from the developer portal's Bot page."
            ),
            ConfigError::BadGuildId(v) => {
                write!(f, "DEV_GUILD_ID must be a server id (a number), got `{v}`")
            }
            ConfigError::BadApiBase(v) => {
                write!(f, "DISCORD_API_BASE must be an http:// or https:// URL, got `{v}`")
            }
            ConfigError::BadAiSearches(v) => {
                write!(f, "AI_SEARCHES must be how many AI searches run at once (1 or more), got `{v}`")
            }
            ConfigError::BadShards(v) => write!(
                f,
                "SHARDS must be `first-last/total` (e.g. `0-3/8`: shards 0 to 3 of 8, first ≤ last < total), \
                 `shard/total`, or `none` for a worker without a gateway; got `{v}`"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Which Discord shards a process runs (`SHARDS`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Shards {
    /// The whole bot in this process (one shard): the default.
    #[default]
    All,
    /// Shards `first` to `last` (both included) of `total`: several processes share the
    /// gateway, each with its range.
    Range {
        /// The first shard of the range.
        first: u32,
        /// The last shard of the range (included).
        last: u32,
        /// How many shards the bot has in all.
        total: u32,
    },
    /// No gateway: a worker for AI turns, timers and the outbox.
    None,
}

impl Shards {
    /// Reads `first-last/total`, `shard/total` or `none`.
    pub fn parse(text: &str) -> Option<Shards> {
        if text.eq_ignore_ascii_case("none") {
            return Some(Shards::None);
        }
        let (range, total) = text.split_once('/')?;
        let total: u32 = total.trim().parse().ok()?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (first.trim().parse().ok()?, last.trim().parse().ok()?),
            None => {
                let shard = range.trim().parse().ok()?;
                (shard, shard)
            }
        };
        (first <= last && last < total).then_some(Shards::Range { first, last, total })
    }

    /// Whether this process registers the slash commands: the one running shard 0 (one
    /// registration per bot, not one per process).
    pub fn registers_commands(self) -> bool {
        match self {
            Shards::All => true,
            Shards::Range { first, .. } => first == 0,
            Shards::None => false,
        }
    }
}

/// The settings the binary runs with. Its `Debug` (logged at start) shows neither the token
/// nor the database password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The bot token.
    pub token: Secret,
    /// The database URL (`sqlite://…` or `postgres://…`).
    pub database_url: Secret,
    /// Register the commands in this server only (development).
    pub dev_guild: Option<u64>,
    /// Another Discord API base URL (tests), without a trailing slash.
    pub api_base: Option<String>,
    /// How many AI searches run at once (each takes a core).
    pub ai_searches: usize,
    /// The Discord shards this process runs.
    pub shards: Shards,
}

/// A setting that must not reach the logs whole: `Debug` and `Display` show a masked form (the
/// token as `<redacted>`, a URL without its password), and only [`Secret::expose`] gives the
/// value, where it is used.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret {
    value: String,
    shown: String,
}

impl Secret {
    /// A secret shown as `<redacted>`.
    pub fn redacted(value: String) -> Secret {
        Secret { value, shown: "<redacted>".into() }
    }

    /// A URL shown without its password (`postgres://admiral:***@db.example/admiral`), in the
    /// user part or as a `password=` parameter.
    pub fn url(value: String) -> Secret {
        Secret { shown: without_password(&value), value }
    }

    /// The value itself.
    pub fn expose(&self) -> &str {
        &self.value
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl PartialEq<&str> for Secret {
    fn eq(&self, other: &&str) -> bool {
        self.value == *other
    }
}

/// `url` with `***` for the password of its user part and of any `password=` parameter.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let (authority, tail) = rest.split_at(rest.find(['/', '?', '#']).unwrap_or(rest.len()));
    let authority = match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{user}:***@{host}"),
            None => authority.to_string(),
        },
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let params: Vec<String> = query
                .split('&')
                .map(|p| match p.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                    _ => p.to_string(),
                })
                .collect();
            format!("{path}?{}", params.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads the configuration through `get` (testable without touching the environment).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let value = |k: &str| get(k).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let token = value("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let token = token.strip_prefix("Bot ").unwrap_or(&token).trim().to_string();
        if token.split('.').count() != 3 || token.chars().any(char::is_whitespace) {
            return Err(ConfigError::MalformedToken);
        }
        let database_url =
            value("DATABASE_URL").unwrap_or_else(|| crate::store::DEFAULT_DATABASE_URL.to_string());
        let dev_guild = match value("DEV_GUILD_ID") {
            None => None,
            Some(v) => Some(v.parse::<u64>().ok().filter(|g| *g > 0).ok_or(ConfigError::BadGuildId(v))?),
        };
        let api_base = match value("DISCORD_API_BASE") {
            None => None,
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
                Some(v.trim_end_matches('/').to_string())
            }
            Some(v) => return Err(ConfigError::BadApiBase(v)),
        };
        let ai_searches = match value("AI_SEARCHES") {
            None => crate::ServiceConfig::default_ai_searches(),
            Some(v) => v.parse::<usize>().ok().filter(|n| *n > 0).ok_or(ConfigError::BadAiSearches(v))?,
        };
        let shards = match value("SHARDS") {
            None => Shards::All,
            Some(v) => Shards::parse(&v).ok_or(ConfigError::BadShards(v))?,
        };
        let (token, database_url) = (Secret::redacted(token), Secret::url(database_url));
        Ok(Config { token, database_url, dev_guild, api_base, ai_searches, shards })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: std::collections::HashMap<String, String> =
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    const TOKEN: &str = "MTAx.abc.def";

    #[test]
    fn shard_ranges_and_workers() {
        let range = |first, last, total| Shards::Range { first, last, total };
        assert_eq!(cfg(&[("DISCORD_TOKEN", TOKEN)]).unwrap().shards, Shards::All);
        assert_eq!(cfg(&[("DISCORD_TOKEN", TOKEN), ("SHARDS", "0-3/8")]).unwrap().shards, range(0, 3, 8));
        assert_eq!(cfg(&[("DISCORD_TOKEN", TOKEN), ("SHARDS", " 1/2 ")]).unwrap().shards, range(1, 1, 2));
        assert_eq!(cfg(&[("DISCORD_TOKEN", TOKEN), ("SHARDS", "NONE")]).unwrap().shards, Shards::None);
        for bad in ["3-1/8", "0-8/8", "2/2", "0-1", "a-b/c", "/4", "1-/4"] {
            assert_eq!(
                cfg(&[("DISCORD_TOKEN", TOKEN), ("SHARDS", bad)]),
                Err(ConfigError::BadShards(bad.into())),
                "{bad}"
            );
        }
        assert!(Shards::All.registers_commands());
        assert!(range(0, 1, 4).registers_commands());
        assert!(!range(2, 3, 4).registers_commands(), "one registration per bot");
        assert!(!Shards::None.registers_commands());
    }

    #[test]
    fn token_is_required_and_checked() {
        assert_eq!(cfg(&[]), Err(ConfigError::MissingToken));
        assert_eq!(cfg(&[("DISCORD_TOKEN", "  ")]), Err(ConfigError::MissingToken));
        assert_eq!(cfg(&[("DISCORD_TOKEN", "not a token")]), Err(ConfigError::MalformedToken));
        let c = cfg(&[("DISCORD_TOKEN", &format!("Bot {TOKEN}"))]).unwrap();
        assert_eq!(c.token, TOKEN);
        assert!(!format!("{c:?}").contains("abc"), "the token is never logged");
    }

    #[test]
    fn database_passwords_are_never_logged() {
        let url = |u: &str| cfg(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_URL", u)]).unwrap().database_url;
        let c = url("postgres://admiral:s3cr3t@db.example:5432/admiral");
        assert_eq!(c, "postgres://admiral:s3cr3t@db.example:5432/admiral", "the value is kept whole");
        assert_eq!(c.expose(), "postgres://admiral:s3cr3t@db.example:5432/admiral");
        assert_eq!(c.to_string(), "postgres://admiral:***@db.example:5432/admiral");
        let shown = format!("{:?}", url("postgres://me:p@ss:w0rd@db/x?sslmode=require&password=other"));
        assert_eq!(shown, "postgres://me:***@db/x?sslmode=require&password=***");
        for plain in ["sqlite://admiral.db", "postgres://db.example/admiral", "postgres://me@db/x"] {
            assert_eq!(url(plain).to_string(), plain, "nothing to hide");
        }
    }

    #[test]
    fn defaults_and_optional_values() {
        let c = cfg(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert_eq!(c.database_url, crate::store::DEFAULT_DATABASE_URL);
        assert_eq!(c.dev_guild, None);
        assert_eq!(c.api_base, None);
        assert!(c.ai_searches >= 1);
        assert_eq!(cfg(&[("DISCORD_TOKEN", TOKEN), ("AI_SEARCHES", "3")]).unwrap().ai_searches, 3);
        for bad in ["0", "-1", "many"] {
            assert_eq!(
                cfg(&[("DISCORD_TOKEN", TOKEN), ("AI_SEARCHES", bad)]),
                Err(ConfigError::BadAiSearches(bad.into()))
            );
        }
        let c = cfg(&[
            ("DISCORD_TOKEN", TOKEN),
            ("DEV_GUILD_ID", "1234"),
            ("DISCORD_API_BASE", "http://127.0.0.1:9999/"),
            ("DATABASE_URL", "sqlite://x.db"),
        ])
        .unwrap();
        assert_eq!(c.dev_guild, Some(1234));
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9999"));
        assert_eq!(c.database_url, "sqlite://x.db");
        assert!(matches!(
            cfg(&[("DISCORD_TOKEN", TOKEN), ("DEV_GUILD_ID", "abc")]),
            Err(ConfigError::BadGuildId(_))
        ));
        assert!(matches!(
            cfg(&[("DISCORD_TOKEN", TOKEN), ("DISCORD_API_BASE", "ftp://x")]),
            Err(ConfigError::BadApiBase(_))
        ));
    }
}
