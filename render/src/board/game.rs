//! What a game gives the painter ([`BoardGame`]: its geometry, its tokens' and marks' styles,
//! its pieces and a few drawing hooks), and the plain data the painter works on: tokens,
//! marks, scenes and strips.

use admiral_engine::shared::grid::{Board, GridSquare};
use admiral_engine::shared::piece::PieceKind;
use admiral_engine::shared::view::{Shown, View, ViewCell, ViewRules};
use admiral_engine::{Language, Side, Status};
use tiny_skia::{Pixmap, Transform};

use crate::color::Rgb;
use crate::font::Fonts;
use crate::labels::{BoardLabels, PlayerLabel};
use crate::shapes::IconColors;

/// The three zones of a board (South's setup rows, the middle, North's), each with its tint.
pub(crate) const ZONES: usize = 3;

/// A board's shape in pixels: a frame of coordinates around `cols` × `rows` cells, between a
/// status strip on top and one at the bottom.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Geometry {
    pub(crate) cols: u8,
    pub(crate) rows: u8,
    /// How many rows each side sets up in (at its own edge): the first and the last zone.
    pub(crate) setup_rows: u8,
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
    pub(crate) const fn board_x(&self) -> u32 {
        self.margin
    }

    pub(crate) const fn board_y(&self) -> u32 {
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

    /// The zone of a square: 0 in South's setup rows, 2 in North's, 1 between them.
    pub(crate) fn zone(&self, sq: impl BoardSquare) -> usize {
        let row = sq.row();
        if row < self.setup_rows {
            0
        } else if row < self.rows - self.setup_rows {
            1
        } else {
            2
        }
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
    /// Every square of the board, in the order of [`BoardSquare::index`].
    fn all() -> impl Iterator<Item = Self>;
}

// Both boards' squares are the engine's grid squares, so one impl serves every ruleset.
impl<B: Board> BoardSquare for GridSquare<B> {
    fn col(self) -> u8 {
        GridSquare::col(self)
    }
    fn row(self) -> u8 {
        GridSquare::row(self)
    }
    fn index(self) -> usize {
        GridSquare::index(self)
    }
    fn all() -> impl Iterator<Item = Self> {
        GridSquare::all()
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
    /// What a token shows.
    type Piece: PieceKind;
    type Event;

    const GEOMETRY: Geometry;
    const TOKENS: TokenStyle;
    const MARKS: MarkStyle;
    const STRIP: StripStyle;
    /// The tint of each zone's squares (see [`Geometry::zone`]), and the grid lines.
    const ZONE_COLORS: [Rgb; ZONES];
    const GRID: Rgb;

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
    pub(crate) fn token(self) -> Option<(Side, Token<P>)> {
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

/// The contents of a viewer's fogged board: own pieces with the eye where the enemy has
/// identified them, enemy markers with their intel and "moved" badge (badges and intel only when
/// the view's `intel` is on), the empty square, and any other square with no piece as blocked.
pub(crate) fn fogged_cells<P: ViewRules>(view: &View<P>) -> Vec<Content<P::Kind>> {
    let (viewer, intel) = (view.viewer, view.intel);
    let mut moved = vec![false; view.cells.len()];
    let mut seen = vec![false; view.cells.len()];
    if intel {
        for sq in &view.moved_markers {
            moved[sq.index()] = true;
        }
        for sq in &view.exposed {
            seen[sq.index()] = true;
        }
    }
    let empty = <P::Cell as ViewCell>::BARE[0].0;
    view.cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| match cell.piece() {
            None if cell == empty => Content::Empty,
            None => Content::Blocked,
            Some(Shown::Own(piece)) => Content::Piece(viewer, piece, seen[i]),
            Some(Shown::Enemy(memory)) => {
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

impl<'a, G: BoardGame> Scene<'a, G> {
    /// A viewer's board: its fogged `cells` and the last turn's `events` from the viewer's
    /// seat, the opponent's strip on top and the viewer's at the bottom; `to_move` marked and
    /// lit, with the status text (in the bottom strip once the game is over). `tallies` are
    /// the opponent's and the viewer's.
    pub(crate) fn for_viewer(
        labels: &'a BoardLabels,
        viewer: Side,
        to_move: Side,
        status: Status,
        tallies: [u8; 2],
        cells: &'a [Content<G::Piece>],
        events: &'a [G::Event],
    ) -> Scene<'a, G> {
        let over = status != Status::Ongoing;
        let my_turn = !over && to_move == viewer;
        let their_turn = !over && to_move != viewer;
        let note = Some(labels.status.as_str());
        let strip = |side, player: &'a PlayerLabel, tally, active, note| StripInfo {
            side,
            name: &player.name,
            clock: player.clock.as_deref(),
            tally,
            active,
            lit: true,
            note,
        };
        let top = strip(
            viewer.opponent(),
            &labels.opponent,
            tallies[0],
            their_turn,
            if their_turn { note } else { None },
        );
        let bottom = strip(viewer, &labels.you, tallies[1], my_turn, if their_turn { None } else { note });
        Scene { seat: viewer, language: labels.language, cells, events, top, bottom }
    }
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

/// What a token shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token<P> {
    /// A piece shown openly: icon and label (the viewer's own, or any piece on a card).
    Piece(P),
    /// One of the viewer's pieces that the enemy has identified: the piece with an eye.
    SeenPiece(P),
    /// A closed enemy marker, with the remembered identity when there is one.
    Marker(Option<P>),
    /// A closed enemy marker known to have moved (so it is none of the pieces that never move).
    MovedMarker,
    /// A piece removed in the last turn, faint.
    Wreck(P),
}

/// Where an icon goes on a token, in design units of [`TokenStyle::design`]: the box
/// `(x + dx, y + dy, size - shrink, h)`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct IconBox {
    pub(crate) dx: f32,
    pub(crate) dy: f32,
    pub(crate) shrink: f32,
    pub(crate) h: f32,
}

/// A game's token proportions, in design units: a token of `design` pixels uses them as they
/// are, any other size scales them.
#[derive(Copy, Clone, Debug)]
pub(crate) struct TokenStyle {
    /// The token size the numbers are designed for (the board's cell).
    pub(crate) design: f32,
    pub(crate) radius: f32,
    /// Alpha of the lighter top half of an open piece.
    pub(crate) highlight: u8,
    pub(crate) icon: IconBox,
    pub(crate) seen_badge_radius: f32,
    /// The hatching on the back of a closed marker: line spacing, width, and the inset of the
    /// frame that clips it.
    pub(crate) hatch_step: f32,
    pub(crate) hatch_width: f32,
    pub(crate) hatch_inset: f32,
    /// The remembered identity on a marker: the dark band behind the icon, the icon, and the
    /// white badge behind the label (top, height, radius).
    pub(crate) intel_band: (f32, f32),
    pub(crate) intel_icon: IconBox,
    pub(crate) intel_badge: (f32, f32, f32),
    pub(crate) wreck_icon: IconBox,
    /// Inset of the cross over a wreck.
    pub(crate) cross_inset: f32,
}

/// Which label a game draws on a token.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// On an open piece, white on the side's colour.
    Open,
    /// On a marker's white intel badge.
    Intel,
}

/// The geometry, colours and language of the token being drawn, for a game's label and badge.
#[derive(Copy, Clone, Debug)]
pub(crate) struct TokenBox {
    /// The square the token fills.
    pub(crate) x: f32,
    pub(crate) y: f32,
    pub(crate) size: f32,
    /// Scale of the design units.
    pub(crate) k: f32,
    /// Width of the token's body (inset from the square).
    pub(crate) tw: f32,
    pub(crate) side_color: Rgb,
    pub(crate) dark: Rgb,
    pub(crate) language: Language,
}

impl TokenBox {
    pub(crate) fn icon_box(&self, b: IconBox) -> (f32, f32, f32, f32) {
        let k = self.k;
        (self.x + b.dx * k, self.y + b.dy * k, self.size - b.shrink * k, b.h * k)
    }
}

/// A game's proportions for marks on squares.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MarkStyle {
    pub(crate) frame_radius: f32,
    pub(crate) wash_radius: f32,
    /// Dash and gap of a dashed frame.
    pub(crate) dash: [f32; 2],
}

/// Marks drawn on one board picture: the geometry, the seat, the style and the transform from
/// board pixels to the region being drawn.
pub(crate) struct Marker<'a> {
    pub(crate) geometry: &'a Geometry,
    pub(crate) style: &'a MarkStyle,
    pub(crate) seat: Side,
    pub(crate) t: Transform,
}
