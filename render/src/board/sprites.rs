//! Pre-rendered cell sprites: every token a board can show, on each of the three zone tints,
//! for both sides and both languages, drawn once with vectors and then only copied.

use admiral_engine::shared::piece::PieceKind;
use admiral_engine::{Language, Side};
use tiny_skia::{Pixmap, Transform};

use super::game::{BoardGame, Token, ZONES};
use super::token::draw_token;
use crate::font::Fonts;
use crate::palette::Palette;
use crate::shapes::fill_rect;

/// A square of a zone with its grid lines (top and left edges).
pub(crate) fn tile<G: BoardGame>(cell: u32, zone: usize) -> Pixmap {
    let mut p = Pixmap::new(cell, cell).expect("tile");
    p.fill(G::ZONE_COLORS[zone].color());
    fill_rect(&mut p, 0.0, 0.0, cell as f32, 1.0, G::GRID);
    fill_rect(&mut p, 0.0, 0.0, 1.0, cell as f32, G::GRID);
    p
}

fn lang_index(language: Language) -> usize {
    match language {
        Language::En => 0,
        Language::Ru => 1,
    }
}

// Layout of the sprite table: for each zone and side, the closed marker and the moved one,
// then per piece the wreck, and per language the piece, the intel marker and the seen piece.
const PER_PIECE: usize = 7;
const MARKERS: usize = 2;

/// A sprite's number in the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SpriteId(usize);

/// Pre-rendered cell sprites of one game, in RGBA and (once the palette is fixed) as palette
/// indices.
pub(crate) struct Sprites {
    /// The empty square of each zone.
    pub(crate) tiles: Vec<Pixmap>,
    rgba: Vec<Pixmap>,
    indexed: Vec<Vec<u8>>,
    per_side: usize,
}

impl Sprites {
    /// Draws every token of `G` at the board's cell size.
    pub(crate) fn new<G: BoardGame>(fonts: &Fonts) -> Sprites {
        let cell = G::GEOMETRY.cell;
        let tiles: Vec<Pixmap> = (0..ZONES).map(|z| tile::<G>(cell, z)).collect();
        let make = |zone: usize, side: Side, token: Token<G::Piece>, language: Language| {
            let mut p = tiles[zone].clone();
            draw_token::<G>(&mut p, fonts, cell as f32, side, token, language);
            p
        };
        let per_side = MARKERS + G::Piece::ALL.len() * PER_PIECE;
        let mut rgba = Vec::with_capacity(ZONES * 2 * per_side);
        // In the order of `Sprites::id`.
        for zone in 0..ZONES {
            for side in Side::BOTH {
                rgba.push(make(zone, side, Token::Marker(None), Language::En));
                rgba.push(make(zone, side, Token::MovedMarker, Language::En));
                for &piece in G::Piece::ALL {
                    rgba.push(make(zone, side, Token::Wreck(piece), Language::En));
                    for language in [Language::En, Language::Ru] {
                        rgba.push(make(zone, side, Token::Piece(piece), language));
                        rgba.push(make(zone, side, Token::Marker(Some(piece)), language));
                        rgba.push(make(zone, side, Token::SeenPiece(piece), language));
                    }
                }
            }
        }
        Sprites { tiles, rgba, indexed: Vec::new(), per_side }
    }

    /// Maps every sprite to the palette.
    pub(crate) fn quantize(&mut self, palette: &Palette) {
        self.indexed = self.rgba.iter().map(|p| palette.quantize_pixmap(p)).collect();
    }

    /// The sprite of `token` of `side` on a square of `zone` (wrecks and closed markers have
    /// no text, so one language serves).
    pub(crate) fn id<G: BoardGame>(
        &self,
        zone: usize,
        side: Side,
        token: Token<G::Piece>,
        language: Language,
    ) -> SpriteId {
        let base = (zone * 2 + side.index()) * self.per_side;
        let piece = |p: G::Piece| base + MARKERS + p.index() * PER_PIECE;
        let lang = lang_index(language) * 3;
        SpriteId(match token {
            Token::Marker(None) => base,
            Token::MovedMarker => base + 1,
            Token::Wreck(p) => piece(p),
            Token::Piece(p) => piece(p) + 1 + lang,
            Token::Marker(Some(p)) => piece(p) + 2 + lang,
            Token::SeenPiece(p) => piece(p) + 3 + lang,
        })
    }

    pub(crate) fn rgba(&self, id: SpriteId) -> &Pixmap {
        &self.rgba[id.0]
    }

    pub(crate) fn indexed(&self, id: SpriteId) -> &[u8] {
        &self.indexed[id.0]
    }

    /// Every sprite, for building the palette.
    pub(crate) fn all(&self) -> impl Iterator<Item = &Pixmap> {
        self.tiles.iter().chain(&self.rgba)
    }
}

/// Copies an indexed sprite of `w` × `h` into an indexed image of width `dw` at (x, y).
pub(crate) fn blit_indexed(dst: &mut [u8], dw: usize, src: &[u8], w: usize, x: usize, y: usize) {
    for (r, row) in src.chunks_exact(w).enumerate() {
        let di = (y + r) * dw + x;
        dst[di..di + w].copy_from_slice(row);
    }
}

/// Copies an opaque sprite into `dst` at (x, y) row by row.
pub(crate) fn blit(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32) {
    let dw = dst.width() as i32;
    let dh = dst.height() as i32;
    let sw = src.width() as i32;
    let sh = src.height() as i32;
    if x < 0 || y < 0 || x + sw > dw || y + sh > dh {
        dst.draw_pixmap(x, y, src.as_ref(), &tiny_skia::PixmapPaint::default(), Transform::identity(), None);
        return;
    }
    let row = (sw * 4) as usize;
    let s = src.data();
    let d = dst.data_mut();
    for r in 0..sh {
        let di = (((y + r) * dw + x) * 4) as usize;
        let si = (r * sw * 4) as usize;
        d[di..di + row].copy_from_slice(&s[si..si + row]);
    }
}
