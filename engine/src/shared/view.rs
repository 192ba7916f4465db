//! What both rulesets' views share: the [`View`] itself, written once over the ruleset
//! ([`ViewRules`]) with the fields of its own in two flattened parts; a board of cells as one
//! side sees it (its own pieces, enemy pieces with their remembered identities, squares with no
//! piece), the text form a view's JSON keeps it in, and the lists a player reads off it.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::event::SeenEvent;
use super::game::{Game, GameView, Rules};
use super::grid::{write_grid_text, Board, GridSquare};
use super::language::Language;
use super::layout::{SetupKind, SetupPosition};
use super::outcome::{Outcome, Status};
use super::piece::PieceKind;
use super::side::Side;

/// A square of the board a ruleset's views show.
pub type SquareOf<P> = GridSquare<<<P as ViewRules>::Cell as ViewCell>::Board>;

/// What a ruleset's view is made of beyond what [`View`] reads off any game: the cell a square
/// is shown as, what the viewer's memory says, and the ruleset's own fields.
pub trait ViewRules:
    Rules<
    Action: Eq + DeserializeOwned,
    Event: Eq + DeserializeOwned + SeenEvent,
    Losses: Eq + Serialize + DeserializeOwned,
>
{
    /// One square as a side sees it, on the board the ruleset's layouts are placed on.
    type Cell: ViewCell<
        Board = <<Self as SetupPosition>::Kind as SetupKind>::Board,
        Kind = <Self as SetupPosition>::Kind,
    >;
    /// What else the viewer remembers, shown only with intel (empty without), right after
    /// [`View::exposed`] (Stratego: its own moved pieces, the enemy's conduct; Admiral: the
    /// kinds of the enemy units identified after moving).
    type Recollection: Clone + fmt::Debug + PartialEq + Eq + Default + Serialize + DeserializeOwned;
    /// The ruleset's public counters, shown last (Stratego: the two-square standings; Admiral:
    /// nothing).
    type Standing: Clone + fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned;

    /// The identity `memory` remembers of the enemy piece on `sq`, if any.
    fn remembered(memory: &Self::Memory, sq: SquareOf<Self>) -> Option<Self::Kind>;
    /// The enemy pieces `memory` has seen move, in square order.
    fn moved_markers(memory: &Self::Memory) -> Vec<SquareOf<Self>>;
    /// `viewer`'s own pieces whose identity the opponent has seen, in square order.
    fn exposed(game: &Game<Self>, viewer: Side) -> Vec<SquareOf<Self>>;
    /// What else `memory` remembers (see [`ViewRules::Recollection`]).
    fn recollection(memory: &Self::Memory) -> Self::Recollection;
    /// The public counters of `position` (see [`ViewRules::Standing`]).
    fn standing(position: &Self) -> Self::Standing;
    /// The last action as `viewer` knows it; by default as played (every action public).
    fn action_seen(game: &Game<Self>, _viewer: Side) -> Option<Self::Action> {
        game.last_action().map(|(_, action)| action)
    }
}

/// Everything one side may know about a game of ruleset `P`, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct View<P: ViewRules> {
    /// Whose view this is.
    pub viewer: Side,
    /// The side to move.
    pub to_move: Side,
    /// `ongoing`, `south_wins`, `north_wins` or `draw`.
    pub status: Status,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome<P::EndReason>>,
    /// Plies played so far.
    pub ply: u32,
    /// Consecutive plies without a piece destroyed (200 draw the game; under Admiral's rules
    /// version 1, without an attack).
    pub quiet_plies: u16,
    /// Whether remembered identities of enemy pieces are shown.
    pub intel: bool,
    /// The board: own pieces, enemy pieces, squares with none; see [`View::cell`].
    #[serde(with = "crate::shared::view::board_text")]
    pub cells: Vec<P::Cell>,
    /// The last action as the viewer knows it (Admiral: an enemy's undeclared partners hidden;
    /// Stratego: every action is public).
    pub last_action: Option<P::Action>,
    /// Who made the last action.
    pub last_mover: Option<Side>,
    /// What happened in the last action, as the viewer saw it.
    pub last_turn: Vec<P::Event>,
    /// Enemy pieces that have moved at least once (so they are none of the pieces that never
    /// move), in square order; empty when intel is off.
    pub moved_markers: Vec<SquareOf<P>>,
    /// The viewer's own pieces whose identity the opponent has seen (in battles, strikes and
    /// losses every player watches), in square order; empty when intel is off. What the
    /// enemy knows of us is ours to know: it says which of our pieces it can pick out.
    #[serde(default)]
    pub exposed: Vec<SquareOf<P>>,
    /// What else the viewer remembers (see [`ViewRules::Recollection`]).
    #[serde(flatten)]
    pub recollection: P::Recollection,
    /// The viewer's pieces lost so far, by kind (index = the kind's index).
    pub own_losses: P::Losses,
    /// Enemy pieces destroyed so far, by kind (every destroyed piece is revealed).
    pub enemy_losses: P::Losses,
    /// The ruleset's public counters (see [`ViewRules::Standing`]).
    #[serde(flatten)]
    pub standing: P::Standing,
}

