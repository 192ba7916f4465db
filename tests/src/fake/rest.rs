//! The fake's HTTP side (axum): Discord's API v10 routes that the bot uses, every call
//! recorded (with the client of the endpoint it arrived at), the bot token checked, JSON and
//! multipart bodies read, and the attachment downloads served.

use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State as Axum};
use axum::http::{header, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post, put};
use axum::{Extension, Json, Router};
use serde_json::{json, Value};

use super::model;
use super::shared::{Endpoint, Shared};
use super::state::{Call, Reply, Upload};

type S = Axum<Arc<Shared>>;
/// The endpoint a request arrived at.
type At = Extension<Arc<Endpoint>>;

/// The router of one endpoint over the shared state.
pub(crate) fn router(shared: Arc<Shared>, endpoint: Arc<Endpoint>) -> Router {
    let api = Router::new()
        .route("/gateway", get(gateway))
        .route("/gateway/bot", get(gateway_bot))
        .route("/oauth2/applications/@me", get(application))
        .route("/users/@me", get(current_user))
        .route("/applications/{app}/commands", put(register).get(list_commands))
        .route("/applications/{app}/guilds/{guild}/commands", put(register_guild))
        .route("/interactions/{id}/{token}/callback", post(callback))
        .route("/webhooks/{app}/{token}", post(followup))
        .route("/webhooks/{app}/{token}/messages/{mid}", patch(edit_webhook_message).get(get_webhook_message))
        .route("/users/@me/channels", post(create_dm))
        .route("/channels/{cid}/messages", post(post_message))
        .route("/channels/{cid}/messages/{mid}", patch(edit_message).get(get_message));
    Router::new()
        .nest("/api/v10", api)
        .route("/attachments/{id}/{name}", get(download))
        .fallback(unknown)
        .layer(middleware::from_fn_with_state(shared.clone(), record))
        .layer(Extension(endpoint))
        .layer(DefaultBodyLimit::max(32 * 1024 * 1024))
        .with_state(shared)
}

/// Records every call; refuses API calls without the bot's token (401, as Discord does).
async fn record(Axum(s): S, Extension(at): At, req: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = req.method().to_string();
    let path = req.uri().path_and_query().map(|p| p.to_string()).unwrap_or_default();
    let authorised = {
        let st = s.state.lock().unwrap();
        let want = format!("Bot {}", st.token);
        !path.starts_with("/api/")
            || req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) == Some(want.as_str())
    };
    let resp = if authorised {
        next.run(req).await
    } else {
        (StatusCode::UNAUTHORIZED, Json(model::error(0, "401: Unauthorized"))).into_response()
    };
    let status = resp.status().as_u16();
    let client = at.client.clone();
    s.update(|st| st.calls.push(Call { method, path, status, at: start, client }));
    resp
}

fn answer(r: Reply) -> Response {
    match r {
        Ok(Value::Null) => StatusCode::NO_CONTENT.into_response(),
        Ok(v) => Json(v).into_response(),
        Err((code, body)) => {
            (StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST), Json(body)).into_response()
        }
    }
}

/// A JSON body or a multipart body (`payload_json` + `files[n]`).
async fn body(req: Request) -> Result<(Value, Vec<Upload>), Response> {
    let bad = |e: String| (StatusCode::BAD_REQUEST, Json(model::error(50109, &e))).into_response();
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = Bytes::from_request(req, &()).await.map_err(|e| bad(e.to_string()))?;
        if bytes.is_empty() {
            return Ok((Value::Null, vec![]));
        }
        let v = serde_json::from_slice(&bytes).map_err(|e| bad(format!("not JSON: {e}")))?;
        return Ok((v, vec![]));
    }
    let mut form = Multipart::from_request(req, &()).await.map_err(|e| bad(e.to_string()))?;
    let (mut payload, mut uploads) = (Value::Null, Vec::new());
    while let Some(field) = form.next_field().await.map_err(|e| bad(e.to_string()))? {
        let name = field.name().unwrap_or("").to_string();
        let filename = field.file_name().map(str::to_string);
        let data = field.bytes().await.map_err(|e| bad(e.to_string()))?;
        if name == "payload_json" {
            payload = serde_json::from_slice(&data).map_err(|e| bad(format!("payload_json: {e}")))?;
        } else if let Some(index) =
            name.strip_prefix("files[").and_then(|r| r.strip_suffix(']')).and_then(|i| i.parse().ok())
        {
            uploads.push(Upload { index, filename: filename.unwrap_or_default(), bytes: data.to_vec() });
        } else if name == "file" {
            uploads.push(Upload { index: 0, filename: filename.unwrap_or_default(), bytes: data.to_vec() });
        } else {
            return Err(bad(format!("unexpected form field {name}")));
        }
    }
    Ok((payload, uploads))
}

