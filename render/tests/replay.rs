//! The replay GIF: frames composite to the same pictures as full renders, and a 500-ply game
//! stays well under Discord's limit.

use admiral_engine::Rules;
use std::sync::OnceLock;

use admiral_engine::{Language, Side};
use admiral_render::samples::SampleGame;
use admiral_render::{Renderer, ReplayLabels};

fn renderer() -> &'static Renderer {
    static R: OnceLock<Renderer> = OnceLock::new();
    R.get_or_init(Renderer::new)
}

fn labels(language: Language, seat: Side) -> ReplayLabels {
    ReplayLabels {
        language,
        seat,
        south: "@south".into(),
        north: "@север".into(),
        ply_label: "Move".into(),
        result: String::new(),
    }
}

/// Decodes a GIF and composites its frames; returns every composited frame (RGBA) and delays.
fn composite(gif_bytes: &[u8]) -> (u32, u32, Vec<Vec<u8>>, Vec<u16>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::io::Cursor::new(gif_bytes)).expect("a GIF");
    let (w, h) = (decoder.width() as u32, decoder.height() as u32);
    let mut canvas = vec![0u8; (w * h * 4) as usize];
    let mut frames = Vec::new();
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        for y in 0..frame.height as u32 {
            for x in 0..frame.width as u32 {
                let si = ((y * frame.width as u32 + x) * 4) as usize;
                if frame.buffer[si + 3] == 0 {
                    continue;
                }
                let di = (((frame.top as u32 + y) * w + frame.left as u32 + x) * 4) as usize;
                canvas[di..di + 4].copy_from_slice(&frame.buffer[si..si + 4]);
            }
        }
        frames.push(canvas.clone());
        delays.push(frame.delay);
    }
    (w, h, frames, delays)
}

#[test]
fn every_frame_composites_to_the_full_picture_of_its_ply() {
    let r = renderer();
    let game = SampleGame::random(31, 40);
    let frames = game.replay_frames();
    for (language, seat) in [(Language::En, Side::South), (Language::Ru, Side::North)] {
        let gif = r.render_replay_gif(&frames, &labels(language, seat));
        let (w, h, composited, delays) = composite(&gif);
        // The strips carry the counter, the side to move and, on a last frame, the summary:
        // compare the board between them.
        let (from, to) = ((w * 60 * 4) as usize, (w * (h - 60) * 4) as usize);
        assert_eq!(composited.len(), frames.len(), "a frame per ply plus the start");
        assert!(delays.last().copied().unwrap_or(0) >= 300, "a final hold");
        assert!(delays[1..delays.len() - 1].iter().all(|&d| (20..=150).contains(&d)), "a readable pace");
        // Each ply, rendered alone (as a one-frame GIF: a full picture), matches the composite.
        for i in [1, frames.len() / 2, frames.len() - 2] {
            let single = r.render_replay_gif(&frames[i..=i], &labels(language, seat));
            let (_, _, alone, _) = composite(&single);
            assert!(alone[0][from..to] == composited[i][from..to], "frame {i} differs from its full render");
        }
    }
}

#[test]
fn a_500_ply_replay_stays_small() {
    let r = renderer();
    let game = SampleGame::random_long(500, 500);
    assert!(game.plies() >= 500, "the sample game is long enough");
    let gif = r.render_replay_gif(&game.replay_frames(), &labels(Language::En, Side::South));
    assert!(gif.len() <= 8 * 1024 * 1024, "{} bytes", gif.len());
    // It decodes, frame by frame (our own LZW encoder is exercised on every kind of frame).
    let mut decoder = gif::DecodeOptions::new().read_info(std::io::Cursor::new(&gif)).expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("a valid frame").is_some() {
        frames += 1;
    }
    assert_eq!(frames, game.plies() + 1);
}

#[test]
fn frames_from_a_record_follow_the_game() {
    let sample = SampleGame::random(77, 90);
    let game = sample.game_at(sample.plies(), true);
    let frames = admiral_render::ReplayFrame::from_record(game.record()).expect("a valid record");
    assert_eq!(frames.len(), sample.plies() + 1);
    for (frame, position) in frames.iter().zip(&sample.positions) {
        assert_eq!(frame.position.to_text(), position.to_text());
    }
    for (frame, events) in frames[1..].iter().zip(&sample.events) {
        assert_eq!(&frame.events, events);
    }
}
