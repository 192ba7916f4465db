//! Golden images: references stored at half size (the size of a phone's DM preview), compared
//! with a small tolerance; `UPDATE_GOLDEN=1` rewrites them.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::OnceLock;

use admiral_engine::{Dice, Language, Side};
use admiral_render::{samples, BoardLabels, PlayerLabel, Renderer};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// One renderer for all the tests of a file.
pub fn renderer() -> &'static Renderer {
    static R: OnceLock<Renderer> = OnceLock::new();
    R.get_or_init(Renderer::new)
}

/// The texts of a board at `ply`, the opponent named `opponent` (English, Russian).
pub fn board_labels(language: Language, ply: u32, opponent: [&str; 2]) -> BoardLabels {
    match language {
        Language::En => BoardLabels {
            language,
            you: PlayerLabel { name: "You".into(), clock: Some("1d 04h".into()) },
            opponent: PlayerLabel { name: opponent[0].into(), clock: Some("23h 10m".into()) },
            status: format!("Turn {} · Your move", ply / 2 + 1),
        },
        Language::Ru => BoardLabels {
            language,
            you: PlayerLabel { name: "Вы".into(), clock: Some("1д 04ч".into()) },
            opponent: PlayerLabel { name: opponent[1].into(), clock: Some("23ч 10м".into()) },
            status: format!("Ход {} · ваш ход", ply / 2 + 1),
        },
    }
}

/// A random permutation of `len` places as a sequence of swaps (Fisher–Yates).
pub fn shuffle_by_swaps(len: usize, dice: &mut Dice, mut swap: impl FnMut(usize, usize)) {
    for i in (1..len).rev() {
        let j = dice.below(i + 1);
        if i != j {
            swap(i, j);
        }
    }
}

/// The fog at the pixel level: for each viewer, with intel on and off (`game_at(intel)`), the
/// viewer's picture stays the same, three times over, when the enemy pieces the viewer has not
/// identified are permuted among their squares. `position` is the game's full position as
/// text (to check that a permutation changed it); `seed` and `pieces` go in the message.
pub fn check_fog_holds<G: Clone>(
    game_at: impl Fn(bool) -> G,
    dice: &mut Dice,
    render: impl Fn(&G, Side) -> Vec<u8>,
    permute_hidden: impl Fn(&mut G, Side, &mut Dice),
    position: impl Fn(&G) -> String,
    (seed, pieces): (u64, &str),
) {
    for viewer in Side::BOTH {
        for intel in [true, false] {
            let game = game_at(intel);
            let png = render(&game, viewer);
            for _ in 0..3 {
                let mut permuted = game.clone();
                permute_hidden(&mut permuted, viewer, dice);
                assert_ne!(position(&permuted), position(&game), "the permutation changed nothing");
                let png2 = render(&permuted, viewer);
                assert!(png == png2, "seed {seed}, {viewer}: the picture depends on hidden {pieces}");
            }
        }
    }
}

/// Renders each seat's reference view in both languages and compares it with its golden image
/// `{prefix}_{seat}_{en|ru}`.
pub fn check_golden_boards<V>(
    prefix: &str,
    view: impl Fn(Side) -> V,
    render: impl Fn(&V, Language) -> Vec<u8>,
) {
    for viewer in Side::BOTH {
        let view = view(viewer);
        for (language, tag) in [(Language::En, "en"), (Language::Ru, "ru")] {
            check_golden(&format!("{prefix}_{viewer}_{tag}"), &render(&view, language));
        }
    }
}

pub fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// A stored view, so that the references do not depend on the engine's move order.
pub fn fixture<V: Serialize + DeserializeOwned>(name: &str, make: impl FnOnce() -> V) -> V {
    let path = golden_dir().join(format!("{name}.json"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() || !path.exists() {
        let view = make();
        std::fs::write(&path, serde_json::to_string_pretty(&view).expect("json")).expect("write fixture");
        return view;
    }
    serde_json::from_str(&std::fs::read_to_string(&path).expect("read fixture")).expect("a view")
}

/// Compares a picture with its reference at half size (the size of a phone's DM preview),
/// with a small tolerance; `UPDATE_GOLDEN=1` rewrites the reference.
pub fn check_golden(name: &str, png: &[u8]) {
    let (w, h, rgb) = samples::decode_png_rgb(png);
    let (sw, sh, small) = samples::downscale_rgb(w, h, &rgb, w / 2);
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() || !path.exists() {
        std::fs::write(&path, samples::encode_png_rgb(sw, sh, &small)).expect("write golden");
        return;
    }
    let (gw, gh, golden) = samples::decode_png_rgb(&std::fs::read(&path).expect("read golden"));
    assert_eq!((gw, gh), (sw, sh), "{name}: size changed");
    let mut total = 0u64;
    let mut off = 0usize;
    for (a, b) in small.chunks_exact(3).zip(golden.chunks_exact(3)) {
        let d = (0..3).map(|k| (a[k] as i32 - b[k] as i32).unsigned_abs()).max().unwrap_or(0);
        total += d as u64;
        if d > 24 {
            off += 1;
        }
    }
    let pixels = (sw * sh) as usize;
    let mean = total as f64 / pixels as f64;
    assert!(
        mean < 1.0 && off < pixels / 200,
        "{name}: differs from tests/golden/{name}.png (mean {mean:.3}, {off} pixels off); \
         run with UPDATE_GOLDEN=1 if the change is intended"
    );
}

/// The smallest rectangle `(x0, y0, x1, y1)` (exclusive ends) holding every pixel in which two
/// pictures of the same size differ, or `None` when they are the same.
pub fn difference_box(a: &[u8], b: &[u8]) -> Option<(u32, u32, u32, u32)> {
    let (w, h, a) = samples::decode_png_rgb(a);
    let (wb, hb, b) = samples::decode_png_rgb(b);
    assert_eq!((w, h), (wb, hb), "pictures of different sizes");
    let mut found: Option<(u32, u32, u32, u32)> = None;
    for (i, (pa, pb)) in a.chunks_exact(3).zip(b.chunks_exact(3)).enumerate() {
        if pa != pb {
            let (x, y) = (i as u32 % w, i as u32 / w);
            let (x0, y0, x1, y1) = found.unwrap_or((x, y, x + 1, y + 1));
            found = Some((x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)));
        }
    }
    found
}

/// Checks the eye on own units the enemy has identified: against the picture with none
/// (`render(&[])`), each of `squares` alone adds one badge at most `max` pixels across, and
/// no two badges share a place.
pub fn check_one_eye_per_square<S: Copy + std::fmt::Display>(
    squares: &[S],
    render: impl Fn(&[S]) -> Vec<u8>,
    max: u32,
) {
    assert!(squares.len() >= 2, "the sample has identified own units");
    let without = render(&[]);
    let mut places = Vec::new();
    for &sq in squares {
        let (x0, y0, x1, y1) = difference_box(&without, &render(&[sq])).expect("the eye shows");
        assert!(x1 - x0 <= max && y1 - y0 <= max, "{sq}: the badge spans {x0},{y0}–{x1},{y1}");
        places.push((x0, y0));
    }
    places.sort_unstable();
    places.dedup();
    assert_eq!(places.len(), squares.len(), "each badge sits on its own square");
}
