use admiral_engine::*;
use admiral_render::samples::SampleGame;
use admiral_render::*;

fn downscale(png_bytes: &[u8], width: u32) -> Vec<u8> {
    let dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = dec.read_info().unwrap();
    let info = reader.info().clone();
    let pal = info.palette.clone().map(|p| p.to_vec());
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let rgb = |x: usize, y: usize| -> [f32; 3] {
        match &pal {
            Some(p) => { let i = buf[y * w + x] as usize * 3; [p[i] as f32, p[i + 1] as f32, p[i + 2] as f32] }
            None => { let i = (y * w + x) * 4; [buf[i] as f32, buf[i + 1] as f32, buf[i + 2] as f32] }
        }
    };
    let nw = width as usize;
    let nh = h * nw / w;
    let mut out = vec![0u8; nw * nh * 3];
    for y in 0..nh { for x in 0..nw {
        let (x0, x1) = (x * w / nw, ((x + 1) * w / nw).max(x * w / nw + 1));
        let (y0, y1) = (y * h / nh, ((y + 1) * h / nh).max(y * h / nh + 1));
        let mut acc = [0f32; 3]; let mut n = 0.0;
        for yy in y0..y1 { for xx in x0..x1 { let c = rgb(xx, yy); for k in 0..3 { acc[k] += c[k]; } n += 1.0; } }
        for k in 0..3 { out[(y * nw + x) * 3 + k] = (acc[k] / n) as u8; }
    }}
    let mut v = Vec::new();
    { let mut e = png::Encoder::new(&mut v, nw as u32, nh as u32); e.set_color(png::ColorType::Rgb); let mut wr = e.write_header().unwrap(); wr.write_image_data(&out).unwrap(); }
    v
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(7);
    let ply: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(120);
    let t = std::time::Instant::now();
    let r = Renderer::new();
    eprintln!("new {:?}", t.elapsed());
    let g = SampleGame::random(seed, ply);
    let mut p = g.plies();
    eprintln!("plies {} status {:?} to_move {:?}", p, g.positions[p].status(), g.positions[p].to_move());
    // Walk back to a ply with an attack for a richer picture.
    while p > 1 && !g.events[p - 1].iter().any(|e| e.is_combat()) { p -= 1; }
    eprintln!("ply {p} events {:?}", g.events[p - 1]);
    for (seat, lang) in [(Side::South, Language::En), (Side::North, Language::Ru)] {
        let view = g.view(seat, p, true);
        let labels = match lang {
            Language::En => BoardLabels { language: lang, you: PlayerLabel { name: "You".into(), clock: Some("1d 04h".into()) }, opponent: PlayerLabel { name: "@admiral_nelson".into(), clock: Some("23h 10m".into()) }, status: format!("Turn {} · Your move", p / 2 + 1) },
            Language::Ru => BoardLabels { language: lang, you: PlayerLabel { name: "Вы".into(), clock: Some("1д 04ч".into()) }, opponent: PlayerLabel { name: "@адмирал_Ушаков".into(), clock: Some("23ч 10м".into()) }, status: format!("Ход {} · ваш ход", p / 2 + 1) },
        };
        let png = r.render_board(&view, &labels);
        let t = std::time::Instant::now();
        for _ in 0..30 { let _ = r.render_board(&view, &labels); }
        eprintln!("board {:?} {} KiB", t.elapsed() / 30, png.len() / 1024);
        std::fs::write(format!("/tmp/rq/board_{seat}.png"), &png).unwrap();
        std::fs::write(format!("/tmp/rq/board_{seat}_small.png"), downscale(&png, 400)).unwrap();
    }
}
#[allow(dead_code)]
fn dbg_game() {}
