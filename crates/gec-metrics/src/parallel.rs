//! Sentences in parallel with the `parallel` feature (rayon, on by default), one after another
//! without it; the results are identical either way.

/// `f(0), f(1), …, f(n − 1)`, in index order: the map gec-metrics scores sentences with (in
/// parallel with the `parallel` feature), and coverage-sim resamples with.
pub fn map_indices<T, F>(n: usize, f: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize) -> T + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..n).into_par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        (0..n).map(f).collect()
    }
}
