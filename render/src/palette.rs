//! The fixed 255-colour palette of the board pictures and the replay GIF.
//!
//! It is computed once, at start-up, from the pre-rendered backgrounds and sprites: the most
//! frequent colours are kept exactly, the rest are found by median cut. Every later picture
//! maps its pixels through a lookup table on 6 bits per channel (filled lazily, each entry from
//! the centre of its cell, so the result never depends on the order of rendering). Index 255
//! is never a drawn colour: it is the GIF's transparent index.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};

/// The transparent index of GIF frames (never produced by [`Palette::index`]).
pub(crate) const TRANSPARENT: u8 = 255;
const COLORS: usize = 255;
const EXACT: usize = 72;
const UNKNOWN: u8 = 255;

pub(crate) struct Palette {
    /// RGB triples, 256 entries (the last unused).
    pub(crate) rgb: Vec<u8>,
    lut: Vec<AtomicU8>,
}

impl Palette {
    /// Builds the palette from a histogram of colours (packed `0xRRGGBB` → count).
    pub(crate) fn from_histogram(hist: &HashMap<u32, u64>) -> Palette {
        let mut colors: Vec<(u32, u64)> = hist.iter().map(|(&c, &n)| (c, n)).collect();
        colors.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut chosen: Vec<[u8; 3]> = Vec::with_capacity(COLORS);
        let split = EXACT.min(colors.len());
        for &(c, _) in &colors[..split] {
            chosen.push(unpack(c));
        }
        let rest: Vec<([u8; 3], f64)> =
            colors[split..].iter().map(|&(c, n)| (unpack(c), (n as f64).sqrt())).collect();
        if !rest.is_empty() {
            chosen.extend(median_cut(rest, COLORS - chosen.len()));
        }
        let mut rgb = vec![0u8; 256 * 3];
        for (i, c) in chosen.iter().enumerate().take(COLORS) {
            rgb[i * 3..i * 3 + 3].copy_from_slice(c);
        }
        // Unused entries repeat the first colour, so that they are never nearer than it.
        for i in chosen.len()..COLORS {
            let first = [rgb[0], rgb[1], rgb[2]];
            rgb[i * 3..i * 3 + 3].copy_from_slice(&first);
        }
        let lut = (0..1 << 18).map(|_| AtomicU8::new(UNKNOWN)).collect();
        Palette { rgb, lut }
    }

    fn nearest(&self, c: [u8; 3]) -> u8 {
        let mut best = 0;
        let mut best_d = u32::MAX;
        for i in 0..COLORS {
            let p = &self.rgb[i * 3..i * 3 + 3];
            let dr = p[0] as i32 - c[0] as i32;
            let dg = p[1] as i32 - c[1] as i32;
            let db = p[2] as i32 - c[2] as i32;
            // Weighted towards green, as the eye is.
            let d = (2 * dr * dr + 4 * dg * dg + 3 * db * db) as u32;
            if d < best_d {
                best_d = d;
                best = i;
            }
        }
        best as u8
    }

    /// The palette index of a colour.
    #[inline]
    pub(crate) fn index(&self, r: u8, g: u8, b: u8) -> u8 {
        let key = ((r as usize >> 2) << 12) | ((g as usize >> 2) << 6) | (b as usize >> 2);
        let v = self.lut[key].load(Ordering::Relaxed);
        if v != UNKNOWN {
            return v;
        }
        let centre = |v: u8| (v & 0xfc) | 0x02;
        let found = self.nearest([centre(r), centre(g), centre(b)]);
        self.lut[key].store(found, Ordering::Relaxed);
        found
    }

    /// Maps RGBA pixels (opaque) to indices. Runs of one colour (most of a strip) are looked
    /// up once.
    pub(crate) fn quantize(&self, rgba: &[u8], out: &mut [u8]) {
        let mut last = [0u8, 0, 0, 0];
        let mut last_index = self.index(0, 0, 0);
        for (o, px) in out.iter_mut().zip(rgba.chunks_exact(4)) {
            if px != last {
                last.copy_from_slice(px);
                last_index = self.index(px[0], px[1], px[2]);
            }
            *o = last_index;
        }
    }

