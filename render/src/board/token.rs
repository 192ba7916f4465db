//! The token painter both games share: a piece on its square, a closed marker (with the
//! remembered identity or the "moved" badge), the eye of an identified piece, and a wreck.
//! The shape is common; each game gives its proportions ([`TokenStyle`]) and draws its own
//! icon, label and moved badge ([`BoardGame`]). Tokens are drawn with vectors once, into
//! sprites, and on the cards; nothing here runs per move.

use admiral_engine::{Language, Side};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use super::game::{BoardGame, Label, Token, TokenBox};
use crate::color;
use crate::font::Fonts;
use crate::shapes::{rounded_rect, IconColors};

/// Draws a token of `side` filling the `size` square at the top left of `p` (a sprite or a
/// card's layer; the square includes the grid line, the token is inset).
pub(crate) fn draw_token<G: BoardGame>(
    p: &mut Pixmap,
    fonts: &Fonts,
    size: f32,
    side: Side,
    token: Token<G::Piece>,
    language: Language,
) {
    let (x, y) = (0.0, 0.0);
    let style = &G::TOKENS;
    let k = size / style.design;
    let inset = 3.0 * k;
    let (tx, ty, tw) = (x + inset, y + inset, size - inset * 1.6);
    let radius = style.radius * k;
    let body = rounded_rect(tx, ty, tw, tw, radius);
    let side_color = color::side_color(side);
    let dark = color::side_dark(side);
    let at = TokenBox { x, y, size, k, tw, side_color, dark, language };
    let border = Stroke { width: 1.5 * k, ..Stroke::default() };
    let id = Transform::identity();
    match token {
        Token::Piece(piece) | Token::SeenPiece(piece) => {
            p.fill_path(&body, &side_color.paint(), FillRule::Winding, id, None);
            // A lighter top edge gives the token a little body.
            let top = rounded_rect(tx, ty, tw, tw * 0.5, radius);
            p.fill_path(&top, &color::WHITE.paint_alpha(style.highlight), FillRule::Winding, id, None);
            p.stroke_path(&body, &dark.paint(), &border, id, None);
            let colors = IconColors { main: color::WHITE, accent: color::FLAME, cut: side_color };
            G::draw_icon(p, piece, at.icon_box(style.icon), colors);
            G::draw_label(p, fonts, piece, &at, Label::Open);
            if matches!(token, Token::SeenPiece(_)) {
                draw_seen_badge(p, tx + tw - 8.5 * k, ty + 8.5 * k, style.seen_badge_radius * k);
            }
        }
        Token::Marker(_) | Token::MovedMarker => {
            p.fill_path(&body, &dark.paint(), FillRule::Winding, id, None);
            // Diagonal hatching: the back of a closed piece.
            let mut pb = PathBuilder::new();
            let step = style.hatch_step * k;
            let mut d = -tw;
            while d < tw {
                pb.move_to(tx + d, ty + tw);
                pb.line_to(tx + d + tw, ty);
                d += step;
            }
            let hatch = pb.finish().expect("hatch");
            let i = style.hatch_inset;
            let inner =
                rounded_rect(tx + i * k, ty + i * k, tw - 2.0 * i * k, tw - 2.0 * i * k, radius * 0.6);
            let mut clip = tiny_skia::Mask::new(p.width(), p.height()).expect("mask");
            clip.fill_path(&inner, FillRule::Winding, true, id);
            let hatch_stroke = Stroke { width: style.hatch_width * k, ..Stroke::default() };
            p.stroke_path(&hatch, &side_color.paint(), &hatch_stroke, id, Some(&clip));
            p.stroke_path(&inner, &side_color.mix(color::WHITE, 0.35).paint(), &border, id, None);
            p.stroke_path(&body, &color::INK.paint_alpha(160), &border, id, None);
            if let Token::Marker(Some(piece)) = token {
                // The remembered identity: a small icon and a white badge with the label.
                let (band_h, band_r) = style.intel_band;
                let band = rounded_rect(tx + 4.0 * k, ty + 3.0 * k, tw - 8.0 * k, band_h * k, band_r * k);
                p.fill_path(&band, &dark.paint(), FillRule::Winding, id, None);
                let colors = IconColors { main: color::WHITE, accent: color::FLAME, cut: dark };
                G::draw_icon(p, piece, at.icon_box(style.intel_icon), colors);
                let (badge_y, badge_h, badge_r) = style.intel_badge;
                let badge =
                    rounded_rect(tx + 3.0 * k, y + badge_y * k, tw - 6.0 * k, badge_h * k, badge_r * k);
                p.fill_path(&badge, &color::WHITE.paint(), FillRule::Winding, id, None);
                G::draw_label(p, fonts, piece, &at, Label::Intel);
            }
            if token == Token::MovedMarker {
                G::draw_moved_badge(p, &at);
            }
        }
        Token::Wreck(piece) => {
            p.fill_path(&body, &side_color.paint_alpha(46), FillRule::Winding, id, None);
            let dashed = Stroke {
                width: 1.5 * k,
                dash: tiny_skia::StrokeDash::new(vec![4.0 * k, 3.0 * k], 0.0),
                ..Stroke::default()
            };
            p.stroke_path(&body, &side_color.paint_alpha(150), &dashed, id, None);
            let mut faint = Pixmap::new(p.width(), p.height()).expect("wreck layer");
            let colors = IconColors { main: side_color, accent: side_color, cut: side_color };
            G::draw_icon(&mut faint, piece, at.icon_box(style.wreck_icon), colors);
            let paint = tiny_skia::PixmapPaint { opacity: 0.42, ..Default::default() };
            p.draw_pixmap(0, 0, faint.as_ref(), &paint, id, None);
            let c = style.cross_inset * k;
            let mut pb = PathBuilder::new();
            pb.move_to(tx + c, ty + c);
            pb.line_to(tx + tw - c, ty + tw - c);
            pb.move_to(tx + tw - c, ty + c);
            pb.line_to(tx + c, ty + tw - c);
            let cross = Stroke { width: 2.5 * k, line_cap: tiny_skia::LineCap::Round, ..Stroke::default() };
            p.stroke_path(&pb.finish().expect("cross"), &dark.paint_alpha(120), &cross, id, None);
        }
    }
}

