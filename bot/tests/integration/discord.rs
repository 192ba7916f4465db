//! The Discord adapter's decisions, driven through the real service over SQLite with a
//! recording delivery: no network. Covers every command handler, the refusals, buttons,
//! modals, select menus, autocomplete contents (and that they hide what must stay hidden),
//! closed DMs and both languages.

use crate::common;
use admiral_engine::Rules;

use std::sync::Arc;

use admiral_bot::discord::autocomplete::action_choices;
use admiral_bot::discord::challenge::handler::{ChallengeOptions, Clock};
use admiral_bot::discord::cid::Cid;
use admiral_bot::discord::notices::{notice_reply, NoticeCtx};
use admiral_bot::discord::prefs::handler::LangChoice;
use admiral_bot::discord::refusal::OrRefusal;
use admiral_bot::discord::setup::handler::SetupOp;
use admiral_bot::discord::ui::{Answer, Comp, Pic, MAX_CONTENT};
use admiral_bot::discord::{
    career, challenge, commands, components, layouts, play, prefs, rules, setup, which_match, App,
};
use admiral_bot::notify::{Notice, Recipient};
use admiral_bot::service::{DefencePolicy, MatchSettings, MatchStatus};
use admiral_bot::{MatchId, UserId};
use admiral_engine::{Action, Game, Position, Side, UnitKind};
use common::discord::*;
use common::*;

/// Readies both sides of a new human match; returns (match, south user, north user).
async fn both_ready(h: &Harness, a: &App) -> (MatchId, UserId, UserId) {
    let id = h.hvh(MatchSettings::default()).await;
    for u in [ALICE, BOB] {
        let r = setup::handler::setup(a, &who(u, EN, "r"), id, SetupOp::Ready).await.or_refusal(EN);
        assert!(!is_refusal(&r), "{}", r.text);
    }
    let south = h.user_at(id, Side::South).await;
    let north = if south == ALICE { BOB } else { ALICE };
    (id, south, north)
}

/// A human match with both sides ready, over a new harness and adapter.
struct Playing {
    h: Harness,
    a: Arc<App>,
    id: MatchId,
    south: UserId,
    north: UserId,
}

async fn playing() -> Playing {
    let h = harness().await;
    let a = app(&h).await;
    let (id, south, north) = both_ready(&h, &a).await;
    Playing { h, a, id, south, north }
}

#[tokio::test]
async fn challenge_refusals_and_public_message() {
    let h = harness().await;
    let a = app(&h).await;
    let o = ChallengeOptions::default();
    let r = challenge::handler::challenge(&a, &who(ALICE, EN, "1"), ALICE, false, &o).await.or_refusal(EN);
    assert!(is_refusal(&r) && r.text.contains("yourself"), "{}", r.text);
    let r = challenge::handler::challenge(&a, &who(ALICE, RU, "2"), ALICE, false, &o).await.or_refusal(RU);
    assert!(is_refusal(&r) && r.text.contains("самого себя"), "{}", r.text);
    let r =
        challenge::handler::challenge(&a, &who(ALICE, EN, "3"), UserId(999), true, &o).await.or_refusal(EN);
    assert!(is_refusal(&r) && r.text.contains("/admiral ai"), "{}", r.text);
    let bad = ChallengeOptions { clock: Clock::Days(30), ..Default::default() };
    let r = challenge::handler::challenge(&a, &who(ALICE, EN, "4"), BOB, false, &bad).await.or_refusal(EN);
    assert!(is_refusal(&r), "{}", r.text);

    let r = challenge::handler::challenge(&a, &who(ALICE, EN, "5"), BOB, false, &o).await.or_refusal(EN);
    assert!(!is_refusal(&r) && r.ephemeral && r.text.contains("<@1002>"), "{}", r.text);
    h.deliver().await;
    let public: Vec<_> =
        h.out.all().into_iter().filter(|n| matches!(n.recipient, Recipient::Channel { .. })).collect();
    assert_eq!(public.len(), 1);
    let msg = notice_reply(&public[0], &NoticeCtx::default());
    assert!(msg.text.contains("<@1001>") && msg.text.contains("<@1002>"));
    assert_eq!(msg.ping, vec![BOB]);
    let ids = msg.ids();
    assert_eq!(ids.len(), 2);
    let Some(Cid::Accept(c)) = Cid::parse(&ids[0]) else { panic!("accept button: {ids:?}") };

    // Only the challenged player may answer; anyone else gets an ephemeral refusal.
    for intruder in [CAROL, ALICE] {
        let ans = components::component(&a, &who(intruder, EN, "6"), &Cid::Accept(c), None).await;
        let Answer::Reply(r) = ans else { panic!("not an ephemeral reply") };
        assert!(is_refusal(&r) && r.text.to_lowercase().contains("only the challenged"), "{}", r.text);
        let ans = components::component(&a, &who(intruder, RU, "7"), &Cid::Decline(c), None).await;
        assert!(is_refusal(ans.reply().unwrap()));
    }
    // The challenged accepts: the challenge message updates itself.
    let ans = components::component(&a, &who(BOB, EN, "8"), &Cid::Accept(c), None).await;
    let Answer::Update(r) = ans else { panic!("accept updates the message") };
    assert!(r.text.contains("accepted") && r.rows.is_empty(), "{}", r.text);
    // Too late to decline now.
    let ans = components::component(&a, &who(BOB, EN, "9"), &Cid::Decline(c), None).await;
    assert!(is_refusal(ans.reply().unwrap()));
}

