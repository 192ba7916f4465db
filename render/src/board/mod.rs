//! The board painter both games share, after lichess's `lila-gif`: everything that does not
//! change between moves (the background of each seat, every token on each zone tint in both
//! languages) is drawn once with vectors and a palette fixed from it; a board is then the
//! background copied as palette indices, a sprite copied per occupied square, the marks of the
//! last turn and the two status strips drawn on small RGBA regions and mapped back.
//!
//! A game plugs in through [`BoardGame`]: its geometry (columns, rows, cell size, coordinate
//! labels), its token set (pieces, icons, labels, proportions), the squares nobody stands on
//! (Stratego's lakes), the marks its events leave, and what its strips count. Admiral's is in
//! `admiral.rs`, Stratego's in `stratego/mod.rs`.

pub(crate) mod marks;
pub(crate) mod sprites;
pub(crate) mod token;

use std::collections::HashMap;

use admiral_engine::{Language, Side};
use tiny_skia::{FillRule, Pixmap, Transform};

use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::labels::BoardLabels;
use crate::palette::{self, Palette};
use crate::shapes::{fill_rect, round_stroke, rounded_rect, IconColors};
use marks::{MarkStyle, Marker};
use sprites::{blit, blit_indexed, Sprites};
use token::{Label, Token, TokenBox, TokenStyle};

/// The three zones of a board (South's setup rows, the middle, North's), each with its tint.
pub(crate) const ZONES: usize = 3;

/// A board's shape in pixels: a frame of coordinates around `cols` × `rows` cells, between a
/// status strip on top and one at the bottom.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Geometry {
    pub(crate) cols: u8,
    pub(crate) rows: u8,
    /// Size of a square in pixels.
    pub(crate) cell: u32,
    /// Width of the coordinate frame around the board.
    pub(crate) margin: u32,
    /// Height of each status strip.
    pub(crate) strip_h: u32,
    /// Size of the coordinates, and of two-digit row numbers (smaller where the frame is tight).
    pub(crate) label_size: f32,
    pub(crate) two_digit_label_size: f32,
    /// Baselines of the column letters: this far above the board and below its bottom edge.
    pub(crate) letters_above: f32,
    pub(crate) letters_below: f32,
}

impl Geometry {
    /// Width of the picture.
    pub(crate) const fn width(&self) -> u32 {
        2 * self.margin + self.cols as u32 * self.cell
    }

    /// Height of the picture.
    pub(crate) const fn height(&self) -> u32 {
        2 * self.strip_h + 2 * self.margin + self.rows as u32 * self.cell
    }

    /// Top-left pixel of the board's squares.
    const fn board_x(&self) -> u32 {
        self.margin
    }

    const fn board_y(&self) -> u32 {
        self.strip_h + self.margin
    }

    /// Top-left pixel of the cell at (`col`, `row`) for a seat (the seat's side at the bottom).
    pub(crate) fn cell_origin(&self, seat: Side, col: u8, row: u8) -> (i32, i32) {
        let (x, y) = match seat {
            Side::South => (col as u32, (self.rows - 1 - row) as u32),
            Side::North => ((self.cols - 1 - col) as u32, row as u32),
        };
        ((self.board_x() + x * self.cell) as i32, (self.board_y() + y * self.cell) as i32)
    }

    /// Top-left pixel of a square's cell for a seat.
    pub(crate) fn origin(&self, seat: Side, sq: impl BoardSquare) -> (i32, i32) {
        self.cell_origin(seat, sq.col(), sq.row())
    }

    /// Centre of a square's cell for a seat.
    pub(crate) fn cell_center(&self, seat: Side, sq: impl BoardSquare) -> (f32, f32) {
        let (x, y) = self.origin(seat, sq);
        let half = self.cell as f32 / 2.0;
        (x as f32 + half + 0.5, y as f32 + half + 0.5)
    }
}

/// A game's square, as the painter needs it.
pub(crate) trait BoardSquare: Copy {
    fn col(self) -> u8;
    fn row(self) -> u8;
    /// Its index in the view's cells.
    fn index(self) -> usize;
}

impl BoardSquare for admiral_engine::Square {
    fn col(self) -> u8 {
        admiral_engine::Square::col(self)
    }
    fn row(self) -> u8 {
        admiral_engine::Square::row(self)
    }
    fn index(self) -> usize {
        admiral_engine::Square::index(self)
    }
}

