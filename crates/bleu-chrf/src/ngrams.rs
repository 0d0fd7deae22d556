//! N-gram counting for every n-gram metric of the workspace (BLEU here; GLEU, SARI and the others
//! in `gec-metrics`): tokens interned to integer ids, n-grams (n ≤ 4) packed into one `u128`,
//! counted in hash maps with a multiplicative hash. Counting strings in SipHash maps made the
//! metrics several times slower than their targets.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative (Fx-style) hash: fast on integer keys; not DoS-resistant, which local files
/// do not need.
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, value: u8) {
        self.add(u64::from(value));
    }
    fn write_u32(&mut self, value: u32) {
        self.add(u64::from(value));
    }
    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }
    fn write_u128(&mut self, value: u128) {
        self.add(value as u64);
        self.add((value >> 64) as u64);
    }
    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }
}

/// A hash map with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// An n-gram (n ≤ 4) of token ids packed into one integer; n is implied by the map it is in.
pub type Gram = u128;

/// Token ids: equal tokens get equal ids within one vocabulary.
#[derive(Default)]
pub struct Vocabulary<'t> {
    ids: FastMap<&'t str, u32>,
}

impl<'t> Vocabulary<'t> {
    /// The id of `token`, assigning the next one if it is new.
    pub fn intern(&mut self, token: &'t str) -> u32 {
        let next = self.ids.len() as u32;
        *self.ids.entry(token).or_insert(next)
    }

    /// The ids of `tokens`, assigning new ones.
    pub fn intern_all(&mut self, tokens: impl IntoIterator<Item = &'t str>) -> Vec<u32> {
        tokens.into_iter().map(|t| self.intern(t)).collect()
    }
}

/// The n-grams of `ids`, left to right.
pub fn grams(ids: &[u32], n: usize) -> impl Iterator<Item = Gram> + '_ {
    ids.windows(n).map(|w| {
        w.iter()
            .fold(0u128, |key, &id| (key << 32) | u128::from(id))
    })
}

/// Counts of the n-grams of `ids`.
pub fn counts(ids: &[u32], n: usize) -> FastMap<Gram, u32> {
    // At most one entry per n-gram: sized once instead of grown by rehashing.
    let mut out = FastMap::with_capacity_and_hasher(ids.len(), BuildHasherDefault::default());
    for g in grams(ids, n) {
        *out.entry(g).or_insert(0) += 1;
    }
    out
}