#[tokio::test]
async fn decline_updates_the_challenge() {
    let h = harness().await;
    let a = app(&h).await;
    challenge::handler::challenge(&a, &who(ALICE, EN, "1"), BOB, false, &ChallengeOptions::default())
        .await
        .or_refusal(EN);
    let c = admiral_bot::ChallengeId(1);
    let Answer::Update(r) = components::component(&a, &who(BOB, RU, "2"), &Cid::Decline(c), None).await
    else {
        panic!()
    };
    // The update replaces a public message: it keeps the language that message was posted
    // in (Alice's, the server's locale being unknown), not Bob's.
    assert!(r.text.contains("declined"), "{}", r.text);
}

#[tokio::test]
async fn ai_match_and_setup_flow() {
    let h = harness().await;
    let a = app(&h).await;
    let r = challenge::handler::ai(&a, &who(ALICE, EN, "1"), 9, Clock::Untimed).await.or_refusal(EN);
    assert!(is_refusal(&r), "{}", r.text);
    let r = challenge::handler::ai(&a, &who(ALICE, EN, "2"), 2, Clock::Untimed).await.or_refusal(EN);
    assert!(!is_refusal(&r) && r.text.contains("AI level 2"), "{}", r.text);
    let id = MatchId(1);
    // Setup DM: preview picture and the setup buttons.
    h.deliver().await;
    let dm = h.out.to_user(ALICE);
    let setup = dm.iter().find(|n| matches!(n.notice, Notice::SetupOpened { .. })).expect("setup DM");
    let msg = notice_reply(setup, &NoticeCtx::default());
    assert!(matches!(msg.pictures[0], Pic::Setup { .. }));
    let ids = msg.ids();
    for want in [
        Cid::Auto(id),
        Cid::Saved(id),
        Cid::Upload(id),
        Cid::Download(id),
        Cid::Save(id),
        Cid::Ready(id),
        Cid::Resign(id),
    ] {
        assert!(ids.contains(&want.encode()), "{want:?} in {ids:?}");
    }
    // Setup commands: only for the player.
    let r = setup::handler::setup(&a, &who(BOB, EN, "3"), id, SetupOp::Auto).await.or_refusal(EN);
    assert!(is_refusal(&r) && r.text.contains("not a player"), "{}", r.text);
    let r = setup::handler::setup(&a, &who(ALICE, EN, "4"), id, SetupOp::Auto).await.or_refusal(EN);
    assert!(!is_refusal(&r) && matches!(r.pictures[0], Pic::Setup { .. }));
    let r = setup::handler::setup(&a, &who(ALICE, EN, "5"), id, SetupOp::Swap("zz".into(), "c2".into()))
        .await
        .or_refusal(EN);
    assert!(is_refusal(&r));
    let r = setup::handler::setup(&a, &who(ALICE, EN, "6"), id, SetupOp::Swap("a1".into(), "a15".into()))
        .await
        .or_refusal(EN);
    assert!(is_refusal(&r) && r.text.contains("setup zone"), "{}", r.text);
    let r = setup::handler::setup(&a, &who(ALICE, EN, "7"), id, SetupOp::Swap("a1".into(), "b2".into()))
        .await
        .or_refusal(EN);
    assert!(!is_refusal(&r), "{}", r.text);
    // A bad upload changes nothing and says where.
    let r = setup::handler::setup(&a, &who(ALICE, RU, "8"), id, SetupOp::Upload("CR XX\n".into()))
        .await
        .or_refusal(RU);
    assert!(is_refusal(&r), "{}", r.text);
    // Download, save as (modal), use saved (select), ready (message keeps its picture).
    let Answer::Reply(r) = components::component(&a, &who(ALICE, EN, "9"), &Cid::Download(id), None).await
    else {
        panic!()
    };
    assert_eq!(r.files.len(), 1);
    assert!(matches!(
        components::component(&a, &who(ALICE, EN, "10"), &Cid::Save(id), None).await,
        Answer::Modal(_)
    ));
    let Answer::Reply(r) =
        components::component(&a, &who(ALICE, EN, "11"), &Cid::SaveModal(id), Some("fortress")).await
    else {
        panic!()
    };
    assert!(r.text.contains("fortress") && !is_refusal(&r), "{}", r.text);
    let Answer::Reply(r) = components::component(&a, &who(ALICE, EN, "12"), &Cid::Saved(id), None).await
    else {
        panic!()
    };
    assert!(matches!(&r.rows[0][0], Comp::Select { options, .. } if options[0].value == "fortress"));
    let Answer::Reply(r) =
        components::component(&a, &who(ALICE, EN, "13"), &Cid::UseSaved(id), Some("fortress")).await
    else {
        panic!()
    };
    assert!(!is_refusal(&r), "{}", r.text);
    let Answer::Reply(r) =
        components::component(&a, &who(ALICE, EN, "14"), &Cid::UseSaved(id), Some("nope")).await
    else {
        panic!()
    };
    assert!(is_refusal(&r));
    let Answer::Update(r) = components::component(&a, &who(ALICE, EN, "15"), &Cid::Ready(id), None).await
    else {
        panic!()
    };
    assert!(r.rows.is_empty() && matches!(r.pictures[0], Pic::Setup { .. }), "{}", r.text);
    let (status, _, _) = h.svc.status(id).await.unwrap();
    assert_eq!(status, MatchStatus::Playing);
    // Setup is over: the buttons now refuse.
    let Answer::Reply(r) = components::component(&a, &who(ALICE, EN, "16"), &Cid::Auto(id), None).await
    else {
        panic!()
    };
    assert!(is_refusal(&r));
}

