//! What players read and see about their careers, in English and Russian: the working of the
//! points in the end-of-match message, promotions and new awards (text and card), the profile
//! card with its award menu, and the leaderboard with its page buttons.

use crate::career_support;
use crate::common;

use admiral_bot::discord::cid::Cid;
use admiral_bot::discord::notices::{notice_reply, NoticeCtx};
use admiral_bot::discord::refusal::OrRefusal;
use admiral_bot::discord::ui::{Answer, Comp, Pic, Reply};
use admiral_bot::discord::Who;
use admiral_bot::discord::{career, components};
use admiral_bot::service::Origin;
use admiral_bot::{MatchId, UserId};
use admiral_engine::Language;
use career_support::*;
use common::discord::{app, EN, RU};
use common::*;

fn who(user: UserId, lang: Language) -> Who {
    common::discord::who(user, lang, &format!("k{}", user.0))
}

/// The end-of-match message `user` got for match `id`, as the bot would send it.
async fn end_message(h: &Harness, user: UserId, id: MatchId) -> Reply {
    let n = ended_for(h, user).await.into_iter().find(|n| n.match_id == Some(id)).expect("end notice");
    notice_reply(&n, &NoticeCtx::default())
}

fn contains_all(text: &str, parts: &[&str]) {
    for p in parts {
        assert!(text.contains(p), "missing {p:?} in:\n{text}");
    }
}

fn new_awards(r: &Reply) -> Vec<(String, String)> {
    match &r.pictures[0] {
        Pic::GameOver(card) => {
            card.new_awards.iter().map(|a| (a.name.clone(), a.degree_label.clone())).collect()
        }
        other => panic!("the result card comes first, got {other:?}"),
    }
}

#[tokio::test]
async fn end_of_match_shows_the_working_promotion_and_new_awards_in_both_languages() {
    let h = harness().await;
    h.svc.set_language(BOB, RU).await.unwrap();
    let bomb = bomb_everything();
    let en = played(&h, ALICE, North::Ai(5), &bomb, &[(ALICE, "g8!")], Built::default()).await;
    let ru = played(&h, BOB, North::Ai(5), &bomb, &[(BOB, "g8!")], Built::default()).await;

    let r = end_message(&h, ALICE, en).await;
    contains_all(
        &r.text,
        &[
            "Points: +185 (total 185).",
            "• Fleet kept: 8.2",
            "• Tonnage sunk (per 1,000 t): 26.4",
            "• Both bases kept: 50",
            "• Victory: 100",
            "• (184.6) × 1 (win) × 1 (AI level 5) = **185**",
            "🎖 **Promoted**: Seaman → **Senior Seaman**!",
            "185 / 250 points to Petty Officer 2nd Class",
            "🏅 New award: **Atomic strike** III",
            "🏅 New award: **Admiral's match** III",
        ],
    );
    assert_eq!(
        new_awards(&r),
        [
            ("Atomic strike".to_string(), "III".to_string()),
            ("Base raider".into(), "III".into()),
            ("Base defender".into(), "III".into()),
            ("Admiral's match".into(), "III".into())
        ],
        "the new awards are drawn on the result card"
    );

    let r = end_message(&h, BOB, ru).await;
    contains_all(
        &r.text,
        &[
            "Очки: +185 (всего 185).",
            "• Сохранённый флот: 8,2",
            "• Потопленный тоннаж (на 1000 т): 26,4",
            "• Обе базы целы: 50",
            "• Победа: 100",
            "• (184,6) × 1 (победа) × 1 (ИИ уровня 5) = **185**",
            "🎖 **Повышение**: Матрос → **Старший матрос**!",
            "🏅 Новая награда: **Атомный удар** III",
        ],
    );
    assert_eq!(new_awards(&r)[0], ("Атомный удар".to_string(), "III".to_string()));

    // A raised degree, a loss against a person, and the unrated reasons.
    let again = played(&h, ALICE, North::Ai(5), &bomb, &[(ALICE, "g8!")], Built::default()).await;
    let r = end_message(&h, ALICE, again).await;
    contains_all(
        &r.text,
        &[
            "🏅 **Atomic strike** raised from III to **II**",
            "Points: +185 (total 370).",
            "🎖 **Promoted**: Senior Seaman → **Petty Officer 2nd Class**!",
        ],
    );
    assert!(!r.text.contains("New award"), "{}", r.text);
    let lost = played(&h, CAROL, North::Human(BOB), TAKE_THE_BASE, &[(CAROL, TAKE)], Built::default()).await;
    contains_all(
        &end_message(&h, BOB, lost).await.text,
        &[
            "Очки: +0",
            "• Сохранённый флот: 1,1",
            "• Обе базы целы: 0",
            "× 0,25 (поражение: четверть) × 1 (человек) = **0**",
        ],
    );
    contains_all(&end_message(&h, CAROL, lost).await.text, &["× 1 (win) × 1 (a person) = **154**"]);
    let friendly = Built { rated: false, ..Built::default() };
    let unrated = played(&h, CAROL, North::Human(BOB), TAKE_THE_BASE, &[(CAROL, TAKE)], friendly).await;
    contains_all(&end_message(&h, CAROL, unrated).await.text, &["This match was unrated"]);
    contains_all(&end_message(&h, BOB, unrated).await.text, &["Партия без рейтинга"]);
    let early = insert_match(&h, CAROL, North::Human(BOB), TAKE_THE_BASE, Built::default()).await;
    h.svc.resign("early", BOB, early).await.unwrap();
    contains_all(&end_message(&h, CAROL, early).await.text, &["Resigned before move 10"]);
    contains_all(&end_message(&h, BOB, early).await.text, &["Сдача до 10-го хода"]);
    for _ in 0..2 {
        played(&h, CAROL, North::Human(BOB), TAKE_THE_BASE, &[(CAROL, TAKE)], Built::default()).await;
    }
    let over = played(&h, CAROL, North::Human(BOB), TAKE_THE_BASE, &[(CAROL, TAKE)], Built::default()).await;
    contains_all(&end_message(&h, CAROL, over).await.text, &["already played 3 rated matches today (UTC)"]);
    contains_all(&end_message(&h, BOB, over).await.text, &["уже сыграли 3 рейтинговые партии"]);
}

