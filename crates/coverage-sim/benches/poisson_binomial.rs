//! Speed of the Poisson-binomial pmf (issue 5 targets: N = 1312 under 1 ms, N = 100,000 under
//! 100 ms): the default product tree at both sizes, Hong's O(N²) DFT-CF beside it where it is
//! still affordable.

use coverage_sim::PoissonBinomial;
use coverage_sim::poisson_binomial::Method;
use criterion::{Criterion, criterion_group, criterion_main};

fn pmf(c: &mut Criterion) {
    let probabilities =
        |n: usize| -> Vec<f64> { (0..n).map(|i| ((i * 7919) % 997) as f64 / 997.0).collect() };
    for n in [1312usize, 100_000] {
        let p = probabilities(n);
        c.bench_function(&format!("product_tree_{n}"), |b| {
            b.iter(|| PoissonBinomial::new(&p).expect("valid"))
        });
    }
    for n in [1312usize, 10_000] {
        let p = probabilities(n);
        c.bench_function(&format!("dft_cf_{n}"), |b| {
            b.iter(|| PoissonBinomial::with_method(&p, Method::DftCf).expect("valid"))
        });
    }
}

criterion_group!(benches, pmf);
criterion_main!(benches);
