//! # admiral-render
//!
//! Every picture a player of Admiral sees, as pure functions from engine data to image bytes.
//! No network, no disk, no Discord, no database: the caller passes the engine's data and every
//! text already in the viewer's language.
//!
//! ## API
//!
//! Build one [`Renderer`] (alias [`BoardRenderer`]) at start-up and share it (`Send + Sync`,
//! every method takes `&self`):
//!
//! | method | input | output |
//! |---|---|---|
//! | [`Renderer::render_board`] | the engine's [`View`] + [`BoardLabels`] | fogged board, PNG 800 × 958 |
//! | [`Renderer::render_setup`] | [`Layout`], [`Side`] + [`SetupLabels`] | setup preview with a legend of counts, PNG |
//! | [`Renderer::render_battle_card`] | [`BattleCard`] (fill it with [`BattleCard::fill_from_events`]) | battle card, PNG |
//! | [`Renderer::render_game_over`] | [`GameOverCard`] | result, working of the points, rank progress, new awards, PNG |
//! | [`Renderer::render_profile`] | [`ProfileCard`] | rank insignia and progress, figures, medals left, badges right, PNG |
//! | [`Renderer::render_ranks`] | [`RanksCard`] | the 19 ranks with their insignia, PNG |
//! | [`Renderer::render_atlas`] | [`AtlasLabels`] ([`AtlasLabels::basic`] as a fallback) | unit atlas for `/admiral rules`, PNG |
//! | [`Renderer::render_replay_gif`] | [`ReplayFrame`]s (start + one per ply; [`ReplayFrame::from_record`]) + [`ReplayLabels`] | full-reveal replay, animated GIF |
//!
//! The board: the viewer's fleet at the bottom (North's picture turned 180°, coordinates
//! a–n / 1–15 on all four edges in that orientation); own units as silhouette tokens with the
//! unit code in the viewer's language; enemy units as identical closed markers, with an intel
//! badge (small silhouette and code) when the view remembers their identity and a wake badge
//! on markers known to have moved, and an eye on an amber disc in the corner of each own unit
//! the enemy has identified (all three only when the view has intel on); the last move
//! (amber: from-square wash, arrow, to-square frame), the last attack (red frames, an arrow
//! for contact, a line for aircraft (dashed) and torpedo (solid), dashed frames on formation
//! partners, the clipped 5 × 5 blast square for the bomb), faint wrecks of units destroyed in
//! the last turn, the three sea zones tinted, and two status strips: opponent on top, viewer
//! at the bottom, each with the side's colour, name, clock and bases left (anchors); the strip
//! of the side to move is lit and carries the caller's status text ("Turn 37 · Your move").
//!
//! [`samples`] makes random legal layouts and random games through the engine's `Game`, for
//! tests, examples and benchmarks, plus PNG helpers for previews.
//!
//! ## How it is fast (after lichess's `lila-gif`)
//!
//! [`Renderer::new`] draws everything that does not change between moves once: the background
//! of each seat, every unit token on each of the three sea tints in both languages, closed,
//! moved and intel markers, and wrecks. It then fixes a 255-colour palette from them (most
//! frequent colours exact, the rest by median cut) and maps every sprite to it. Drawing a board
//! is copying palette-index rows, stroking the few marks of the last turn and writing the
//! strips on small RGBA regions that are mapped back through a lookup table, then encoding an
//! indexed PNG (fdeflate with the Paeth filter). The replay GIF uses the same palette as its
//! global colour table; each frame holds only the rectangle that changed, with unchanged
//! pixels transparent, and frames are LZW-compressed in parallel batches by our own encoder
//! (`lzw.rs`), which crosses runs of the transparent index code by code instead of pixel by
//! pixel, so a frame costs what changed, not the size of its rectangle.
//!
//! ## Dependencies
//!
//! `tiny-skia` (vector drawing of icons, marks and cards), `ab_glyph` (glyph outlines; the
//! glyph cache is ours, in `font.rs`), `png` (indexed and RGB PNG encoding, and decoding in
//! [`samples`]), `gif` (the replay). The embedded fonts are DejaVu Sans and DejaVu Sans
//! Condensed Bold (Latin and Cyrillic; the Bitstream Vera licence, which permits embedding,
//! is in `assets/DejaVu-LICENSE.txt`). Dev: `criterion` (benchmarks), `serde_json` (stored
//! golden views), `weezl` (decoding our LZW in its test; already a dependency of `gif`).