impl BoardSquare for admiral_engine::stratego::Sq {
    fn col(self) -> u8 {
        admiral_engine::stratego::Sq::col(self)
    }
    fn row(self) -> u8 {
        admiral_engine::stratego::Sq::row(self)
    }
    fn index(self) -> usize {
        admiral_engine::stratego::Sq::index(self)
    }
}

/// A game's proportions for the status strips.
#[derive(Copy, Clone, Debug)]
pub(crate) struct StripStyle {
    /// Size of the name and the clock.
    pub(crate) text_size: f32,
    /// Room right of the clock, and between the clock and what the game counts.
    pub(crate) right_pad: f32,
    pub(crate) clock_gap: f32,
    /// Largest size of the note, and the room left of it kept for the name.
    pub(crate) note_size: f32,
    pub(crate) note_room: f32,
    /// Gap between the name and the note.
    pub(crate) name_gap: f32,
}

/// One game's board for the painter: geometry, token set, marks and strips.
pub(crate) trait BoardGame {
    type Square: BoardSquare;
    /// What a token shows (Admiral's unit kind, Stratego's rank).
    type Piece: Copy + Eq + std::fmt::Debug + 'static;
    type Event;

    const GEOMETRY: Geometry;
    const TOKENS: TokenStyle;
    const MARKS: MarkStyle;
    const STRIP: StripStyle;
    /// The tint of each zone's squares, and the grid lines.
    const ZONE_COLORS: [Rgb; ZONES];
    const GRID: Rgb;
    /// Every piece, in the order of [`BoardGame::piece_index`].
    const PIECES: &'static [Self::Piece];

    fn piece_index(piece: Self::Piece) -> usize;
    fn squares() -> impl Iterator<Item = Self::Square>;
    fn zone_of_row(row: u8) -> usize;

    /// Draws a piece's icon fitted into the box `(x, y, w, h)`.
    fn draw_icon(p: &mut Pixmap, piece: Self::Piece, at: (f32, f32, f32, f32), colors: IconColors);
    /// Draws a piece's label on an open token or a marker's intel badge.
    fn draw_label(p: &mut Pixmap, fonts: &Fonts, piece: Self::Piece, at: &TokenBox, label: Label);
    /// Draws the badge of a closed marker known to have moved.
    fn draw_moved_badge(p: &mut Pixmap, at: &TokenBox);

    /// Draws what covers the squares no piece may enter (Stratego's lakes) on the background.
    fn draw_blocked(_p: &mut Pixmap, _seat: Side) {}
    /// Draws the marks the events of the last turn leave.
    fn draw_marks(p: &mut Pixmap, marker: &Marker<'_>, events: &[Self::Event]);
    /// Adds the squares the marks of `events` touch.
    fn marked_squares(events: &[Self::Event], out: &mut Vec<Self::Square>);
    /// The piece an event removed, and where: drawn as a wreck if its square is now empty.
    fn destroyed(event: &Self::Event) -> Option<(Self::Square, Side, Self::Piece)>;

    /// Draws what a strip counts (Admiral's bases, Stratego's pieces) right-aligned in `at`;
    /// returns the width it took.
    fn draw_tally(&self, p: &mut Pixmap, fonts: &Fonts, info: &StripInfo<'_>, at: TallyPlace) -> f32;

    /// A scene with every kind of token, mark and strip, so that their colours are in the
    /// palette.
    fn palette_sample() -> Sample<Self>;
}

/// What stands on a square, as the picture shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Content<P> {
    Empty,
    /// A square no piece may enter (drawn on the background).
    Blocked,
    /// A piece shown openly: its side, what it is, and whether the enemy has identified it
    /// (only ever set on the viewer's own pieces).
    Piece(Side, P, bool),
    /// An enemy marker: its side, remembered identity, and whether it is known to have moved.
    Marker(Side, Option<P>, bool),
}

impl<P: Copy> Content<P> {
    /// The token a square shows, and whose it is.
    fn token(self) -> Option<(Side, Token<P>)> {
        match self {
            Content::Empty | Content::Blocked => None,
            Content::Piece(side, piece, false) => Some((side, Token::Piece(piece))),
            Content::Piece(side, piece, true) => Some((side, Token::SeenPiece(piece))),
            Content::Marker(side, Some(piece), _) => Some((side, Token::Marker(Some(piece)))),
            Content::Marker(side, None, true) => Some((side, Token::MovedMarker)),
            Content::Marker(side, None, false) => Some((side, Token::Marker(None))),
        }
    }
}

/// A cell of a view, before the fog's flags are applied.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Shown<P> {
    Empty,
    Blocked,
    Own(P),
    /// An enemy piece, with the identity the view remembers.
    Enemy(Option<P>),
}

