//! Scenario 3: setting up by uploading a layout file: a good one is taken as it is (the
//! downloaded layout is the uploaded one), a broken one is refused with its precise error
//! (line, column, what is wrong) and changes nothing; then the match starts with it.

use admiral_e2e::bot::Bot;
use admiral_e2e::fake::{FakeDiscord, Place};
use admiral_e2e::player::Player;
use admiral_engine::{auto_layout, Language, Layout, Style};

/// The layout file a player downloads with the Download button of the setup DM.
async fn download(p: &Player, m: u64) -> Layout {
    let setup = p.setup_dm(m).await;
    let out = p.press(&setup, &format!("adm:download:{m}")).await;
    assert!(out.message().ephemeral, "{}", out.text());
    let file = out.message().file(&format!("layout-{m}.txt")).expect("layout file").clone();
    Layout::parse(&file.text().unwrap()).expect("the downloaded file is a complete layout")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upload_good_then_broken_layout() {
    let fake = FakeDiscord::start().await;
    let alice = Player::join(&fake, "alice", "en-US");
    let _bot = Bot::start(&fake).await;

    let started = alice.run(Place::Dm, "admiral ai", &[("level", "1")]).await;
    assert!(!started.is_refusal(), "{}", started.text());
    let m: u64 = started.text().split('#').nth(1).and_then(|s| s.split(' ').next()).unwrap().parse().unwrap();
    let before = download(&alice, m).await;

    // A good file, written the way a person edits one (the engine's own format, English codes).
    let good = auto_layout(4242, Style::Aggressive);
    assert_ne!(good, before);
    let file = fake.upload("fortress.txt", good.to_text(Language::En).as_bytes());
    let out =
        alice.run(Place::Dm, "admiral setup upload", &[("file", &file), ("match", &m.to_string())]).await;
    assert!(!out.is_refusal() && out.says("your new layout"), "{}", out.text());
    assert!(out.message().file("setup.png").is_some_and(|a| a.is_png()));
    assert_eq!(download(&alice, m).await, good, "the layout in play is the uploaded one");

    // A broken file: an unknown code in the second row, third square.
    let text = good.to_text(Language::En);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let row = lines.iter().position(|l| !l.starts_with('#')).unwrap() + 1;
    let mut codes: Vec<String> = lines[row].split_whitespace().map(str::to_string).collect();
    codes[2] = "XX".into();
    lines[row] = codes.join(" ");
    let broken = lines.join("\n");
    let expected =
        admiral_engine::describe_errors(&Layout::parse_partial(&broken).unwrap_err(), Language::En);
    assert!(expected.contains(&format!("line {}", row + 1)) && expected.contains("`XX`"), "{expected}");
    let file = fake.upload("broken.txt", broken.as_bytes());
    let out =
        alice.run(Place::Dm, "admiral setup upload", &[("file", &file), ("match", &m.to_string())]).await;
    assert!(out.is_refusal(), "{}", out.text());
    assert!(out.text().contains(&expected), "the reply names the line, column and problem:\n{}", out.text());
    assert!(out.message().attachments.is_empty());
    assert_eq!(download(&alice, m).await, good, "a refused file changes nothing");

    // Files that are not plain UTF-8 text: one clear sentence each, and nothing changes.
    let png = [b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".as_slice(), &[0u8; 300]].concat();
    let cp1251: Vec<u8> = good
        .to_text(Language::Ru)
        .chars()
        .map(|c| match c {
            'А'..='я' => 0xC0 + (c as u32 - 'А' as u32) as u8,
            c if c.is_ascii() => c as u8,
            _ => b'?',
        })
        .collect();
    let huge = vec![b'.'; 200_000];
    for (name, bytes, says) in [
        ("fleet.txt", &png, "not text"),
        ("windows.txt", &cp1251, "not in UTF-8"),
        ("huge.txt", &huge, "too large"),
    ] {
        let file = fake.upload(name, bytes);
        let out =
            alice.run(Place::Dm, "admiral setup upload", &[("file", &file), ("match", &m.to_string())]).await;
        assert!(out.is_refusal() && out.says(says), "{name}: {}", out.text());
        assert_eq!(out.text().lines().count(), 1, "{name}: one sentence, not a list: {}", out.text());
        assert!(!out.text().contains('\u{FFFD}') && !out.text().contains('\0'), "{}", out.text());
    }
    let file = fake.upload("huge.txt", &huge);
    let out =
        alice.run(Place::Dm, "admiral setup upload", &[("file", &file), ("match", &m.to_string())]).await;
    assert!(out.says("64 KiB"), "the limit is named: {}", out.text());
    // A text file that is wrong everywhere: a handful of lines, then how many more.
    let junk = vec!["ZZ ".repeat(14); 5].join("\n");
    let file = fake.upload("junk.txt", junk.as_bytes());
    let out =
        alice.run(Place::Dm, "admiral setup upload", &[("file", &file), ("match", &m.to_string())]).await;
    assert!(out.is_refusal() && out.says("more"), "{}", out.text());
    assert!(out.text().lines().count() <= 8, "{}", out.text());
    assert_eq!(download(&alice, m).await, good, "refused files change nothing");

    // Russian unit codes are read too.
    let ru = auto_layout(77, Style::Balanced);
    let file = fake.upload("флот.txt", ru.to_text(Language::Ru).as_bytes());
    let out =
        alice.run(Place::Dm, "admiral setup upload", &[("file", &file), ("match", &m.to_string())]).await;
    assert!(!out.is_refusal(), "{}", out.text());
    assert_eq!(download(&alice, m).await, ru);

    // A Windows editor's UTF-16 with a byte-order mark is plain text too.
    let utf16 = auto_layout(99, Style::Balanced);
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(utf16.to_text(Language::Ru).replace('\n', "\r\n").encode_utf16().flat_map(u16::to_le_bytes));
    let file = fake.upload("unicode.txt", &bytes);
    let out =
        alice.run(Place::Dm, "admiral setup upload", &[("file", &file), ("match", &m.to_string())]).await;
    assert!(!out.is_refusal(), "{}", out.text());
    assert_eq!(download(&alice, m).await, utf16);
    let file = fake.upload("флот.txt", ru.to_text(Language::Ru).as_bytes());
    let out =
        alice.run(Place::Dm, "admiral setup upload", &[("file", &file), ("match", &m.to_string())]).await;
    assert!(!out.is_refusal(), "{}", out.text());
    assert_eq!(download(&alice, m).await, ru);

    // Save it under a name (button → modal), change the layout, then pick the saved one from
    // the select menu.
    let setup = alice.setup_dm(m).await;
    let modal = alice.press(&setup, &format!("adm:save:{m}")).await;
    let saved = alice.submit(&modal, &["northern fleet"]).await;
    assert!(!saved.is_refusal() && saved.says("northern fleet"), "{}", saved.text());
    let auto = alice.press(&setup, &format!("adm:auto:{m}")).await;
    assert!(
        auto.message().file("setup.png").is_some_and(|a| a.is_png()),
        "the edited preview keeps a picture"
    );
    assert_ne!(download(&alice, m).await, ru);
    let menu = alice.press(&setup, &format!("adm:saved:{m}")).await;
    assert!(menu.message().ephemeral, "{}", menu.text());
    let picked = alice.choose(menu.message(), &format!("adm:usesaved:{m}"), "northern fleet").await;
    assert!(!picked.is_refusal() && picked.message().file("setup.png").is_some(), "{}", picked.text());
    assert_eq!(download(&alice, m).await, ru, "the saved layout is back");

    // Ready: the match starts with that fleet.
    let ready = alice.ready(m).await;
    assert!(ready.message().components().is_empty(), "no setup buttons after Ready");
    let board = alice.wait_dm("the first board", |d| d.file("board.png").is_some()).await;
    assert!(board.file("board.png").unwrap().is_png());
    fake.assert_no_problems();
}
