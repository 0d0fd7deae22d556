//! Drawing row indices in proportion to weights: an alias table (O(1) per draw) for draws with
//! replacement, and a [`Pool`] for draws without replacement.

use rand::{Rng, RngExt};

/// Walker's alias table, built by Vose's method.
#[derive(Debug, Clone)]
pub(crate) struct AliasTable {
    threshold: Vec<f64>,
    alias: Vec<usize>,
}

impl AliasTable {
    /// A table for `weights` (non-negative, not all zero).
    pub(crate) fn new(weights: &[f64]) -> AliasTable {
        let n = weights.len();
        let total: f64 = weights.iter().sum();
        let mut threshold: Vec<f64> = weights.iter().map(|w| w * n as f64 / total).collect();
        let mut alias: Vec<usize> = (0..n).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| threshold[i] < 1.0);
        while let (Some(&s), Some(&l)) = (small.last(), large.last()) {
            small.pop();
            alias[s] = l;
            threshold[l] -= 1.0 - threshold[s];
            if threshold[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // What is left is 1 up to rounding.
        for i in small.into_iter().chain(large) {
            threshold[i] = 1.0;
        }
        AliasTable { threshold, alias }
    }

    /// One index, with probability weight / total.
    pub(crate) fn draw(&self, rng: &mut impl Rng) -> usize {
        let column = ((u128::from(rng.next_u64()) * self.threshold.len() as u128) >> 64) as usize;
        if rng.random::<f64>() < self.threshold[column] {
            column
        } else {
            self.alias[column]
        }
    }
}

/// Weights from which indices are drawn and removed, as a shrinking pool.
///
/// Draws without replacement remove the heaviest indices first, so the pool is split in two
/// tiers. The [`Pool::HEAVY`] heaviest indices are drawn by bisection of their cumulative
/// weights (a removal subtracts from a short suffix); the light rest from the alias table of their initial weights, redrawn while a draw
/// hits a removed index (exactly the distribution of what remains), until less than
/// [`Pool::REBUILD_BELOW`] of the light weight is left and a Fenwick tree of the remaining light
/// weights takes over.
#[derive(Debug, Clone)]
pub(crate) struct Pool {
    weights: Vec<f64>,
    heavy: Vec<usize>,
    heavy_cumulative: Vec<f64>,
    tier: Vec<Tier>,
    light: Vec<usize>,
    light_alias: AliasTable,
    light_initial: f64,
    light_total: f64,
    light_tree: Option<FenwickTree>,
    removed: Vec<bool>,
    removals: Vec<usize>,
    initial_total: f64,
}

#[derive(Debug, Clone, Copy)]
enum Tier {
    Heavy(usize),
    Light(usize),
}

impl Pool {
    /// How many of the heaviest indices form the heavy tier.
    pub(crate) const HEAVY: usize = 64;
    /// The share of the light weight below which light draws move to a Fenwick tree.
    pub(crate) const REBUILD_BELOW: f64 = 0.25;

    /// A pool of every index of `weights` (non-negative, not all zero).
    pub(crate) fn new(weights: &[f64]) -> Pool {
        let mut order: Vec<usize> = (0..weights.len()).collect();
        order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]).then(a.cmp(&b)));
        let split = order.len().min(Self::HEAVY);
        let (heavy, light) = (order[..split].to_vec(), order[split..].to_vec());
        let mut tier = vec![Tier::Heavy(0); weights.len()];
        for (k, &i) in heavy.iter().enumerate() {
            tier[i] = Tier::Heavy(k);
        }
        for (k, &i) in light.iter().enumerate() {
            tier[i] = Tier::Light(k);
        }
        let light_weight: Vec<f64> = light.iter().map(|&i| weights[i]).collect();
        let light_total: f64 = light_weight.iter().sum();
        let mut pool = Pool {
            weights: weights.to_vec(),
            heavy_cumulative: vec![0.0; heavy.len()],
            heavy,
            tier,
            light_alias: AliasTable::new(if light.is_empty() {
                &[1.0]
            } else {
                &light_weight
            }),
            light,
            light_initial: light_total,
            light_total,
            light_tree: None,
            removed: vec![false; weights.len()],
            removals: Vec::new(),
            initial_total: 0.0,
        };
        pool.restore();
        pool.initial_total = pool.heavy_total() + light_total;
        pool
    }

    fn heavy_total(&self) -> f64 {
        self.heavy_cumulative.last().copied().unwrap_or(0.0)
    }

    /// The weight still in the pool, relative to the initial weight.
    pub(crate) fn remaining(&self) -> f64 {
        (self.heavy_total() + self.light_total) / self.initial_total
    }

    /// One index in proportion to the remaining weights.
    pub(crate) fn draw(&mut self, rng: &mut impl Rng) -> usize {
        let heavy_total = self.heavy_total();
        let u = rng.random::<f64>() * (heavy_total + self.light_total);
        if u < heavy_total || self.light.is_empty() {
            // The first cumulative weight above u; a removed index has an empty interval (up to
            // a rounding residue) and is skipped.
            let k = self.heavy_cumulative.partition_point(|&c| c <= u);
            return self.heavy[k.min(self.heavy.len() - 1)];
        }
        if let Some(tree) = &self.light_tree {
            return self.light[tree.draw(rng)];
        }
        loop {
            let i = self.light[self.light_alias.draw(rng)];
            if !self.removed[i] {
                return i;
            }
        }
    }

    /// Takes index `i` out of the pool.
    pub(crate) fn remove(&mut self, i: usize) {
        if std::mem::replace(&mut self.removed[i], true) {
            return;
        }
        self.removals.push(i);
        match self.tier[i] {
            Tier::Heavy(k) => {
                let w = self.weights[i];
                for c in &mut self.heavy_cumulative[k..] {
                    *c -= w;
                }
            }
            Tier::Light(k) => {
                self.light_total -= self.weights[i];
                if let Some(tree) = &mut self.light_tree {
                    tree.remove(k, self.weights[i]);
                } else if self.light_total < Self::REBUILD_BELOW * self.light_initial {
                    let left: Vec<f64> = self
                        .light
                        .iter()
                        .map(|&j| {
                            if self.removed[j] {
                                0.0
                            } else {
                                self.weights[j]
                            }
                        })
                        .collect();
                    self.light_tree = Some(FenwickTree::new(&left));
                }
            }
        }
    }

    /// Puts every removed index back.
    pub(crate) fn restore(&mut self) {
        for i in self.removals.drain(..) {
            self.removed[i] = false;
        }
        let mut total = 0.0;
        for (c, &i) in self.heavy_cumulative.iter_mut().zip(&self.heavy) {
            total += self.weights[i];
            *c = total;
        }
        self.light_total = self.light_initial;
        self.light_tree = None;
    }
}