#![warn(missing_docs)]
mod board;
mod cards;
mod color;
mod font;
mod icons;
mod lzw;
mod palette;
mod replay;
pub mod samples;
mod shapes;
mod sprites;
mod stratego;

use std::collections::HashMap;

pub use admiral_engine::Language;
#[cfg(doc)]
use admiral_engine::Layout;
use admiral_engine::{Cell, Side, UnitKind, View};
use tiny_skia::Pixmap;

pub use cards::{
    AtlasEntry, AtlasLabels, AwardLine, BattleCard, BattleSide, GameOverCard, ProfileCard, RankInfo,
    RanksCard, SetupLabels, RANKS,
};

pub use replay::{ReplayFrame, ReplayLabels};

use board::{Content, Scene, StripInfo, HEIGHT, WIDTH};
use palette::Palette;
use sprites::Sprites;

/// One player's line in a status strip.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerLabel {
    /// The name as shown ("You", "@vasya", "AI level 3").
    pub name: String,
    /// The clock text ("2d 04h", "12:30"), if the match is timed.
    pub clock: Option<String>,
}

/// The texts of a board picture, in the viewer's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardLabels {
    /// The language of unit codes on the picture.
    pub language: Language,
    /// The viewer (bottom strip).
    pub you: PlayerLabel,
    /// The opponent (top strip).
    pub opponent: PlayerLabel,
    /// Turn and status, shown in the strip of the side to move (or the bottom strip once the
    /// game is over): e.g. "Turn 37 · Your move", "Ход 37 · ваш ход", "You won".
    pub status: String,
}

/// Renders every picture. Build it once (it pre-renders some 500 sprites and fixes the
/// palette: about 0.2 s) and share it: all methods take `&self` and it is `Send + Sync`.
pub struct Renderer {
    fonts: font::Fonts,
    sprites: Sprites,
    backgrounds: [Vec<u8>; 2],
    base_icons: [Pixmap; 2],
    palette: Palette,
    /// Stratego's sprites, backgrounds and palette, drawn on first use (Admiral-only bots
    /// never pay for them).
    stratego: std::sync::OnceLock<stratego::Art>,
}

