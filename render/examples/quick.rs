//! Development helper: composites frames of a replay GIF into PNGs to look at.
use admiral_render::samples::{encode_png_rgb, SampleGame};
use admiral_render::*;
use admiral_engine::*;

fn main() {
    let r = Renderer::new();
    let game = SampleGame::random(31, 80);
    let gif_bytes = r.render_replay_gif(&game.replay_frames(), &ReplayLabels { language: Language::Ru, seat: Side::North, south: "@юг".into(), north: "@север".into(), ply_label: "Ход".into(), result: "конец".into() });
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::io::Cursor::new(&gif_bytes)).unwrap();
    let (w, h) = (decoder.width() as u32, decoder.height() as u32);
    let mut canvas = vec![0u8; (w * h * 4) as usize];
    let mut n = 0;
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        for y in 0..frame.height as u32 { for x in 0..frame.width as u32 {
            let si = ((y * frame.width as u32 + x) * 4) as usize;
            if frame.buffer[si + 3] == 0 { continue; }
            let di = (((frame.top as u32 + y) * w + frame.left as u32 + x) * 4) as usize;
            canvas[di..di + 4].copy_from_slice(&frame.buffer[si..si + 4]);
        }}
        if n == 40 || n == 80 {
            let rgb: Vec<u8> = canvas.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
            std::fs::write(format!("/tmp/rq/gif_{n}.png"), encode_png_rgb(w, h, &rgb)).unwrap();
        }
        n += 1;
    }
    eprintln!("{n} frames, {} KiB", gif_bytes.len() / 1024);
}
