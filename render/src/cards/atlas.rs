//! The unit atlas for `/admiral rules`: every unit's token, code, name and a few lines.

use admiral_engine::{Language, Side, UnitKind};

use super::common::{card, encode_rgb, panel, MUTED, PANEL, PANEL_EDGE, TEXT};
use crate::admiral::Admiral;
use crate::board::token::draw_token_on_card;
use crate::board::Token;
use crate::font::{Align, Face, Fonts};

/// One entry of the unit atlas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtlasEntry {
    /// The unit.
    pub kind: UnitKind,
    /// Lines under its name (e.g. "×6 · strength 7", "moves 1 · contact attack").
    pub lines: Vec<String>,
}

/// The texts of the unit atlas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtlasLabels {
    /// Language of codes and names.
    pub language: Language,
    /// Heading.
    pub title: String,
    /// The entries, in the order to show.
    pub entries: Vec<AtlasEntry>,
    /// A line at the bottom (e.g. where the full rules are).
    pub footer: String,
}

impl AtlasLabels {
    /// An atlas with the engine's names and numbers only (count, strength), no prose: a
    /// fallback; the bot passes its own localised lines.
    pub fn basic(language: Language, title: &str) -> AtlasLabels {
        AtlasLabels {
            language,
            title: title.to_string(),
            entries: UnitKind::ALL
                .into_iter()
                .map(|kind| {
                    let mut line = format!("×{}", kind.fleet_count());
                    if let Some(s) = kind.strength() {
                        line.push_str(&format!(" · {s}/21"));
                    }
                    AtlasEntry { kind, lines: vec![line] }
                })
                .collect(),
            footer: String::new(),
        }
    }
}

/// The unit atlas.
pub(crate) fn atlas(fonts: &Fonts, a: &AtlasLabels) -> Vec<u8> {
    let width = 800u32;
    let cols = 2;
    let row_h = 96.0;
    let rows = a.entries.len().div_ceil(cols) as f32;
    let height = (80.0 + rows * row_h + 50.0) as u32;
    let mut p = card(width, height);
    fonts.draw(&mut p, Face::Bold, 30.0, 24.0, 46.0, Align::Left, TEXT, &a.title);
    let col_w = (width as f32 - 48.0) / cols as f32;
    for (i, e) in a.entries.iter().enumerate() {
        let x = 24.0 + (i % cols) as f32 * col_w;
        let y = 70.0 + (i / cols) as f32 * row_h;
        panel(&mut p, x, y, col_w - 12.0, row_h - 8.0, PANEL, PANEL_EDGE);
        draw_token_on_card::<Admiral>(
            &mut p,
            fonts,
            x + 6.0,
            y + 6.0,
            78.0,
            Side::South,
            Token::Piece(e.kind),
            a.language,
        );
        let name = e.kind.name(a.language);
        let mut chars = name.chars();
        let cap: String =
            chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default();
        let tx = x + 94.0;
        let head = format!("{} · {}", e.kind.code(a.language), cap);
        let head = fonts.ellipsize(Face::Bold, 20.0, &head, col_w - 110.0);
        fonts.draw(&mut p, Face::Bold, 20.0, tx, y + 28.0, Align::Left, TEXT, &head);
        for (j, line) in e.lines.iter().take(2).enumerate() {
            let l = fonts.ellipsize(Face::Regular, 16.5, line, col_w - 110.0);
            fonts.draw(&mut p, Face::Regular, 16.5, tx, y + 52.0 + j as f32 * 21.0, Align::Left, MUTED, &l);
        }
    }
    let footer = fonts.ellipsize(Face::Regular, 14.0, &a.footer, width as f32 - 48.0);
    fonts.draw(&mut p, Face::Regular, 15.0, 24.0, height as f32 - 20.0, Align::Left, MUTED, &footer);
    encode_rgb(&p)
}
