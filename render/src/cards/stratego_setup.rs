//! The setup preview of Stratego: `side`'s four rows, with a legend of placed / required
//! pieces of each kind.

use admiral_engine::stratego::{Layout, Rank};
use admiral_engine::Side;

use super::common::SetupLabels;
use super::common::{encode_rgb, setup_card, SetupGrid, TEXT};
use crate::board::token::draw_token_on_card;
use crate::board::Token;
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::stratego::Stratego;

/// Four rows of 60-pixel squares, and the legend's 6 rows of 46 pixels.
const GRID: SetupGrid =
    SetupGrid { cell: 60.0, depth_rows: 4, row_label_size: 14.0, legend_h: 46.0 * 6.0 + 20.0 + 8.0 };

/// The setup preview: `side`'s four rows as their owner sees them (front row at the top), with
/// a legend of placed / required pieces of each kind.
pub(crate) fn stratego_setup(fonts: &Fonts, layout: &Layout, side: Side, labels: &SetupLabels) -> Vec<u8> {
    let (margin, legend_rows) = (24.0, 6);
    let at = |depth, file| (layout.get(depth, file), Layout::square(side, depth, file));
    let mut p = setup_card::<Stratego>(fonts, labels, side, &GRID, at);
    let width = p.width();
    // The legend: two columns of six kinds, strongest first.
    let ly = GRID.legend_y();
    let col_w = (width as f32 - 2.0 * margin) / 2.0;
    let order: Vec<Rank> = Rank::ALL.into_iter().rev().collect();
    for (i, rank) in order.into_iter().enumerate() {
        let (c, r) = (i / legend_rows, i % legend_rows);
        let x = margin + c as f32 * col_w;
        let y = ly + r as f32 * 46.0;
        draw_token_on_card::<Stratego>(&mut p, fonts, x, y, 40.0, side, Token::Piece(rank), labels.language);
        let name = rank.name(labels.language);
        let mut chars = name.chars();
        let name: String =
            chars.next().map(|f| f.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default();
        fonts.draw(&mut p, Face::Bold, 17.0, x + 50.0, y + 27.0, Align::Left, TEXT, &name);
        let (have, need) = (layout.count_of(rank), rank.army_count());
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