impl<P: ViewRules> GameView<P> for View<P> {
    /// What `viewer` may know of `game`, and nothing more; remembered identities, and what
    /// else the viewer's memory holds, only with `intel`.
    fn of(game: &Game<P>, viewer: Side, intel: bool) -> View<P> {
        let memory = game.memory(viewer);
        View {
            viewer,
            to_move: game.to_move(),
            status: game.status(),
            outcome: game.outcome(),
            ply: game.ply(),
            quiet_plies: game.position().quiet_plies(),
            intel,
            cells: cells(game, viewer, intel),
            last_action: P::action_seen(game, viewer),
            last_mover: game.last_action().map(|(side, _)| side),
            last_turn: game.last_turn().iter().map(|e| e.seen_by(viewer)).collect(),
            moved_markers: if intel { P::moved_markers(memory) } else { Vec::new() },
            exposed: if intel { P::exposed(game, viewer) } else { Vec::new() },
            recollection: if intel { P::recollection(memory) } else { Default::default() },
            own_losses: game.losses(viewer),
            enemy_losses: game.losses(viewer.opponent()),
            standing: P::standing(game.position()),
        }
    }
}

impl<P: ViewRules> View<P> {
    /// The cell at a square.
    pub fn cell(&self, sq: SquareOf<P>) -> P::Cell {
        self.cells[sq.index()]
    }

    /// The viewer's own pieces with their squares, in square order.
    pub fn own_pieces(&self) -> impl Iterator<Item = (SquareOf<P>, P::Kind)> + '_ {
        own_pieces(&self.cells)
    }

    /// Enemy pieces with their remembered identities, in square order.
    pub fn enemy_markers(&self) -> impl Iterator<Item = (SquareOf<P>, Option<P::Kind>)> + '_ {
        enemy_pieces(&self.cells)
    }

    /// True when it is the viewer's turn in an ongoing game.
    pub fn my_turn(&self) -> bool {
        self.status == Status::Ongoing && self.to_move == self.viewer
    }
}

/// The board as `viewer` sees it: its own pieces, the enemy's (with their remembered identities
/// only with `intel`), and every other square as the ruleset shows a square with no piece.
fn cells<P: ViewRules>(game: &Game<P>, viewer: Side, intel: bool) -> Vec<P::Cell> {
    let (position, memory) = (game.position(), game.memory(viewer));
    GridSquare::all()
        .map(|sq| {
            if let Some(kind) = position.kind_of(sq, viewer) {
                P::Cell::holding(Shown::Own(kind))
            } else if position.kind_of(sq, viewer.opponent()).is_some() {
                P::Cell::holding(Shown::Enemy(if intel { P::remembered(memory, sq) } else { None }))
            } else {
                P::Cell::bare(sq)
            }
        })
        .collect()
}

/// A piece on a view's square, as the viewer sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shown<K> {
    /// One of the viewer's own pieces, of this kind.
    Own(K),
    /// An enemy piece, with its remembered identity if any.
    Enemy(Option<K>),
}

/// One square of a ruleset's view.
pub trait ViewCell: Copy + fmt::Debug + PartialEq + Eq + 'static {
    /// The board the view shows.
    type Board: Board;
    /// The ruleset's kind of piece.
    type Kind: PieceKind;
    /// Every cell that holds no piece, with its board-text token. The first is the empty
    /// square (`.`), which a board is filled with before it is read.
    const BARE: &'static [(Self, &'static str)];

    /// The cell of a square with no piece: the empty square, or what else the ruleset shows
    /// there (Stratego's lakes).
    fn bare(sq: GridSquare<Self::Board>) -> Self;
    /// The cell holding `piece`.
    fn holding(piece: Shown<Self::Kind>) -> Self;
    /// The piece on the cell, if any (none exactly for the cells of [`ViewCell::BARE`]).
    fn piece(self) -> Option<Shown<Self::Kind>>;
}