/// The same thing under the name used in the design notes.
pub type BoardRenderer = Renderer;

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    /// Loads the font, draws every sprite and the two backgrounds, and fixes the palette.
    pub fn new() -> Renderer {
        let fonts = font::Fonts::new();
        let mut sprites = Sprites::new(&fonts, board::CELL);
        let backgrounds = [
            board::background(&fonts, &sprites, Side::South),
            board::background(&fonts, &sprites, Side::North),
        ];
        let base_icons = board::base_icons();
        // The palette is fixed from everything a board can show: backgrounds, sprites, and a
        // sample of the marks and strips.
        let mut hist = HashMap::new();
        for bg in &backgrounds {
            palette::add_to_histogram(&mut hist, bg.data());
        }
        for s in sprites.all() {
            palette::add_to_histogram(&mut hist, s.data());
        }
        let sample = sample_marks(&fonts, &sprites, &backgrounds[0], &base_icons);
        palette::add_to_histogram(&mut hist, sample.data());
        let palette = Palette::from_histogram(&hist);
        sprites.quantize(&palette);
        let backgrounds = backgrounds.map(|bg| {
            let mut out = vec![0u8; (WIDTH * HEIGHT) as usize];
            palette.quantize(bg.data(), &mut out);
            out
        });
        Renderer { fonts, sprites, backgrounds, base_icons, palette, stratego: std::sync::OnceLock::new() }
    }

    /// Width and height of board pictures.
    pub fn board_size(&self) -> (u32, u32) {
        (WIDTH, HEIGHT)
    }

    /// The viewer's fogged board as a PNG: own fleet at the bottom (with intel on, an eye on
    /// the units the enemy has identified), enemy markers closed (with intel badges when the view carries
    /// them), the last turn marked, and the status strips.
    /// The picture depends on nothing but `view` and `labels`.
    pub fn render_board(&self, view: &View, labels: &BoardLabels) -> Vec<u8> {
        let indexed = self.board_indexed(view, labels);
        self.encode_indexed_png(&indexed, WIDTH, HEIGHT)
    }

    /// The setup preview of `side`'s zone (front row at the top, as on the board), larger than
    /// on the board, with a legend of placed / required counts.
    pub fn render_setup(&self, layout: &admiral_engine::Layout, side: Side, labels: &SetupLabels) -> Vec<u8> {
        cards::setup(&self.fonts, layout, side, labels)
    }

    /// The battle card: both groups with their strengths, the result and what was destroyed.
    pub fn render_battle_card(&self, card: &BattleCard) -> Vec<u8> {
        cards::battle(&self.fonts, card)
    }

    /// The game-over card: result, the working of the points, rank progress, new awards.
    pub fn render_game_over(&self, card: &GameOverCard) -> Vec<u8> {
        cards::game_over(&self.fonts, card)
    }

    /// The profile card: rank insignia and progress, figures, medals (left) and badges (right).
    pub fn render_profile(&self, card: &ProfileCard) -> Vec<u8> {
        cards::profile_png(&self.fonts, card)
    }

    /// The table of the 19 ranks with their insignia.
    pub fn render_ranks(&self, card: &RanksCard) -> Vec<u8> {
        cards::ranks(&self.fonts, card)
    }

    /// The unit atlas for `/admiral rules`.
    pub fn render_atlas(&self, atlas: &AtlasLabels) -> Vec<u8> {
        cards::atlas(&self.fonts, atlas)
    }

    /// The full-reveal replay of a finished match as an animated GIF: `frames[0]` is the
    /// starting position, then one frame per ply; a frame holds only the changed rectangle.
    pub fn render_replay_gif(&self, frames: &[ReplayFrame], labels: &ReplayLabels) -> Vec<u8> {
        replay::render(self, frames, labels)
    }

    /// Width and height of Stratego board pictures.
    pub fn stratego_board_size(&self) -> (u32, u32) {
        (stratego::WIDTH, stratego::HEIGHT)
    }

    fn stratego_art(&self) -> &stratego::Art {
        self.stratego.get_or_init(|| stratego::Art::new(&self.fonts))
    }

    /// Draws Stratego's sprites now (about 0.1 s) instead of on the first Stratego picture.
    pub fn warm_stratego(&self) {
        self.stratego_art();
    }

    /// The viewer's fogged Stratego board as a PNG: own army at the bottom (North's picture
    /// turned 180°), the two lakes, own pieces with their icon, number and code in the
    /// viewer's language, enemy pieces as identical closed markers (with an intel badge when
    /// the view remembers their identity and a footsteps badge on pieces known to have moved;
    /// an eye on own pieces the enemy has identified; all three only with intel on), the last
    /// move (amber) or attack (red), pieces removed by it faint, and the two strips (name,
    /// pieces left, clock, status). The picture depends on nothing but `view` and `labels`.
    pub fn render_stratego_board(
        &self,
        view: &admiral_engine::stratego::View,
        labels: &BoardLabels,
    ) -> Vec<u8> {
        let art = self.stratego_art();
        let indexed = art.board_indexed(&self.fonts, view, labels);
        encode_indexed(art.palette(), &indexed, stratego::WIDTH, stratego::HEIGHT)
    }

    /// The Stratego setup preview of `side`'s four rows (front row at the top), with a legend
    /// of placed / required pieces of each kind.
    pub fn render_stratego_setup(
        &self,
        layout: &admiral_engine::stratego::Layout,
        side: Side,
        labels: &SetupLabels,
    ) -> Vec<u8> {
        stratego::setup(&self.fonts, layout, side, labels)
    }

    /// The board as palette indices (for tests and the benchmark).
    fn board_indexed(&self, view: &View, labels: &BoardLabels) -> Vec<u8> {
        let viewer = view.viewer;
        let mut moved = [false; admiral_engine::SQUARES];
        let mut seen = [false; admiral_engine::SQUARES];
        if view.intel {
            for sq in &view.moved_markers {
                moved[sq.index()] = true;
            }
            for sq in &view.exposed {
                seen[sq.index()] = true;
            }
        }
        let cells: Vec<Content> = view
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| match *c {
                Cell::Empty => Content::Empty,
                Cell::Own { kind } => Content::Unit(viewer, kind, seen[i]),
                Cell::Enemy { intel } => {
                    Content::Marker(viewer.opponent(), if view.intel { intel } else { None }, moved[i])
                }
            })
            .collect();
        let nb = UnitKind::NavalBase.index();
        let over = view.status != admiral_engine::Status::Ongoing;
        let my_turn = !over && view.to_move == viewer;
        let their_turn = !over && view.to_move != viewer;
        let note = Some(labels.status.as_str());
        let scene = Scene {
            seat: viewer,
            language: labels.language,
            cells: &cells,
            events: &view.last_turn,
            top: StripInfo {
                side: viewer.opponent(),
                name: &labels.opponent.name,
                clock: labels.opponent.clock.as_deref(),
                bases_left: 2u8.saturating_sub(view.enemy_losses[nb]),
                active: their_turn,
                lit: true,
                note: if their_turn { note } else { None },
            },
            bottom: StripInfo {
                side: viewer,
                name: &labels.you.name,
                clock: labels.you.clock.as_deref(),
                bases_left: 2u8.saturating_sub(view.own_losses[nb]),
                active: my_turn,
                lit: true,
                note: if their_turn { None } else { note },
            },
        };
        let mut indexed = vec![0u8; (WIDTH * HEIGHT) as usize];
        board::compose(
            &mut indexed,
            &self.backgrounds[viewer.index()],
            &self.sprites,
            &self.palette,
            &self.fonts,
            &self.base_icons,
            &scene,
        );
        indexed
    }

    /// Encodes palette indices as an indexed PNG (fdeflate, Paeth filter).
    fn encode_indexed_png(&self, indexed: &[u8], width: u32, height: u32) -> Vec<u8> {
        encode_indexed(&self.palette, indexed, width, height)
    }
}