#[tokio::test]
async fn profile_card_and_the_award_menu_show_condition_and_progress() {
    let h = harness().await;
    let a = app(&h).await;
    played(&h, ALICE, North::Ai(5), &bomb_everything(), &[(ALICE, "g8!")], Built::default()).await;
    let r = career::handler::profile(&a, &who(BOB, EN), ALICE, "Alice").await.or_refusal(EN);
    assert!(!r.ephemeral);
    contains_all(&r.text, &["Senior Seaman", "185"]);
    let Pic::Profile(card) = &r.pictures[0] else { panic!("profile card") };
    assert_eq!((card.medals.len(), card.badges.len()), (8, 5), "medals and orders left, badges right");
    assert_eq!(
        (card.badges[4].name.as_str(), card.badges[4].progress_label.as_str()),
        ("Naval school", "0 / 3 → III")
    );
    assert_eq!(
        (card.medals[4].name.as_str(), card.medals[4].degree, card.medals[4].progress_label.as_str()),
        ("Atomic strike", 3, "24 / 30 → II")
    );
    assert_eq!(card.badges[0].progress_label, "1 / 10 → III", "veteran");
    assert_eq!(card.rank.name, "Senior Seaman");
    let Some(Comp::Select { id, options, .. }) = r.rows.first().and_then(|row| row.first()) else {
        panic!("an award menu under the card")
    };
    assert_eq!(id, &Cid::Award(ALICE).encode());
    assert_eq!(options.len(), 14);
    assert_eq!(options[4].label, "Atomic strike · III");
    assert_eq!(options[4].description.as_deref(), Some("24 / 30 for degree II"));
    assert_eq!(options[0].label, "Torpedo strike");
    assert_eq!(options[0].description.as_deref(), Some("0 / 1 for degree III"));

    // Anyone looking at the card may open an award: the answer is only for them.
    assert_eq!(components::ack_kind(&Cid::Award(ALICE)), Some(false));
    let detail = |lang, value: &'static str| {
        let a = a.clone();
        async move {
            match components::component(&a, &who(BOB, lang), &Cid::Award(ALICE), Some(value)).await {
                Answer::Reply(r) => r,
                other => panic!("{other:?}"),
            }
        }
    };
    let r = detail(EN, "atomic_strike").await;
    assert!(r.ephemeral);
    contains_all(
        &r.text,
        &[
            "**Atomic strike** · medal · degree III",
            "Counts enemy units destroyed by your atomic bomb.",
            "Degrees: III at 5 · II at 30 · I at 120",
            "Now 24: 6 more for degree II.",
        ],
    );
    contains_all(
        &detail(EN, "torpedo_strike").await.text,
        &["not earned yet", "Now 0: 1 more for degree III."],
    );
    contains_all(
        &detail(EN, "tonnage").await.text,
        &["qualification badge", "Now 26,400: 473,600 more for degree III."],
    );
    contains_all(
        &detail(RU, "atomic_strike").await.text,
        &[
            "**Атомный удар** · медаль · III степени",
            "Степени: III — 5 · II — 30 · I — 120",
            "Сейчас 24: до степени II осталось 6.",
        ],
    );
    contains_all(
        &detail(EN, "rules").await.text,
        &["at most 3 times per day (UTC)", "resigned before move 10", "×0.2"],
    );
    contains_all(&detail(RU, "rules").await.text, &["не больше 3 раз в сутки (UTC)", "до 10-го хода"]);
    let rules = detail(EN, "rules").await;
    let Pic::Ranks(ranks) = &rules.pictures[0] else { panic!("the table of ranks") };
    assert_eq!(ranks.ranks.len(), 19);
    assert_eq!(ranks.ranks[18], ("Fleet Admiral".to_string(), "18,500 points".to_string()));
    assert_eq!(ranks.current, Some(0), "Bob, who asks, is a Seaman");
    assert!(detail(EN, "no_such_award").await.text.starts_with("⚠️"));

    // Russian card; a player without matches has an empty record.
    let r = career::handler::profile(&a, &who(ALICE, RU), ALICE, "Alice").await.or_refusal(RU);
    let Pic::Profile(card) = &r.pictures[0] else { panic!() };
    assert_eq!((card.rank.name.as_str(), card.medals[4].name.as_str()), ("Старший матрос", "Атомный удар"));
    let r = career::handler::profile(&a, &who(ALICE, EN), CAROL, "Carol").await.or_refusal(EN);
    let Pic::Profile(card) = &r.pictures[0] else { panic!() };
    assert_eq!(card.rank.name, "Seaman");
    assert!(card.medals.iter().chain(&card.badges).all(|a| a.degree == 0));
}

