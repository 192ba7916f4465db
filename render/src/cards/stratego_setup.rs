//! The setup preview of Stratego: `side`'s four rows, with a legend of placed / required
//! pieces of each kind.

use admiral_engine::stratego::{Layout, Rank, COLS};
use admiral_engine::Side;
use tiny_skia::{Pixmap, Transform};

use super::common::{card, encode_rgb};
use crate::board::sprites::tile;
use crate::board::token::{draw_token, Token};
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::shapes::fill_rect;
use crate::stratego::{Stratego, LAND_GRID};
use crate::SetupLabels;

/// The setup preview: `side`'s four rows as their owner sees them (front row at the top), with
/// a legend of placed / required pieces of each kind.
pub(crate) fn stratego_setup(fonts: &Fonts, layout: &Layout, side: Side, labels: &SetupLabels) -> Vec<u8> {
    use admiral_engine::stratego::army_counts;
    let cell = 60.0f32;
    let margin = 24.0;
    let top = 78.0;
    let depth_rows = 4usize;
    let width = (margin * 2.0 + cell * COLS as f32) as u32;
    let legend_rows = 6;
    let legend_h = 46.0 * legend_rows as f32 + 20.0;
    let height = (top + margin * 2.0 + cell * depth_rows as f32 + legend_h + 8.0) as u32;
    let mut p = card(width, height);
    let text = Rgb::hex(0xf2f5f8);
    let muted = Rgb::hex(0x9fb3c6);
    let title = fonts.ellipsize(Face::Bold, 28.0, &labels.title, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 28.0, 20.0, 38.0, Align::Left, text, &title);
    let sub = fonts.ellipsize(Face::Regular, 16.0, &labels.subtitle, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Regular, 16.0, 20.0, 64.0, Align::Left, muted, &sub);
    let (bx, by) = (margin, top + margin);
    let zone_tile = tile::<Stratego>(cell as u32, if side == Side::South { 0 } else { 2 });
    let id = Transform::identity();
    // Front row (depth 0) at the top.
    for d in 0..depth_rows {
        let depth = d;
        for file in 0..COLS as usize {
            let x = bx + file as f32 * cell;
            let y = by + d as f32 * cell;
            p.draw_pixmap(
                x as i32,
                y as i32,
                zone_tile.as_ref(),
                &tiny_skia::PixmapPaint::default(),
                id,
                None,
            );
            if let Some(rank) = layout.get(depth, file) {
                let mut layer = Pixmap::new(cell as u32 + 1, cell as u32 + 1).expect("layer");
                draw_token::<Stratego>(
                    &mut layer,
                    fonts,
                    0.0,
                    0.0,
                    cell,
                    side,
                    Token::Piece(rank),
                    labels.language,
                );
                p.draw_pixmap(
                    x as i32,
                    y as i32,
                    layer.as_ref(),
                    &tiny_skia::PixmapPaint::default(),
                    id,
                    None,
                );
            }
        }
    }
    fill_rect(&mut p, bx + cell * COLS as f32, by, 1.0, cell * depth_rows as f32 + 1.0, LAND_GRID);
    fill_rect(&mut p, bx, by + cell * depth_rows as f32, cell * COLS as f32 + 1.0, 1.0, LAND_GRID);
    for file in 0..COLS as usize {
        let s = Layout::square(side, 0, file);
        let letter = ((b'a' + s.col()) as char).to_string();
        let cx = bx + file as f32 * cell + cell / 2.0;
        fonts.draw(&mut p, Face::Bold, 15.0, cx, by - 7.0, Align::Center, color::FRAME_TEXT, &letter);
        fonts.draw(
            &mut p,
            Face::Bold,
            15.0,
            cx,
            by + cell * depth_rows as f32 + 18.0,
            Align::Center,
            color::FRAME_TEXT,
            &letter,
        );
    }
    for d in 0..depth_rows {
        let s = Layout::square(side, d, 0);
        let row = (s.row() + 1).to_string();
        let cy = by + d as f32 * cell + cell / 2.0 + 5.5;
        for x in [margin / 2.0, width as f32 - margin / 2.0] {
            fonts.draw(&mut p, Face::Bold, 14.0, x, cy, Align::Center, color::FRAME_TEXT, &row);
        }
    }
    // The legend: two columns of six kinds, strongest first.
    let counts = layout.counts();
    let required = army_counts();
    let ly = by + cell * depth_rows as f32 + 34.0;
    let col_w = (width as f32 - 2.0 * margin) / 2.0;
    let order: Vec<Rank> = Rank::ALL.into_iter().rev().collect();
    for (i, rank) in order.into_iter().enumerate() {
        let (c, r) = (i / legend_rows, i % legend_rows);
        let x = margin + c as f32 * col_w;
        let y = ly + r as f32 * 46.0;
        let mut layer = Pixmap::new(41, 41).expect("layer");
        draw_token::<Stratego>(&mut layer, fonts, 0.0, 0.0, 40.0, side, Token::Piece(rank), labels.language);
        p.draw_pixmap(x as i32, y as i32, layer.as_ref(), &tiny_skia::PixmapPaint::default(), id, None);
        let name = rank.name(labels.language);
        let mut chars = name.chars();
        let name: String =
            chars.next().map(|f| f.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default();
        fonts.draw(&mut p, Face::Bold, 17.0, x + 50.0, y + 27.0, Align::Left, text, &name);
        let (have, need) = (counts[rank.index()], required[rank.index()]);
        let c = if have == need {
            Rgb::hex(0x7fd08a)
        } else if have > need {
            color::ATTACK
        } else {
            color::MOVE
        };
        fonts.draw(
            &mut p,
            Face::Bold,
            18.0,
            x + col_w - 16.0,
            y + 27.0,
            Align::Right,
            c,
            &format!("{have}/{need}"),
        );
    }
    encode_rgb(&p)
}
