//! CPython's `random` module as far as the GLEU script uses it: the MT19937 Mersenne Twister
//! (Matsumoto & Nishimura 1998), seeded from an integer by `init_by_array` as `random.seed(n)`
//! does, `random()` with 53-bit resolution, and Python 2's `randint`. Written here because no
//! crate reproduces CPython's integer seeding; checked against the draws CPython 2.7 makes
//! (`goldens/gleu_refidx_py2_R2_N1312.tsv`).

const N: usize = 624;
const M: usize = 397;

/// The key `random.seed(seed)` hands to `init_by_array`: the seed's 32-bit words, least
/// significant first, and how many there are (`[0]` for 0, one word below 2³²).
fn key(seed: u64) -> ([u32; 2], usize) {
    let words = [seed as u32, (seed >> 32) as u32];
    (words, if seed >> 32 == 0 { 1 } else { 2 })
}

/// The state of one MT19937 generator.
#[derive(Clone)]
pub(crate) struct PythonRandom {
    state: [u32; N],
    index: usize,
}

impl PythonRandom {
    /// The generator after Python's `random.seed(seed)` for a non-negative integer ([`key`]).
    pub(crate) fn seeded(seed: u64) -> Self {
        let (words, length) = key(seed);
        Self::by_array(&words[..length])
    }

    /// `init_genrand(seed)`'s state (a `const fn`, so the one `init_by_array` starts from is
    /// computed at compile time).
    const fn by_seed(seed: u32) -> [u32; N] {
        let mut state = [0u32; N];
        state[0] = seed;
        let mut i = 1;
        while i < N {
            state[i] = 1_812_433_253u32
                .wrapping_mul(state[i - 1] ^ (state[i - 1] >> 30))
                .wrapping_add(i as u32);
            i += 1;
        }
        state
    }

    fn by_array(key: &[u32]) -> Self {
        let [g] = Self::by_array_many([key]);
        g
    }

    /// The generators after `random.seed(a)` and `random.seed(b)`, seeded together: each step
    /// of `init_by_array` waits on the word before, so one chain leaves the multiplier idle and
    /// two interleaved take little longer than one.
    pub(crate) fn seeded_pair(a: u64, b: u64) -> [Self; 2] {
        let ((wa, la), (wb, lb)) = (key(a), key(b));
        if la != lb {
            return [Self::seeded(a), Self::seeded(b)];
        }
        Self::by_array_many([&wa[..la], &wb[..lb]])
    }