/// The contents of a fogged view: own pieces with the eye where the enemy has identified them,
/// enemy markers with their intel and "moved" badge. Badges and intel only when `intel` is on.
pub(crate) fn fogged_cells<S: BoardSquare, P: Copy>(
    viewer: Side,
    intel: bool,
    cells: impl ExactSizeIterator<Item = Shown<P>>,
    moved_markers: &[S],
    exposed: &[S],
) -> Vec<Content<P>> {
    let mut moved = vec![false; cells.len()];
    let mut seen = vec![false; cells.len()];
    if intel {
        for sq in moved_markers {
            moved[sq.index()] = true;
        }
        for sq in exposed {
            seen[sq.index()] = true;
        }
    }
    cells
        .enumerate()
        .map(|(i, cell)| match cell {
            Shown::Empty => Content::Empty,
            Shown::Blocked => Content::Blocked,
            Shown::Own(piece) => Content::Piece(viewer, piece, seen[i]),
            Shown::Enemy(memory) => {
                Content::Marker(viewer.opponent(), if intel { memory } else { None }, moved[i])
            }
        })
        .collect()
}

/// One of the two status strips.
#[derive(Copy, Clone)]
pub(crate) struct StripInfo<'a> {
    pub(crate) side: Side,
    pub(crate) name: &'a str,
    pub(crate) clock: Option<&'a str>,
    /// What the game counts for this side (Admiral: bases left; Stratego: pieces left).
    pub(crate) tally: u8,
    /// This side is to move: marked at the left edge.
    pub(crate) active: bool,
    /// Light the whole strip of the side to move (not in replays, where it would make every
    /// frame repaint both strips).
    pub(crate) lit: bool,
    /// Extra text on the right of the strip (turn and status).
    pub(crate) note: Option<&'a str>,
}

/// Where a strip's tally goes: the band starting at `y`, right-aligned at `right`, with the
/// strip's text baseline.
#[derive(Copy, Clone, Debug)]
pub(crate) struct TallyPlace {
    pub(crate) y: f32,
    pub(crate) right: f32,
    pub(crate) baseline: f32,
}

/// The strips of a viewer's board: the opponent on top, the viewer at the bottom; the side to
/// move marked and lit, with the status text (in the bottom strip once the game is over).
/// `tallies` are the opponent's and the viewer's.
pub(crate) fn viewer_strips<'a>(
    labels: &'a BoardLabels,
    viewer: Side,
    to_move: Side,
    over: bool,
    tallies: [u8; 2],
) -> (StripInfo<'a>, StripInfo<'a>) {
    let my_turn = !over && to_move == viewer;
    let their_turn = !over && to_move != viewer;
    let note = Some(labels.status.as_str());
    let top = StripInfo {
        side: viewer.opponent(),
        name: &labels.opponent.name,
        clock: labels.opponent.clock.as_deref(),
        tally: tallies[0],
        active: their_turn,
        lit: true,
        note: if their_turn { note } else { None },
    };
    let bottom = StripInfo {
        side: viewer,
        name: &labels.you.name,
        clock: labels.you.clock.as_deref(),
        tally: tallies[1],
        active: my_turn,
        lit: true,
        note: if their_turn { None } else { note },
    };
    (top, bottom)
}

/// Everything one board picture shows.
pub(crate) struct Scene<'a, G: BoardGame> {
    /// The side at the bottom.
    pub(crate) seat: Side,
    pub(crate) language: Language,
    pub(crate) cells: &'a [Content<G::Piece>],
    pub(crate) events: &'a [G::Event],
    pub(crate) top: StripInfo<'a>,
    pub(crate) bottom: StripInfo<'a>,
}