#[tokio::test]
async fn moves_turns_stale_buttons_and_refusals() {
    let Playing { h, a, id, south, north } = playing().await;
    // North may not move; a stranger is not a player.
    let r = play::moves::play(&a, &who(north, EN, "n1"), id, "a11-a10", None).await.or_refusal(EN);
    assert!(is_refusal(&r) && r.text.contains("not your turn"), "{}", r.text);
    let r = play::moves::play(&a, &who(CAROL, EN, "c1"), id, "a5-a6", None).await.or_refusal(EN);
    assert!(is_refusal(&r) && r.text.contains("not a player"), "{}", r.text);
    // Unreadable and illegal notation, in both languages.
    let r = play::moves::play(&a, &who(south, EN, "s1"), id, "hello", None).await.or_refusal(EN);
    assert!(is_refusal(&r), "{}", r.text);
    let r = play::moves::play(&a, &who(south, RU, "s2"), id, "e3-e9", None).await.or_refusal(RU);
    assert!(is_refusal(&r) && r.text.contains("нельзя"), "{}", r.text);
    // Autocomplete for the mover: legal actions only, labelled, at most 25; nothing for North.
    let started = std::time::Instant::now();
    let choices = play::moves::action_choices(&a, &who(south, EN, "s3"), Some(&id.0.to_string()), "").await;
    let took = started.elapsed();
    println!("autocomplete of the opening position: {took:?}");
    assert!(took < std::time::Duration::from_millis(500), "autocomplete took {took:?}");
    assert!(!choices.is_empty() && choices.len() <= 25);
    let legal: Vec<String> =
        h.svc.legal_actions(south, id).await.unwrap().iter().map(|x| x.to_string()).collect();
    assert!(choices.iter().all(|(label, v)| legal.contains(v) && label.starts_with(v.as_str())));
    let north_choices =
        play::moves::action_choices(&a, &who(north, EN, "n2"), Some(&id.0.to_string()), "").await;
    assert_eq!(north_choices.len(), 1);
    assert!(north_choices[0].0.contains("not your turn"));
    // The "make a move" button: checks the turn and the ply, then opens the modal.
    let Answer::Reply(r) = components::component(&a, &who(north, EN, "n3"), &Cid::Act(id, 0), None).await
    else {
        panic!()
    };
    assert!(is_refusal(&r));
    let Answer::Modal(m) = components::component(&a, &who(south, EN, "s4"), &Cid::Act(id, 0), None).await
    else {
        panic!()
    };
    assert_eq!(Cid::parse(&m.id), Some(Cid::ActModal(id, 0)));
    assert!(m.inputs[0].placeholder.contains("e3-e4"));
    // Play through the modal.
    let first = choices[0].1.clone();
    let Answer::Reply(r) =
        components::component(&a, &who(south, EN, "s5"), &Cid::ActModal(id, 0), Some(&first)).await
    else {
        panic!()
    };
    assert!(!is_refusal(&r) && r.text.contains(&first), "{}", r.text);
    // The same interaction again is idempotent; an old button is refused as stale.
    let Answer::Reply(r) =
        components::component(&a, &who(south, EN, "s5"), &Cid::ActModal(id, 0), Some(&first)).await
    else {
        panic!()
    };
    assert!(!is_refusal(&r), "{}", r.text);
    let Answer::Reply(r) =
        components::component(&a, &who(north, EN, "n4"), &Cid::ActModal(id, 0), Some("a11-a10")).await
    else {
        panic!()
    };
    assert!(is_refusal(&r) && r.text.contains("position changed"), "{}", r.text);
    let Answer::Reply(r) = components::component(&a, &who(south, EN, "s6"), &Cid::Act(id, 0), None).await
    else {
        panic!()
    };
    assert!(is_refusal(&r));
    // North's "your turn" DM: board, what happened from North's seat, buttons with the ply.
    h.deliver().await;
    let turn = h.last_dm(north, your_turn).expect("your turn");
    let msg =
        notice_reply(&turn, &NoticeCtx { opponent_name: Some("Alice".into()), view: None, now_ms: Some(0) });
    assert!(matches!(msg.pictures[0], Pic::Board { .. }));
    assert!(msg.text.contains("enemy ship moved"), "{}", msg.text);
    assert!(msg.ids().contains(&Cid::Act(id, 1).encode()));
    assert!(msg.ids().contains(&Cid::Board(id).encode()) && msg.ids().contains(&Cid::Resign(id).encode()));
}

