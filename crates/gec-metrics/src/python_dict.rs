//! CPython 2.7's `dict`, as far as its iteration order goes: m2scorer keeps a sentence's gold
//! edits in a dict keyed by annotator id (and on a tie keeps the first annotator it iterates), and
//! its `--very_verbose` trace prints dicts keyed by lattice vertices and arcs.
//!
//! Written from the dict's documented design (Objects/dictobject.c's comments): an open-addressing
//! table of 8 slots to begin with; a key goes to slot `hash & mask`, and on a collision the probe
//! sequence `i = 5·i + perturb + 1` (slot `i & mask`), `perturb` starting at the hash and shifted
//! right by 5 each step; a lookup for insertion stops at the first empty slot and takes the first
//! deleted ("dummy") slot it passed, if any; deleting leaves a dummy. After an insertion of a new
//! key that leaves the table at least two-thirds filled (live keys and dummies), it is rebuilt
//! with the smallest power-of-two size (≥ 8) greater than 4 × (2 × past 50,000) the live keys,
//! reinserting them in slot order and dropping the dummies. Iteration walks the slots in order.
//!
//! Hashes on a 64-bit build: an int hashes to itself (−1 to −2); a tuple starts at 0x345678 and
//! for each item, `x = (x ^ hash(item)) · mult`, `mult += 82520 + 2·(items left)`, with `mult`
//! starting at 1000003, and ends with `x + 97531` (−1 to −2), all in wrapping 64-bit arithmetic.

const MIN_SIZE: usize = 8;
const PERTURB_SHIFT: u32 = 5;

/// A value with CPython 2.7's `hash()` on a 64-bit build.
pub(crate) trait PyHash {
    fn py_hash(&self) -> i64;
}

impl PyHash for i64 {
    fn py_hash(&self) -> i64 {
        if *self == -1 { -2 } else { *self }
    }
}

/// The hash of a tuple whose items hash to `items`.
fn tuple_hash(items: &[i64]) -> i64 {
    let mut x: i64 = 0x345678;
    let mut mult: i64 = 1_000_003;
    for (k, &y) in items.iter().enumerate() {
        let left = (items.len() - k - 1) as i64;
        x = (x ^ y).wrapping_mul(mult);
        mult = mult.wrapping_add(82_520 + left + left);
    }
    x = x.wrapping_add(97_531);
    if x == -1 { -2 } else { x }
}

impl<A: PyHash, B: PyHash> PyHash for (A, B) {
    fn py_hash(&self) -> i64 {
        tuple_hash(&[self.0.py_hash(), self.1.py_hash()])
    }
}

enum Slot<K, V> {
    Empty,
    Dummy,
    Active { hash: u64, key: K, value: V },
}

/// A dict with CPython 2.7's slot layout, so that [`PyDict::iter`] yields its items in the order
/// Python 2.7 does.
pub(crate) struct PyDict<K, V> {
    table: Vec<Slot<K, V>>,
    /// Live keys.
    used: usize,
    /// Live keys and dummies.
    fill: usize,
}

impl<K: PyHash + PartialEq + Clone, V: Clone> PyDict<K, V> {
    pub(crate) fn new() -> Self {
        PyDict {
            table: Self::empty_table(MIN_SIZE),
            used: 0,
            fill: 0,
        }
    }

    fn empty_table(size: usize) -> Vec<Slot<K, V>> {
        (0..size).map(|_| Slot::Empty).collect()
    }

    /// The slot holding `key`, or where an insertion of it goes.
    fn lookup(&self, key: &K, hash: u64) -> usize {
        let mask = (self.table.len() - 1) as u64;
        let (mut i, mut perturb) = (hash & mask, hash);
        let mut free = None;
        loop {
            let slot = (i & mask) as usize;
            match &self.table[slot] {
                Slot::Empty => return free.unwrap_or(slot),
                Slot::Dummy => {
                    free.get_or_insert(slot);
                }
                Slot::Active {
                    hash: h, key: k, ..
                } => {
                    if *h == hash && k == key {
                        return slot;
                    }
                }
            }
            i = (i << 2)
                .wrapping_add(i)
                .wrapping_add(perturb)
                .wrapping_add(1);
            perturb >>= PERTURB_SHIFT;
        }
    }

    /// `d[key]`.
    pub(crate) fn get(&self, key: &K) -> Option<&V> {
        match &self.table[self.lookup(key, key.py_hash() as u64)] {
            Slot::Active { value, .. } => Some(value),
            _ => None,
        }
    }