    /// `init_by_array` for K keys of one length at once.
    fn by_array_many<const K: usize>(keys: [&[u32]; K]) -> [Self; K] {
        const START: [u32; N] = PythonRandom::by_seed(19_650_218);
        let mut mt = [START; K];
        let length = keys[0].len();
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(length) {
            for (state, key) in mt.iter_mut().zip(keys) {
                state[i] = (state[i]
                    ^ (state[i - 1] ^ (state[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            }
            i += 1;
            j += 1;
            if i >= N {
                for state in &mut mt {
                    state[0] = state[N - 1];
                }
                i = 1;
            }
            if j >= length {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            for state in &mut mt {
                state[i] = (state[i]
                    ^ (state[i - 1] ^ (state[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            }
            i += 1;
            if i >= N {
                for state in &mut mt {
                    state[0] = state[N - 1];
                }
                i = 1;
            }
        }
        mt.map(|mut state| {
            state[0] = 0x8000_0000;
            Self { state, index: N }
        })
    }

    /// The next N words of the recurrence, in place; the three loops are the one over k with
    /// (k + 1) mod N and (k + M) mod N, split where those wrap.
    fn twist(&mut self) {
        let mt = &mut self.state;
        let next = |upper: u32, lower: u32, far: u32| {
            let y = (upper & 0x8000_0000) | (lower & 0x7fff_ffff);
            far ^ (y >> 1) ^ ((y & 1).wrapping_neg() & 0x9908_b0df)
        };
        for k in 0..N - M {
            mt[k] = next(mt[k], mt[k + 1], mt[k + M]);
        }
        for k in N - M..N - 1 {
            mt[k] = next(mt[k], mt[k + 1], mt[k + M - N]);
        }
        mt[N - 1] = next(mt[N - 1], mt[0], mt[M - 1]);
        self.index = 0;
    }

    /// The next 32-bit output (`genrand_int32`).
    #[inline]
    pub(crate) fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Python's `random.random()`: a float in [0, 1) from two outputs, (a·2²⁶ + b) / 2⁵³ with
    /// a, b their top 27 and 26 bits.
    #[inline]
    pub(crate) fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// Python 2's `random.randint(low, high)` = `low + int(random() * (high − low + 1))`.
    ///
    /// For a range of n = 2ᵏ ≤ 2²⁷ values that is the top k bits of a: with x = (a·2²⁶ + b)/2⁵³,
    /// x·2ᵏ = a/2²⁷⁻ᵏ + b/2⁵³⁻ᵏ (exact in floating point, a power-of-two scaling), and b's term,
    /// below 2^−(27−k), cannot carry a/2²⁷⁻ᵏ's fraction (a multiple of 2^−(27−k)) past the next
    /// integer. The second output is drawn all the same, so the stream stays CPython's.
    #[inline]
    pub(crate) fn randint_py2(&mut self, low: i64, high: i64) -> i64 {
        let n = high - low + 1;
        if n > 0 && n.count_ones() == 1 && n <= 1 << 27 {
            let a = self.next_u32() >> 5;
            self.skip_output();
            return low + i64::from(a >> (27 - n.trailing_zeros()));
        }
        low + (self.random() * n as f64) as i64
    }

    /// Advances past one output without tempering it.
    #[inline]
    fn skip_output(&mut self) {
        if self.index >= N {
            self.twist();
        }
        self.index += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_mt19937_outputs() {
        // First outputs of init_by_array([0x123, 0x234, 0x345, 0x456]) from the MT19937
        // authors' mt19937ar.out.
        let mut g = PythonRandom::by_array(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| g.next_u32()).collect();
        assert_eq!(
            first,
            [1067595299, 955945823, 477289528, 4107218783, 4228976476]
        );
    }

    #[test]
    fn randint_of_a_power_of_two_range_is_the_float_formula() {
        for n in [1i64, 2, 4, 8, 1 << 20, 1 << 27] {
            let (mut fast, mut float) = (PythonRandom::seeded(7), PythonRandom::seeded(7));
            for _ in 0..5000 {
                let expected = 3 + (float.random() * n as f64) as i64;
                assert_eq!(fast.randint_py2(3, 3 + n - 1), expected, "n = {n}");
            }
        }
    }

    #[test]
    fn seeding_in_pairs_is_seeding_one_by_one() {
        for (a, b) in [(0, 101), (505, 606), (1 << 40, 1 << 41), (7, 1 << 33)] {
            let [mut x, mut y] = PythonRandom::seeded_pair(a, b);
            let (mut x1, mut y1) = (PythonRandom::seeded(a), PythonRandom::seeded(b));
            for _ in 0..2000 {
                assert_eq!((x.next_u32(), y.next_u32()), (x1.next_u32(), y1.next_u32()));
            }
        }
    }

    #[test]
    fn random_matches_cpython() {
        // CPython: random.seed(0); random.random() == 0.8444218515250481
        assert_eq!(PythonRandom::seeded(0).random(), 0.8444218515250481);
        // random.seed(101); random.random() == 0.5811521325045647
        assert_eq!(PythonRandom::seeded(101).random(), 0.5811521325045647);
        // Two key words: random.seed(2**40 + 5); random.random() == 0.5043802970418443
        assert_eq!(
            PythonRandom::seeded((1 << 40) + 5).random(),
            0.5043802970418443
        );
    }
}