#[tokio::test]
async fn board_matches_and_resign() {
    let Playing { h, a, id, south, north } = playing().await;
    let r = play::board::board(&a, &who(south, EN, "1"), id).await.or_refusal(EN);
    assert!(r.ephemeral && matches!(r.pictures[0], Pic::Board { .. }));
    assert!(r.ids().contains(&Cid::Act(id, 0).encode()));
    let r = play::board::board(&a, &who(north, RU, "2"), id).await.or_refusal(RU);
    assert!(r.text.contains("ход соперника"), "{}", r.text);
    assert!(r.rows.is_empty());
    let r = play::board::board(&a, &who(CAROL, EN, "3"), id).await.or_refusal(EN);
    assert!(is_refusal(&r));
    let r = play::matches::matches(&a, &who(south, EN, "4")).await.or_refusal(EN);
    assert!(r.text.contains(&format!("#{}", id.0)) && r.text.contains("your move"), "{}", r.text);
    let r = play::matches::matches(&a, &who(CAROL, RU, "5")).await.or_refusal(RU);
    assert!(r.text.contains("нет идущих"), "{}", r.text);
    // The default match is the one waiting on the player.
    assert_eq!(which_match::pick_match(&a, &who(south, EN, "6"), None).await.unwrap(), id);
    assert!(which_match::pick_match(&a, &who(CAROL, EN, "7"), None).await.is_err());
    assert!(which_match::pick_match(&a, &who(south, EN, "8"), Some("abc")).await.is_err());
    // Resign asks first; a stranger's confirmation is refused; cancel keeps playing.
    let r = play::resign::resign_ask(&a, &who(north, EN, "9"), id).await.or_refusal(EN);
    assert_eq!(r.ids(), vec![Cid::ResignConfirm(id).encode(), Cid::ResignCancel(id).encode()]);
    let Answer::Reply(r) =
        components::component(&a, &who(CAROL, EN, "10"), &Cid::ResignConfirm(id), None).await
    else {
        panic!()
    };
    assert!(is_refusal(&r));
    let Answer::Update(_) =
        components::component(&a, &who(north, EN, "11"), &Cid::ResignCancel(id), None).await
    else {
        panic!()
    };
    assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Playing);
    let Answer::Update(r) =
        components::component(&a, &who(north, EN, "12"), &Cid::ResignConfirm(id), None).await
    else {
        panic!()
    };
    assert!(r.text.contains("resigned"), "{}", r.text);
    h.svc.quiesce().await;
    assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Finished);
    // End-of-match DM with the game-over card; public result in the channel.
    h.deliver().await;
    let ended = h.first_dm(south, |n| matches!(n, Notice::MatchEnded { .. })).expect("end DM");
    let msg = notice_reply(&ended, &NoticeCtx::default());
    assert!(matches!(msg.pictures[0], Pic::GameOver(_)));
    assert!(msg.text.contains("Victory"), "{}", msg.text);
    let public = h.first_sent(|n| matches!(n, Notice::PublicResult { .. })).expect("public result");
    let msg = notice_reply(&public, &NoticeCtx::default());
    assert!(msg.pictures.is_empty() && msg.text.contains("resignation"), "{}", msg.text);
    // Replay after the match: for the players only.
    let r = career::replay::replay(&a, &who(south, EN, "13"), id).await.or_refusal(EN);
    assert_eq!(r.files.len(), 2, "{}", r.text);
    assert!(matches!(r.pictures[0], Pic::Replay { .. }));
    let r = career::replay::replay(&a, &who(CAROL, EN, "14"), id).await.or_refusal(EN);
    assert!(is_refusal(&r));
    assert_eq!(career::replay::last_finished(&a, south).await, Some(id));
    let done = career::replay::finished_choices(&a, &who(south, EN, "15"), "").await;
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].1, id.0.to_string());
    assert!(career::replay::finished_choices(&a, &who(CAROL, EN, "16"), "").await.is_empty());
}

/// Issue #31: the Resign button of the setup DM (and `/admiral resign`, which asks the same
/// way) works before anyone is ready, in both rulesets: the match ends at once, the other
/// player wins, and a finished match is not offered again.
#[tokio::test]
async fn resigning_during_setup_ends_the_match() {
    for ruleset in ["admiral", "stratego"] {
        let h = harness().await;
        let a = app(&h).await;
        let id = h.hvh(MatchSettings { ruleset: ruleset.into(), ..MatchSettings::default() }).await;
        assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Setup);
        let alice_side = if h.user_at(id, Side::South).await == ALICE { Side::South } else { Side::North };
        h.deliver().await;
        let setup = h.first_dm(BOB, |n| matches!(n, Notice::SetupOpened { .. })).expect("setup DM");
        let button = notice_reply(&setup, &NoticeCtx::default())
            .ids()
            .into_iter()
            .find(|c| *c == Cid::Resign(id).encode())
            .expect("a Resign button on the setup DM");
        let Answer::Reply(ask) =
            components::component(&a, &who(BOB, EN, "1"), &Cid::parse(&button).unwrap(), None).await
        else {
            panic!("{ruleset}: the Resign button answers with a question")
        };
        assert!(!is_refusal(&ask), "{ruleset}: {}", ask.text);
        assert_eq!(ask.ids(), vec![Cid::ResignConfirm(id).encode(), Cid::ResignCancel(id).encode()]);
        // A stranger is refused, in setup as in play.
        assert!(is_refusal(&play::resign::resign_ask(&a, &who(CAROL, EN, "2"), id).await.or_refusal(EN)));
        let Answer::Update(done) =
            components::component(&a, &who(BOB, RU, "3"), &Cid::ResignConfirm(id), None).await
        else {
            panic!("{ruleset}: the confirmation updates the question")
        };
        assert!(!is_refusal(&done), "{ruleset}: {}", done.text);
        h.svc.quiesce().await;
        let (status, _, outcome) = h.svc.status(id).await.unwrap();
        assert_eq!(status, MatchStatus::Finished, "{ruleset}");
        assert_eq!(outcome.and_then(|o| o.status.winner()), Some(alice_side), "{ruleset}");
        // Over now: the button refuses with the reason.
        let again = play::resign::resign_ask(&a, &who(BOB, EN, "4"), id).await.or_refusal(EN);
        assert!(is_refusal(&again) && again.text.contains("over"), "{ruleset}: {}", again.text);
    }
}

