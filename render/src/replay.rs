//! The full-reveal replay as an animated GIF, after lichess's `lila-gif`: one fixed global
//! palette (the boards' own), a frame per ply holding only the rectangle that changed (with
//! unchanged pixels inside it transparent, which LZW packs into almost nothing), a readable
//! pace, and a long hold on the final position.

use std::borrow::Cow;

use admiral_engine::{Event, Language, Position, Side, Square, UnitKind};

use crate::board::{self, Content, Scene, StripInfo, HEIGHT, WIDTH};
use crate::palette::TRANSPARENT;
use crate::Renderer;

/// One position of a replay and the events of the ply that led to it (none for the start).
#[derive(Clone, Debug)]
pub struct ReplayFrame {
    /// The full board after the ply.
    pub position: Position,
    /// What happened in the ply (full, unfogged: a replay reveals everything).
    pub events: Vec<Event>,
}

/// The texts of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayLabels {
    /// Language of unit codes.
    pub language: Language,
    /// The side shown at the bottom.
    pub seat: Side,
    /// South's player.
    pub south: String,
    /// North's player.
    pub north: String,
    /// Prefix of the ply count on the final frame, e.g. "Move" / "Ход" ("Move 500 · …").
    pub ply_label: String,
    /// The result, shown on the final frame after the ply count, e.g. "South wins".
    pub result: String,
}

/// Centiseconds each frame is shown: the start, a quiet move, an attack, and the final hold.
const START_DELAY: u16 = 150;
const MOVE_DELAY: u16 = 35;
const ATTACK_DELAY: u16 = 80;
const FINAL_DELAY: u16 = 600;

fn cells_of(position: &Position) -> Vec<Content> {
    Square::all()
        .map(|sq| match position.piece_at(sq) {
            None => Content::Empty,
            Some(p) => Content::Unit(p.side, p.kind),
        })
        .collect()
}

/// The smallest rectangle `(x0, y0, x1, y1)` where two frames differ.
fn changed_rect(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let rows = a.len() / width;
    let y0 = (0..rows).find(|&y| a[y * width..(y + 1) * width] != b[y * width..(y + 1) * width])?;
    let y1 = (y0..rows).rev().find(|&y| a[y * width..(y + 1) * width] != b[y * width..(y + 1) * width])? + 1;
    let mut x0 = width;
    let mut x1 = 0;
    for y in y0..y1 {
        let ra = &a[y * width..(y + 1) * width];
        let rb = &b[y * width..(y + 1) * width];
        if let Some(f) = (0..x0.min(width)).find(|&x| ra[x] != rb[x]) {
            x0 = f;
        }
        if let Some(l) = (x1..width).rev().find(|&x| ra[x] != rb[x]) {
            x1 = l + 1;
        }
    }
    Some((x0, y0, x1.max(x0 + 1), y1))
}

/// Frames are LZW-compressed in batches, in parallel, then written in order.
const BATCH: usize = 24;

fn flush<W: std::io::Write>(enc: &mut gif::Encoder<W>, batch: &mut Vec<gif::Frame<'static>>) {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
    let per = batch.len().div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        for chunk in batch.chunks_mut(per) {
            scope.spawn(move || {
                for f in chunk {
                    f.make_lzw_pre_encoded();
                }
            });
        }
    });
    for f in batch.drain(..) {
        enc.write_lzw_pre_encoded_frame(&f).expect("gif frame");
    }
}

pub(crate) fn render(r: &Renderer, frames: &[ReplayFrame], labels: &ReplayLabels) -> Vec<u8> {
    let seat = labels.seat;
    let mut out = Vec::new();
    {
        let mut enc =
            gif::Encoder::new(&mut out, WIDTH as u16, HEIGHT as u16, &r.palette.rgb).expect("gif header");
        enc.set_repeat(gif::Repeat::Infinite).expect("gif loop");
        let mut prev: Vec<u8> = Vec::new();
        let mut cur = vec![0u8; (WIDTH * HEIGHT) as usize];
        let mut sub: Vec<u8> = Vec::new();
        let mut batch: Vec<gif::Frame<'static>> = Vec::with_capacity(BATCH);
        let count = frames.len();
        for (i, frame) in frames.iter().enumerate() {
            let position = &frame.position;
            let cells = cells_of(position);
            let last = i + 1 == count;
            let summary = if labels.result.is_empty() {
                format!("{} {}", labels.ply_label, i)
            } else {
                format!("{} {} · {}", labels.ply_label, i, labels.result)
            };
            let info = |side: Side| StripInfo {
                side,
                name: if side == Side::South { labels.south.as_str() } else { labels.north.as_str() },
                clock: None,
                bases_left: position.count(side, UnitKind::NavalBase) as u8,
                // Who is to move shows from the counter's parity; marking it would repaint both
                // strips on every frame.
                active: false,
                lit: false,
                note: None,
            };
            let mut top = info(seat.opponent());
            let mut bottom = info(seat);
            // No counter on every frame: it would stretch each frame's rectangle down to the
            // strip and nearly double the encoding time. The final frame says how many plies.
            bottom.note = if last { Some(summary.as_str()) } else { None };
            top.lit = false;
            bottom.lit = false;
            let scene =
                Scene { seat, language: labels.language, cells: &cells, events: &frame.events, top, bottom };
            board::compose(
                &mut cur,
                &r.backgrounds[seat.index()],
                &r.sprites,
                &r.palette,
                &r.fonts,
                &r.base_icons,
                &scene,
            );
            let has_attack = frame.events.iter().any(|e| e.is_combat());
            let delay = if i == 0 {
                START_DELAY
            } else if last {
                FINAL_DELAY
            } else if has_attack {
                ATTACK_DELAY
            } else {
                MOVE_DELAY
            };
            if prev.is_empty() {
                batch.push(gif::Frame {
                    delay,
                    width: WIDTH as u16,
                    height: HEIGHT as u16,
                    buffer: Cow::Owned(cur.clone()),
                    ..gif::Frame::default()
                });
            } else {
                let (x0, y0, x1, y1) = changed_rect(&prev, &cur, WIDTH as usize).unwrap_or((0, 0, 1, 1));
                let (w, h) = (x1 - x0, y1 - y0);
                sub.clear();
                sub.reserve(w * h);
                for y in y0..y1 {
                    let row = y * WIDTH as usize;
                    for x in x0..x1 {
                        let v = cur[row + x];
                        sub.push(if v == prev[row + x] { TRANSPARENT } else { v });
                    }
                }
                batch.push(gif::Frame {
                    delay,
                    left: x0 as u16,
                    top: y0 as u16,
                    width: w as u16,
                    height: h as u16,
                    transparent: Some(TRANSPARENT),
                    dispose: gif::DisposalMethod::Keep,
                    buffer: Cow::Owned(std::mem::take(&mut sub)),
                    ..gif::Frame::default()
                });
            }
            if batch.len() == BATCH || last {
                flush(&mut enc, &mut batch);
            }
            std::mem::swap(&mut prev, &mut cur);
            if cur.is_empty() {
                cur = vec![0u8; (WIDTH * HEIGHT) as usize];
            }
        }
    }
    out
}
