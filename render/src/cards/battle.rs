//! The battle card: both groups with their strengths, the result and what was destroyed.

use admiral_engine::{Event, Language, Side, UnitKind};
use tiny_skia::{FillRule, PathBuilder, Stroke, Transform};

use super::common::{
    bar, card, encode_rgb, outline, panel, CARD_BG, GOLD, MUTED, PANEL, PANEL_EDGE, SILVER, TEXT,
};
use crate::admiral::Admiral;
use crate::board::token::draw_token_on_card;
use crate::board::Token;
use crate::color;
use crate::font::{Align, Face, Fonts};
use crate::shapes::{fill_rect, rounded_rect};

/// One side of a battle card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleSide {
    /// Whose units.
    pub side: Side,
    /// Heading of the column, e.g. "Attacker · @nelson".
    pub label: String,
    /// The group (acting unit or target first).
    pub units: Vec<UnitKind>,
    /// Strength on the 1–21 scale, for battles of scale ships.
    pub strength: Option<u8>,
    /// This side won the encounter.
    pub won: bool,
}

/// The battle card: who attacked whom, with what, and what was destroyed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleCard {
    /// Language of unit codes.
    pub language: Language,
    /// Heading, e.g. "Battle at f7" / "Бой на f7".
    pub title: String,
    /// The attacking side.
    pub attacker: BattleSide,
    /// The defending side.
    pub defender: BattleSide,
    /// The result in words, e.g. "Cruisers (18) beat the cruiser (7)".
    pub result: String,
    /// Heading of the losses row, e.g. "Destroyed" / "Уничтожены".
    pub destroyed_label: String,
    /// Text when nothing was destroyed, e.g. "Nothing" / "Никто".
    pub nothing_label: String,
    /// Units destroyed, with their owner.
    pub destroyed: Vec<(Side, UnitKind)>,
    /// The scale's caption, e.g. "strength" / "сила".
    pub strength_label: String,
}

impl BattleCard {
    /// Fills the groups, strengths, winner and losses of both sides from one action's events
    /// (a `Battle`, or a `Struck` for any other encounter, and its `Destroyed` events); texts
    /// are left as they are.
    pub fn fill_from_events(&mut self, events: &[Event]) {
        self.destroyed.clear();
        for e in events {
            match *e {
                Event::Struck { side, attacker, target, .. } => {
                    self.attacker.side = side;
                    self.defender.side = side.opponent();
                    self.attacker.units = vec![attacker.kind];
                    self.defender.units = vec![target.kind];
                }
                Event::Battle { side, attackers, defenders, attack_strength, defense_strength, winner } => {
                    self.attacker.side = side;
                    self.defender.side = side.opponent();
                    self.attacker.units = attackers.members().map(|m| m.kind).collect();
                    self.defender.units = defenders.members().map(|m| m.kind).collect();
                    self.attacker.strength = Some(attack_strength);
                    self.defender.strength = Some(defense_strength);
                    self.attacker.won = winner == Some(side);
                    self.defender.won = winner == Some(side.opponent());
                }
                Event::Destroyed { side, kind, .. } => self.destroyed.push((side, kind)),
                _ => {}
            }
        }
        // Outside the scale, whoever lost nothing of the two units won.
        if self.attacker.strength.is_none() {
            let lost =
                |side: Side, kind: UnitKind| self.destroyed.iter().any(|&(s, k)| s == side && k == kind);
            let a_lost = self.attacker.units.first().is_some_and(|&k| lost(self.attacker.side, k));
            let d_lost = self.defender.units.first().is_some_and(|&k| lost(self.defender.side, k));
            self.attacker.won = d_lost && !a_lost;
            self.defender.won = a_lost && !d_lost;
        }
    }
}