    /// A whole opaque picture as palette indices.
    pub(crate) fn quantize_pixmap(&self, p: &tiny_skia::Pixmap) -> Vec<u8> {
        let mut out = vec![0u8; (p.width() * p.height()) as usize];
        self.quantize(p.data(), &mut out);
        out
    }
}

fn unpack(c: u32) -> [u8; 3] {
    [(c >> 16) as u8, (c >> 8) as u8, c as u8]
}

/// Adds an image's pixels to a histogram.
pub(crate) fn add_to_histogram(hist: &mut HashMap<u32, u64>, rgba: &[u8]) {
    for px in rgba.chunks_exact(4) {
        let c = ((px[0] as u32) << 16) | ((px[1] as u32) << 8) | px[2] as u32;
        *hist.entry(c).or_insert(0) += 1;
    }
}

/// Median cut: splits the weighted colours into `n` boxes and returns their weighted means.
fn median_cut(colors: Vec<([u8; 3], f64)>, n: usize) -> Vec<[u8; 3]> {
    let mut boxes: Vec<Vec<([u8; 3], f64)>> = vec![colors];
    while boxes.len() < n {
        // Split the box with the largest weighted range.
        let mut best = None;
        let mut best_score = 0.0;
        for (i, b) in boxes.iter().enumerate() {
            if b.len() < 2 {
                continue;
            }
            let (axis, range) = widest_axis(b);
            let weight: f64 = b.iter().map(|c| c.1).sum();
            let score = range as f64 * weight.sqrt();
            if score > best_score {
                best_score = score;
                best = Some((i, axis));
            }
        }
        let Some((i, axis)) = best else { break };
        let mut b = boxes.swap_remove(i);
        b.sort_by_key(|c| (c.0[axis], c.0));
        let total: f64 = b.iter().map(|c| c.1).sum();
        let mut acc = 0.0;
        let mut cut = 1;
        for (j, c) in b.iter().enumerate() {
            acc += c.1;
            if acc >= total / 2.0 {
                cut = (j + 1).clamp(1, b.len() - 1);
                break;
            }
        }
        let upper = b.split_off(cut);
        boxes.push(b);
        boxes.push(upper);
    }
    boxes
        .iter()
        .map(|b| {
            let w: f64 = b.iter().map(|c| c.1).sum();
            let mean = |k: usize| (b.iter().map(|c| c.0[k] as f64 * c.1).sum::<f64>() / w).round() as u8;
            [mean(0), mean(1), mean(2)]
        })
        .collect()
}

fn widest_axis(b: &[([u8; 3], f64)]) -> (usize, u8) {
    let mut best = (0, 0);
    for axis in 0..3 {
        let lo = b.iter().map(|c| c.0[axis]).min().unwrap_or(0);
        let hi = b.iter().map(|c| c.0[axis]).max().unwrap_or(0);
        if hi - lo > best.1 {
            best = (axis, hi - lo);
        }
    }
    best
}

/// Encodes palette indices as an indexed PNG (fdeflate, Paeth filter).
pub(crate) fn encode_indexed(palette: &Palette, indexed: &[u8], width: u32, height: u32) -> Vec<u8> {
    {
        let mut out = Vec::with_capacity(indexed.len() / 6);
        {
            let mut enc = png::Encoder::new(&mut out, width, height);
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_palette(&palette.rgb[..]);
            // fdeflate finds runs but not matches a row apart; the Paeth filter turns
            // repeated rows into runs of zeros. Measured on a mid-game board: 3.9 ms, 64 KiB
            // (zlib level 1 without a filter: 5.6 ms, 45 KiB).
            enc.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
            enc.set_filter(png::Filter::Paeth);
            let mut w = enc.write_header().expect("png header");
            w.write_image_data(indexed).expect("png data");
            w.finish().expect("png end");
        }
        out
    }
}
