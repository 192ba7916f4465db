//! The text protocol of the 2012 UCC Stratego programming competition, as pure text in and
//! out: coordinates, directions, setup rows, board rows, result lines, and [`Program`], our AI
//! speaking the protocol. Processes and pipes live in the binaries (`admiral-arena --a
//! ucc:<command>`, `admiral-referee --ucc-bot LEVEL`). The protocol as the project understands
//! it is documented in `doc/ucc-protocol.md`.
//!
//! Mapping: RED is South (it moves first and sets up in rows 1–4), BLUE is North. The
//! protocol's `x` is the column (0 = `a`), its `y` the row minus one (0 = row 1), so its board
//! is printed row 1 first; `UP` goes towards row 1, `DOWN` towards row 10. Piece characters
//! use the classic numbering: `1` marshal … `9` scout, `s` spy, `B` bomb, `F` flag; `#` is an
//! enemy piece, `+` a lake, `.` empty.

use crate::ai::stratego::Ai;
use crate::shared::Budget;
use crate::shared::BySide;
use crate::shared::SeenEvent;
use crate::shared::Side;
use crate::shared::SideMemory;
use crate::shared::Status;
use crate::stratego::action::Action;
use crate::stratego::board::{Sq, SqSet, COLS, ROWS, SQUARES};
use crate::stratego::event::{Event, Placed};
use crate::stratego::layout::Layout;
use crate::stratego::memory::Memory;
use crate::stratego::piece::{Rank, RANKS};
use crate::stratego::position::Repetition;
use crate::stratego::view::{Cell, Recollection, Standing, View};

/// The protocol's colour for a side: `RED` (South, moves first) or `BLUE` (North).
pub fn colour(side: Side) -> &'static str {
    match side {
        Side::South => "RED",
        Side::North => "BLUE",
    }
}

/// The side of a protocol colour.
pub fn side_of_colour(colour: &str) -> Option<Side> {
    match colour {
        "RED" => Some(Side::South),
        "BLUE" => Some(Side::North),
        _ => None,
    }
}

/// The protocol character of a piece (classic numbering).
pub fn piece_char(rank: Rank) -> char {
    match rank {
        Rank::Spy => 's',
        Rank::Bomb => 'B',
        Rank::Flag => 'F',
        other => (b'0' + other.classic_number().expect("ranked piece")) as char,
    }
}

/// The piece of a protocol character.
pub fn rank_of_char(c: char) -> Option<Rank> {
    match c {
        's' => Some(Rank::Spy),
        'B' => Some(Rank::Bomb),
        'F' => Some(Rank::Flag),
        '1'..='9' => Rank::from_classic_number(c as u8 - b'0'),
        _ => None,
    }
}

/// The protocol's `(x, y)` of a square.
pub fn xy(sq: Sq) -> (u8, u8) {
    (sq.col(), sq.row())
}

/// The square at protocol coordinates.
pub fn square_at(x: i32, y: i32) -> Option<Sq> {
    if (0..COLS as i32).contains(&x) && (0..ROWS as i32).contains(&y) {
        Sq::new(x as u8, y as u8)
    } else {
        None
    }
}

/// A move as the protocol writes it: `X Y DIRECTION [MULTIPLIER]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UccMove {
    /// The moving piece's square.
    pub from: Sq,
    /// Where it ends (the attacked square for an attack).
    pub to: Sq,
}

impl UccMove {
    /// Reads `X Y DIRECTION [MULTIPLIER]` (extra tokens after it, such as an outcome, are
    /// ignored). Errors say what is wrong.
    pub fn parse(line: &str) -> Result<UccMove, String> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() < 3 {
            return Err(format!("`{}` is not `X Y DIRECTION [MULTIPLIER]`", line.trim()));
        }
        let number = |t: &str| t.parse::<i32>().map_err(|_| format!("`{t}` is not a number"));
        let (x, y) = (number(tokens[0])?, number(tokens[1])?);
        let (dx, dy) = match tokens[2] {
            "UP" => (0, -1),
            "DOWN" => (0, 1),
            "LEFT" => (-1, 0),
            "RIGHT" => (1, 0),
            other => return Err(format!("`{other}` is not UP, DOWN, LEFT or RIGHT")),
        };
        let multiplier = match tokens.get(3) {
            Some(t) if t.parse::<i32>().is_ok() => number(t)?,
            _ => 1,
        };
        if multiplier < 1 {
            return Err(format!("multiplier {multiplier} is less than 1"));
        }
        let from = square_at(x, y).ok_or_else(|| format!("({x}, {y}) is off the board"))?;
        let to = square_at(x + dx * multiplier, y + dy * multiplier)
            .ok_or_else(|| format!("the move leaves the board from ({x}, {y})"))?;
        Ok(UccMove { from, to })
    }

    /// The action with these squares (the separator is fixed by the position when played).
    pub fn action(&self, attack: bool) -> Action {
        Action { from: self.from, to: self.to, attack }
    }
}