/// A scene owning its data, for the palette sample (South seated, in English).
pub(crate) struct Sample<G: BoardGame + ?Sized> {
    pub(crate) cells: Vec<Content<G::Piece>>,
    pub(crate) events: Vec<G::Event>,
    pub(crate) top: StripInfo<'static>,
    pub(crate) bottom: StripInfo<'static>,
}

impl<G: BoardGame + ?Sized> Sample<G> {
    /// A sample with both strips: the opponent's on top, to move, with a clock and a note;
    /// the viewer's below, with a clock. `tallies` are the top's and the bottom's.
    pub(crate) fn new(cells: Vec<Content<G::Piece>>, events: Vec<G::Event>, tallies: [u8; 2]) -> Sample<G> {
        let strip = |side, name, clock, tally, active, note| StripInfo {
            side,
            name,
            clock: Some(clock),
            tally,
            active,
            lit: active,
            note,
        };
        Sample {
            cells,
            events,
            top: strip(Side::North, "Opponent", "1d 02h", tallies[0], true, Some("Turn 12")),
            bottom: strip(Side::South, "You", "12:00", tallies[1], false, None),
        }
    }
}

/// Everything drawn once for one game's boards: its sprites, the background of each seat as
/// palette indices, and the palette fixed from them.
pub(crate) struct Board<G: BoardGame> {
    pub(crate) game: G,
    pub(crate) sprites: Sprites,
    pub(crate) backgrounds: [Vec<u8>; 2],
    pub(crate) palette: Palette,
}

impl<G: BoardGame> Board<G> {
    /// Draws every sprite and both backgrounds, and fixes the palette from everything a board
    /// can show: backgrounds, sprites, and a sample of the marks and strips.
    pub(crate) fn new(fonts: &Fonts, game: G) -> Board<G> {
        let mut sprites = Sprites::new::<G>(fonts);
        let backgrounds =
            [background::<G>(fonts, &sprites, Side::South), background::<G>(fonts, &sprites, Side::North)];
        let mut hist = HashMap::new();
        for bg in &backgrounds {
            palette::add_to_histogram(&mut hist, bg.data());
        }
        for s in sprites.all() {
            palette::add_to_histogram(&mut hist, s.data());
        }
        let sample = G::palette_sample();
        let scene = Scene::<G> {
            seat: Side::South,
            language: Language::En,
            cells: &sample.cells,
            events: &sample.events,
            top: sample.top,
            bottom: sample.bottom,
        };
        let sample = compose_rgba(&game, &backgrounds[0], &sprites, fonts, &scene);
        palette::add_to_histogram(&mut hist, sample.data());
        let palette = Palette::from_histogram(&hist);
        sprites.quantize(&palette);
        let backgrounds = backgrounds.map(|bg| palette.quantize_pixmap(&bg));
        Board { game, sprites, backgrounds, palette }
    }

    /// The board as palette indices.
    pub(crate) fn indexed(&self, fonts: &Fonts, scene: &Scene<'_, G>) -> Vec<u8> {
        let mut out = vec![0u8; (G::GEOMETRY.width() * G::GEOMETRY.height()) as usize];
        self.compose(&mut out, fonts, scene);
        out
    }

    /// Composes a full board picture as palette indices: the cached background, sprites
    /// copied per square, then the marks and the strips drawn on small RGBA regions and mapped
    /// back.
    pub(crate) fn compose(&self, out: &mut [u8], fonts: &Fonts, scene: &Scene<'_, G>) {
        let g = &G::GEOMETRY;
        out.copy_from_slice(&self.backgrounds[scene.seat.index()]);
        self.draw_board_area(out, scene);
        let mut strip = Pixmap::new(g.width(), g.strip_h).expect("strip");
        for (y, info) in [(0, &scene.top), (g.height() - g.strip_h, &scene.bottom)] {
            strip.fill(color::STRIP.color());
            draw_strip(&self.game, &mut strip, fonts, 0.0, info);
            settle(out, g.width(), &self.palette, &strip, 0, y as i32);
        }
    }

