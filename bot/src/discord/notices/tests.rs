//! Notices queued by earlier versions (the outbox keeps undelivered ones as JSON across an
//! upgrade) still read, and show the same message: the fixture holds payloads written by the
//! version that had one notice per ruleset (`your_turn`, `moved`, `match_ended`,
//! `stratego_board`, `stratego_ended`) with the text, buttons and pictures it showed.

use serde::Deserialize;

use super::*;
use crate::discord::ui::Pic;
use crate::ids::NotificationId;
use crate::model::PlayerView;
use crate::notify::Notification;

/// One stored notice and what it showed.
#[derive(Deserialize)]
struct Shown {
    notice: serde_json::Value,
    text: String,
    rows: String,
    pictures: Vec<String>,
    notice_pictures: usize,
}

/// A picture as far as the message decides it (the view is the notice's own).
fn describe(p: &Pic) -> String {
    match p {
        Pic::Board { labels, .. } => format!("{} {labels:?}", p.file_name()),
        Pic::Battle(card) => format!("{card:?}"),
        Pic::GameOver(card) => format!("{card:?}"),
        other => other.file_name().to_string(),
    }
}

#[test]
fn notices_of_the_former_per_ruleset_kinds_read_and_show_as_before() {
    let fixture: Vec<Shown> = serde_json::from_str(include_str!("old_notices.json")).expect("the fixture");
    let mut tags: Vec<String> =
        fixture.iter().map(|s| s.notice["notice"].as_str().unwrap_or("").into()).collect();
    tags.dedup();
    assert_eq!(tags, ["match_ended", "moved", "stratego_board", "stratego_ended", "your_turn"]);
    let ctx = NoticeCtx { opponent_name: Some("Bob".into()), view: None, now_ms: Some(1_800_000_000_000) };
    for shown in fixture {
        let tag = shown.notice["notice"].as_str().unwrap_or("").to_string();
        let notice: Notice = serde_json::from_value(shown.notice.clone()).expect(&tag);
        let view = match &notice {
            Notice::Board { view, .. } | Notice::MatchEnded { view, .. } => view,
            other => panic!("{tag} read as {other:?}"),
        };
        assert_eq!(tag.starts_with("stratego"), matches!(**view, PlayerView::Stratego(_)), "{tag}");
        let n = Notification {
            id: NotificationId(1),
            recipient: Recipient::User { user: crate::ids::UserId(1) },
            match_id: Some(MatchId(7)),
            language: admiral_engine::Language::En,
            notice: notice.clone(),
        };
        let r = notice_reply(&n, &ctx);
        assert_eq!(r.text, shown.text, "{tag}");
        assert_eq!(format!("{:?}", r.rows), shown.rows, "{tag}");
        assert_eq!(r.pictures.iter().map(describe).collect::<Vec<_>>(), shown.pictures, "{tag}");
        assert_eq!(notice.pictures().len(), shown.notice_pictures, "{tag}");
        // Written again (under the one notice's tag), it reads back the same.
        let again: Notice = serde_json::from_str(&serde_json::to_string(&notice).expect("json")).expect(&tag);
        assert_eq!(again, notice, "{tag}");
    }
}