/// An action in protocol form: `X Y DIRECTION`, plus the multiplier for a run of more than one
/// square.
pub fn format_move(action: &Action) -> String {
    let (x, y) = xy(action.from);
    let direction = if action.from.col() == action.to.col() {
        if action.to.row() < action.from.row() {
            "UP"
        } else {
            "DOWN"
        }
    } else if action.to.col() < action.from.col() {
        "LEFT"
    } else {
        "RIGHT"
    };
    match action.distance() {
        1 => format!("{x} {y} {direction}"),
        n => format!("{x} {y} {direction} {n}"),
    }
}

/// The outcome word(s) of an action's events: `OK`, `KILLS a d`, `DIES a d`, `BOTHDIE a d`
/// (ranks as protocol characters) or `VICTORY_FLAG`.
pub fn outcome_text(events: &[Event]) -> String {
    for event in events {
        if let Event::Attacked { side, attacker, defender, winner } = *event {
            if defender.rank == Rank::Flag {
                return "VICTORY_FLAG".into();
            }
            let (a, d) = (piece_char(attacker.rank), piece_char(defender.rank));
            return match winner {
                Some(w) if w == side => format!("KILLS {a} {d}"),
                Some(_) => format!("DIES {a} {d}"),
                None => format!("BOTHDIE {a} {d}"),
            };
        }
    }
    "OK".into()
}

/// The line both programs receive after a move: the move and its outcome.
pub fn result_line(action: &Action, events: &[Event]) -> String {
    format!("{} {}", format_move(action), outcome_text(events))
}

/// The board as `viewer` is shown it: 10 rows of 10 characters, row 1 (`y` = 0) first; own
/// pieces by character, enemy pieces `#`, lakes `+`, empty `.`.
pub fn board_rows(view: &View) -> Vec<String> {
    (0..ROWS)
        .map(|row| {
            (0..COLS)
                .map(|col| match view.cell(Sq::new(col, row).expect("in range")) {
                    Cell::Empty => '.',
                    Cell::Lake => '+',
                    Cell::Own { kind: rank } => piece_char(rank),
                    Cell::Enemy { .. } => '#',
                })
                .collect()
        })
        .collect()
}

/// A layout as the four setup rows a program sends for `side` (highest row of the screen,
/// i.e. lowest `y`, first).
pub fn setup_rows(layout: &Layout, side: Side) -> Vec<String> {
    let first_row = match side {
        Side::South => 0,
        Side::North => 6,
    };
    (first_row..first_row + 4)
        .map(|row| {
            (0..COLS)
                .map(|col| {
                    let sq = Sq::new(col, row).expect("in range");
                    let (depth, file) = Layout::cell_of(side, sq).expect("in zone");
                    layout.get(depth, file).map_or('.', piece_char)
                })
                .collect()
        })
        .collect()
}

/// Reads a program's four setup rows for `side` into a layout; the full army is required (as
/// in the competition since April 2012).
pub fn parse_setup(rows: &[String], side: Side) -> Result<Layout, String> {
    if rows.len() != 4 {
        return Err(format!("a setup has 4 rows, got {}", rows.len()));
    }
    let first_row = match side {
        Side::South => 0,
        Side::North => 6,
    };
    let mut layout = Layout::empty();
    for (i, text) in rows.iter().enumerate() {
        let chars: Vec<char> = text.trim_end_matches(['\r', '\n']).chars().collect();
        if chars.len() != COLS as usize {
            return Err(format!("setup row {} has {} characters, expected 10: `{text}`", i + 1, chars.len()));
        }
        for (col, c) in chars.into_iter().enumerate() {
            let rank = match c {
                '.' => None,
                c => Some(
                    rank_of_char(c).ok_or_else(|| format!("setup row {}: `{c}` is not a piece", i + 1))?,
                ),
            };
            let sq = Sq::new(col as u8, first_row + i as u8).expect("in range");
            let (depth, file) = Layout::cell_of(side, sq).expect("in zone");
            layout.set(depth, file, rank);
        }
    }
    layout.validate().map_err(|errors| {
        format!(
            "illegal setup: {}",
            crate::stratego::layout::describe_errors(&errors, crate::shared::Language::En)
                .replace('\n', "; ")
        )
    })?;
    Ok(layout)
}

