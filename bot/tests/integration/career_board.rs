//! The leaderboard at the service level: who is on a server's board, the order, the pages
//! and their boundaries, and the caller's own place (on the page, off it, or nowhere).

use crate::career_support;
use crate::common;

use admiral_bot::career::board::PAGE_SIZE;
use admiral_bot::UserId;
use career_support::*;
use common::*;

const OTHER_GUILD: u64 = 55;

/// Player `i` beats the AI of level `i % 5 + 1` in `guild` (31, 62, 92, 123 or 154 points).
async fn populate(h: &Harness, first: u64, n: u64, guild: u64) -> Vec<UserId> {
    let mut out = Vec::new();
    for i in 0..n {
        let user = UserId(first + i);
        let built = Built { guild, ..Built::default() };
        played(h, user, North::Ai((i % 5 + 1) as u8), TAKE_THE_BASE, &[(user, TAKE)], built).await;
        out.push(user);
    }
    out
}

#[tokio::test]
async fn order_pages_and_the_callers_place() {
    let h = harness().await;
    let players = populate(&h, 5000, 23, GUILD).await;
    // Someone whose only match here was unrated is on the board with 0 points, last.
    let unrated = Built { rated: false, ..Built::default() };
    played(&h, CAROL, North::Ai(1), TAKE_THE_BASE, &[(CAROL, TAKE)], unrated).await;
    // A player of another server only.
    let stranger = populate(&h, 6000, 1, OTHER_GUILD).await[0];

    // The expected order: points, then wins, then fewer matches, then the user id.
    let mut expected = Vec::new();
    for &u in players.iter().chain([CAROL].iter()) {
        let p = h.svc.profile(u).await.unwrap();
        expected.push((std::cmp::Reverse(p.points), std::cmp::Reverse(p.wins), p.rated_matches, u));
    }
    expected.sort();
    let expected: Vec<UserId> = expected.into_iter().map(|e| e.3).collect();
    assert_eq!(expected.last(), Some(&CAROL));
    assert_eq!(
        expected[..4],
        [UserId(5004), UserId(5009), UserId(5014), UserId(5019)],
        "level 5 first, by id"
    );

    let first = h.svc.leaderboard(Some(GUILD), 0, players[0]).await.unwrap();
    assert_eq!((first.page, first.pages, first.total), (0, 3, 24));
    assert_eq!(first.rows.len(), PAGE_SIZE as usize);
    assert_eq!(first.rows.iter().map(|r| r.place).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
    assert_eq!(first.rows[0].points, 154);
    assert!(first.rows.windows(2).all(|w| w[0].points >= w[1].points));
    let mut all = users(&first);
    for page in 1..3 {
        all.extend(users(&h.svc.leaderboard(Some(GUILD), page, players[0]).await.unwrap()));
    }
    assert_eq!(all, expected, "pages in order, nobody twice, nobody missing");
    assert!(!all.contains(&stranger), "only players of this server's matches");

    // The last page has the rest; a page past the end shows the last one.
    let last = h.svc.leaderboard(Some(GUILD), 2, players[0]).await.unwrap();
    assert_eq!(last.rows.iter().map(|r| r.place).collect::<Vec<_>>(), [21, 22, 23, 24]);
    let past = h.svc.leaderboard(Some(GUILD), 99, players[0]).await.unwrap();
    assert_eq!((past.page, users(&past)), (2, users(&last)));

    // The caller's own row, on the page or far from it.
    let me = first.me.clone().expect("player 0 is on the board");
    let place = expected.iter().position(|u| *u == players[0]).unwrap() as u32 + 1;
    assert_eq!((me.user, me.place, me.points), (players[0], place, 31));
    assert!(place > 10, "player 0 (level 1) is off the first page");
    let carol = h.svc.leaderboard(Some(GUILD), 0, CAROL).await.unwrap();
    assert_eq!(carol.me.as_ref().map(|m| (m.place, m.points)), Some((24, 0)));
    assert_eq!(users(&carol), users(&first), "the page does not depend on the caller");
    let top = h.svc.leaderboard(Some(GUILD), 0, expected[0]).await.unwrap();
    assert_eq!(top.me.map(|m| m.place), Some(1));
    // A caller without matches here: no place.
    assert_eq!(h.svc.leaderboard(Some(GUILD), 0, UserId(9999)).await.unwrap().me, None);
    assert_eq!(h.svc.leaderboard(Some(GUILD), 0, stranger).await.unwrap().me, None);
    // In DMs, everyone.
    let everyone = h.svc.leaderboard(None, 0, stranger).await.unwrap();
    assert_eq!(everyone.total, 25);
    assert!(everyone.me.is_some());
}

#[tokio::test]
async fn page_boundaries_at_ten_and_eleven_players() {
    let h = harness().await;
    let empty = h.svc.leaderboard(Some(GUILD), 0, ALICE).await.unwrap();
    assert_eq!((empty.pages, empty.total, empty.rows.len(), empty.me), (0, 0, 0, None));
    populate(&h, 7000, 10, GUILD).await;
    let ten = h.svc.leaderboard(Some(GUILD), 1, ALICE).await.unwrap();
    assert_eq!((ten.page, ten.pages, ten.total, ten.rows.len()), (0, 1, 10, 10));
    populate(&h, 7100, 1, GUILD).await;
    let eleven = h.svc.leaderboard(Some(GUILD), 1, UserId(7100)).await.unwrap();
    assert_eq!((eleven.page, eleven.pages, eleven.total), (1, 2, 11));
    assert_eq!(eleven.rows.len(), 1);
    let me = eleven.me.expect("on the board");
    assert_eq!(me.user, UserId(7100));
    assert_eq!(eleven.rows[0].place, 11);
}