#[tokio::test]
async fn replay_refused_before_the_end() {
    let Playing { h: _h, a, id, south, .. } = playing().await;
    let r = career::replay::replay(&a, &who(south, RU, "1"), id).await.or_refusal(RU);
    assert!(is_refusal(&r) && r.text.contains("не окончена"), "{}", r.text);
}

/// Issue #31: the public "cannot DM you" note speaks to one player, so it is written in that
/// player's language, even in a channel whose match was announced in another.
#[tokio::test]
async fn the_closed_dm_note_speaks_the_addressees_language() {
    let h = harness().await;
    h.svc.set_language(BOB, RU).await.unwrap();
    h.out.close_dms(BOB);
    let id = h.hvh(MatchSettings::default()).await;
    let public_language: Option<String> =
        column_of(h.svc.store(), "SELECT public_language FROM matches WHERE id = $1", id.0).await;
    assert_eq!(public_language.as_deref(), Some("en"), "the channel speaks English");
    h.deliver().await;
    let note =
        h.first_sent(|n| matches!(n, Notice::DmFallback { user } if *user == BOB)).expect("the note for Bob");
    assert_eq!(note.language, RU);
    let text = notice_reply(&note, &NoticeCtx::default()).text;
    assert!(text.contains("<@1002>") && text.chars().any(|c| ('а'..='я').contains(&c)), "{text}");
}

#[tokio::test]
async fn closed_dms_fall_back_to_the_channel_and_ephemeral_boards() {
    let h = harness().await;
    let a = app(&h).await;
    h.out.close_dms(BOB);
    let (id, south, north) = both_ready(&h, &a).await;
    h.deliver().await;
    assert!(h.svc.dm_closed(BOB).await.unwrap(), "the flag is stored");
    let fallback = h.first_sent(|n| matches!(n, Notice::DmFallback { .. })).expect("public fallback");
    assert_eq!(fallback.recipient, Recipient::Channel { guild: Some(GUILD), channel: CHANNEL });
    let msg = notice_reply(&fallback, &NoticeCtx::default());
    assert!(msg.text.contains("<@1002>") && msg.pictures.is_empty() && msg.rows.is_empty(), "{}", msg.text);
    // Bob plays through ephemeral replies with the picture.
    let r = play::board::board(&a, &who(BOB, EN, "1"), id).await.or_refusal(EN);
    assert!(
        r.ephemeral && matches!(r.pictures[0], Pic::Board { .. }) && r.text.contains("DMs are closed"),
        "{}",
        r.text
    );
    let mover = if south == BOB { BOB } else { north };
    let _ = mover;
    if south == BOB {
        let legal = h.svc.legal_actions(BOB, id).await.unwrap();
        let r =
            play::moves::play(&a, &who(BOB, EN, "2"), id, &legal[0].to_string(), None).await.or_refusal(EN);
        assert!(!is_refusal(&r) && !r.pictures.is_empty(), "{}", r.text);
    }
    // At the end the game-over card (kept for Bob) comes with his board.
    let r = play::resign::resign(&a, &who(ALICE, EN, "3"), id).await.or_refusal(EN);
    assert!(!is_refusal(&r), "{}", r.text);
    h.svc.quiesce().await;
    h.deliver().await;
    let r = play::board::board(&a, &who(BOB, EN, "4"), id).await.or_refusal(EN);
    assert!(
        matches!(r.pictures[0], Pic::GameOver(_)),
        "{:?}",
        r.pictures.iter().map(|p| p.file_name()).collect::<Vec<_>>()
    );
    assert!(r.text.contains("Victory"), "{}", r.text);
    // The flag clears when a DM works again.
    h.svc.set_dm_open(BOB).await.unwrap();
    assert!(!h.svc.dm_closed(BOB).await.unwrap());
}

