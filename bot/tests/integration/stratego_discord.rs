//! The Discord adapter with Stratego matches, through the real service over SQLite: the
//! `ruleset` option, boards as pictures (rendered), move autocomplete from the player's own
//! legal moves, the move modal, refusals, the unrated end, and the help text in both languages.

use crate::common;

use admiral_bot::discord::challenge::handler::{ChallengeOptions, Clock};
use admiral_bot::discord::cid::Cid;
use admiral_bot::discord::notices::{notice_reply, NoticeCtx};
use admiral_bot::discord::refusal::OrRefusal;
use admiral_bot::discord::setup::handler::SetupOp;
use admiral_bot::discord::ui::{Answer, Pic};
use admiral_bot::discord::{challenge, components, play, rules, setup};
use admiral_bot::notify::Notice;
use admiral_bot::service::{MatchStatus, PlayerView};
use admiral_bot::{MatchId, UserId};
use admiral_render::Renderer;
use common::discord::*;
use common::*;

async fn newest_match(h: &Harness, user: UserId) -> MatchId {
    h.svc.my_matches(user).await.unwrap().last().expect("a match").id
}

#[tokio::test]
async fn an_ai_match_in_stratego_from_the_commands() {
    let h = harness().await;
    let a = app(&h).await;
    let r =
        challenge::handler::ai_with_ruleset(&a, &who(ALICE, EN, "1"), 2, Clock::Untimed, Some("stratego"))
            .await
            .or_refusal(EN);
    assert!(!is_refusal(&r), "{}", r.text);
    let id = newest_match(&h, ALICE).await;
    assert_eq!(h.svc.ruleset(id).await.unwrap(), admiral_engine::Ruleset::Stratego);
    // The setup notice renders a Stratego setup picture.
    h.deliver().await;
    let renderer = Renderer::new();
    let setup =
        h.out.to_user(ALICE).into_iter().find(|n| matches!(n.notice, Notice::SetupOpened { .. })).unwrap();
    let reply = notice_reply(&setup, &NoticeCtx::default());
    let png = reply
        .pictures
        .iter()
        .find(|p| matches!(p, Pic::Setup { .. }))
        .expect("setup picture")
        .render(&renderer);
    assert!(png.starts_with(b"\x89PNG"), "the Stratego setup renders");
    let r = setup::handler::setup(&a, &who(ALICE, EN, "2"), id, SetupOp::Ready).await.or_refusal(EN);
    assert!(!is_refusal(&r), "{}", r.text);
    assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Playing);

    // Autocomplete offers Alice's own legal moves, filtered by what she typed.
    let all = play::moves::action_choices(&a, &who(ALICE, EN, "3"), Some(&id.0.to_string()), "").await;
    let legal = h.svc.legal_notations(ALICE, id).await.unwrap();
    assert!(!all.is_empty() && all.len() <= 25);
    assert!(all.iter().all(|(_, v)| legal.contains(v)));
    let prefix = &legal[0][..2];
    let some = play::moves::action_choices(&a, &who(ALICE, EN, "4"), Some(&id.0.to_string()), prefix).await;
    assert!(!some.is_empty() && some.iter().all(|(_, v)| v.starts_with(prefix)));

    // The board command shows a Stratego board with the move button; it renders.
    let r = play::board::board(&a, &who(ALICE, RU, "5"), id).await.or_refusal(RU);
    assert!(!is_refusal(&r), "{}", r.text);
    let board = r
        .pictures
        .iter()
        .find(|p| matches!(p, Pic::Board { view, .. } if matches!(**view, PlayerView::Stratego(_))))
        .expect("a Stratego board");
    let png = board.render(&renderer);
    let (w, h2, _) = admiral_render::samples::decode_png_rgb(&png);
    assert_eq!((w, h2), renderer.stratego_board_size());
    assert!(!r.rows.is_empty(), "move buttons on my turn");
    // The move button opens the modal; the modal plays the move.
    let ply = h.svc.view(ALICE, id).await.unwrap().ply();
    assert!(matches!(
        components::component(&a, &who(ALICE, EN, "6"), &Cid::Act(id, ply), None).await,
        Answer::Modal(_)
    ));
    let r = play::moves::play(&a, &who(ALICE, EN, "7"), id, "c4-c5", None).await.or_refusal(EN);
    assert!(is_refusal(&r), "a move into a lake is refused: {}", r.text);
    let r = play::moves::play(&a, &who(ALICE, RU, "8"), id, "привет", None).await.or_refusal(RU);
    assert!(is_refusal(&r), "{}", r.text);
    let r = components::component(&a, &who(ALICE, EN, "9"), &Cid::ActModal(id, ply), Some(&legal[0])).await;
    match r {
        Answer::Reply(r) => assert!(!is_refusal(&r), "{}", r.text),
        _ => panic!("a reply"),
    }
    h.svc.quiesce().await;
    h.deliver().await;
    // The AI answered: Alice got a board notice for her turn, with a picture of her view.
    let turn = h.last_dm(ALICE, your_turn).expect("your turn");
    let reply = notice_reply(&turn, &NoticeCtx::default());
    assert!(reply.pictures.iter().any(|p| matches!(p, Pic::Board { .. })));
    assert!(!reply.rows.is_empty());
    // Resigning: the end message says the match is unrated.
    h.svc.resign("r", ALICE, id).await.unwrap();
    h.deliver().await;
    let ended =
        h.out.to_user(ALICE).into_iter().find(|n| matches!(n.notice, Notice::MatchEnded { .. })).unwrap();
    let reply = notice_reply(&ended, &NoticeCtx::default());
    assert!(reply.text.contains("unrated"), "{}", reply.text);
}