/// What a program knows of the game, rebuilt from the protocol's lines alone.
#[derive(Clone, Debug)]
struct Tracker {
    me: Side,
    /// Own pieces by square.
    own: [Option<Rank>; SQUARES],
    /// Squares holding enemy pieces.
    enemy: SqSet,
    memory: Memory,
    losses: BySide<[u8; RANKS]>,
    ply: u32,
    quiet_plies: u16,
    repetition: BySide<Repetition>,
    last: Option<(Side, Action, Vec<Event>)>,
}

impl Tracker {
    fn new(me: Side, layout: &Layout) -> Tracker {
        let mut own = [None; SQUARES];
        for ((depth, file), rank) in layout.cells() {
            own[Layout::square(me, depth, file).index()] = rank;
        }
        Tracker {
            me,
            own,
            enemy: SqSet::EMPTY,
            memory: Memory::new(),
            losses: BySide::splat([0; RANKS]),
            ply: 0,
            quiet_plies: 0,
            repetition: BySide::splat(Repetition::default()),
            last: None,
        }
    }

    /// Reads the board the manager printed: own pieces and enemy squares; remembered identities
    /// stay only where an enemy piece still stands.
    fn read_board(&mut self, rows: &[String]) -> Result<(), String> {
        let mut own = [None; SQUARES];
        let mut enemy = SqSet::EMPTY;
        for (y, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.trim().chars().collect();
            if chars.len() != COLS as usize {
                return Err(format!("board row {y} has {} characters, expected 10", chars.len()));
            }
            for (x, c) in chars.into_iter().enumerate() {
                let sq = Sq::new(x as u8, y as u8).expect("in range");
                match c {
                    '#' => enemy.insert(sq),
                    '.' | '+' => {}
                    c => {
                        own[sq.index()] = Some(rank_of_char(c).ok_or_else(|| format!("`{c}` on the board"))?)
                    }
                }
            }
        }
        for sq in Sq::all() {
            if !enemy.contains(sq) {
                self.memory.forget_enemy(sq);
            }
        }
        self.own = own;
        self.enemy = enemy;
        Ok(())
    }

    /// Applies a result line `X Y DIR [M] OUTCOME [A D]`.
    fn apply(&mut self, line: &str) -> Result<(), String> {
        let m = UccMove::parse(line)?;
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let at = tokens.iter().position(|t| {
            t.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                && !["UP", "DOWN", "LEFT", "RIGHT"].contains(t)
        });
        let Some(at) = at else { return Err(format!("no outcome in `{line}`")) };
        let outcome = tokens[at];
        let ranks = |i: usize| -> Result<Rank, String> {
            tokens
                .get(at + i)
                .and_then(|t| t.chars().next())
                .and_then(rank_of_char)
                .ok_or_else(|| format!("missing rank in `{line}`"))
        };
        let side = if self.own[m.from.index()].is_some() { self.me } else { self.me.opponent() };
        let mover_rank = self.own[m.from.index()];
        let mut events = Vec::new();
        match outcome {
            "OK" => {
                events.push(Event::Moved { side, rank: mover_rank, from: m.from, to: m.to });
                self.repetition[side].record_move(m.from, m.to);
                self.quiet_plies = self.quiet_plies.saturating_add(1);
            }
            "KILLS" | "DIES" | "BOTHDIE" => {
                let (a, d) = (ranks(1)?, ranks(2)?);
                let winner = match outcome {
                    "KILLS" => Some(side),
                    "DIES" => Some(side.opponent()),
                    _ => None,
                };
                events.push(Event::Attacked {
                    side,
                    attacker: Placed { rank: a, square: m.from },
                    defender: Placed { rank: d, square: m.to },
                    winner,
                });
                if winner != Some(side.opponent()) {
                    events.push(Event::Destroyed { side: side.opponent(), rank: d, square: m.to });
                }
                if winner != Some(side) {
                    events.push(Event::Destroyed { side, rank: a, square: m.from });
                }
                self.repetition[side].record_attack();
                self.quiet_plies = 0;
            }
            // The game is over (QUIT follows) or the move was refused: nothing to track.
            _ => return Ok(()),
        }
        for event in &events {
            self.memory.learn(self.me, event);
            if let Event::Destroyed { side, rank, square } = *event {
                self.losses[side][rank.index()] += 1;
                if side == self.me {
                    self.own[square.index()] = None;
                } else {
                    self.enemy.remove(square);
                }
            }
        }
        // The mover, if it survived, now stands on `to`.
        let survived =
            events.iter().all(|e| !matches!(e, Event::Destroyed { square, .. } if *square == m.from));
        if survived {
            if side == self.me {
                self.own[m.to.index()] = self.own[m.from.index()].take();
            } else {
                self.enemy.remove(m.from);
                self.enemy.insert(m.to);
            }
        }
        self.ply += 1;
        let attack = events.iter().any(|e| matches!(e, Event::Attacked { .. }));
        self.last = Some((side, m.action(attack), events));
        Ok(())
    }

