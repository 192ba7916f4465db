//! The setup preview of Admiral: the player's zone, larger, with a legend of counts.

use admiral_engine::{Language, Layout, Side, Square, UnitKind, COLS};
use tiny_skia::Transform;

use super::common::{card, encode_rgb, MUTED, TEXT};
use crate::admiral::Admiral;
use crate::board::sprites::tile;
use crate::board::token::{draw_token_on_card, Token};
use crate::board::BoardGame;
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::shapes::fill_rect;

/// Texts of the setup preview.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupLabels {
    /// Language of unit codes and names.
    pub language: Language,
    /// Heading, e.g. "Your fleet · South" / "Ваш флот · Юг".
    pub title: String,
    /// A line under the heading, e.g. "Front row at the top. Press Ready when done."
    pub subtitle: String,
}

/// The setup preview: the player's zone, larger, with a legend of counts.
pub(crate) fn setup(fonts: &Fonts, layout: &Layout, side: Side, labels: &SetupLabels) -> Vec<u8> {
    let cell = 56.0f32;
    let margin = 24.0;
    let top = 78.0;
    let width = (margin * 2.0 + cell * COLS as f32) as u32;
    let legend_rows = 6;
    let legend_h = 42.0 * legend_rows as f32 + 24.0;
    let height = (top + margin * 2.0 + cell * 5.0 + legend_h + 12.0) as u32;
    let mut p = card(width, height);
    let title = fonts.ellipsize(Face::Bold, 28.0, &labels.title, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 28.0, 20.0, 38.0, Align::Left, TEXT, &title);
    let sub = fonts.ellipsize(Face::Regular, 16.0, &labels.subtitle, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Regular, 16.0, 20.0, 64.0, Align::Left, MUTED, &sub);
    let bx = margin;
    let by = top + margin;
    // The zone as its owner sees it: front row at the top.
    let zone_tile =
        tile::<Admiral>(cell as u32, Admiral::zone_of_row(if side == Side::South { 0 } else { 14 }));
    let counts = layout.counts();
    for depth in 0..5 {
        for file in 0..COLS as usize {
            let x = bx + file as f32 * cell;
            let y = by + depth as f32 * cell;
            p.draw_pixmap(
                x as i32,
                y as i32,
                zone_tile.as_ref(),
                &tiny_skia::PixmapPaint::default(),
                Transform::identity(),
                None,
            );
            if let Some(kind) = layout.get(depth, file) {
                draw_token_on_card::<Admiral>(
                    &mut p,
                    fonts,
                    x,
                    y,
                    cell,
                    side,
                    Token::Piece(kind),
                    labels.language,
                );
            }
        }
    }
    fill_rect(&mut p, bx + cell * COLS as f32, by, 1.0, cell * 5.0 + 1.0, color::GRID);
    fill_rect(&mut p, bx, by + cell * 5.0, cell * COLS as f32 + 1.0, 1.0, color::GRID);
    // Coordinates of the zone's squares.
    for file in 0..COLS as usize {
        let sq: Square = Layout::square(side, 0, file);
        let letter = sq.to_string().chars().next().unwrap_or('?').to_string();
        let cx = bx + file as f32 * cell + cell / 2.0;
        fonts.draw(&mut p, Face::Bold, 15.0, cx, by - 7.0, Align::Center, color::FRAME_TEXT, &letter);
        fonts.draw(
            &mut p,
            Face::Bold,
            15.0,
            cx,
            by + cell * 5.0 + 18.0,
            Align::Center,
            color::FRAME_TEXT,
            &letter,
        );
    }
    for depth in 0..5 {
        let sq = Layout::square(side, depth, 0);
        let row = (sq.row() + 1).to_string();
        let cy = by + depth as f32 * cell + cell / 2.0 + 5.5;
        fonts.draw(&mut p, Face::Bold, 15.0, margin / 2.0, cy, Align::Center, color::FRAME_TEXT, &row);
        fonts.draw(
            &mut p,
            Face::Bold,
            15.0,
            width as f32 - margin / 2.0,
            cy,
            Align::Center,
            color::FRAME_TEXT,
            &row,
        );
    }
    // The legend: every kind with placed / required.
    let ly = by + cell * 5.0 + 34.0;
    let col_w = (width as f32 - 2.0 * margin) / 3.0;
    for (i, kind) in UnitKind::ALL.into_iter().enumerate() {
        let col = i / legend_rows;
        let row = i % legend_rows;
        let x = margin + col as f32 * col_w;
        let y = ly + row as f32 * 42.0;
        draw_token_on_card::<Admiral>(&mut p, fonts, x, y, 40.0, side, Token::Piece(kind), labels.language);
        let placed = counts[kind.index()];
        let need = kind.fleet_count();
        let ok = placed == need;
        let count = format!("{placed}/{need}");
        let c = if ok { TEXT } else { Rgb::hex(0xff8a7a) };
        fonts.draw(&mut p, Face::Bold, 19.0, x + 47.0, y + 27.0, Align::Left, c, &count);
        let name = fonts.ellipsize(Face::Regular, 16.5, kind.name(labels.language), col_w - 100.0);
        fonts.draw(&mut p, Face::Regular, 16.5, x + 94.0, y + 27.0, Align::Left, MUTED, &name);
    }
    encode_rgb(&p)
}