/// [`ViewCell::holding`] and [`ViewCell::piece`] for a ruleset's cell enum whose pieces are
/// `Own { kind }` and `Enemy { intel }` and whose other cells hold none, written once for both
/// rulesets' `impl ViewCell`.
macro_rules! own_and_enemy_cells {
    () => {
        fn holding(piece: $crate::shared::view::Shown<Self::Kind>) -> Self {
            match piece {
                $crate::shared::view::Shown::Own(kind) => Self::Own { kind },
                $crate::shared::view::Shown::Enemy(intel) => Self::Enemy { intel },
            }
        }

        fn piece(self) -> Option<$crate::shared::view::Shown<Self::Kind>> {
            match self {
                Self::Own { kind } => Some($crate::shared::view::Shown::Own(kind)),
                Self::Enemy { intel } => Some($crate::shared::view::Shown::Enemy(intel)),
                _ => None,
            }
        }
    };
}
pub(crate) use own_and_enemy_cells;

/// The viewer's own pieces on `cells` (indexed by square), with their squares, in square order.
pub fn own_pieces<C: ViewCell>(cells: &[C]) -> impl Iterator<Item = (GridSquare<C::Board>, C::Kind)> + '_ {
    GridSquare::all().filter_map(|sq| match cells[sq.index()].piece() {
        Some(Shown::Own(kind)) => Some((sq, kind)),
        _ => None,
    })
}

/// The enemy pieces on `cells` (indexed by square) with their remembered identities, in square
/// order.
pub fn enemy_pieces<C: ViewCell>(
    cells: &[C],
) -> impl Iterator<Item = (GridSquare<C::Board>, Option<C::Kind>)> + '_ {
    GridSquare::all().filter_map(|sq| match cells[sq.index()].piece() {
        Some(Shown::Enemy(intel)) => Some((sq, intel)),
        _ => None,
    })
}

/// The board of a view as text (`#[serde(with = "crate::shared::view::board_text")]` on its
/// cells): the position-text grid (top row first), each cell of [`ViewCell::BARE`] by its token,
/// the viewer's own pieces as upper-case codes and enemy pieces as `?`, or `?` followed by the
/// remembered code in lower case (`?cr`).
pub mod board_text {
    use super::*;

    /// The code a kind is written with in board text (the English one).
    fn code<K: PieceKind>(kind: K) -> &'static str {
        kind.code(Language::En)
    }

    /// Appends a cell's token.
    fn token<C: ViewCell>(cell: C, out: &mut String) {
        match cell.piece() {
            Some(Shown::Own(kind)) => out.push_str(code(kind)),
            Some(Shown::Enemy(intel)) => {
                out.push('?');
                if let Some(kind) = intel {
                    out.push_str(&code(kind).to_ascii_lowercase());
                }
            }
            None => {
                let bare = C::BARE.iter().find(|(bare, _)| *bare == cell);
                out.push_str(bare.expect("a cell with no piece is listed as bare").1);
            }
        }
    }

    /// Writes the cells as board text.
    pub fn serialize<C: ViewCell, S: Serializer>(cells: &[C], serializer: S) -> Result<S::Ok, S::Error> {
        serializer
            .serialize_str(&write_grid_text(|sq: GridSquare<C::Board>, out| token(cells[sq.index()], out)))
    }

    /// Reads board text: exactly one line per row; a row with fewer tokens than columns leaves
    /// the rest of it empty.
    pub fn deserialize<'de, C: ViewCell, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<C>, D::Error> {
        use serde::de::Error;
        let rows = C::Board::ROWS;
        let text = String::deserialize(deserializer)?;
        let mut cells = vec![C::BARE[0].0; C::Board::SQUARES];
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() != rows as usize {
            return Err(D::Error::custom(format!("a view board has {rows} rows")));
        }
        let kind = |text: &str| {
            C::Kind::ALL
                .iter()
                .copied()
                .find(|&kind| code(kind).eq_ignore_ascii_case(text))
                .ok_or_else(|| D::Error::custom(format!("unknown code {text}")))
        };
        for (i, line) in lines.iter().enumerate() {
            let row = rows - 1 - i as u8;
            for (col, token) in line.split_whitespace().enumerate() {
                let sq = GridSquare::<C::Board>::new(col as u8, row)
                    .ok_or_else(|| D::Error::custom("too many columns"))?;
                let bare = C::BARE.iter().find(|(_, bare)| *bare == token);
                cells[sq.index()] = match (bare, token.strip_prefix('?')) {
                    (Some(&(cell, _)), _) => cell,
                    (None, Some("")) => C::holding(Shown::Enemy(None)),
                    (None, Some(code)) => C::holding(Shown::Enemy(Some(kind(code)?))),
                    (None, None) => C::holding(Shown::Own(kind(token)?)),
                };
            }
        }
        Ok(cells)
    }
}