    /// Pieces, wrecks and the marks of the last turn, on an indexed picture.
    pub(crate) fn draw_board_area(&self, out: &mut [u8], scene: &Scene<'_, G>) {
        let g = &G::GEOMETRY;
        let (width, cell) = (g.width() as usize, g.cell as usize);
        for sq in G::squares() {
            let Some((side, token)) = scene.cells[sq.index()].token() else { continue };
            let id = self.sprites.id::<G>(G::zone_of_row(sq.row()), side, token, scene.language);
            let (x, y) = g.origin(scene.seat, sq);
            blit_indexed(out, width, self.sprites.indexed(id), cell, x as usize, y as usize);
        }
        for (sq, side, piece) in scene.events.iter().filter_map(G::destroyed) {
            if scene.cells[sq.index()] == Content::Empty {
                let id =
                    self.sprites.id::<G>(G::zone_of_row(sq.row()), side, Token::Wreck(piece), Language::En);
                let (x, y) = g.origin(scene.seat, sq);
                blit_indexed(out, width, self.sprites.indexed(id), cell, x as usize, y as usize);
            }
        }
        let mut squares = Vec::new();
        G::marked_squares(scene.events, &mut squares);
        if let Some((x0, y0, x1, y1)) = marks::bounds(g, scene.seat, &squares) {
            let mut region = expand(out, g.width(), &self.palette, x0, y0, x1, y1);
            let marker = Marker {
                geometry: g,
                style: &G::MARKS,
                seat: scene.seat,
                t: Transform::from_translate(-x0 as f32, -y0 as f32),
            };
            G::draw_marks(&mut region, &marker, scene.events);
            settle(out, g.width(), &self.palette, &region, x0, y0);
        }
    }

    /// Encodes palette indices of a whole board as an indexed PNG.
    pub(crate) fn encode_png(&self, indexed: &[u8]) -> Vec<u8> {
        crate::palette::encode_indexed(&self.palette, indexed, G::GEOMETRY.width(), G::GEOMETRY.height())
    }
}

/// The same picture in RGBA, drawn directly (used once, to sample colours for the palette;
/// wrecks are left out).
fn compose_rgba<G: BoardGame>(
    game: &G,
    background: &Pixmap,
    sprites: &Sprites,
    fonts: &Fonts,
    scene: &Scene<'_, G>,
) -> Pixmap {
    let g = &G::GEOMETRY;
    let mut out = background.clone();
    for sq in G::squares() {
        let Some((side, token)) = scene.cells[sq.index()].token() else { continue };
        let id = sprites.id::<G>(G::zone_of_row(sq.row()), side, token, scene.language);
        let (x, y) = g.origin(scene.seat, sq);
        blit(&mut out, sprites.rgba(id), x, y);
    }
    let marker = Marker { geometry: g, style: &G::MARKS, seat: scene.seat, t: Transform::identity() };
    G::draw_marks(&mut out, &marker, scene.events);
    draw_strip(game, &mut out, fonts, 0.0, &scene.top);
    draw_strip(game, &mut out, fonts, (g.height() - g.strip_h) as f32, &scene.bottom);
    out
}

/// The background of a seat: frame, coordinates, the zones' squares, blocked squares, grid.
fn background<G: BoardGame>(fonts: &Fonts, sprites: &Sprites, seat: Side) -> Pixmap {
    let g = &G::GEOMETRY;
    let (width, height) = (g.width(), g.height());
    let (board_x, board_y) = (g.board_x() as f32, g.board_y() as f32);
    let mut p = Pixmap::new(width, height).expect("background");
    p.fill(color::FRAME.color());
    for sq in G::squares() {
        let (x, y) = g.origin(seat, sq);
        blit(&mut p, &sprites.tiles[G::zone_of_row(sq.row())], x, y);
    }
    let board_w = g.cols as f32 * g.cell as f32;
    let board_h = g.rows as f32 * g.cell as f32;
    fill_rect(&mut p, board_x + board_w, board_y, 1.0, board_h + 1.0, G::GRID);
    fill_rect(&mut p, board_x, board_y + board_h, board_w + 1.0, 1.0, G::GRID);
    G::draw_blocked(&mut p, seat);
    let cell = g.cell as f32;
    for col in 0..g.cols {
        let (x, _) = g.cell_origin(seat, col, 0);
        let letter = ((b'a' + col) as char).to_string();
        let cx = x as f32 + cell / 2.0;
        for y in [board_y - g.letters_above, board_y + board_h + g.letters_below] {
            fonts.draw(&mut p, Face::Bold, g.label_size, cx, y, Align::Center, color::FRAME_TEXT, &letter);
        }
    }
    for row in 0..g.rows {
        let (_, y) = g.cell_origin(seat, 0, row);
        let label = (row + 1).to_string();
        let size = if label.len() > 1 { g.two_digit_label_size } else { g.label_size };
        let cy = y as f32 + cell / 2.0 + 6.0;
        for x in [g.margin as f32 / 2.0, width as f32 - g.margin as f32 / 2.0 + 0.5] {
            fonts.draw(&mut p, Face::Bold, size, x, cy, Align::Center, color::FRAME_TEXT, &label);
        }
    }
    fill_rect(&mut p, 0.0, 0.0, width as f32, g.strip_h as f32, color::STRIP);
    fill_rect(&mut p, 0.0, (height - g.strip_h) as f32, width as f32, g.strip_h as f32, color::STRIP);
    p
}

