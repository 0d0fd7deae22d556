//! The iteration order of a CPython 2.7 `dict` with integer keys, which m2scorer's choice among
//! annotators follows (it keeps a sentence's gold edits in a dict keyed by annotator id, and on a
//! tie keeps the first annotator it iterates).
//!
//! Written from the dict's documented design (Objects/dictobject.c's comments): an open-addressing
//! table of 8 slots to begin with; an integer hashes to itself (−1 to −2); a key goes to slot
//! `hash & mask`, and on a collision the probe sequence `i = 5·i + perturb + 1` (slot `i & mask`),
//! `perturb` starting at the hash and shifted right by 5 each step; after an insertion that leaves
//! the table at least two-thirds full, it is rebuilt with the smallest power-of-two size (≥ 8)
//! greater than 4 × (2 × past 50,000) the keys, reinserting the keys in slot order. Iteration
//! walks the slots in order.

const MIN_SIZE: usize = 8;
const PERTURB_SHIFT: u32 = 5;

/// Python 2's `hash` of an int on a 64-bit build.
fn hash(key: i64) -> u64 {
    (if key == -1 { -2 } else { key }) as u64
}

/// The free slot `key` lands in, in a table of `mask + 1` slots.
fn free_slot(key: i64, mask: u64, table: &[Option<i64>]) -> usize {
    let h = hash(key);
    let (mut i, mut perturb) = (h & mask, h);
    while table[(i & mask) as usize].is_some() {
        i = (i << 2)
            .wrapping_add(i)
            .wrapping_add(perturb)
            .wrapping_add(1);
        perturb >>= PERTURB_SHIFT;
    }
    (i & mask) as usize
}

/// The order in which a Python 2.7 dict yields `keys`, inserted in this order (each key once;
/// a repeated key keeps its first slot, as assignment to an existing key does).
pub(crate) fn dict_order(keys: &[i64]) -> Vec<i64> {
    let mut table: Vec<Option<i64>> = vec![None; MIN_SIZE];
    let mut used = 0usize;
    for &key in keys {
        if table.contains(&Some(key)) {
            continue;
        }
        let mask = (table.len() - 1) as u64;
        let slot = free_slot(key, mask, &table);
        table[slot] = Some(key);
        used += 1;
        // No deletions, so the table's fill is its number of keys.
        if used * 3 >= table.len() * 2 {
            let wanted = if used > 50_000 { 2 } else { 4 } * used;
            let mut size = MIN_SIZE;
            while size <= wanted {
                size <<= 1;
            }
            let old = std::mem::replace(&mut table, vec![None; size]);
            let mask = (size - 1) as u64;
            for key in old.into_iter().flatten() {
                let slot = free_slot(key, mask, &table);
                table[slot] = Some(key);
            }
        }
    }
    table.into_iter().flatten().collect()
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

    #[test]
    fn small_keys_follow_their_slots() {
        // 8 & 7 = 0 comes before 3; 16 collides with 8 and probes on.
        assert_eq!(dict_order(&[3, 8]), [8, 3]);
        assert_eq!(dict_order(&[1, 2, 3]), [1, 2, 3]);
        assert_eq!(dict_order(&[9, 1]), [9, 1]);
        assert_eq!(dict_order(&[1, 9]), [1, 9]);
    }
}
