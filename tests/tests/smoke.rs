use admiral_e2e::bot::Bot;
use admiral_e2e::fake::FakeDiscord;
use admiral_e2e::game::{self, Seat};
use admiral_e2e::player::Player;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smoke() {
    let fake = FakeDiscord::start().await;
    let alice = Player::join(&fake, "alice", "en-US");
    let bob = Player::join(&fake, "bob", "en-US");
    let _bot = Bot::start(&fake).await;
    alice.challenge(&bob, &[]).await;
    let m = bob.accept().await;
    alice.ready(m).await;
    bob.ready(m).await;
    let seats = [Seat { player: &alice, dms_open: true }, Seat { player: &bob, dms_open: true }];
    let s = game::south(seats, m).await;
    let played = game::play_out(seats, m, s, 3, 7).await;
    println!("{played:?}");
    fake.assert_no_problems();
}
