//! The two hash functions spaCy's features go through: the string store's 64-bit hash of a
//! string's UTF-8 bytes (MurmurHash64A, seed 1), with spaCy's symbols (attribute names, parts of
//! speech, labels) and the empty string taking fixed small ids instead; and thinc's hash of a
//! 64-bit id into four 32-bit keys for a hash embedding (MurmurHash3's 128-bit finalisation of
//! one 8-byte block).

use std::collections::HashMap;

const M: u64 = 0xc6a4_a793_5bd1_e995;

/// MurmurHash64A of `bytes` with `seed`, reading 8-byte blocks little-endian.
pub(crate) fn murmur64a(bytes: &[u8], seed: u64) -> u64 {
    let mut h = seed ^ (bytes.len() as u64).wrapping_mul(M);
    let mut blocks = bytes.chunks_exact(8);
    for block in &mut blocks {
        let mut k = u64::from_le_bytes([
            block[0], block[1], block[2], block[3], block[4], block[5], block[6], block[7],
        ]);
        k = k.wrapping_mul(M);
        k ^= k >> 47;
        k = k.wrapping_mul(M);
        h ^= k;
        h = h.wrapping_mul(M);
    }
    let tail = blocks.remainder();
    if !tail.is_empty() {
        for (i, &b) in tail.iter().enumerate() {
            h ^= u64::from(b) << (8 * i);
        }
        h = h.wrapping_mul(M);
    }
    h ^= h >> 47;
    h = h.wrapping_mul(M);
    h ^ (h >> 47)
}

/// MurmurHash3's 64-bit finaliser.
fn fmix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

/// Four 32-bit keys of the id `value` under `seed`: MurmurHash3 x64-128 of its eight bytes, as
/// thinc's hash embeddings compute them.
pub(crate) fn embedding_keys(value: u64, seed: u32) -> [u32; 4] {
    let mut h1 = value
        .wrapping_mul(0x87c3_7b91_1142_53d5)
        .rotate_left(31)
        .wrapping_mul(0x4cf5_ad43_2745_937f);
    h1 ^= u64::from(seed) ^ 8;
    let mut h2 = u64::from(seed) ^ 8;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    // The truncations take each half of the two 64-bit results.
    [h1 as u32, (h1 >> 32) as u32, h2 as u32, (h2 >> 32) as u32]
}

/// The string store's id of `text`: 0 for the empty string, a symbol's fixed id, else the hash of
/// its UTF-8 bytes.
pub(crate) fn string_id(symbols: &HashMap<String, u64>, text: &str) -> u64 {
    if text.is_empty() {
        return 0;
    }
    symbols
        .get(text)
        .copied()
        .unwrap_or_else(|| murmur64a(text.as_bytes(), 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_hashes_are_spacy_s() {
        // spaCy 3.8: nlp.vocab.strings["i"], ["ca"], ["n't"], ["colour"], ["3-d"].
        assert_eq!(murmur64a(b"i", 1), 5_097_672_513_440_128_799);
        assert_eq!(murmur64a(b"ca", 1), 13_913_074_996_085_095_135);
        assert_eq!(murmur64a(b"n't", 1), 2_043_519_015_752_540_944);
        assert_eq!(murmur64a(b"colour", 1), 2_579_953_423_244_470_672);
        assert_eq!(murmur64a(b"believe", 1), 7_936_246_238_499_659_209);
        assert_eq!(murmur64a(b"3-d", 1), 4_851_316_225_851_432_855);
    }

    #[test]
    fn embedding_keys_are_thinc_s() {
        // thinc 8.3: NumpyOps().hash(numpy.array([...], dtype="uint64"), seed).
        assert_eq!(
            embedding_keys(5_097_672_513_440_128_799, 8),
            [2_032_173_550, 2_625_552_531, 900_776_677, 3_938_328_797]
        );
        assert_eq!(embedding_keys(0, 8), [0; 4]);
        assert_eq!(
            embedding_keys(1, 8),
            [1_161_550_108, 2_247_783_286, 1_742_325_162, 1_224_191_281]
        );
        assert_eq!(
            embedding_keys(12_646_065_887_601_541_794, 8),
            [4_276_173_638, 283_019_878, 2_119_293_161, 2_572_013_466]
        );
        assert_eq!(
            embedding_keys(1, 13),
            [1_266_879_892, 1_356_517_611, 318_478_807, 3_343_674_364]
        );
    }

    #[test]
    fn symbols_and_the_empty_string_keep_their_ids() {
        let symbols: HashMap<String, u64> = [("X".to_owned(), 101), ("nsubj".to_owned(), 429)]
            .into_iter()
            .collect();
        assert_eq!(string_id(&symbols, "X"), 101);
        assert_eq!(string_id(&symbols, "nsubj"), 429);
        assert_eq!(string_id(&symbols, ""), 0);
        assert_eq!(string_id(&symbols, "x"), 11_123_243_248_953_317_070);
    }
}
