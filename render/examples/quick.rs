use admiral_engine::*;
use admiral_render::*;
fn main() {
    let t = std::time::Instant::now();
    let r = Renderer::new();
    eprintln!("new {:?}", t.elapsed());
    let mut cells = vec![Cell::Empty; SQUARES];
    for (i, k) in UnitKind::ALL.into_iter().enumerate() {
        cells[Square::new((i % 14) as u8, (i / 14) as u8).unwrap().index()] = Cell::Own { kind: k };
        cells[Square::new((i % 14) as u8, 3 + (i / 14) as u8).unwrap().index()] = Cell::Own { kind: k };
        cells[Square::new((i % 14) as u8, 14 - (i / 14) as u8).unwrap().index()] = Cell::Enemy { intel: if i % 3 == 0 { None } else { Some(k) } };
    }
    let sq = |s: &str| Square::parse(s).unwrap();
    let view = View {
        viewer: Side::South, to_move: Side::South, status: Status::Ongoing, outcome: None, ply: 40, quiet_plies: 0, intel: true,
        cells, last_action: None, last_mover: Some(Side::North),
        last_turn: vec![
            Event::Moved { side: Side::North, kind: None, from: sq("f10"), to: sq("f9") },
            Event::Struck { side: Side::North, weapon: Weapon::Torpedo, attacker: Placed { kind: UnitKind::Torpedo, square: sq("f9") }, target: Placed { kind: UnitKind::Cruiser, square: sq("f7") } },
            Event::Destroyed { side: Side::South, kind: UnitKind::Cruiser, square: sq("f7") },
        ],
        own_losses: [0; KINDS], enemy_losses: [0; KINDS],
    };
    let labels = BoardLabels { language: Language::Ru, you: PlayerLabel { name: "Вы".into(), clock: Some("1д 04ч".into()) }, opponent: PlayerLabel { name: "@адмирал_Ушаков".into(), clock: Some("23ч 10м".into()) }, status: "Ход 21 · ваш ход".into() };
    let png = r.render_board(&view, &labels);
    let t = std::time::Instant::now();
    for _ in 0..30 { let _ = r.render_board(&view, &labels); }
    eprintln!("board {:?} {} KiB", t.elapsed() / 30, png.len() / 1024);
    std::fs::write("/tmp/rq/board.png", &png).unwrap();
}