#[tokio::test]
async fn layouts_settings_rules_profile_leaderboard() {
    let h = harness().await;
    let a = app(&h).await;
    let w = who(ALICE, EN, "1");
    let r = layouts::handler::layouts_list(&a, &w).await.or_refusal(w.lang);
    assert!(r.text.contains("no saved layouts"), "{}", r.text);
    let r = layouts::handler::save_layout(&a, &w, "", Some("CR"), None).await.or_refusal(w.lang);
    assert!(is_refusal(&r));
    let r = layouts::handler::save_layout(&a, &w, "x", Some("QQ ZZ"), None).await.or_refusal(w.lang);
    assert!(is_refusal(&r), "{}", r.text);
    let text = admiral_bot::autoplace::auto_layout(7).to_text(EN);
    let r = layouts::handler::save_layout(&a, &w, "wall", Some(&text), None).await.or_refusal(w.lang);
    assert!(!is_refusal(&r), "{}", r.text);
    let r = layouts::handler::layouts_list(&a, &w).await.or_refusal(w.lang);
    assert!(r.text.contains("`wall`"));
    assert_eq!(
        layouts::handler::layout_choices(&a, &w, "wa").await,
        vec![("wall".to_string(), "wall".to_string())]
    );
    let r = layouts::handler::layouts_show(&a, &w, "wall").await.or_refusal(w.lang);
    assert_eq!(r.files.len(), 1);
    assert!(matches!(r.pictures[0], Pic::Setup { .. }));
    let r = layouts::handler::layouts_show(&a, &who(BOB, EN, "2"), "wall").await.or_refusal(EN);
    assert!(is_refusal(&r), "another user's layouts are not visible");
    let r = layouts::handler::layouts_delete(&a, &w, "wall").await.or_refusal(w.lang);
    assert!(!is_refusal(&r), "{}", r.text);
    let r = layouts::handler::layouts_delete(&a, &w, "wall").await.or_refusal(w.lang);
    assert!(is_refusal(&r));

    // Settings: policy and an explicit language that beats the Discord locale.
    let r = prefs::handler::settings(&a, &w, Some(DefencePolicy::Ask), Some(LangChoice::Ru))
        .await
        .or_refusal(w.lang);
    assert!(r.text.contains("Настройки сохранены") && r.text.contains("спрашивать"), "{}", r.text);
    assert_eq!(a.language_for(ALICE, Some("en-US")).await, RU);
    prefs::handler::settings(&a, &w, None, Some(LangChoice::Auto)).await.or_refusal(w.lang);
    assert_eq!(a.language_for(ALICE, Some("en-US")).await, EN);
    // Without an explicit choice the locale wins and is stored for DMs.
    assert_eq!(a.language_for(BOB, Some("ru")).await, RU);
    assert_eq!(a.language_for(BOB, None).await, RU);

    let r = rules::handler::rules(&w, None).or_refusal(w.lang);
    assert!(matches!(r.pictures[0], Pic::Atlas(_)));
    assert!(r.text.contains("yellow eye") && r.text.chars().count() <= MAX_CONTENT, "{}", r.text);
    let r = rules::handler::rules(&who(ALICE, RU, "3"), None).or_refusal(RU);
    assert!(r.text.contains("Жёлтый глаз") && r.text.chars().count() <= MAX_CONTENT, "{}", r.text);
    let r = rules::handler::rules(&who(ALICE, RU, "3"), Some("кр")).or_refusal(RU);
    assert!(r.text.contains("крейсер"), "{}", r.text);
    let r = rules::handler::rules(&w, Some("zz")).or_refusal(w.lang);
    assert!(is_refusal(&r));

    let r = career::handler::profile(&a, &w, BOB, "Bob").await.or_refusal(w.lang);
    assert!(matches!(r.pictures[0], Pic::Profile(_)) && !r.ephemeral);
    let r = career::handler::leaderboard(&a, &w).await.or_refusal(w.lang);
    assert!(!r.ephemeral);
}

/// A small position: South cruisers on e5 and d5, a North destroyer on e6 and a North
/// battleship on k10; North's bases far away.
fn small_game(intel: bool) -> Game {
    let mut rows = vec![vec!["."; 14]; 15];
    let mut put = |sq: &str, t: &'static str| {
        let s = admiral_engine::Square::parse(sq).unwrap();
        rows[14 - s.row() as usize][s.col() as usize] = t;
    };
    put("e5", "CR");
    put("d5", "CR");
    put("a1", "NB");
    put("b1", "NB");
    put("e6", "dd");
    put("k10", "bb");
    put("n15", "nb");
    put("m15", "nb");
    let text: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    let pos = Position::from_text(&text.join("\n"), Side::South).unwrap();
    Game::from_position(pos, intel)
}