#[tokio::test]
async fn leaderboard_pages_with_buttons_and_the_callers_place() {
    let h = harness().await;
    let a = app(&h).await;
    for i in 0..12u64 {
        let user = UserId(5000 + i);
        played(&h, user, North::Ai((i % 5 + 1) as u8), TAKE_THE_BASE, &[(user, TAKE)], Built::default())
            .await;
    }
    // Places: level 5 (5004, 5009), 4 (5003, 5008), 3 (5002, 5007), 2 (5001, 5006, 5011),
    // 1 (5000, 5005, 5010); equal points by user id.
    let caller = UserId(5010);
    let r = career::handler::leaderboard(&a, &who(caller, EN)).await.or_refusal(EN);
    assert!(!r.ephemeral);
    contains_all(
        &r.text,
        &[
            "**Leaderboard** · page 1 of 2 · 12 players",
            "1. <@5004> · Senior Seaman · 154 points · wins: 1",
            "7. <@5001> · Seaman · 62 points",
            "10. <@5000>",
            "Your place: **#12** (31 points).",
        ],
    );
    assert!(!r.text.contains("11. <@"), "ten rows a page");
    let buttons = |r: &Reply| -> Vec<(String, bool)> {
        r.rows[0]
            .iter()
            .map(|c| match c {
                Comp::Button { id, disabled, .. } => (id.clone(), *disabled),
                other => panic!("{other:?}"),
            })
            .collect()
    };
    assert_eq!(
        buttons(&r),
        [(Cid::Leaders(caller, 0).encode(), true), (Cid::Leaders(caller, 1).encode(), false)]
    );
    assert_eq!(components::ack_kind(&Cid::Leaders(caller, 1)), Some(true), "acknowledged at once");
    let Answer::Update(next) =
        components::component(&a, &who(caller, RU), &Cid::Leaders(caller, 1), None).await
    else {
        panic!("the page replaces the message of the one who asked")
    };
    contains_all(
        &next.text,
        &[
            "**Таблица лидеров** · страница 2 из 2 · 12 игроков",
            "11. <@5005>",
            "12. <@5010>",
            "Ваше место: **#12**",
        ],
    );
    assert_eq!(
        buttons(&next),
        [(Cid::Leaders(caller, 0).encode(), false), (Cid::Leaders(caller, 2).encode(), true)]
    );
    // Someone else pressing the button gets their own copy, with their own place.
    let other = UserId(5004);
    let Answer::Reply(copy) =
        components::component(&a, &who(other, EN), &Cid::Leaders(caller, 1), None).await
    else {
        panic!("a reply only for them")
    };
    assert!(copy.ephemeral);
    contains_all(&copy.text, &["page 2 of 2", "Your place: **#1**"]);
    assert_eq!(buttons(&copy)[0].0, Cid::Leaders(other, 0).encode());
    let r = career::handler::leaderboard(&a, &who(UserId(9999), EN)).await.or_refusal(EN);
    contains_all(&r.text, &["You are not on this board yet"]);
    let other_server = Who { origin: Origin::in_channel(55, CHANNEL), ..who(caller, EN) };
    let r = career::handler::leaderboard(&a, &other_server).await.or_refusal(other_server.lang);
    assert!(r.text.contains("Nobody has finished") && r.rows.is_empty(), "{}", r.text);
}

