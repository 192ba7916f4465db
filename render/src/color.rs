//! Colours of the pictures, in one place.

/// An opaque colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub(crate) const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }

    pub(crate) fn paint(self) -> tiny_skia::Paint<'static> {
        let mut p = tiny_skia::Paint::default();
        p.set_color_rgba8(self.0, self.1, self.2, 255);
        p.anti_alias = true;
        p
    }

    pub(crate) fn paint_alpha(self, alpha: u8) -> tiny_skia::Paint<'static> {
        let mut p = tiny_skia::Paint::default();
        p.set_color_rgba8(self.0, self.1, self.2, alpha);
        p.anti_alias = true;
        p
    }

    pub(crate) fn color(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, 255)
    }

    /// `self` moved towards `other` by `t` (0..1).
    pub(crate) fn mix(self, other: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
}

pub(crate) const WHITE: Rgb = Rgb(255, 255, 255);
pub(crate) const INK: Rgb = Rgb::hex(0x14202b);

/// South's fleet: steel blue. North's fleet: crimson.
pub(crate) const SOUTH: Rgb = Rgb::hex(0x2a63a6);
pub(crate) const NORTH: Rgb = Rgb::hex(0xb3322e);
/// Darker shades for the closed enemy markers.
pub(crate) const SOUTH_DARK: Rgb = Rgb::hex(0x1d416d);
pub(crate) const NORTH_DARK: Rgb = Rgb::hex(0x74201e);

/// The sea: open water and the two setup zones (tinted towards their owner).
pub(crate) const SEA: Rgb = Rgb::hex(0xd9e9e8);
pub(crate) const SEA_SOUTH: Rgb = Rgb::hex(0xd2e0f0);
pub(crate) const SEA_NORTH: Rgb = Rgb::hex(0xf0dcd6);
pub(crate) const GRID: Rgb = Rgb::hex(0x9fb8c2);

/// The frame around the board and the status strips.
pub(crate) const FRAME: Rgb = Rgb::hex(0x14263a);
pub(crate) const FRAME_TEXT: Rgb = Rgb::hex(0xc6d6e4);
pub(crate) const STRIP: Rgb = Rgb::hex(0x0e1b29);
pub(crate) const STRIP_ACTIVE: Rgb = Rgb::hex(0x23415f);
pub(crate) const STRIP_TEXT: Rgb = Rgb::hex(0xf2f5f8);
pub(crate) const STRIP_MUTED: Rgb = Rgb::hex(0x8fa6ba);

/// Last move (amber) and last attack (red) marks.
pub(crate) const MOVE: Rgb = Rgb::hex(0xf2b01e);
pub(crate) const ATTACK: Rgb = Rgb::hex(0xe8361f);
pub(crate) const BLAST: Rgb = Rgb::hex(0xff7a00);
pub(crate) const FLAME: Rgb = Rgb::hex(0xffb000);

/// The colour of a side's fleet.
pub(crate) fn side_color(side: admiral_engine::Side) -> Rgb {
    match side {
        admiral_engine::Side::South => SOUTH,
        admiral_engine::Side::North => NORTH,
    }
}

/// The darker shade used for that side's closed markers.
pub(crate) fn side_dark(side: admiral_engine::Side) -> Rgb {
    match side {
        admiral_engine::Side::South => SOUTH_DARK,
        admiral_engine::Side::North => NORTH_DARK,
    }
}