    pub(crate) fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        let slot = self.lookup(key, key.py_hash() as u64);
        match &mut self.table[slot] {
            Slot::Active { value, .. } => Some(value),
            _ => None,
        }
    }

    pub(crate) fn contains_key(&self, key: &K) -> bool {
        self.get(key).is_some()
    }

    /// `d[key] = value`.
    pub(crate) fn insert(&mut self, key: K, value: V) {
        let hash = key.py_hash() as u64;
        let slot = self.lookup(&key, hash);
        match &mut self.table[slot] {
            Slot::Active { value: v, .. } => {
                *v = value;
                return;
            }
            Slot::Empty => self.fill += 1,
            Slot::Dummy => {}
        }
        self.table[slot] = Slot::Active { hash, key, value };
        self.used += 1;
        if self.fill * 3 >= self.table.len() * 2 {
            self.resize(if self.used > 50_000 { 2 } else { 4 } * self.used);
        }
    }

    /// `del d[key]`; whether the key was there.
    pub(crate) fn remove(&mut self, key: &K) -> bool {
        let slot = self.lookup(key, key.py_hash() as u64);
        if !matches!(self.table[slot], Slot::Active { .. }) {
            return false;
        }
        self.table[slot] = Slot::Dummy;
        self.used -= 1;
        true
    }

    fn resize(&mut self, wanted: usize) {
        let mut size = MIN_SIZE;
        while size <= wanted {
            size <<= 1;
        }
        let old = std::mem::replace(&mut self.table, Self::empty_table(size));
        let mask = (size - 1) as u64;
        for slot in old {
            if let Slot::Active { hash, key, value } = slot {
                let (mut i, mut perturb) = (hash & mask, hash);
                while !matches!(self.table[(i & mask) as usize], Slot::Empty) {
                    i = (i << 2)
                        .wrapping_add(i)
                        .wrapping_add(perturb)
                        .wrapping_add(1);
                    perturb >>= PERTURB_SHIFT;
                }
                self.table[(i & mask) as usize] = Slot::Active { hash, key, value };
            }
        }
        self.fill = self.used;
    }

    /// The items in iteration order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.table.iter().filter_map(|slot| match slot {
            Slot::Active { key, value, .. } => Some((key, value)),
            _ => None,
        })
    }

    /// `copy.deepcopy(d)` (and `dict(d)`): a new dict filled in this one's iteration order, whose
    /// own order can differ where keys collide.
    pub(crate) fn deep_copy(&self) -> Self {
        let mut copy = Self::new();
        for (key, value) in self.iter() {
            copy.insert(key.clone(), value.clone());
        }
        copy
    }

    /// `repr(d)`, each key and value written by `item`.
    pub(crate) fn repr(&self, mut item: impl FnMut(&K, &V) -> String) -> String {
        let items: Vec<String> = self.iter().map(|(k, v)| item(k, v)).collect();
        format!("{{{}}}", items.join(", "))
    }
}

/// The order in which a Python 2.7 dict yields `keys`, inserted in this order (a repeated key
/// keeps its first slot, as assignment to an existing key does).
pub(crate) fn dict_order(keys: &[i64]) -> Vec<i64> {
    let mut dict = PyDict::new();
    for &key in keys {
        dict.insert(key, ());
    }
    dict.iter().map(|(k, _)| *k).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1,500 random key sets (sizes 1–40; keys from 0–10, 0–40, 0–1000, −5–5 and 0–2⁴⁰) in the
    /// order Python 2.7.18 iterates them, recorded by `xtask/src/reference_tools/dict_order.py`.
    #[test]
    fn the_order_is_python_2_7s_on_recorded_random_key_sets() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/recorded/python2_dict_order.tsv"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let numbers = |s: &str| -> Vec<i64> { s.split(',').map(|k| k.parse().unwrap()).collect() };
        let mut resized = 0;
        for line in text.lines() {
            let (keys, order) = line.split_once('\t').unwrap();
            let keys = numbers(keys);
            assert_eq!(dict_order(&keys), numbers(order), "{keys:?}");
            resized += usize::from(keys.len() >= 6);
        }
        assert_eq!(text.lines().count(), 1500);
        assert!(
            resized > 1000,
            "{resized} sets large enough to resize the table"
        );
    }

    /// Values printed by Python 2.7.18 (`hash((0, 0))`, …; a dict filled with (1, 3), (3, 0),
    /// (2, 1), (0, 3), then `del d[(3, 0)]` and `d[(5, 5)] = 1`).
    #[test]
    fn tuples_hash_and_reuse_deleted_slots_as_python_2_7_does() {
        assert_eq!((0i64, 0i64).py_hash(), 3713080549408328131);
        assert_eq!((1i64, 2i64).py_hash(), 3713081631934410656);
        assert_eq!(((0i64, 0i64), (1i64, 1i64)).py_hash(), 8362106975497233687);
        assert_eq!((-1i64, 5i64).py_hash(), -3713082714459215594);
        let mut d = PyDict::new();
        for k in [(1i64, 3i64), (3, 0), (2, 1), (0, 3)] {
            d.insert(k, ());
        }
        assert!(d.remove(&(3, 0)));
        assert!(!d.remove(&(3, 0)));
        d.insert((5, 5), ());
        let keys: Vec<(i64, i64)> = d.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, [(0, 3), (1, 3), (5, 5), (2, 1)]);
    }

    #[test]
    fn small_keys_follow_their_slots() {
        // 8 & 7 = 0 comes before 3; 16 collides with 8 and probes on.
        assert_eq!(dict_order(&[3, 8]), [8, 3]);
        assert_eq!(dict_order(&[1, 2, 3]), [1, 2, 3]);
        assert_eq!(dict_order(&[9, 1]), [9, 1]);
        assert_eq!(dict_order(&[1, 9]), [1, 9]);
    }
}