/// A Fenwick (binary indexed) tree of weights: draws and removals in O(log n).
#[derive(Debug, Clone)]
struct FenwickTree {
    tree: Vec<f64>,
    total: f64,
}

impl FenwickTree {
    fn new(weights: &[f64]) -> FenwickTree {
        let n = weights.len();
        let mut tree = vec![0.0; n + 1];
        for (i, &w) in weights.iter().enumerate() {
            let mut j = i + 1;
            while j <= n {
                tree[j] += w;
                j += j & j.wrapping_neg();
            }
        }
        FenwickTree {
            tree,
            total: weights.iter().sum(),
        }
    }

    /// An index in proportion to the weights. A removed index keeps a rounding residue of about
    /// 10⁻¹⁷ at most, so it is drawn with about that probability; callers treat such a draw as
    /// the no-op it is.
    fn draw(&self, rng: &mut impl Rng) -> usize {
        let mut u = rng.random::<f64>() * self.total;
        let n = self.tree.len() - 1;
        let mut position = 0;
        let mut step = n.next_power_of_two();
        while step > 0 {
            let next = position + step;
            if next <= n && self.tree[next] <= u {
                position = next;
                u -= self.tree[next];
            }
            step >>= 1;
        }
        position.min(n - 1)
    }

    fn remove(&mut self, i: usize, w: f64) {
        self.total -= w;
        let mut j = i + 1;
        while j < self.tree.len() {
            self.tree[j] -= w;
            j += j & j.wrapping_neg();
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_pcg::Pcg64;

    use super::*;

    fn frequencies(mut draw: impl FnMut(&mut Pcg64) -> usize, n: usize) -> Vec<f64> {
        let mut rng = Pcg64::seed_from_u64(7);
        let mut counts = vec![0usize; n];
        let draws = 200_000;
        for _ in 0..draws {
            counts[draw(&mut rng)] += 1;
        }
        counts.iter().map(|&c| c as f64 / draws as f64).collect()
    }

    #[test]
    fn the_alias_table_draws_in_proportion() {
        let table = AliasTable::new(&[0.1, 0.2, 0.0, 0.7]);
        let f = frequencies(|rng| table.draw(rng), 4);
        for (got, want) in f.iter().zip([0.1, 0.2, 0.0, 0.7]) {
            assert!((got - want).abs() < 0.005, "{f:?}");
        }
    }

    #[test]
    fn the_pool_draws_from_what_remains_and_restores() {
        // 70 indices: 64 heavy ones (weight 1) and 6 light ones (weight 0.5).
        let weights: Vec<f64> = (0..70).map(|i| if i < 64 { 1.0 } else { 0.5 }).collect();
        let mut pool = Pool::new(&weights);
        let total = 67.0;
        for i in 0..60 {
            pool.remove(i);
        }
        pool.remove(64);
        assert!((pool.remaining() - 6.5 / total).abs() < 1e-15);
        let f = frequencies(|rng| pool.draw(rng), 70);
        assert!(f[..60].iter().all(|&v| v == 0.0) && f[64] == 0.0);
        assert!((f[60] - 1.0 / 6.5).abs() < 0.005 && (f[69] - 0.5 / 6.5).abs() < 0.005);
        for i in 65..69 {
            pool.remove(i);
        }
        assert!(
            pool.light_tree.is_some(),
            "a sixth of the light weight left: the tree takes over"
        );
        let f = frequencies(|rng| pool.draw(rng), 70);
        assert!((f[69] - 0.5 / 4.5).abs() < 0.005, "{:?}", &f[60..]);
        pool.restore();
        assert_eq!(pool.remaining(), 1.0);
        let f = frequencies(|rng| pool.draw(rng), 70);
        assert!((f[0] - 1.0 / total).abs() < 0.003 && (f[66] - 0.5 / total).abs() < 0.003);
    }
}
