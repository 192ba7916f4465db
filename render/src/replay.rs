//! The full-reveal replay as an animated GIF, after lichess's `lila-gif`: one fixed global
//! palette (the boards' own), a frame per ply holding only the rectangle that changed (with
//! unchanged pixels inside it transparent, which LZW packs into almost nothing), a readable
//! pace, and a long hold on the final position.

use admiral_engine::Rules;
use std::borrow::Cow;

use admiral_engine::{Event, Game, GameError, Language, Position, Record, Side, Square, UnitKind};

use tiny_skia::Pixmap;

use crate::admiral::Admiral;
use crate::admiral::{HEIGHT, STRIP_H, WIDTH};
use crate::board::Board;
use crate::board::{self, Content, Scene, StripInfo};
use crate::color;
use crate::font::Fonts;
use crate::font::{Align, Face};
use crate::lzw::Lzw;
use crate::palette::TRANSPARENT;
use admiral_engine::shared::SetupPosition;

/// One position of a replay and the events of the ply that led to it (none for the start).
#[derive(Clone, Debug)]
pub struct ReplayFrame {
    /// The full board after the ply.
    pub position: Position,
    /// What happened in the ply (full, unfogged: a replay reveals everything).
    pub events: Vec<Event>,
}

impl ReplayFrame {
    /// The frames of a recorded match: the start, then every ply with its events.
    pub fn from_record(record: &Record) -> Result<Vec<ReplayFrame>, GameError> {
        let start = Record { turns: Vec::new(), ending: None, ..record.clone() };
        let mut frames =
            vec![ReplayFrame { position: Game::replay(&start)?.position().clone(), events: Vec::new() }];
        Game::replay_each(record, |game, events| {
            frames.push(ReplayFrame { position: game.position().clone(), events: events.to_vec() });
        })?;
        Ok(frames)
    }
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
    /// Prefix of the ply counter shown on every frame, e.g. "Move" / "Ход" ("Move 37"; on the
    /// final frame "Move 500 · result").
    pub ply_label: String,
    /// The result, shown on the final frame after the ply count, e.g. "South wins".
    pub result: String,
}

/// Width of the ply counter's region (right-aligned where the strip's note goes).
const COUNTER_W: u32 = 220;

/// Centiseconds each frame is shown: the start, a quiet move, an attack, and the final hold.
const START_DELAY: u16 = 150;
const MOVE_DELAY: u16 = 35;
const ATTACK_DELAY: u16 = 80;
const FINAL_DELAY: u16 = 600;

fn cells_of(position: &Position) -> Vec<Content<UnitKind>> {
    Square::all()
        .map(|sq| match position.piece_at(sq) {
            None => Content::Empty,
            Some(p) => Content::Piece(p.side, p.kind, false),
        })
        .collect()
}

/// First and one-past-last positions where two equal-length rows differ, if they do.
fn row_diff(a: &[u8], b: &[u8]) -> Option<(usize, usize)> {
    if a == b {
        return None;
    }
    // Eight bytes at a time from both ends.
    let words = a.len() / 8;
    let word = |s: &[u8], k: usize| u64::from_ne_bytes(s[k * 8..k * 8 + 8].try_into().expect("8 bytes"));
    let mut first = (0..words).find(|&k| word(a, k) != word(b, k)).map_or(words * 8, |k| k * 8);
    while first < a.len() && a[first] == b[first] {
        first += 1;
    }
    let mut last = a.len();
    while last > first && (last - first) % 8 != 0 && a[last - 1] == b[last - 1] {
        last -= 1;
    }
    while last >= first + 8 && a[last - 8..last] == b[last - 8..last] {
        last -= 8;
    }
    while last > first && a[last - 1] == b[last - 1] {
        last -= 1;
    }
    Some((first, last))
}

/// The smallest rectangle `(x0, y0, x1, y1)` where two frames differ.
fn changed_rect(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let mut rect: Option<(usize, usize, usize, usize)> = None;
    for (y, (ra, rb)) in a.chunks_exact(width).zip(b.chunks_exact(width)).enumerate() {
        if let Some((f, l)) = row_diff(ra, rb) {
            rect = Some(match rect {
                None => (f, y, l, y + 1),
                Some((x0, y0, x1, _)) => (x0.min(f), y0, x1.max(l), y + 1),
            });
        }
    }
    rect
}

/// Frames are LZW-compressed in batches (with our run-aware encoder), in parallel, then
/// written in order.
const BATCH: usize = 24;

/// Compresses and writes a batch of frames. The frames' raw pixel buffers go to `spare`, to
/// hold the next frames: a frame then writes into memory already touched instead of fresh
/// pages from the allocator (whose reuse of freed memory varies with what was freed before).
fn flush<W: std::io::Write>(
    enc: &mut gif::Encoder<W>,
    batch: &mut Vec<gif::Frame<'static>>,
    spare: &mut Vec<Vec<u8>>,
) {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
    let per = batch.len().div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = batch
            .chunks_mut(per)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut lzw = Lzw::new();
                    let mut raw = Vec::with_capacity(chunk.len());
                    for f in chunk {
                        let mut out = Vec::new();
                        lzw.encode(&f.buffer, TRANSPARENT, &mut out);
                        if let Cow::Owned(pixels) = std::mem::replace(&mut f.buffer, Cow::Owned(out)) {
                            raw.push(pixels);
                        }
                    }
                    raw
                })
            })
            .collect();
        for worker in workers {
            spare.extend(worker.join().expect("lzw worker"));
        }
    });
    for f in batch.drain(..) {
        enc.write_lzw_pre_encoded_frame(&f).expect("gif frame");
    }
}