/// Encodes palette indices as an indexed PNG (fdeflate, Paeth filter).
fn encode_indexed(palette: &Palette, indexed: &[u8], width: u32, height: u32) -> Vec<u8> {
    {
        let mut out = Vec::with_capacity(indexed.len() / 6);
        {
            let mut enc = png::Encoder::new(&mut out, width, height);
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_palette(&palette.rgb[..]);
            // fdeflate finds runs but not matches a row apart; the Paeth filter turns
            // repeated rows into runs of zeros. Measured on a mid-game board: 3.9 ms, 64 KiB
            // (zlib level 1 without a filter: 5.6 ms, 45 KiB).
            enc.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
            enc.set_filter(png::Filter::Paeth);
            let mut w = enc.write_header().expect("png header");
            w.write_image_data(indexed).expect("png data");
            w.finish().expect("png end");
        }
        out
    }
}

/// A sample of the marks and strips, so that their colours are in the palette.
fn sample_marks(fonts: &font::Fonts, sprites: &Sprites, background: &Pixmap, bases: &[Pixmap; 2]) -> Pixmap {
    use admiral_engine::{Event, Group, Placed, Square, Weapon};
    let sq = |s: &str| Square::parse(s).expect("square");
    let mut cells = vec![Content::Empty; admiral_engine::SQUARES];
    for (i, kind) in UnitKind::ALL.into_iter().enumerate() {
        let s = Square::new((i % 14) as u8, (i / 14) as u8).expect("square");
        cells[s.index()] = Content::Unit(Side::South, kind, i % 4 == 1);
        let n = Square::new((i % 14) as u8, 14 - (i / 14) as u8).expect("square");
        cells[n.index()] =
            Content::Marker(Side::North, if i % 2 == 0 { Some(kind) } else { None }, i % 3 == 0);
    }
    let events = vec![
        Event::Moved { side: Side::South, kind: None, from: sq("e5"), to: sq("e6") },
        Event::Struck {
            side: Side::South,
            weapon: Weapon::Aircraft,
            attacker: Placed { kind: UnitKind::Aircraft, square: sq("c7") },
            target: Placed { kind: UnitKind::Cruiser, square: sq("c11") },
        },
        Event::Struck {
            side: Side::South,
            weapon: Weapon::Contact,
            attacker: Placed { kind: UnitKind::Cruiser, square: sq("h8") },
            target: Placed { kind: UnitKind::Cruiser, square: sq("h9") },
        },
        Event::Battle {
            side: Side::South,
            attackers: Group::new(&[Placed { kind: UnitKind::Cruiser, square: sq("h8") }]),
            defenders: Group::new(&[Placed { kind: UnitKind::Cruiser, square: sq("h9") }]),
            attack_strength: 7,
            defense_strength: 7,
            winner: None,
        },
        Event::Detonated { side: Side::North, at: sq("l8") },
        Event::Destroyed { side: Side::South, kind: UnitKind::Battleship, square: sq("k8") },
    ];
    let scene = Scene {
        seat: Side::South,
        language: Language::En,
        cells: &cells,
        events: &events,
        top: StripInfo {
            side: Side::North,
            name: "Opponent",
            clock: Some("1d 02h"),
            bases_left: 1,
            active: true,
            lit: true,
            note: Some("Turn 12"),
        },
        bottom: StripInfo {
            side: Side::South,
            name: "You",
            clock: Some("12:00"),
            bases_left: 2,
            active: false,
            lit: false,
            note: None,
        },
    };
    board::compose_rgba(background, sprites, fonts, bases, &scene)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renderer_is_shareable() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Renderer>();
    }
}