#[tokio::test]
async fn the_result_card_shows_the_same_working_as_the_text() {
    let h = harness().await;
    h.svc.set_language(BOB, RU).await.unwrap();
    let id = played(&h, BOB, North::Ai(3), &bomb_everything(), &[(BOB, "g8!")], Built::default()).await;
    let r = end_message(&h, BOB, id).await;
    contains_all(
        &r.text,
        &["• (184,6) × 1 (победа) × 0,6 (ИИ уровня 3) = **111**", "Очки: +111 (всего 111)."],
    );
    let Pic::GameOver(card) = &r.pictures[0] else { panic!("result card") };
    let lines: Vec<(&str, &str)> = card.lines.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    assert_eq!(
        lines,
        [
            ("Сохранённый флот", "8,2"),
            ("Потопленный тоннаж (на 1000 т)", "26,4"),
            ("Обе базы целы", "50"),
            ("Победа", "100"),
            ("Множитель результата", "×1"),
            ("Множитель соперника", "×0,6"),
        ]
    );
    assert_eq!(card.total.1, "+111");
}

#[tokio::test]
async fn an_unrated_result_card_shows_the_players_real_rank() {
    let h = harness().await;
    let bomb = bomb_everything();
    for _ in 0..3 {
        played(&h, ALICE, North::Ai(5), &bomb, &[(ALICE, "g8!")], Built::default()).await;
    }
    let friendly = Built { rated: false, ..Built::default() };
    let id = played(&h, ALICE, North::Human(BOB), &bomb, &[(ALICE, "g8!")], friendly).await;
    let r = end_message(&h, ALICE, id).await;
    let Pic::GameOver(card) = &r.pictures[0] else { panic!("result card") };
    assert_eq!(card.total.1, "—");
    assert_eq!(card.rank.name, "Petty Officer 1st Class", "555 points, unchanged by the friendly match");
    assert!(card.new_awards.is_empty());
}
