//! The engine's deterministic random source: same seed, same game, on every machine.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A seeded random number generator (xoshiro256++, whose output is fixed by its crate's
/// contract, so records and tests replay identically everywhere).
#[derive(Clone, Debug)]
pub struct Dice(Xoshiro256PlusPlus);

impl Dice {
    /// A generator from a 64-bit seed.
    pub fn new(seed: u64) -> Dice {
        Dice(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// A uniformly random 64-bit number.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform number in `0..n` (`n` > 0), without modulo bias (Lemire's method).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        loop {
            let product = (self.next_u64() as u128) * (n as u128);
            let low = product as u64;
            if low >= n.wrapping_neg() % n {
                return (product >> 64) as usize;
            }
        }
    }

    /// True with probability `p` (0.0–1.0).
    #[inline]
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) < p
    }

    /// A uniformly random element, `None` for an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.below(items.len())])
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// A new independent generator derived from this one (for sub-tasks).
    pub fn fork(&mut self) -> Dice {
        Dice::new(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let (mut a, mut b) = (Dice::new(7), Dice::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut dice = Dice::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            seen[dice.below(7)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
