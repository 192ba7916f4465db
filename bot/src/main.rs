//! `admiral-bot`: the Discord bot. Reads its settings from the environment and `.env`
//! (see `.env.example`), opens the database (migrations run at start), registers `/admiral`
//! and serves interactions until SIGINT/SIGTERM.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context as _};
use poise::serenity_prelude as serenity;

use admiral_bot::config::{Config, Secret, Shards};
use admiral_bot::discord::delivery::DiscordDelivery;
use admiral_bot::discord::refusal::{Reason, Refusal};
use admiral_bot::discord::{commands, interactions, App, Error};
use admiral_bot::store::{Durability, Store};
use admiral_bot::{Service, ServiceConfig, SystemNow};

fn main() -> ExitCode {
    let dotenv = dotenvy::dotenv();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn,poise=warn")),
        )
        .init();
    if let Err(e) = &dotenv {
        if !e.not_found() {
            eprintln!("admiral-bot: could not read .env: {e}");
            return ExitCode::from(2);
        }
    }
    if std::env::args().skip(1).any(|a| a == "--recompute-careers") {
        return recompute_careers();
    }
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("admiral-bot: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("admiral-bot: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("admiral-bot: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `admiral-bot --recompute-careers`: rebuilds every profile, award and per-match points row
/// from the stored match records (needs only `DATABASE_URL`), prints what it did and exits.
/// Safe while the bot runs: it is one write transaction.
fn recompute_careers() -> ExitCode {
    let run = async {
        let url = Secret::url(admiral_bot::store::database_url_from_env());
        let store = Store::open(url.expose(), Durability::default())
            .await
            .with_context(|| format!("cannot open the database {url}"))?;
        let config = ServiceConfig { auto_ai: false, ..ServiceConfig::default() };
        let service =
            Service::start(store, Arc::new(SystemNow), config).await.context("cannot start the service")?;
        let summary = service.recompute_careers().await.context("recompute failed")?;
        service.store().close().await;
        anyhow::Ok(summary)
    };
    match tokio::runtime::Builder::new_current_thread().enable_all().build().map(|rt| rt.block_on(run)) {
        Ok(Ok(s)) => {
            println!(
                "careers recomputed: {} finished matches, {} rated, {} players",
                s.matches, s.rated, s.players
            );
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => {
            eprintln!("admiral-bot: {e:#}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("admiral-bot: cannot start the async runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

fn http_status(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.status_code.as_u16()),
        _ => None,
    }
}

async fn run(config: Config) -> anyhow::Result<()> {
    tracing::info!(?config, "starting admiral-bot");
    let store = Store::open(config.database_url.expose(), Durability::default())
        .await
        .with_context(|| format!("cannot open the database {}", config.database_url))?;
    let service_config = ServiceConfig { ai_searches: config.ai_searches, ..ServiceConfig::default() };
    let service = Service::start(store, Arc::new(SystemNow), service_config)
        .await
        .context("cannot start the service")?;
    let app = App::new(service.clone()).await.context("cannot prepare the adapter's tables")?;

    let mut builder = serenity::HttpBuilder::new(config.token.expose());
    if let Some(base) = &config.api_base {
        tracing::info!(base, "sending Discord API requests to another base URL (rate limiter off)");
        builder = builder.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let http = builder.build();
    // Check the token before connecting, for a clear message instead of a gateway error.
    match http.get_current_application_info().await {
        Ok(info) => tracing::info!(application = %info.name, id = %info.id, "token accepted"),
        Err(e) if http_status(&e) == Some(401) => bail!(
            "Discord rejected DISCORD_TOKEN (401 Unauthorized). Reset the token on the developer portal's Bot page and update .env"
        ),
        Err(e) => bail!("cannot reach Discord to check the token: {e}"),
    }

    if config.shards == Shards::None {
        return run_worker(service, app, http).await;
    }

    let dev_guild = config.dev_guild;
    let registers = config.shards.registers_commands();
    let data = app.clone();
    let framework = poise::Framework::<Arc<App>, Error>::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |fw, event| {
                Box::pin(interactions::on_event(fw.serenity_context, event, fw.user_data))
            },
            on_error: |err| Box::pin(on_error(err)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let cmds = &framework.options().commands;
                match dev_guild {
                    _ if !registers => {
                        tracing::info!("commands are registered by the process that runs shard 0")
                    }
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, cmds, serenity::GuildId::new(g)).await?;
                        tracing::info!(guild = g, "commands registered in the development server");
                    }
                    None => {
                        poise::builtins::register_globally(ctx, cmds).await?;
                        tracing::info!("commands registered globally (may take up to an hour to appear)");
                    }
                }
                Ok(data)
            })
        })
        .build();

    // No privileged intents: interactions arrive regardless; GUILDS keeps the cache sane.
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("cannot build the Discord client")?;

    let delivery = Arc::new(DiscordDelivery::new(client.http.clone(), app.clone()));
    let workers = service.spawn_workers(delivery);

    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        wait_for_signal().await;
        tracing::info!("signal received: no new work; finishing what is in flight");
        shards.shutdown_all().await;
    });

    let result = match config.shards {
        Shards::Range { first, last, total } => {
            tracing::info!(first, last, total, "starting shards {first} to {last} of {total}");
            // serenity 0.12's range includes its end: `first..last` starts `first` to `last`.
            client.start_shard_range(first..last, total).await
        }
        Shards::All | Shards::None => client.start().await,
    };
    // Stop the scheduler and the dispatcher; undelivered notifications stay in the outbox.
    workers.shutdown();
    finish_in_flight(&service).await;
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            Ok(())
        }
        Err(serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)) => {
            bail!("Discord rejected DISCORD_TOKEN at the gateway. Reset the token and update .env")
        }
        Err(e) => Err(e).context("the Discord connection failed"),
    }
}

/// Runs the service's workers with no gateway (`SHARDS=none`): AI turns, timers and the
/// outbox for the processes that hold the shards, until a signal.
async fn run_worker(service: Service, app: Arc<App>, http: serenity::Http) -> anyhow::Result<()> {
    tracing::info!("worker without a gateway: AI turns, timers and the outbox");
    let delivery = Arc::new(DiscordDelivery::new(Arc::new(http), app));
    let workers = service.spawn_workers(delivery);
    wait_for_signal().await;
    tracing::info!("signal received: finishing what is in flight");
    workers.shutdown();
    finish_in_flight(&service).await;
    tracing::info!("stopped");
    Ok(())
}

/// Lets in-flight handlers and AI turns finish their transactions (an AI turn cut short is
/// simply played again, here or by another process); closing the pools waits for every
/// connection.
async fn finish_in_flight(service: &Service) {
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _ = tokio::time::timeout(Duration::from_secs(5), service.quiesce()).await;
    let _ = tokio::time::timeout(Duration::from_secs(10), service.store().close()).await;
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn on_error(err: poise::FrameworkError<'_, Arc<App>, Error>) {
    match err {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(error = %error, command = %ctx.command().qualified_name, "command failed");
            let lang = admiral_bot::discord::locale_language(ctx.locale()).unwrap_or_default();
            let text = Refusal::Adapter(Reason::Internal).reply(lang).text;
            let _ = ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await;
        }
        poise::FrameworkError::ArgumentParse { ctx, error, .. } => {
            tracing::warn!(error = %error, "malformed command arguments");
            let lang = admiral_bot::discord::locale_language(ctx.locale()).unwrap_or_default();
            let text = Refusal::Adapter(Reason::Malformed).reply(lang).text;
            let _ = ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "error while handling an error");
            }
        }
    }
}
