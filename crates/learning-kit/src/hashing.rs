//! Maps keyed by feature hashes. The keys are already well-mixed 64-bit hashes of feature
//! strings, so hashing them again would only cost time: [`KeyHasher`] passes a `u64` key through.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that are already hashes: `write_u64(n)` makes the hash `n`; other writes
/// fold their bytes in (h ← rotl₈(h) ⊕ b), which no caller relies on for speed.
#[derive(Debug, Clone, Copy, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A hash map from feature hashes to `V`, hashed by [`KeyHasher`].
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use std::hash::{BuildHasher, BuildHasherDefault};

    use super::*;

    #[test]
    fn a_hash_key_is_its_own_hash() {
        let build = BuildHasherDefault::<KeyHasher>::default();
        assert_eq!(build.hash_one(0xdead_beef_u64), 0xdead_beef);
        let mut map = KeyMap::default();
        map.insert(7u64, "seven");
        assert_eq!(map.get(&7), Some(&"seven"));
    }
}