#[tokio::test]
async fn a_stratego_challenge_and_the_help_in_both_languages() {
    let h = harness().await;
    let a = app(&h).await;
    let o = ChallengeOptions { ruleset: Some("stratego".into()), ..Default::default() };
    let r = challenge::handler::challenge(&a, &who(ALICE, EN, "1"), BOB, false, &o).await.or_refusal(EN);
    assert!(!is_refusal(&r), "{}", r.text);
    let o = ChallengeOptions { ruleset: Some("checkers".into()), ..Default::default() };
    let r = challenge::handler::challenge(&a, &who(ALICE, EN, "2"), BOB, false, &o).await.or_refusal(EN);
    assert!(is_refusal(&r), "{}", r.text);
    let r = rules::handler::rules(&who(ALICE, EN, "3"), None).or_refusal(EN);
    assert!(r.text.contains("Stratego") && r.text.contains("e4xe5"), "{}", r.text);
    let r = rules::handler::rules(&who(ALICE, RU, "4"), None).or_refusal(RU);
    assert!(r.text.contains("Stratego") && r.text.contains("сапёр"), "{}", r.text);
}

/// Issue #31: a Stratego challenge names its game and says it is unrated, in the public
/// message and in the challenger's confirmation, in both languages; Admiral's "intel" is not
/// used for it; asking for a rated Stratego match is refused and creates nothing.
#[tokio::test]
async fn a_stratego_challenge_is_announced_as_stratego_and_unrated() {
    let h = harness().await;
    let a = app(&h).await;
    let stratego = ChallengeOptions { ruleset: Some("stratego".into()), ..Default::default() };
    let refused = ChallengeOptions { rated: Some(true), ..stratego.clone() };
    let r =
        challenge::handler::challenge(&a, &who(ALICE, EN, "0"), BOB, false, &refused).await.or_refusal(EN);
    assert!(is_refusal(&r) && r.text.contains("unrated"), "{}", r.text);
    h.deliver().await;
    assert!(h.out.all().is_empty(), "a refused challenge posts nothing");

    for (lang, game, unrated, admiral, intel) in [
        (EN, "Stratego", "unrated", "Admiral", "intel"),
        (RU, "Stratego", "без рейтинга", "Адмирал", "разведка"),
    ] {
        let r = challenge::handler::challenge(&a, &who(ALICE, lang, "1"), BOB, false, &stratego)
            .await
            .or_refusal(lang);
        assert!(!is_refusal(&r), "{}", r.text);
        assert!(r.text.contains(game) && r.text.contains(unrated), "{}", r.text);
        assert!(!r.text.contains(admiral) && !r.text.contains(intel), "{}", r.text);
        let before = h.out.all().len();
        h.deliver().await;
        let issued: Vec<_> = h.out.all().into_iter().skip(before).collect();
        let public = issued
            .iter()
            .find(|n| matches!(n.notice, Notice::ChallengeIssued { .. }))
            .expect("the public challenge");
        let mut n = public.clone();
        n.language = lang;
        let text = notice_reply(&n, &NoticeCtx::default()).text;
        assert!(text.contains(&format!("**{game}")) && text.contains(unrated), "{text}");
        assert!(!text.contains(admiral) && !text.contains(intel), "{text}");
        // The stored settings agree: the match will be unrated.
        let Notice::ChallengeIssued { settings, .. } = &public.notice else { unreachable!() };
        assert!(!settings.rated);
    }
    // Admiral challenges still name Admiral and say rated.
    let r =
        challenge::handler::challenge(&a, &who(ALICE, EN, "2"), CAROL, false, &ChallengeOptions::default())
            .await
            .or_refusal(EN);
    assert!(
        r.text.contains("Admiral") && r.text.contains("intel on") && r.text.contains("· rated"),
        "{}",
        r.text
    );
}
