//! Sample games for tests, examples and benchmarks: random legal layouts, a random game played
//! with the engine, and the view of each side at any ply (with intel tracked from the events).
//!
//! Views come from the engine's own [`Game`], so the fog tested here is the engine's.

use admiral_engine::{auto_layout, Style};
use admiral_engine::{Action, Defense, Dice, Event, Game, Layout, Position, Side, Status, UnitKind, View};

/// A random legal layout: bases out of the front row, everything else anywhere (noise, unlike
/// the engine's `auto_layout`: for tests that want any legal layout).
pub fn random_layout(dice: &mut Dice) -> Layout {
    let mut layout = Layout::empty();
    let mut free: Vec<(usize, usize)> = (1..5).flat_map(|d| (0..14).map(move |f| (d, f))).collect();
    dice.shuffle(&mut free);
    for _ in 0..UnitKind::NavalBase.fleet_count() {
        let (d, f) = free.pop().expect("room for the bases");
        layout.set(d, f, Some(UnitKind::NavalBase));
    }
    let mut cells: Vec<(usize, usize)> = (0..5)
        .flat_map(|d| (0..14).map(move |f| (d, f)))
        .filter(|&(d, f)| layout.get(d, f).is_none())
        .collect();
    dice.shuffle(&mut cells);
    let mut units = Vec::new();
    for kind in UnitKind::ALL {
        if kind != UnitKind::NavalBase {
            for _ in 0..kind.fleet_count() {
                units.push(kind);
            }
        }
    }
    for (kind, (d, f)) in units.into_iter().zip(cells) {
        layout.set(d, f, Some(kind));
    }
    layout
}

/// A game played with random legal actions (attacks preferred half of the time, forward
/// moves often), through the engine's [`Game`].
#[derive(Clone, Debug)]
pub struct SampleGame {
    /// South's and North's layouts.
    pub layouts: [Layout; 2],
    /// Whether the match has intel on.
    pub intel: bool,
    /// Position before each ply; `positions[i + 1]` is after ply `i`.
    pub positions: Vec<Position>,
    /// The action of each ply.
    pub actions: Vec<Action>,
    /// The events of each ply (full, unfogged).
    pub events: Vec<Vec<Event>>,
}

impl SampleGame {
    /// Plays up to `plies` random plies from random layouts (fewer if the game ends).
    pub fn random(seed: u64, plies: usize) -> SampleGame {
        let mut dice = Dice::new(seed);
        // The engine's linked auto-placement: layouts that read like a player's plan.
        let layouts =
            [auto_layout(dice.next_u64(), Style::Varied), auto_layout(dice.next_u64(), Style::Varied)];
        let mut game = Game::new(&layouts[0], &layouts[1], true).expect("valid layouts");
        let mut sample = SampleGame {
            layouts,
            intel: true,
            positions: vec![game.position().clone()],
            actions: Vec::new(),
            events: Vec::new(),
        };
        for _ in 0..plies {
            if game.status() != Status::Ongoing {
                break;
            }
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            let side = game.to_move();
            let attacks: Vec<Action> =
                actions.iter().copied().filter(|a| matches!(a, Action::Attack { .. })).collect();
            let forward: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| match *a {
                    Action::Move { from, to } => match side {
                        Side::South => to.row() > from.row(),
                        Side::North => to.row() < from.row(),
                    },
                    _ => false,
                })
                .collect();
            let action = if !attacks.is_empty() && dice.chance(0.5) {
                *dice.pick(&attacks).expect("an attack")
            } else if !forward.is_empty() && dice.chance(0.6) {
                *dice.pick(&forward).expect("a move")
            } else {
                *dice.pick(&actions).expect("an action")
            };
            let events = game.play(&action, Defense::Auto).expect("a legal action");
            sample.positions.push(game.position().clone());
            sample.actions.push(action);
            sample.events.push(events);
        }
        sample
    }

    /// Number of plies played.
    pub fn plies(&self) -> usize {
        self.actions.len()
    }

    /// The engine's game after `ply` plies (replayed from the layouts).
    pub fn game_at(&self, ply: usize, intel: bool) -> Game {
        let mut game = Game::new(&self.layouts[0], &self.layouts[1], intel).expect("valid layouts");
        for action in &self.actions[..ply] {
            game.play(action, Defense::Auto).expect("a legal action");
        }
        game
    }

    /// The engine's view of `viewer` after `ply` plies.
    pub fn view(&self, viewer: Side, ply: usize, intel: bool) -> View {
        self.game_at(ply, intel).view(viewer)
    }
}

/// Decodes a PNG (indexed or RGB/RGBA) to RGB bytes: `(width, height, rgb)`.
pub fn decode_png_rgb(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()].chunks_exact(channels).flat_map(|px| [px[0], px[1], px[2]]).collect();
    (info.width, info.height, rgb)
}

