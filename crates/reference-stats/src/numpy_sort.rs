//! numpy's default `argsort` (kind `quicksort`, an introsort) for floats, which is what pandas'
//! `sort_values` calls. It is not stable: among equal values its order is the one its
//! partitions leave, and scripts that cut a sorted table in halves depend on that order.

/// Partitions longer than this are cut again; shorter ones are finished by insertion sort, as
/// numpy does.
const SMALL_PARTITION: usize = 16;

/// numpy's `a < b` for floats: NaN sorts last.
fn less(a: f64, b: f64) -> bool {
    a < b || (b.is_nan() && !a.is_nan())
}

/// The permutation `numpy.argsort(values, kind="quicksort")` returns (numpy ≤ 1.24 on any CPU,
/// later ones without AVX-512's sort): median-of-three quicksort whose partition stops on
/// values equal to the pivot from both sides, the smaller side first and the larger deferred,
/// insertion sort for partitions of 16 or fewer, and heapsort once the depth exceeds
/// 2·⌊log₂ n⌋.
pub fn numpy_argsort(values: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    if values.len() < 2 {
        return order;
    }
    let depth_limit = 2 * (usize::BITS - 1 - values.len().leading_zeros()) as i64;
    let mut pending = vec![(0usize, values.len() - 1, depth_limit)];
    while let Some((mut low, mut high, mut depth)) = pending.pop() {
        // numpy checks the depth only when it takes a partition up, not while it cuts one.
        if depth < 0 {
            heapsort(values, &mut order[low..=high]);
            continue;
        }
        while high - low >= SMALL_PARTITION {
            let pivot_at = partition(values, &mut order, low, high);
            depth -= 1;
            // The larger side waits on the stack; the loop goes on with the smaller one.
            if pivot_at - low < high - pivot_at {
                pending.push((pivot_at + 1, high, depth));
                high = pivot_at - 1;
            } else {
                pending.push((low, pivot_at - 1, depth));
                low = pivot_at + 1;
            }
        }
        insertion_sort(values, &mut order[low..=high]);
    }
    order
}

/// Median of first, middle and last as the pivot, parked next to the end; scans from both
/// sides that stop on values equal to it; returns where the pivot lands.
fn partition(values: &[f64], order: &mut [usize], low: usize, high: usize) -> usize {
    let v = |order: &[usize], i: usize| values[order[i]];
    let middle = low + ((high - low) >> 1);
    if less(v(order, middle), v(order, low)) {
        order.swap(middle, low);
    }
    if less(v(order, high), v(order, middle)) {
        order.swap(high, middle);
    }
    if less(v(order, middle), v(order, low)) {
        order.swap(middle, low);
    }
    let pivot = v(order, middle);
    order.swap(middle, high - 1);
    let (mut i, mut j) = (low, high - 1);
    loop {
        i += 1;
        while less(v(order, i), pivot) {
            i += 1;
        }
        j -= 1;
        while less(pivot, v(order, j)) {
            j -= 1;
        }
        if i >= j {
            break;
        }
        order.swap(i, j);
    }
    order.swap(i, high - 1);
    i
}

fn insertion_sort(values: &[f64], order: &mut [usize]) {
    for i in 1..order.len() {
        let item = order[i];
        let mut j = i;
        while j > 0 && less(values[item], values[order[j - 1]]) {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = item;
    }
}

/// numpy's heapsort on one-based heap positions.
fn heapsort(values: &[f64], order: &mut [usize]) {
    let key = |order: &[usize], one_based: usize| values[order[one_based - 1]];
    let sift = |order: &mut [usize], start: usize, end: usize| {
        let item = order[start - 1];
        let (mut i, mut j) = (start, start * 2);
        while j <= end {
            if j < end && less(key(order, j), key(order, j + 1)) {
                j += 1;
            }
            if less(values[item], key(order, j)) {
                order[i - 1] = order[j - 1];
                i = j;
                j += j;
            } else {
                break;
            }
        }
        order[i - 1] = item;
    };
    let n = order.len();
    for start in (1..=n / 2).rev() {
        sift(order, start, n);
    }
    for end in (1..n).rev() {
        order.swap(0, end);
        sift(order, 1, end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted_by(values: &[f64], order: &[usize]) -> Vec<f64> {
        order.iter().map(|&i| values[i]).collect()
    }

    #[test]
    fn sorts_and_puts_nan_last() {
        let values = [3.0, f64::NAN, -1.0, 2.0, 2.0, 0.5];
        let order = numpy_argsort(&values);
        let sorted = sorted_by(&values, &order);
        assert_eq!(&sorted[..5], &[-1.0, 0.5, 2.0, 2.0, 3.0]);
        assert!(sorted[5].is_nan());
    }

    #[test]
    fn long_runs_of_ties_come_out_sorted_and_whole() {
        let values: Vec<f64> = (0..1000).map(|i| f64::from((i * 7919) % 13 / 4)).collect();
        let order = numpy_argsort(&values);
        let sorted = sorted_by(&values, &order);
        assert!(sorted.windows(2).all(|w| w[0] <= w[1]));
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..1000).collect::<Vec<_>>());
        // Up to 16 values it is insertion sort, which keeps ties in input order.
        assert_eq!(numpy_argsort(&[1.0, 0.0, 1.0, 0.0]), [1, 3, 0, 2]);
    }

    #[test]
    fn heapsort_sorts() {
        let values = [5.0, 1.0, 4.0, 1.0, 3.0, 9.0, 0.0];
        let mut order: Vec<usize> = (0..values.len()).collect();
        heapsort(&values, &mut order);
        assert_eq!(
            sorted_by(&values, &order),
            [0.0, 1.0, 1.0, 3.0, 4.0, 5.0, 9.0]
        );
    }
}
