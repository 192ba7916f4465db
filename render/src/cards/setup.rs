//! The setup preview of Admiral: the player's zone, larger, with a legend of counts.

use admiral_engine::{Layout, Side, UnitKind};

use super::common::{encode_rgb, setup_card, SetupGrid, SetupLabels, MUTED, TEXT};
use crate::admiral::Admiral;
use crate::board::token::draw_token_on_card;
use crate::board::Token;
use crate::color::Rgb;
use crate::font::{Align, Face, Fonts};

/// The zone's five rows of 56-pixel squares, and the legend's 6 rows of 42 pixels.
const GRID: SetupGrid =
    SetupGrid { cell: 56.0, depth_rows: 5, row_label_size: 15.0, legend_h: 42.0 * 6.0 + 24.0 + 12.0 };

/// The setup preview: the player's zone, larger, with a legend of counts.
pub(crate) fn setup(fonts: &Fonts, layout: &Layout, side: Side, labels: &SetupLabels) -> Vec<u8> {
    let legend_rows = 6;
    let at = |depth, file| (layout.get(depth, file), Layout::square(side, depth, file));
    let mut p = setup_card::<Admiral>(fonts, labels, side, &GRID, at);
    // The legend: every kind with placed / required.
    let (margin, ly) = (24.0, GRID.legend_y());
    let col_w = (p.width() as f32 - 2.0 * margin) / 3.0;
    for (i, kind) in UnitKind::ALL.into_iter().enumerate() {
        let col = i / legend_rows;
        let row = i % legend_rows;
        let x = margin + col as f32 * col_w;
        let y = ly + row as f32 * 42.0;
        draw_token_on_card::<Admiral>(&mut p, fonts, x, y, 40.0, side, Token::Piece(kind), labels.language);
        let placed = layout.count_of(kind);
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