/// Box-filters RGB pixels down to `new_width` (the height keeps the aspect).
pub fn downscale_rgb(width: u32, height: u32, rgb: &[u8], new_width: u32) -> (u32, u32, Vec<u8>) {
    let (w, h, nw) = (width as usize, height as usize, new_width as usize);
    let nh = h * nw / w;
    let mut out = vec![0u8; nw * nh * 3];
    for y in 0..nh {
        let (y0, y1) = (y * h / nh, ((y + 1) * h / nh).max(y * h / nh + 1));
        for x in 0..nw {
            let (x0, x1) = (x * w / nw, ((x + 1) * w / nw).max(x * w / nw + 1));
            let mut acc = [0u32; 3];
            for yy in y0..y1 {
                for xx in x0..x1 {
                    let i = (yy * w + xx) * 3;
                    for k in 0..3 {
                        acc[k] += rgb[i + k] as u32;
                    }
                }
            }
            let n = ((y1 - y0) * (x1 - x0)) as u32;
            for k in 0..3 {
                out[(y * nw + x) * 3 + k] = ((acc[k] + n / 2) / n) as u8;
            }
        }
    }
    (nw as u32, nh as u32, out)
}

/// Encodes RGB pixels as a PNG (best compression: for stored references and previews).
pub fn encode_png_rgb(width: u32, height: u32, rgb: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_compression(png::Compression::High);
        let mut w = enc.write_header().expect("png header");
        w.write_image_data(rgb).expect("png data");
    }
    out
}

/// A PNG scaled down to `new_width` (how Discord previews a picture in a DM).
pub fn preview_png(bytes: &[u8], new_width: u32) -> Vec<u8> {
    let (w, h, rgb) = decode_png_rgb(bytes);
    let (nw, nh, small) = downscale_rgb(w, h, &rgb, new_width);
    encode_png_rgb(nw, nh, &small)
}

impl SampleGame {
    /// The game as replay frames: the start, then the position and events of every ply.
    pub fn replay_frames(&self) -> Vec<crate::ReplayFrame> {
        let mut frames = vec![crate::ReplayFrame { position: self.positions[0].clone(), events: Vec::new() }];
        for (i, events) in self.events.iter().enumerate() {
            frames
                .push(crate::ReplayFrame { position: self.positions[i + 1].clone(), events: events.clone() });
        }
        frames
    }

    /// A random game of at least `plies` plies (trying seeds from `seed` on), cut to `plies`;
    /// see [`long_replay`].
    pub fn random_long(seed: u64, plies: usize) -> SampleGame {
        (seed..seed + 200)
            .map(|s| SampleGame::random(s, plies))
            .find(|g| g.plies() >= plies)
            .unwrap_or_else(|| SampleGame::random(seed, plies))
    }
}

/// The frames of a 500-ply random game, with English labels seen from South and the
/// `result` line: the replay the benchmark and the `render_samples` figures time.
pub fn long_replay(result: &str) -> (Vec<crate::ReplayFrame>, crate::ReplayLabels) {
    let labels = crate::ReplayLabels {
        language: admiral_engine::Language::En,
        seat: Side::South,
        south: "@nelson".into(),
        north: "@ushakov".into(),
        ply_label: "Move".into(),
        result: result.into(),
    };
    (SampleGame::random_long(500, 500).replay_frames(), labels)
}

/// A Stratego game played with random legal actions (attacks preferred half of the time)
/// from the engine's auto-placed layouts, through the engine's Stratego `Game`.
#[derive(Clone, Debug)]
pub struct StrategoSample {
    /// South's and North's layouts.
    pub layouts: [admiral_engine::stratego::Layout; 2],
    /// The action of each ply.
    pub actions: Vec<admiral_engine::stratego::Action>,
    /// Whether the last ply attacked.
    pub attacks: Vec<bool>,
}

impl StrategoSample {
    /// Plays up to `plies` random plies (fewer if the game ends).
    pub fn random(seed: u64, plies: usize) -> StrategoSample {
        use admiral_engine::stratego::{auto_layout as layout, Game};
        let mut dice = Dice::new(seed);
        let layouts = [layout(dice.next_u64(), Style::Varied), layout(dice.next_u64(), Style::Varied)];
        let mut game = Game::new(&layouts[0], &layouts[1], true).expect("valid layouts");
        let mut sample = StrategoSample { layouts, actions: Vec::new(), attacks: Vec::new() };
        while sample.actions.len() < plies && game.status() == Status::Ongoing {
            let legal = game.legal_actions();
            let attacks: Vec<_> = legal.iter().filter(|a| a.attack).copied().collect();
            let action = if !attacks.is_empty() && dice.chance(0.5) {
                *dice.pick(&attacks).expect("an attack")
            } else {
                match dice.pick(&legal) {
                    Some(a) => *a,
                    None => break,
                }
            };
            game.play(&action).expect("a legal action");
            sample.actions.push(action);
            sample.attacks.push(action.attack);
        }
        sample
    }

    /// Number of plies played.
    pub fn plies(&self) -> usize {
        self.actions.len()
    }

    /// The engine's game after `ply` plies.
    pub fn game_at(&self, ply: usize, intel: bool) -> admiral_engine::stratego::Game {
        let mut game = admiral_engine::stratego::Game::new(&self.layouts[0], &self.layouts[1], intel)
            .expect("valid layouts");
        for action in &self.actions[..ply] {
            game.play(action).expect("a legal action");
        }
        game
    }
}