#[test]
fn autocomplete_labels_order_and_no_hidden_identity() {
    let game = small_game(true);
    let view = game.view(Side::South);
    let legal = game.legal_actions();
    let all = action_choices(&view, &legal, "", EN);
    assert!(all.len() <= 25);
    // Attacks come first, formations (stronger) before single ships; moves after.
    assert!(all[0].1.contains('x'), "{all:?}");
    assert_eq!(all[0].0, "e5xe6(d5) · attack with 2 cruisers (18) on enemy ship");
    assert!(all.iter().any(|(l, v)| v == "e5xe6" && l == "e5xe6 · cruiser attacks enemy ship"));
    let first_move = all.iter().position(|(_, v)| !v.contains('x')).unwrap();
    assert!(all[first_move..].iter().all(|(_, v)| !v.contains('x')));
    assert!(all.iter().any(|(l, v)| v == "e5-f5" && l == "e5-f5 · cruiser moves"));
    // The enemy's identity is never named: not the destroyer, not the battleship.
    for (label, _) in &all {
        for hidden in ["destroyer", "battleship", "naval base"] {
            assert!(!label.contains(hidden), "{label}");
        }
    }
    // Typing a square filters to that unit; Cyrillic look-alikes and spaces are fine.
    let d5 = action_choices(&view, &legal, "d5", EN);
    assert!(!d5.is_empty() && d5.iter().all(|(_, v)| v.starts_with("d5")), "{d5:?}");
    let e5x = action_choices(&view, &legal, "Е5 х", EN);
    assert!(!e5x.is_empty() && e5x.iter().all(|(_, v)| v.starts_with("e5x")), "{e5x:?}");
    // Russian labels.
    let ru = action_choices(&view, &legal, "e5xe6", RU);
    assert!(ru.iter().any(|(l, _)| l.contains("неизвестный корабль")), "{ru:?}");
    assert!(ru.iter().any(|(l, _)| l.contains("КР+КР (18)")), "{ru:?}");
    // Something illegal typed: offered as is (so the player learns why), nothing else.
    let typed = action_choices(&view, &legal, "a1-a2", EN);
    assert_eq!(typed.len(), 1);
    assert_eq!(typed[0].1, "a1-a2");
    // North's view while South moves: nothing to choose.
    let north = action_choices(&game.view(Side::North), &[], "", EN);
    assert_eq!(north.len(), 1);
}

#[test]
fn intel_names_a_revealed_enemy_only_with_intel() {
    for intel in [true, false] {
        let mut game = small_game(intel);
        // South attacks e6 with one cruiser: the destroyer is revealed (CR 7 beats DD 5).
        game.play(&Action::parse("e5xe6").unwrap(), admiral_engine::Defense::Auto).unwrap();
        // North moves the battleship; South to move again.
        game.play(&Action::parse("k10-k9").unwrap(), admiral_engine::Defense::Auto).unwrap();
        let view = game.view(Side::South);
        let text = play::events::describe_turn(&view, EN);
        assert!(text.contains("enemy ship moved k10→k9"), "{text}");
        assert!(!text.contains("battleship"));
        let labels = action_choices(&view, &game.legal_actions(), "", EN);
        assert!(labels.iter().all(|(l, _)| !l.contains("battleship")));
    }
}

#[test]
fn battle_texts_and_cards_from_the_viewers_seat() {
    let mut game = small_game(true);
    game.play(&Action::parse("e5xe6(d5)").unwrap(), admiral_engine::Defense::Auto).unwrap();
    let south = game.view(Side::South);
    let north = game.view(Side::North);
    let s = play::events::describe_turn(&south, EN);
    let n = play::events::describe_turn(&north, RU);
    assert!(s.contains("you won") && s.contains("CR+CR (18)"), "{s}");
    assert!(n.contains("вы проиграли"), "{n}");
    assert!(matches!(play::view::battle_pic(&south, EN), Some(Pic::Battle(_))));
    assert_eq!(UnitKind::Cruiser.strength(), Some(7));
}

#[tokio::test]
async fn defence_menu_when_the_policy_is_ask() {
    // The menu is built from the defender's own view: their ships, strengths, squares.
    let game = small_game(true);
    let view = game.view(Side::North);
    let e6 = admiral_engine::Square::parse("e6").unwrap();
    let rows = play::view::defence_rows(MatchId(4), &view, e6, &[vec![]], EN);
    let Comp::Select { id, options, .. } = &rows[0][0] else { panic!() };
    assert_eq!(Cid::parse(id), Some(Cid::Defend(MatchId(4), 0)));
    assert_eq!(options[0].label, "DD (5) · e6");
    // A malformed or stale choice is refused without panicking.
    let Playing { h: _h, a, id: m, south, .. } = playing().await;
    let Answer::Reply(r) =
        components::component(&a, &who(south, EN, "1"), &Cid::Defend(m, 0), Some("x")).await
    else {
        panic!()
    };
    assert!(is_refusal(&r));
    let Answer::Reply(r) =
        components::component(&a, &who(south, EN, "2"), &Cid::Defend(m, 0), Some("0")).await
    else {
        panic!()
    };
    assert!(is_refusal(&r) && r.text.to_lowercase().contains("no defence declaration"), "{}", r.text);
}

#[test]
fn every_command_and_option_is_described_in_both_languages() {
    let mut cmds = vec![commands::admiral()];
    let missing = commands::localise(&mut cmds);
    assert!(missing.is_empty(), "missing catalogue keys: {missing:?}");
    fn walk(c: &poise::Command<Arc<App>, admiral_bot::discord::Error>, n: &mut usize) {
        *n += 1;
        assert!(c.description.as_deref().is_some_and(|d| !d.is_empty()), "{}", c.name);
        assert!(c.description_localizations.iter().any(|(l, _)| l == "ru"), "{}", c.name);
        for p in &c.parameters {
            assert!(p.description_localizations.iter().any(|(l, _)| l == "ru"), "{} {}", c.name, p.name);
            for ch in p.choices.iter() {
                assert!(ch.localizations.iter().any(|(l, _)| l == "ru"), "{}", ch.name);
            }
        }
        for s in &c.subcommands {
            walk(s, n);
        }
    }
    let mut n = 0;
    walk(&cmds[0], &mut n);
    assert!(n >= 24, "{n} commands");
    let admiral = &cmds[0];
    let names: Vec<&str> = admiral.subcommands.iter().map(|c| c.name.as_ref()).collect();
    for want in [
        "challenge",
        "ai",
        "profile",
        "leaderboard",
        "setup",
        "move",
        "board",
        "matches",
        "resign",
        "layouts",
        "settings",
        "rules",
        "replay",
    ] {
        assert!(names.contains(&want), "{want} in {names:?}");
    }
    assert!(admiral.install_context.is_some() && admiral.interaction_context.is_some());
}