    fn view(&self) -> View {
        let cells = Sq::all()
            .map(|sq| {
                if sq.is_lake() {
                    Cell::Lake
                } else if let Some(rank) = self.own[sq.index()] {
                    Cell::Own { kind: rank }
                } else if self.enemy.contains(sq) {
                    Cell::Enemy { intel: self.memory.enemy.identity[sq.index()] }
                } else {
                    Cell::Empty
                }
            })
            .collect();
        View {
            viewer: self.me,
            to_move: self.me,
            status: Status::Ongoing,
            outcome: None,
            ply: self.ply,
            quiet_plies: self.quiet_plies,
            intel: true,
            cells,
            last_action: self.last.as_ref().map(|l| l.1),
            last_mover: self.last.as_ref().map(|l| l.0),
            last_turn: self
                .last
                .as_ref()
                .map(|l| l.2.iter().map(|e| e.seen_by(self.me)).collect())
                .unwrap_or_default(),
            moved_markers: self.memory.enemy.moved.iter().filter(|sq| self.enemy.contains(*sq)).collect(),
            exposed: self.memory.exposed(),
            recollection: Recollection {
                own_moved: self.memory.own.moved.iter().collect(),
                conduct: self.enemy.iter().filter_map(|sq| self.memory.conduct(sq)).collect(),
                restless: self.memory.enemy.restless().filter(|sq| self.enemy.contains(*sq)).collect(),
            },
            own_losses: self.losses[self.me],
            enemy_losses: self.losses[self.me.opponent()],
            standing: Standing { repetition: self.repetition },
        }
    }
}

/// Our Stratego AI as a protocol program: feed it every line the manager sends, send back
/// what it answers. Pure (no I/O, no clock but the AI's thinking budget).
#[derive(Clone, Debug)]
pub struct Program {
    level: u8,
    seed: u64,
    ai: Ai,
    tracker: Option<Tracker>,
    board: Vec<String>,
    awaiting_board: bool,
    finished: bool,
}

impl Program {
    /// A program playing at `level` (1–5) with its seed and thinking budget per move.
    pub fn new(level: u8, seed: u64, budget: Budget) -> Program {
        Program {
            level,
            seed,
            ai: Ai::new(level, seed, budget),
            tracker: None,
            board: Vec::new(),
            awaiting_board: false,
            finished: false,
        }
    }

    /// True once `QUIT` arrived: the program should exit.
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Takes one line from the manager and returns the lines to answer (none most of the
    /// time; four after the setup line; one move after the tenth board row). A line it cannot
    /// read is an error (the binary reports it on standard error and stops).
    pub fn input(&mut self, line: &str) -> Result<Vec<String>, String> {
        let line = line.trim_end_matches(['\r', '\n']);
        if self.finished || line.trim().is_empty() {
            return Ok(Vec::new());
        }
        if line.trim_start().starts_with("QUIT") {
            self.finished = true;
            return Ok(Vec::new());
        }
        let Some(tracker) = self.tracker.as_mut() else {
            // COLOUR OPPONENT WIDTH HEIGHT
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let side = tokens
                .first()
                .and_then(|c| side_of_colour(c))
                .ok_or_else(|| format!("expected `RED|BLUE OPPONENT WIDTH HEIGHT`, got `{line}`"))?;
            if tokens.len() >= 4 && (tokens[tokens.len() - 2] != "10" || tokens[tokens.len() - 1] != "10") {
                return Err(format!("only the 10×10 board is supported, got `{line}`"));
            }
            let layout = Ai::layout(self.level, self.seed);
            self.tracker = Some(Tracker::new(side, &layout));
            return Ok(setup_rows(&layout, side));
        };
        if self.awaiting_board {
            self.board.push(line.trim().to_string());
            if self.board.len() < ROWS as usize {
                return Ok(Vec::new());
            }
            self.awaiting_board = false;
            let rows = std::mem::take(&mut self.board);
            tracker.read_board(&rows)?;
            let view = tracker.view();
            let legal = view.legal_actions();
            if legal.is_empty() {
                return Ok(vec!["SURRENDER".into()]);
            }
            let action = self.ai.choose(&view, &legal);
            return Ok(vec![format_move(&action)]);
        }
        if line.trim() == "START" {
            self.awaiting_board = true;
            return Ok(Vec::new());
        }
        // A result line: ours (no board follows) or the opponent's (the board follows).
        let m = UccMove::parse(line)?;
        let ours = tracker.own[m.from.index()].is_some();
        tracker.apply(line)?;
        if !ours {
            self.awaiting_board = true;
        }
        Ok(Vec::new())
    }
}
