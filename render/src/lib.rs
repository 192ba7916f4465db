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
//! Both games' boards go through one painter (`board/`), parameterised by each game's
//! geometry and token set (`admiral/`, `stratego/`). [`Renderer::new`] draws everything that
//! does not change between moves once: the background of each seat, every unit token on each
//! of the three sea tints in both languages, closed, moved and intel markers, and wrecks. It then fixes a 255-colour palette from them (most
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
mod admiral;
mod board;
mod cards;
mod color;
mod font;
mod labels;
mod lzw;
mod palette;
mod replay;
pub mod samples;
mod shapes;
mod stratego;

pub use admiral_engine::Language;
#[cfg(doc)]
use admiral_engine::Layout;
use admiral_engine::{Side, View};

pub use cards::{
    AtlasEntry, AtlasLabels, AwardLine, BattleCard, BattleSide, GameOverCard, ProfileCard, RankInfo,
    RanksCard, SetupLabels, RANKS,
};

pub use labels::{BoardLabels, PlayerLabel};
pub use replay::{ReplayFrame, ReplayLabels};

use admiral::{Admiral, HEIGHT, WIDTH};
use board::{fogged_cells, Board};
use stratego::Stratego;

/// Renders every picture. Build it once (it pre-renders some 500 sprites and fixes the
/// palette: about 0.2 s) and share it: all methods take `&self` and it is `Send + Sync`.
pub struct Renderer {
    fonts: font::Fonts,
    /// Admiral's sprites, backgrounds and palette.
    admiral: Board<Admiral>,
    /// Stratego's sprites, backgrounds and palette, drawn on first use (Admiral-only bots
    /// never pay for them).
    stratego: std::sync::OnceLock<Board<Stratego>>,
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
        let admiral = Board::new(&fonts, Admiral::new());
        Renderer { fonts, admiral, stratego: std::sync::OnceLock::new() }
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
        let cells = fogged_cells(view);
        let indexed = self.admiral.indexed(&self.fonts, &admiral::scene(view, labels, &cells));
        self.admiral.encode_png(&indexed)
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
        replay::render(&self.admiral, &self.fonts, frames, labels)
    }

    /// Width and height of Stratego board pictures.
    pub fn stratego_board_size(&self) -> (u32, u32) {
        (stratego::WIDTH, stratego::HEIGHT)
    }

    fn stratego_board(&self) -> &Board<Stratego> {
        self.stratego.get_or_init(|| Board::new(&self.fonts, Stratego))
    }

    /// Draws Stratego's sprites now (about 0.1 s) instead of on the first Stratego picture.
    pub fn warm_stratego(&self) {
        self.stratego_board();
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
        let board = self.stratego_board();
        let cells = fogged_cells(view);
        let indexed = board.indexed(&self.fonts, &stratego::scene(view, labels, &cells));
        board.encode_png(&indexed)
    }

    /// The Stratego setup preview of `side`'s four rows (front row at the top), with a legend
    /// of placed / required pieces of each kind.
    pub fn render_stratego_setup(
        &self,
        layout: &admiral_engine::stratego::Layout,
        side: Side,
        labels: &SetupLabels,
    ) -> Vec<u8> {
        cards::stratego_setup(&self.fonts, layout, side, labels)
    }
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
