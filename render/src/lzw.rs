//! A GIF LZW encoder tuned for replay frames, whose rectangles are mostly the transparent index
//! (pixels that did not change). A run of that index is encoded by jumping along the chain of
//! codes for ever longer runs instead of looking every pixel up, so the cost of a frame follows
//! what changed rather than the size of its rectangle. Everything else is plain LZW with a flat
//! dictionary. Output: the minimum code size byte, then the packed codes (the format of
//! `gif::Frame::make_lzw_pre_encoded`).

const MIN_CODE_SIZE: u8 = 8;
const CLEAR: u16 = 256;
const END: u16 = 257;
const FIRST: u16 = 258;
const MAX_CODES: u16 = 4096;

/// A reusable encoder (its dictionary is 2 MiB; keep one per thread).
pub(crate) struct Lzw {
    /// `table[code * 256 + byte]` is the code of that string extended by `byte` (0: none).
    table: Vec<u16>,
    /// Entries set since the last clear, to undo them cheaply.
    touched: Vec<u32>,
    /// `runs[n]`: the code of `n` repetitions of the run symbol (`runs[1]` is the symbol).
    runs: Vec<u16>,
    next: u16,
    size: u8,
    acc: u64,
    bits: u8,
}

impl Lzw {
    pub(crate) fn new() -> Lzw {
        Lzw {
            table: vec![0; MAX_CODES as usize * 256],
            touched: Vec::with_capacity(MAX_CODES as usize),
            runs: Vec::with_capacity(MAX_CODES as usize),
            next: FIRST,
            size: MIN_CODE_SIZE + 1,
            acc: 0,
            bits: 0,
        }
    }

    fn emit(&mut self, out: &mut Vec<u8>, code: u16) {
        self.acc |= u64::from(code) << self.bits;
        self.bits += self.size;
        while self.bits >= 8 {
            out.push(self.acc as u8);
            self.acc >>= 8;
            self.bits -= 8;
        }
    }

    fn reset(&mut self, run_symbol: u8) {
        for &i in &self.touched {
            self.table[i as usize] = 0;
        }
        self.touched.clear();
        self.runs.clear();
        self.runs.extend([0, u16::from(run_symbol)]);
        self.next = FIRST;
        self.size = MIN_CODE_SIZE + 1;
    }

    /// The code for a new dictionary entry after a code was emitted, or `None` (after emitting
    /// a clear code and resetting) when the dictionary was full.
    fn grow(&mut self, out: &mut Vec<u8>, run_symbol: u8) -> Option<u16> {
        if self.next == MAX_CODES {
            self.emit(out, CLEAR);
            self.reset(run_symbol);
            return None;
        }
        if self.next >= 1 << self.size {
            self.size += 1;
        }
        let code = self.next;
        self.next += 1;
        Some(code)
    }

    /// Encodes `data` (palette indices), treating `run_symbol` runs specially.
    pub(crate) fn encode(&mut self, data: &[u8], run_symbol: u8, out: &mut Vec<u8>) {
        out.clear();
        out.push(MIN_CODE_SIZE);
        self.acc = 0;
        self.bits = 0;
        self.reset(run_symbol);
        self.emit(out, CLEAR);
        let Some((&first, rest)) = data.split_first() else {
            self.emit(out, END);
            if self.bits > 0 {
                out.push(self.acc as u8);
            }
            return;
        };
        let mut w = u16::from(first);
        // Length of the run `w` stands for, if it is a pure run of the symbol (else 0).
        let mut w_run = usize::from(first == run_symbol);
        let mut i = 0;
        while i < rest.len() {
            let k = rest[i];
            if w_run > 0 && k == run_symbol {
                let mut left = rest[i..].iter().take_while(|&&b| b == run_symbol).count();
                while left > 0 {
                    let longest = self.runs.len() - 1;
                    if longest > w_run {
                        let step = (longest - w_run).min(left);
                        w_run += step;
                        left -= step;
                        i += step;
                        w = self.runs[w_run];
                        continue;
                    }
                    // The run goes on past the longest known one: emit it and learn one more.
                    self.emit(out, w);
                    if let Some(code) = self.grow(out, run_symbol) {
                        self.runs.push(code);
                    }
                    w = u16::from(run_symbol);
                    w_run = 1;
                    left -= 1;
                    i += 1;
                }
                continue;
            }
            let key = usize::from(w) * 256 + usize::from(k);
            let found = self.table[key];
            if found != 0 {
                w = found;
                w_run = 0;
            } else {
                self.emit(out, w);
                if let Some(code) = self.grow(out, run_symbol) {
                    self.table[key] = code;
                    self.touched.push(key as u32);
                }
                w = u16::from(k);
                w_run = usize::from(k == run_symbol);
            }
            i += 1;
        }
        self.emit(out, w);
        self.emit(out, END);
        if self.bits > 0 {
            out.push(self.acc as u8);
            self.acc = 0;
            self.bits = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(encoded: &[u8]) -> Vec<u8> {
        let mut decoder = weezl::decode::Decoder::new(weezl::BitOrder::Lsb, encoded[0]);
        let mut out = Vec::new();
        let result = decoder.into_vec(&mut out).decode_all(&encoded[1..]);
        assert!(result.status.is_ok(), "{:?}", result.status);
        out
    }

    #[test]
    fn round_trips_runs_and_noise() {
        let mut lzw = Lzw::new();
        let mut out = Vec::new();
        let mut seed = 12345u64;
        let mut noise = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut cases: Vec<Vec<u8>> = vec![vec![], vec![255], vec![7], vec![255; 100_000], vec![3; 5000]];
        for _ in 0..6 {
            let mut v = Vec::new();
            while v.len() < 200_000 {
                let r = noise();
                let n = (r % 3000) as usize;
                let sym = if r % 5 < 3 { 255 } else { (r >> 8) as u8 };
                if r % 7 == 0 {
                    v.extend((0..n % 300).map(|_| noise() as u8));
                } else {
                    v.extend(std::iter::repeat_n(sym, n));
                }
            }
            cases.push(v);
        }
        for data in cases {
            lzw.encode(&data, 255, &mut out);
            assert_eq!(decode(&out), data);
        }
    }
}