async fn with_body(
    s: &Shared,
    req: Request,
    f: impl FnOnce(&mut super::state::State, &Value, &[Upload]) -> Reply,
) -> Response {
    match body(req).await {
        Ok((p, uploads)) => answer(s.update(|st| f(st, &p, &uploads))),
        Err(r) => r,
    }
}

/// `GET /gateway`: the gateway address of the endpoint asked.
async fn gateway(Extension(at): At) -> Response {
    Json(json!({"url": at.gateway_url})).into_response()
}

/// `GET /gateway/bot`: the same, with the shard count the fake is configured with.
async fn gateway_bot(Axum(s): S, Extension(at): At) -> Response {
    let shards = s.state.lock().unwrap().shard_count;
    Json(json!({"url": at.gateway_url, "shards": shards, "session_start_limit":
        {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}))
    .into_response()
}

async fn application(Axum(s): S) -> Response {
    let st = s.state.lock().unwrap();
    Json(model::application(st.app_id, &st.bot)).into_response()
}

async fn current_user(Axum(s): S) -> Response {
    Json(model::user(&s.state.lock().unwrap().bot)).into_response()
}

async fn register(Axum(s): S, Path(app): Path<u64>, Json(body): Json<Value>) -> Response {
    answer(s.update(|st| {
        if app == st.app_id {
            st.register(&body)
        } else {
            Err((403, model::error(50001, "Missing Access")))
        }
    }))
}

async fn register_guild(
    Axum(s): S,
    Path((app, guild)): Path<(u64, u64)>,
    Json(body): Json<Value>,
) -> Response {
    answer(s.update(|st| {
        if app == st.app_id && guild == st.guild {
            st.register(&body)
        } else {
            Err((403, model::error(50001, "Missing Access")))
        }
    }))
}

async fn list_commands(Axum(s): S) -> Response {
    Json(Value::Array(s.state.lock().unwrap().commands.clone())).into_response()
}

async fn callback(
    Axum(s): S,
    Extension(at): At,
    Path((id, token)): Path<(u64, String)>,
    req: Request,
) -> Response {
    with_body(&s, req, |st, p, u| st.callback(id, &token, p, u, at.client.as_deref())).await
}

async fn followup(Axum(s): S, Path((_app, token)): Path<(u64, String)>, req: Request) -> Response {
    with_body(&s, req, |st, p, u| st.followup(&token, p, u)).await
}

async fn edit_webhook_message(
    Axum(s): S,
    Path((_app, token, mid)): Path<(u64, String, String)>,
    req: Request,
) -> Response {
    with_body(&s, req, |st, p, u| match mid.as_str() {
        "@original" => st.edit_original(&token, p, u),
        id => match id.parse() {
            Ok(id) => st.edit_followup(&token, id, p, u),
            Err(_) => Err((404, model::error(10008, "Unknown Message"))),
        },
    })
    .await
}

async fn get_webhook_message(Axum(s): S, Path((_app, token, mid)): Path<(u64, String, String)>) -> Response {
    let st = s.state.lock().unwrap();
    let ix = st.interactions.values().find(|i| i.token == token);
    let id = match (mid.as_str(), ix) {
        ("@original", Some(i)) => i.original,
        (m, Some(_)) => m.parse().ok(),
        _ => None,
    };
    match id.and_then(|i| st.message(i)) {
        Some(m) => Json(st.message_json(m)).into_response(),
        None => answer(Err((404, model::error(10008, "Unknown Message")))),
    }
}

async fn create_dm(Axum(s): S, Json(body): Json<Value>) -> Response {
    answer(s.update(|st| st.create_dm(&body)))
}

async fn post_message(Axum(s): S, Path(cid): Path<u64>, req: Request) -> Response {
    with_body(&s, req, |st, p, u| st.post_message(cid, p, u)).await
}

async fn edit_message(Axum(s): S, Path((cid, mid)): Path<(u64, u64)>, req: Request) -> Response {
    with_body(&s, req, |st, p, u| st.edit_message(cid, mid, p, u)).await
}

async fn get_message(Axum(s): S, Path((cid, mid)): Path<(u64, u64)>) -> Response {
    answer(s.state.lock().unwrap().get_message(cid, mid))
}

async fn download(Axum(s): S, Path((id, name)): Path<(u64, String)>) -> Response {
    let st = s.state.lock().unwrap();
    match st.files.get(&id) {
        Some((n, bytes)) if *n == name => bytes.clone().into_response(),
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn unknown(Axum(s): S, method: Method, req: Request) -> Response {
    let path = req.uri().to_string();
    s.update(|st| st.problem(format!("unknown route {method} {path}")));
    (StatusCode::NOT_FOUND, Json(model::error(0, "404: Not Found"))).into_response()
}
