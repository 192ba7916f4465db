//! The table of the 19 ranks with their insignia.

use admiral_engine::Language;

use super::common::{card, encode_rgb, panel, GOLD, MUTED, PANEL, PANEL_EDGE, TEXT};
use super::insignia::{draw_insignia, RANKS};
use crate::color::Rgb;
use crate::font::{Align, Face, Fonts};

/// The table of ranks: every insignia with its name and the points it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RanksCard {
    /// Language (for defaults).
    pub language: Language,
    /// Heading, e.g. "Ranks" / "Звания".
    pub title: String,
    /// The 19 ranks in order: name and the points line (e.g. "1,700 points").
    pub ranks: Vec<(String, String)>,
    /// The viewer's rank, highlighted.
    pub current: Option<u8>,
}

/// Splits `text` into at most `lines` lines of `max_width`, ellipsizing the last.
fn wrap(fonts: &Fonts, face: Face, size: f32, text: &str, max_width: f32, lines: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if fonts.width(face, size, &candidate) <= max_width || line.is_empty() {
            line = candidate;
        } else {
            out.push(std::mem::take(&mut line));
            line = word.to_string();
        }
    }
    if !line.is_empty() {
        out.push(line);
    }
    if out.len() > lines {
        let rest = out[lines - 1..].join(" ");
        out.truncate(lines - 1);
        out.push(rest);
    }
    out.into_iter().map(|l| fonts.ellipsize(face, size, &l, max_width)).collect()
}

/// The ranks card as a PNG.
pub(crate) fn ranks(fonts: &Fonts, c: &RanksCard) -> Vec<u8> {
    let width = 800u32;
    let cols = 5;
    let cell_w = (width as f32 - 40.0) / cols as f32;
    let cell_h = 196.0;
    let rows = c.ranks.len().div_ceil(cols);
    let height = (76.0 + rows as f32 * cell_h + 16.0) as u32;
    let mut p = card(width, height);
    fonts.draw(&mut p, Face::Bold, 30.0, 24.0, 46.0, Align::Left, TEXT, &c.title);
    for (i, (name, points)) in c.ranks.iter().enumerate() {
        let x = 20.0 + (i % cols) as f32 * cell_w;
        let y = 70.0 + (i / cols) as f32 * cell_h;
        let current = c.current == Some(i as u8);
        panel(
            &mut p,
            x + 4.0,
            y,
            cell_w - 8.0,
            cell_h - 10.0,
            if current { Rgb::hex(0x2a4a6a) } else { PANEL },
            if current { GOLD } else { PANEL_EDGE },
        );
        draw_insignia(&mut p, (i as u8).min(RANKS - 1), x + cell_w / 2.0 - 22.0, y + 10.0, 44.0, 100.0);
        let cx = x + cell_w / 2.0;
        // Two lines; a longer name ("Главный корабельный старшина") takes three smaller ones
        // rather than an ellipsis.
        let whole =
            |lines: &[String]| lines.join(" ") == name.split_whitespace().collect::<Vec<_>>().join(" ");
        let two = wrap(fonts, Face::Bold, 14.5, name, cell_w - 18.0, 2);
        let (size, top, step, lines) = if whole(&two) {
            (14.5, 130.0, 17.0, two)
        } else {
            (13.0, 124.0, 15.0, wrap(fonts, Face::Bold, 13.0, name, cell_w - 18.0, 3))
        };
        for (j, line) in lines.iter().enumerate() {
            fonts.draw(
                &mut p,
                Face::Bold,
                size,
                cx,
                y + top + j as f32 * step,
                Align::Center,
                if current { GOLD } else { TEXT },
                line,
            );
        }
        let pts = fonts.ellipsize(Face::Regular, 13.0, points, cell_w - 16.0);
        fonts.draw(&mut p, Face::Regular, 13.0, cx, y + 174.0, Align::Center, MUTED, &pts);
    }
    encode_rgb(&p)
}
