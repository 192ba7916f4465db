//! Development helper: finds plies with each kind of mark and renders them.
use admiral_render::samples::SampleGame;
use admiral_render::*;
use admiral_engine::*;

fn main() {
    let r = Renderer::new();
    let want: [(&str, fn(&Event) -> bool); 3] = [
        ("aircraft", |e| matches!(e, Event::Struck { weapon: Weapon::Aircraft, .. })),
        ("torpedo", |e| matches!(e, Event::Struck { weapon: Weapon::Torpedo, .. })),
        ("blast", |e| matches!(e, Event::Detonated { .. })),
    ];
    for (name, pred) in want {
        'seeds: for seed in 0..200 {
            let g = SampleGame::random(seed, 200);
            for p in 20..g.plies() {
                if g.events[p].iter().any(pred) {
                    let view = g.view(Side::North, p + 1, true);
                    let labels = BoardLabels { language: Language::En, you: PlayerLabel { name: "You".into(), clock: None }, opponent: PlayerLabel { name: "Them".into(), clock: None }, status: format!("Turn {}", p / 2 + 1) };
                    std::fs::write(format!("/tmp/rq/mark_{name}.png"), r.render_board(&view, &labels)).unwrap();
                    eprintln!("{name}: seed {seed} ply {p} {:?}", g.events[p]);
                    break 'seeds;
                }
            }
        }
    }
}