pub(crate) fn render(
    board: &Board<Admiral>,
    fonts: &Fonts,
    frames: &[ReplayFrame],
    labels: &ReplayLabels,
) -> Vec<u8> {
    let seat = labels.seat;
    let mut out = Vec::new();
    {
        let mut enc =
            gif::Encoder::new(&mut out, WIDTH as u16, HEIGHT as u16, &board.palette.rgb).expect("gif header");
        enc.set_repeat(gif::Repeat::Infinite).expect("gif loop");
        let mut prev: Vec<u8> = Vec::new();
        let mut cur = vec![0u8; (WIDTH * HEIGHT) as usize];
        let mut spare: Vec<Vec<u8>> = Vec::with_capacity(BATCH);
        let mut base = vec![0u8; (WIDTH * HEIGHT) as usize];
        let mut strips_key: Option<(u8, u8, bool)> = None;
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
                tally: position.count(side, UnitKind::NavalBase) as u8,
                // The counter and the side to move are drawn per frame on a small region below.
                active: false,
                lit: false,
                note: None,
            };
            let top = info(seat.opponent());
            let mut bottom = info(seat);
            // The final frame says how many plies and the result, in the strip itself.
            bottom.note = if last { Some(summary.as_str()) } else { None };
            // The strips change only when a base falls and on the last frame: the background
            // with both strips is cached and redrawn only then.
            let key = (top.tally, bottom.tally, last);
            if strips_key != Some(key) {
                let empty = vec![Content::Empty; admiral_engine::SQUARES];
                let scene =
                    Scene { seat, language: labels.language, cells: &empty, events: &[], top, bottom };
                board.compose(&mut base, fonts, &scene);
                strips_key = Some(key);
            }
            cur.copy_from_slice(&base);
            let scene =
                Scene { seat, language: labels.language, cells: &cells, events: &frame.events, top, bottom };
            board.draw_board_area(&mut cur, &scene);
            if !last {
                // The ply counter with a dot in the colour of the side to move: one small
                // region of the bottom strip, so a frame's rectangle grows by little.
                let to_move = position.to_move();
                let text = format!("{} {}", labels.ply_label, i);
                let mut counter = Pixmap::new(COUNTER_W, STRIP_H).expect("counter");
                counter.fill(color::STRIP.color());
                fonts.draw(
                    &mut counter,
                    Face::Bold,
                    20.0,
                    COUNTER_W as f32,
                    STRIP_H as f32 / 2.0 + 7.0,
                    Align::Right,
                    color::STRIP_MUTED,
                    &text,
                );
                let tw = fonts.width(Face::Bold, 20.0, &text);
                if let Some(dot) = tiny_skia::PathBuilder::from_circle(
                    COUNTER_W as f32 - tw - 14.0,
                    STRIP_H as f32 / 2.0,
                    7.0,
                ) {
                    counter.fill_path(
                        &dot,
                        &color::side_color(to_move).paint(),
                        tiny_skia::FillRule::Winding,
                        tiny_skia::Transform::identity(),
                        None,
                    );
                }
                let x0 = (WIDTH - 80 - COUNTER_W) as i32;
                board::settle(&mut cur, WIDTH, &board.palette, &counter, x0, (HEIGHT - STRIP_H) as i32);
            }
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
                // A spare buffer large enough (growing a smaller one would copy its old bytes).
                let mut sub = match spare.iter().position(|b| b.capacity() >= w * h) {
                    Some(i) => spare.swap_remove(i),
                    None => Vec::with_capacity(w * h),
                };
                sub.clear();
                for y in y0..y1 {
                    let row = y * WIDTH as usize;
                    let c = &cur[row + x0..row + x1];
                    let p = &prev[row + x0..row + x1];
                    sub.extend(c.iter().zip(p).map(|(&c, &p)| if c == p { TRANSPARENT } else { c }));
                }
                batch.push(gif::Frame {
                    delay,
                    left: x0 as u16,
                    top: y0 as u16,
                    width: w as u16,
                    height: h as u16,
                    transparent: Some(TRANSPARENT),
                    dispose: gif::DisposalMethod::Keep,
                    buffer: Cow::Owned(sub),
                    ..gif::Frame::default()
                });
            }
            if batch.len() == BATCH || last {
                flush(&mut enc, &mut batch, &mut spare);
            }
            std::mem::swap(&mut prev, &mut cur);
            if cur.is_empty() {
                cur = vec![0u8; (WIDTH * HEIGHT) as usize];
            }
        }
    }
    out
}