/// The battle card.
pub(crate) fn battle(fonts: &Fonts, card_data: &BattleCard) -> Vec<u8> {
    let width = 800u32;
    let height = 430u32;
    let mut p = card(width, height);
    let title = fonts.ellipsize(Face::Bold, 28.0, &card_data.title, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 28.0, width as f32 / 2.0, 42.0, Align::Center, TEXT, &title);
    let col_w = 330.0;
    for (i, bs) in [&card_data.attacker, &card_data.defender].into_iter().enumerate() {
        let x = if i == 0 { 24.0 } else { width as f32 - 24.0 - col_w };
        let y = 64.0;
        let edge = if bs.won { GOLD } else { PANEL_EDGE };
        panel(&mut p, x, y, col_w, 230.0, PANEL, edge);
        if bs.won {
            let r = rounded_rect(x, y, col_w, 230.0, 10.0);
            outline(&mut p, &r, &GOLD.paint(), 3.0);
        }
        // Header band in the side's colour.
        let band = rounded_rect(x, y, col_w, 40.0, 10.0);
        p.fill_path(
            &band,
            &color::side_color(bs.side).paint(),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        fill_rect(&mut p, x, y + 30.0, col_w, 10.0, color::side_color(bs.side));
        let label = fonts.ellipsize(Face::Bold, 19.0, &bs.label, col_w - 24.0);
        fonts.draw(&mut p, Face::Bold, 19.0, x + 14.0, y + 27.0, Align::Left, TEXT, &label);
        // The group.
        let n = bs.units.len().max(1) as f32;
        let size = if n > 2.0 { 88.0 } else { 100.0 };
        let gap = 10.0;
        let total = n * size + (n - 1.0) * gap;
        let mut tx = x + (col_w - total) / 2.0;
        for &kind in &bs.units {
            draw_token_on_card::<Admiral>(
                &mut p,
                fonts,
                tx,
                y + 52.0,
                size,
                bs.side,
                Token::Piece(kind),
                card_data.language,
            );
            tx += size + gap;
        }
        // Strength on the 1–21 scale.
        if let Some(s) = bs.strength {
            let sy = y + 172.0;
            fonts.draw(
                &mut p,
                Face::Bold,
                34.0,
                x + 18.0,
                sy + 30.0,
                Align::Left,
                if bs.won { GOLD } else { TEXT },
                &s.to_string(),
            );
            bar(
                &mut p,
                x + 74.0,
                sy + 10.0,
                col_w - 94.0,
                14.0,
                s as f32 / 21.0,
                if bs.won { GOLD } else { SILVER },
            );
            let cap = format!("{} · {s}/21", card_data.strength_label);
            fonts.draw(&mut p, Face::Regular, 13.0, x + 74.0, sy + 44.0, Align::Left, MUTED, &cap);
        }
    }
    // "VS" between the columns.
    fonts.draw(&mut p, Face::Bold, 30.0, width as f32 / 2.0, 190.0, Align::Center, MUTED, "×");
    // The result.
    let result = fonts.ellipsize(Face::Bold, 20.0, &card_data.result, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 20.0, width as f32 / 2.0, 328.0, Align::Center, TEXT, &result);
    // What was destroyed.
    let label = format!("{}:", card_data.destroyed_label);
    let lw = fonts.draw(&mut p, Face::Bold, 17.0, 24.0, 384.0, Align::Left, MUTED, &label);
    let mut x = 24.0 + lw + 14.0;
    if card_data.destroyed.is_empty() {
        fonts.draw(&mut p, Face::Regular, 17.0, x, 384.0, Align::Left, TEXT, &card_data.nothing_label);
    }
    for &(side, kind) in card_data.destroyed.iter().take(14) {
        draw_token_on_card::<Admiral>(
            &mut p,
            fonts,
            x,
            352.0,
            48.0,
            side,
            Token::Piece(kind),
            card_data.language,
        );
        let mut pb = PathBuilder::new();
        pb.move_to(x + 8.0, 360.0);
        pb.line_to(x + 40.0, 392.0);
        pb.move_to(x + 40.0, 360.0);
        pb.line_to(x + 8.0, 392.0);
        let cross = pb.finish().expect("cross");
        let s = |w: f32| Stroke { width: w, line_cap: tiny_skia::LineCap::Round, ..Stroke::default() };
        p.stroke_path(&cross, &CARD_BG.paint_alpha(200), &s(7.0), Transform::identity(), None);
        p.stroke_path(&cross, &color::ATTACK.paint(), &s(4.0), Transform::identity(), None);
        x += 54.0;
    }
    encode_rgb(&p)
}
