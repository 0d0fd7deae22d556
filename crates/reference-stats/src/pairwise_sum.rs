//! numpy's summation: a pairwise sum in blocks of eight accumulators, so that means computed here
//! agree with the Python tools' to the last bit.

/// numpy's `mean`: numpy's pairwise sum (blocks of 8 accumulators up to 128 values, halving
/// above) divided by n, so means agree with the script to the last bit. NaN for no values.
pub fn numpy_mean(values: &[f64]) -> f64 {
    pairwise_sum(values) / values.len() as f64
}

/// numpy's `add.reduce` over a contiguous `f64` array: eight accumulators up to 128 values,
/// halving (at a multiple of 8) above.
pub fn pairwise_sum(a: &[f64]) -> f64 {
    const BLOCK: usize = 128;
    let n = a.len();
    if n < 8 {
        a.iter().fold(0.0, |s, x| s + x)
    } else if n <= BLOCK {
        let mut r = [0.0f64; 8];
        r.copy_from_slice(&a[..8]);
        let whole = n - n % 8;
        for chunk in a[8..whole].chunks_exact(8) {
            for (acc, x) in r.iter_mut().zip(chunk) {
                *acc += x;
            }
        }
        let mut sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for x in &a[whole..] {
            sum += x;
        }
        sum
    } else {
        let mut half = n / 2;
        half -= half % 8;
        pairwise_sum(&a[..half]) + pairwise_sum(&a[half..])
    }
}