/// A token drawn on a card, through a small layer (so that no full-size scratch is needed).
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_token_on_card<G: BoardGame>(
    p: &mut Pixmap,
    fonts: &Fonts,
    x: f32,
    y: f32,
    size: f32,
    side: Side,
    token: Token<G::Piece>,
    language: Language,
) {
    let s = size.ceil() as u32 + 1;
    let mut layer = Pixmap::new(s, s).expect("token layer");
    draw_token::<G>(&mut layer, fonts, size, side, token, language);
    p.draw_pixmap(
        x.round() as i32,
        y.round() as i32,
        layer.as_ref(),
        &tiny_skia::PixmapPaint::default(),
        Transform::identity(),
        None,
    );
}

/// The mark of an own piece the enemy has identified: an eye on an amber disc, centred at
/// (`cx`, `cy`) with radius `r`, in the token's corner. It must survive a phone's half-size
/// preview, where it is a yellow dot with a dark centre.
pub(crate) fn draw_seen_badge(p: &mut Pixmap, cx: f32, cy: f32, r: f32) {
    let id = Transform::identity();
    let ring = Stroke { width: (r * 0.16).max(1.0), ..Stroke::default() };
    if let Some(disc) = PathBuilder::from_circle(cx, cy, r) {
        p.fill_path(&disc, &color::FLAME.paint(), FillRule::Winding, id, None);
        p.stroke_path(&disc, &color::INK.paint(), &ring, id, None);
    }
    // The eye: an almond of white with a dark iris.
    let (w, h) = (r * 0.72, r * 0.62);
    let mut pb = PathBuilder::new();
    pb.move_to(cx - w, cy);
    pb.quad_to(cx, cy - h, cx + w, cy);
    pb.quad_to(cx, cy + h, cx - w, cy);
    pb.close();
    if let Some(almond) = pb.finish() {
        p.fill_path(&almond, &color::WHITE.paint(), FillRule::Winding, id, None);
        p.stroke_path(
            &almond,
            &color::INK.paint(),
            &Stroke { width: (r * 0.12).max(0.8), ..Stroke::default() },
            id,
            None,
        );
    }
    if let Some(iris) = PathBuilder::from_circle(cx, cy, r * 0.27) {
        p.fill_path(&iris, &color::INK.paint(), FillRule::Winding, id, None);
    }
}
