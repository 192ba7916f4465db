//! Golden images: references stored at half size (the size of a phone's DM preview), compared
//! with a small tolerance; `UPDATE_GOLDEN=1` rewrites them.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::OnceLock;

use admiral_engine::shared::view::{Shown, View, ViewCell, ViewRules};
use admiral_engine::shared::Game;
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

/// Permutes the enemy pieces `viewer` has not identified among their squares, with the engine's
/// test hook (memories untouched).
pub fn permute_hidden<P: ViewRules<View = View<P>>>(game: &mut Game<P>, viewer: Side, dice: &mut Dice) {
    let memory = game.view_remembering(viewer);
    let hidden: Vec<_> = memory.enemy_markers().filter(|(_, k)| k.is_none()).map(|(sq, _)| sq).collect();
    shuffle_by_swaps(hidden.len(), dice, |i, j| game.swap_for_test(hidden[i], hidden[j]));
}

/// The fog at the pixel level, over six random games of one ruleset (`sample(seed)` for seeds 0
/// to 5, drawn as `game_at(sample, intel)`): for each viewer, with intel on and off, the
/// viewer's picture (`render`) stays the same, three times over, when the enemy pieces the
/// viewer has not identified are permuted among their squares (with `dice`). `pieces` names
/// them in the message.
pub fn check_fog_holds<P: ViewRules<View = View<P>>, S>(
    mut dice: Dice,
    sample: impl Fn(u64) -> S,
    game_at: impl Fn(&S, bool) -> Game<P>,
    render: impl Fn(&View<P>) -> Vec<u8>,
    pieces: &str,
) {
    let position = |game: &Game<P>| game.position().to_text();
    for seed in 0..6u64 {
        let sample = sample(seed);
        for viewer in Side::BOTH {
            for intel in [true, false] {
                let game = game_at(&sample, intel);
                let png = render(&game.view(viewer));
                for _ in 0..3 {
                    let mut permuted = game.clone();
                    permute_hidden(&mut permuted, viewer, &mut dice);
                    assert_ne!(position(&permuted), position(&game), "the permutation changed nothing");
                    let png2 = render(&permuted.view(viewer));
                    assert!(png == png2, "seed {seed}, {viewer}: the picture depends on hidden {pieces}");
                }
            }
        }
    }
}

/// `view` (which must show remembered identities) with intel switched off, and the same view
/// with every remembered identity forgotten, to be drawn alike.
pub fn intel_off_and_blind<P: ViewRules>(mut view: View<P>) -> (View<P>, View<P>) {
    assert!(view.enemy_markers().any(|(_, k)| k.is_some()), "the sample has intel");
    view.intel = false;
    let mut blind = view.clone();
    for c in blind.cells.iter_mut() {
        if let Some(Shown::Enemy(_)) = c.piece() {
            *c = P::Cell::holding(Shown::Enemy(None));
        }
    }
    (view, blind)
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