/// Russian players see Russian command and option names. Discord refuses the whole command
/// list if a name is not lowercase letters, digits, `-` or `_` (1–32 of them) or if two
/// siblings share one.
#[test]
fn every_command_and_option_has_a_valid_russian_name() {
    let mut cmds = vec![commands::admiral()];
    assert!(commands::localise(&mut cmds).is_empty());
    fn valid(name: &str) -> bool {
        let n = name.chars().count();
        (1..=32).contains(&n)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase()))
    }
    fn russian(
        list: &[(std::borrow::Cow<'static, str>, std::borrow::Cow<'static, str>)],
        what: &str,
    ) -> String {
        let ru = list.iter().find(|(l, _)| l == "ru").unwrap_or_else(|| panic!("{what} has no Russian name"));
        assert!(valid(&ru.1), "{what}: `{}` is not a valid Discord name", ru.1);
        assert!(ru.1.chars().any(|c| ('а'..='я').contains(&c) || c == 'ё'), "{what}: `{}`", ru.1);
        ru.1.to_string()
    }
    fn walk(c: &poise::Command<Arc<App>, admiral_bot::discord::Error>, n: &mut usize) {
        *n += 1;
        russian(&c.name_localizations, &c.name);
        let options: Vec<String> = c
            .parameters
            .iter()
            .map(|p| russian(&p.name_localizations, &format!("{} {}", c.name, p.name)))
            .collect();
        let subs: Vec<String> =
            c.subcommands.iter().map(|s| russian(&s.name_localizations, &s.name)).collect();
        for siblings in [&options, &subs] {
            let unique: std::collections::BTreeSet<&String> = siblings.iter().collect();
            assert_eq!(unique.len(), siblings.len(), "{}: {siblings:?}", c.name);
        }
        for s in &c.subcommands {
            walk(s, n);
        }
    }
    let mut n = 0;
    walk(&cmds[0], &mut n);
    assert!(n >= 24, "{n} commands");
    assert_eq!(russian(&cmds[0].name_localizations, "admiral"), "адмирал");
}

#[test]
fn clock_option_parsing() {
    assert_eq!(Clock::parse("untimed"), Some(Clock::Untimed));
    assert_eq!(Clock::parse("3d"), Some(Clock::Days(3)));
    assert_eq!(Clock::parse("10+5"), Some(Clock::Live(10, 5)));
    assert_eq!(Clock::parse("15m"), Some(Clock::Live(15, 0)));
    assert_eq!(Clock::parse("soon"), None);
}

#[tokio::test]
async fn every_picture_renders() {
    let Playing { h, a, id, south, north } = playing().await;
    let legal = h.svc.legal_actions(south, id).await.unwrap();
    play::moves::play(&a, &who(south, EN, "1"), id, &legal[0].to_string(), None).await.or_refusal(EN);
    let Answer::Update(_) =
        components::component(&a, &who(north, RU, "2"), &Cid::ResignConfirm(id), None).await
    else {
        panic!()
    };
    h.svc.quiesce().await;
    h.deliver().await;
    let mut pics: Vec<Pic> = Vec::new();
    for n in h.out.all() {
        pics.extend(notice_reply(&n, &NoticeCtx::default()).pictures);
    }
    pics.extend(career::replay::replay(&a, &who(north, RU, "3"), id).await.or_refusal(RU).pictures);
    pics.extend(rules::handler::rules(&who(south, RU, "4"), None).or_refusal(RU).pictures);
    pics.extend(
        career::handler::profile(&a, &who(south, EN, "5"), south, "Alice").await.or_refusal(EN).pictures,
    );
    pics.push(
        play::view::battle_pic(
            &{
                let mut g = small_game(true);
                g.play(&Action::parse("e5xe6(d5)").unwrap(), admiral_engine::Defense::Auto).unwrap();
                g.view(Side::North)
            },
            RU,
        )
        .unwrap(),
    );
    let kinds: std::collections::BTreeSet<&str> = pics.iter().map(|p| p.file_name()).collect();
    for want in
        ["board.png", "setup.png", "result.png", "replay.gif", "units.png", "profile.png", "battle.png"]
    {
        assert!(kinds.contains(want), "{want} missing from {kinds:?}");
    }
    let r = a.renderer.clone();
    tokio::task::spawn_blocking(move || {
        for p in &pics {
            let bytes = p.render(&r);
            let magic: &[u8] = if p.file_name().ends_with(".gif") { b"GIF8" } else { b"\x89PNG" };
            assert!(bytes.starts_with(magic), "{} did not render", p.file_name());
        }
    })
    .await
    .unwrap();
}
