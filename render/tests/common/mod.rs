//! Golden images: references stored at half size (the size of a phone's DM preview), compared
//! with a small tolerance; `UPDATE_GOLDEN=1` rewrites them.
#![allow(dead_code)]

use std::path::PathBuf;

use admiral_engine::View;
use admiral_render::samples;

pub fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// A stored view, so that the references do not depend on the engine's move order.
pub fn fixture(name: &str, make: impl FnOnce() -> View) -> View {
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