/// Draws one status strip in the band starting at `y`: the mark of the side to move, the
/// side's colour chip, the name, the note, what the game counts, and the clock.
fn draw_strip<G: BoardGame>(game: &G, p: &mut Pixmap, fonts: &Fonts, y: f32, info: &StripInfo<'_>) {
    let style = &G::STRIP;
    let width = G::GEOMETRY.width() as f32;
    let h = G::GEOMETRY.strip_h as f32;
    let id = Transform::identity();
    if info.active {
        if info.lit {
            fill_rect(p, 0.0, y, width, h, color::STRIP_ACTIVE);
        }
        fill_rect(p, 0.0, y, 6.0, h, color::MOVE);
    }
    // The side's colour chip: a small token.
    let chip = rounded_rect(16.0, y + 13.0, 26.0, 26.0, 6.0);
    p.fill_path(&chip, &color::side_color(info.side).paint(), FillRule::Winding, id, None);
    p.stroke_path(&chip, &color::WHITE.paint_alpha(200), &round_stroke(1.5), id, None);
    let baseline = y + h / 2.0 + 8.0;
    let size = style.text_size;
    // Right side: clock, then what the game counts, then the note.
    let mut right = width - style.right_pad;
    if let Some(clock) = info.clock {
        let w = fonts.draw(p, Face::Bold, size, right, baseline, Align::Right, color::STRIP_TEXT, clock);
        right -= w + style.clock_gap;
    }
    let tally_w = game.draw_tally(p, fonts, info, TallyPlace { y, right, baseline });
    right -= tally_w + 16.0;
    let mut note_w = 0.0;
    if let Some(note) = info.note {
        let note_size = fonts.fit(Face::Bold, style.note_size, note, right - style.note_room);
        let c = if info.active && info.lit { color::MOVE } else { color::STRIP_MUTED };
        note_w = fonts.draw(p, Face::Bold, note_size, right, baseline - 1.0, Align::Right, c, note);
    }
    let name_max = right - note_w - style.name_gap - 54.0;
    let name = fonts.ellipsize(Face::Bold, size, info.name, name_max);
    fonts.draw(p, Face::Bold, size, 54.0, baseline, Align::Left, color::STRIP_TEXT, &name);
}

/// Expands a rectangle of an indexed image to RGBA.
pub(crate) fn expand(
    indexed: &[u8],
    width: u32,
    palette: &Palette,
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
) -> Pixmap {
    let w = (x1 - x0) as u32;
    let h = (y1 - y0) as u32;
    let mut p = Pixmap::new(w, h).expect("region");
    let data = p.data_mut();
    for r in 0..h as usize {
        let src = &indexed[(y0 as usize + r) * width as usize + x0 as usize..][..w as usize];
        for (c, &i) in src.iter().enumerate() {
            let o = (r * w as usize + c) * 4;
            let pi = i as usize * 3;
            data[o] = palette.rgb[pi];
            data[o + 1] = palette.rgb[pi + 1];
            data[o + 2] = palette.rgb[pi + 2];
            data[o + 3] = 255;
        }
    }
    p
}

/// Maps an RGBA region back into an indexed image at (x0, y0).
pub(crate) fn settle(indexed: &mut [u8], width: u32, palette: &Palette, region: &Pixmap, x0: i32, y0: i32) {
    let w = region.width() as usize;
    for (r, row) in region.data().chunks_exact(w * 4).enumerate() {
        let start = (y0 as usize + r) * width as usize + x0 as usize;
        palette.quantize(row, &mut indexed[start..start + w]);
    }
}
