//! The part of a belief that does not depend on the ruleset: the enemy's unidentified
//! markers, what each may be, and drawing a whole hidden army from them.

use super::dice::Dice;

/// The unidentified enemy markers of a belief over `N` kinds, each with a weight per kind
/// (what its history allows), and how many of each kind are still unaccounted for among them.
#[derive(Clone, Debug)]
pub(crate) struct Markers<S, const N: usize> {
    /// Every unidentified marker's square with its weights (the pool not applied).
    unknown: Vec<(S, [f32; N])>,
    /// How many of each kind the unidentified markers hold between them.
    pool: [u8; N],
    /// The order of the draw, up to shuffling within each run of [`Markers::runs`]: markers by
    /// how many kinds they may fully be (weight 1 or more), fewest first. Fixed per belief, and
    /// worlds are drawn thousands of times per decision.
    order: Vec<usize>,
    /// Where each run of markers with equally many possible kinds ends in `order`.
    runs: Vec<usize>,
    /// How the kinds drawn for some markers change the odds of their neighbours, if at all.
    affinity: Option<Box<Affinity<N>>>,
}

/// Markers whose kinds go together: a marker drawn beside another takes the other's drawn kind
/// into account (a ship standing in a formation tells what its neighbours likely are).
#[derive(Clone, Debug)]
pub(crate) struct Affinity<const N: usize> {
    /// For each marker (by its place in the belief's list), the markers whose drawn kinds
    /// change its odds.
    pub beside: Vec<Vec<usize>>,
    /// `lift[d][k]`: how many times likelier kind `k` is beside a marker drawn as kind `d`.
    pub lift: [[f32; N]; N],
}

impl<S: Copy + PartialEq, const N: usize> Markers<S, N> {
    /// The markers with their weights, and the kinds they hold between them.
    pub fn new(unknown: Vec<(S, [f32; N])>, pool: [u8; N]) -> Markers<S, N> {
        let freedom: Vec<usize> =
            unknown.iter().map(|(_, w)| w.iter().filter(|w| **w >= 1.0).count()).collect();
        let mut order: Vec<usize> = (0..unknown.len()).collect();
        order.sort_by_key(|&i| freedom[i]);
        let runs = (1..=order.len())
            .filter(|&end| end == order.len() || freedom[order[end]] != freedom[order[end - 1]])
            .collect();
        Markers { unknown, pool, order, runs, affinity: None }
    }

    /// The same markers, drawn with `affinity`: each marker's odds are multiplied by the lifts
    /// of the kinds already drawn beside it.
    pub fn with_affinity(self, affinity: Affinity<N>) -> Markers<S, N> {
        Markers { affinity: Some(Box::new(affinity)), ..self }
    }

    /// The probability that the marker on `sq` is of kind number `kind` (pool-weighted
    /// marginal; 0 when no unidentified marker stands there).
    pub fn probability(&self, sq: S, kind: usize) -> f32 {
        let Some((_, weights)) = self.unknown.iter().find(|(s, _)| *s == sq) else { return 0.0 };
        let total: f32 = weights.iter().zip(&self.pool).map(|(w, n)| w * *n as f32).sum();
        if total <= 0.0 {
            0.0
        } else {
            weights[kind] * self.pool[kind] as f32 / total
        }
    }

    /// Draws a kind for every marker, without replacement from the pool, and hands each
    /// marker's square and kind number to `place`. `full` holds a whole army's counts, drawn
    /// from when the pool is exhausted (a test position with extra units).
    pub fn draw(&self, full: &[u8; N], dice: &mut Dice, mut place: impl FnMut(S, usize)) {
        let mut pool = self.pool.map(|n| n as f32);
        // Markers that cannot be everything go first, so that the rare kinds they allow are
        // still in the pool for them; among equals the order is random.
        let mut order = self.order.clone();
        let mut start = 0;
        for &end in &self.runs {
            dice.shuffle(&mut order[start..end]);
            start = end;
        }
        // The kind drawn for each marker so far (by its place in `unknown`), for the affinity.
        let mut drawn: Vec<Option<usize>> =
            if self.affinity.is_some() { vec![None; self.unknown.len()] } else { Vec::new() };
        for i in order {
            let (sq, weights) = &self.unknown[i];
            let mut chances = [0f32; N];
            for k in 0..N {
                chances[k] = weights[k] * pool[k];
            }
            if let Some(affinity) = &self.affinity {
                for d in affinity.beside[i].iter().filter_map(|&j| drawn[j]) {
                    for (chance, lift) in chances.iter_mut().zip(&affinity.lift[d]) {
                        *chance *= lift;
                    }
                }
            }
            let mut total: f32 = chances.iter().sum();
            if total <= 0.0 {
                for k in 0..N {
                    chances[k] = weights[k] * full[k] as f32;
                    total += chances[k];
                }
            }
            let mut roll = (dice.next_u64() >> 11) as f32 / (1u64 << 53) as f32 * total;
            let mut chosen = chances.iter().rposition(|c| *c > 0.0).unwrap_or(0);
            for (k, chance) in chances.iter().enumerate() {
                if *chance > 0.0 && roll < *chance {
                    chosen = k;
                    break;
                }
                roll -= chance;
            }
            pool[chosen] = (pool[chosen] - 1.0).max(0.0);
            if let Some(slot) = drawn.get_mut(i) {
                *slot = Some(chosen);
            }
            place(*sq, chosen);
        }
    }
}
