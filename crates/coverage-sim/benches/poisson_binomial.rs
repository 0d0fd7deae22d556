//! Speed of the Poisson-binomial pmf (issue 5 targets: N = 1312 under 1 ms, N = 100,000 under
//! 100 ms; DFT-CF is O(N²), so the second needs the planned divide-and-conquer product).

use coverage_sim::PoissonBinomial;
use coverage_sim::poisson_binomial::Method;
use criterion::{Criterion, criterion_group, criterion_main};

fn pmf(c: &mut Criterion) {
    for n in [1312usize, 10_000] {
        let p: Vec<f64> = (0..n).map(|i| ((i * 7919) % 997) as f64 / 997.0).collect();
        c.bench_function(&format!("dft_cf_{n}"), |b| {
            b.iter(|| PoissonBinomial::with_method(&p, Method::DftCf).expect("valid"))
        });
    }
}

criterion_group!(benches, pmf);
criterion_main!(benches);
