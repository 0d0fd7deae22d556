//! The dense kernels every network of the workspace runs on, and the one module of the workspace
//! that holds `unsafe` code: SIMD intrinsics behind runtime CPU checks, and one call into
//! `matrixmultiply`.
//!
//! * [`gemm`] — `c = β·c + a·b` with transposes, for gradients; [`product`] and [`Packed`] — the
//!   forward products with `gemm`'s bits, `b` read in place or packed once;
//! * [`Matrix`] — a weight matrix packed by panels of outputs, and its products with many
//!   (overlapping) input vectors, spaCy's layers' shape;
//! * elementwise routines ([`add_row_times`], [`Chunked`], [`sigmoid`], [`tanh`], [`axpy`],
//!   [`add_rows`], [`add`], [`dot`]) written once and compiled twice, as written and for AVX2.
//!
//! **Audit.** Every `unsafe` block is preceded by a `SAFETY` note saying what it relies on, and
//! each precondition on a length is checked by an `assert!` in every build (not `debug_assert!`)
//! before the block; CPU features are checked at run time (`is_x86_feature_detected!`) before a
//! `#[target_feature]` function is called. Every kernel computes each output as one chain of
//! (fused) multiply-adds in a fixed order, so the SIMD and scalar paths give the same bits; the
//! tests below check that on whatever CPU runs them.

/// `c (m×n) = beta·c + a·b`, every matrix row-major; `a` is `m×k` (or `k×m` read transposed when
/// `ta`), `b` is `k×n` (or `n×k` when `tb`).
#[allow(clippy::too_many_arguments)]
pub fn gemm(
    (m, k, n): (usize, usize, usize),
    a: &[f32],
    ta: bool,
    b: &[f32],
    tb: bool,
    beta: f32,
    c: &mut [f32],
) {
    // The unsafe block below relies on these lengths: checked in every build, not only debug.
    assert!(
        a.len() >= m * k && b.len() >= k * n && c.len() >= m * n,
        "gemm: operands shorter than their shapes"
    );
    if m == 0 || n == 0 {
        return;
    }
    let (rsa, csa) = if ta { (1, m as isize) } else { (k as isize, 1) };
    let (rsb, csb) = if tb { (1, k as isize) } else { (n as isize, 1) };
    // SAFETY: the strides above address only elements inside `a` (m·k), `b` (k·n) and `c` (m·n),
    // whose lengths were checked; `c` does not alias `a` or `b` (a `&mut` borrow).
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            rsa,
            csa,
            b.as_ptr(),
            rsb,
            csb,
            beta,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

/// `c (m×n) = a·b` for row-major `a` (m×k) and `b` (k×n): the forward products, whose `b` is a
/// weight matrix used as it is stored.
///
/// Where the fused kernel runs (x86-64 with AVX2 and FMA, `k` ≤ 256) every element is one fused
/// multiply-add chain over `k` from zero, which is exactly what `gemm`'s kernel computes on such a
/// CPU (its depth block is 256), but `b` is read in place: `gemm` copies `b` into its own layout at
/// every call. Elsewhere this is `gemm`.
pub fn product((m, k, n): (usize, usize, usize), a: &[f32], b: &[f32], c: &mut [f32]) {
    assert!(a.len() >= m * k && b.len() >= k * n && c.len() >= m * n);
    #[cfg(target_arch = "x86_64")]
    if fused::available(k) {
        let b = fused::Panels {
            values: b.as_ptr(),
            row_stride: n,
            panel_stride: fused::COLUMNS,
            tail: fused::Tail::Unpacked,
        };
        // SAFETY: the kernel runs on this CPU (checked just above); the panels address the
        // columns of the k×n `b`, whose length was asserted, as do those of `a` and `c`.
        unsafe { fused::product(m, k, n, (a.as_ptr(), k), b, c.as_mut_ptr()) };
        return;
    }
    gemm((m, k, n), a, false, b, false, 0.0, c);
}

/// A weight matrix laid out once for repeated [`product`]s with the same bits: panels of 16
/// columns, each panel's rows contiguous. Read in place, the rows of a panel of the slot blocks
/// (3,328 columns) are 13 KB apart and fall into a handful of cache sets, so every block of rows
/// fetched the panel again; packed, a panel (16 KB) stays in the L1 cache.
#[derive(Debug, Clone, PartialEq)]
pub struct Packed {
    k: usize,
    n: usize,
    panels: Vec<f32>,
}

impl Packed {
    /// `b` (k×n, row-major) packed, where the fused kernel runs and `n` is a multiple of 16
    /// (otherwise [`product`] is as fast as it gets).
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    pub fn new(b: &[f32], k: usize, n: usize) -> Option<Packed> {
        #[cfg(target_arch = "x86_64")]
        if fused::available(k) && n.is_multiple_of(fused::COLUMNS) {
            let mut panels = Vec::with_capacity(k * n);
            for j in (0..n).step_by(fused::COLUMNS) {
                for l in 0..k {
                    panels.extend_from_slice(&b[l * n + j..l * n + j + fused::COLUMNS]);
                }
            }
            return Some(Packed { k, n, panels });
        }
        None
    }

    /// `c (m×n) = a·b`, the bits of [`product`] with the unpacked `b`.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    pub fn product(&self, m: usize, a: &[f32], c: &mut [f32]) {
        let (k, n) = (self.k, self.n);
        assert!(a.len() >= m * k && c.len() >= m * n);
        #[cfg(target_arch = "x86_64")]
        {
            let b = fused::Panels {
                values: self.panels.as_ptr(),
                row_stride: fused::COLUMNS,
                panel_stride: fused::COLUMNS * k,
                tail: fused::Tail::Padded,
            };
            // SAFETY: a `Packed` exists only where the kernel runs; its panels hold k×n values
            // (n a multiple of 16, so no tail), and the lengths of `a` and `c` were asserted.
            unsafe { fused::product(m, k, n, (a.as_ptr(), k), b, c.as_mut_ptr()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("a Packed exists only where the fused kernel runs");
    }
}

/// The fused kernel of [`product`], [`Packed`] and [`Matrix`]: blocks of up to 6 rows × 16
/// columns held in AVX2 registers (× 32 columns, two panels, in AVX-512 registers where the CPU
/// has them: the same fused chains), each panel of `b` reused by every block of rows. Each
/// output is one chain of fused multiply-adds over the depth in order, from zero, however the
/// rows and panels are blocked.
#[cfg(target_arch = "x86_64")]
mod fused {
    use std::arch::x86_64::{
        __m256, __m512, _mm256_fmadd_ps, _mm256_loadu_ps, _mm256_set1_ps, _mm256_setzero_ps,
        _mm256_storeu_ps, _mm512_fmadd_ps, _mm512_loadu_ps, _mm512_set1_ps, _mm512_setzero_ps,
        _mm512_storeu_ps,
    };

    const ROWS: usize = 6;
    pub(super) const COLUMNS: usize = 16;

    /// Whether the kernel runs here, with `gemm`'s bits, for a depth of `k`.
    pub(super) fn available(k: usize) -> bool {
        k <= 256 && is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")
    }

    /// How `b` holds the columns past its last whole panel of 16.
    pub(super) enum Tail {
        /// Row-major `k×n`: column `j` of row `l` at `values + l·n + j`, read one by one (a
        /// vector load there would run past the row, and past the matrix on its last row).
        Unpacked,
        /// In one more panel, padded with zeros to 16 columns: computed whole, and only its
        /// real columns stored.
        Padded,
    }

    /// Where `b`'s values are: row `l` of the panel of columns `16p..16p + 16` starts at
    /// `values + p·panel_stride + l·row_stride`.
    pub(super) struct Panels {
        pub(super) values: *const f32,
        pub(super) row_stride: usize,
        pub(super) panel_stride: usize,
        pub(super) tail: Tail,
    }

    /// `c (m×n, rows n apart) = a·b`, row `i` of `a` being the `k` values at `a.0 + i·a.1`
    /// (windows that may overlap).
    ///
    /// # Safety
    /// The CPU has AVX2 and FMA; `a` holds m rows of k values at its stride, `c` holds m×n
    /// values, `b` addresses k×n values as its `Panels` say.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn product(
        m: usize,
        k: usize,
        n: usize,
        (a, a_stride): (*const f32, usize),
        b: Panels,
        c: *mut f32,
    ) {
        let full = n / COLUMNS * COLUMNS;
        let panel = |p: usize| b.values.wrapping_add(p * b.panel_stride);
        let mut paired = 0;
        if is_x86_feature_detected!("avx512f") {
            paired = full / (2 * COLUMNS) * 2;
            for p in (0..paired).step_by(2) {
                let panels = (panel(p), panel(p + 1), b.row_stride);
                // SAFETY: panels p and p + 1 and their columns of `c` lie inside the matrices;
                // the CPU has AVX-512F (checked just above).
                unsafe {
                    by_rows!(
                        wide_block,
                        m,
                        k,
                        (a, a_stride),
                        panels,
                        c.add(p * COLUMNS),
                        n
                    )
                };
            }
        }
        for p in paired..full / COLUMNS {
            // The panel's two halves of 8 columns.
            let panels = (panel(p), panel(p).wrapping_add(8), b.row_stride);
            // SAFETY: panel p and its columns of `c` lie inside the matrices.
            unsafe { by_rows!(block, m, k, (a, a_stride), panels, c.add(p * COLUMNS), n) };
        }
        if full == n {
            return;
        }
        match b.tail {
            Tail::Unpacked => {
                for i in 0..m {
                    for j in full..n {
                        let mut sum = 0f32;
                        for l in 0..k {
                            // SAFETY: i < m, l < k, j < n.
                            sum = unsafe {
                                (*a.add(i * a_stride + l)).mul_add(*b.values.add(l * n + j), sum)
                            };
                        }
                        // SAFETY: as above.
                        unsafe { *c.add(i * n + j) = sum };
                    }
                }
            }
            Tail::Padded => {
                let p = full / COLUMNS;
                let panels = (panel(p), panel(p).wrapping_add(8), b.row_stride);
                let mut whole = [0f32; ROWS * COLUMNS];
                for i in (0..m).step_by(ROWS) {
                    let rows = ROWS.min(m - i);
                    // SAFETY: the padded panel holds k rows of 16; `whole` holds the block's
                    // rows of 16 (its stride).
                    unsafe {
                        by_rows!(
                            block,
                            rows,
                            k,
                            (a.add(i * a_stride), a_stride),
                            panels,
                            whole.as_mut_ptr(),
                            COLUMNS
                        );
                    }
                    for r in 0..rows {
                        let kept = &whole[r * COLUMNS..r * COLUMNS + n - full];
                        // SAFETY: row i + r < m of `c`, its columns full..n.
                        unsafe {
                            std::ptr::copy_nonoverlapping(
                                kept.as_ptr(),
                                c.add((i + r) * n + full),
                                n - full,
                            );
                        }
                    }
                }
            }
        }
    }

    /// Runs `$kernel::<R>` over the rows of `a` (and `c`, `$n` apart) in blocks of up to
    /// [`ROWS`].
    macro_rules! by_rows {
        ($kernel:ident, $m:expr, $k:expr, ($a:expr, $a_stride:expr), $panels:expr, $c:expr,
         $n:expr) => {{
            let mut i = 0;
            while i < $m {
                let (a, c) = (($a.add(i * $a_stride), $a_stride), $c.add(i * $n));
                match ($m - i).min(ROWS) {
                    6 => $kernel::<6>($k, a, $panels, c, $n),
                    5 => $kernel::<5>($k, a, $panels, c, $n),
                    4 => $kernel::<4>($k, a, $panels, c, $n),
                    3 => $kernel::<3>($k, a, $panels, c, $n),
                    2 => $kernel::<2>($k, a, $panels, c, $n),
                    _ => $kernel::<1>($k, a, $panels, c, $n),
                }
                i += ROWS;
            }
        }};
    }
    use by_rows;

    /// A kernel for `R` rows of `a` (`a_stride` apart) and `c` (n apart) times two vectors'
    /// worth of columns of `b`, each from its own start (`first`, `second`) with the panel's row
    /// stride: `R × 2` accumulators, each a fused chain over `k` from zero.
    macro_rules! kernel {
        ($(#[$doc:meta])* $name:ident, $feature:literal, $vector:ty, $lanes:literal,
         $zero:ident, $load:ident, $broadcast:ident, $fmadd:ident, $store:ident) => {
            $(#[$doc])*
            #[target_feature(enable = $feature)]
            unsafe fn $name<const R: usize>(
                k: usize,
                (a, a_stride): (*const f32, usize),
                (first, second, row_stride): (*const f32, *const f32, usize),
                c: *mut f32,
                n: usize,
            ) {
                let mut low: [$vector; R] = [$zero(); R];
                let mut high: [$vector; R] = [$zero(); R];
                for l in 0..k {
                    // SAFETY: row l of the panels; row r < R of `a`, column l.
                    unsafe {
                        let bl = $load(first.add(l * row_stride));
                        let bh = $load(second.add(l * row_stride));
                        for r in 0..R {
                            let x = $broadcast(*a.add(r * a_stride + l));
                            low[r] = $fmadd(x, bl, low[r]);
                            high[r] = $fmadd(x, bh, high[r]);
                        }
                    }
                }
                for r in 0..R {
                    // SAFETY: row r of the block of `c`, two vectors of columns.
                    unsafe {
                        $store(c.add(r * n), low[r]);
                        $store(c.add(r * n + $lanes), high[r]);
                    }
                }
            }
        };
    }

    kernel! {
        /// # Safety
        /// As [`product`], for one panel of 16 columns in AVX2 registers.
        block, "avx2,fma", __m256, 8,
        _mm256_setzero_ps, _mm256_loadu_ps, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_storeu_ps
    }

    kernel! {
        /// # Safety
        /// As [`product`], for two panels of 16 columns in AVX-512 registers; the CPU has
        /// AVX-512F.
        wide_block, "avx512f", __m512, 16,
        _mm512_setzero_ps, _mm512_loadu_ps, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_storeu_ps
    }
}

/// Defines an elementwise vector routine twice: as written, and compiled for AVX2 where the CPU
/// has it (checked when called). The order of operations is the same and no multiply-add is
/// fused, so both give the same bits; AVX2 only makes the vectors wider.
macro_rules! vectorised {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) $body:block) => {
        $(#[$doc])*
        pub fn $name($($arg: $ty),*) {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx2")]
                unsafe fn wide($($arg: $ty),*) $body
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has AVX2, checked just above.
                    return unsafe { wide($($arg),*) };
                }
            }
            $body
        }
    };
}

vectorised! {
    /// `out += x · W` for a row vector `x` (length `rows`) and a row-major `rows×cols` matrix.
    fn add_row_times(out: &mut [f32], x: &[f32], w: &[f32]) {
        let cols = out.len();
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                for (y, &wv) in out.iter_mut().zip(&w[i * cols..(i + 1) * cols]) {
                    *y += xi * wv;
                }
            }
        }
    }
}

/// A weight matrix laid out once for repeated [`add_row_times`] with the same bits: blocks of
/// 64 columns (the last padded with zeros), each block's rows contiguous, so that a
/// block's running sums stay in registers while its rows stream in order (row-major, every row
/// would load and store the whole output vector again).
#[derive(Debug, Clone, PartialEq)]
pub struct Chunked {
    rows: usize,
    cols: usize,
    blocks: Vec<f32>,
}

impl Chunked {
    /// `w` (rows×cols, row-major) laid out by blocks of columns.
    pub fn new(w: &[f32], rows: usize, cols: usize) -> Chunked {
        let mut blocks = Vec::with_capacity(rows * cols.next_multiple_of(CHUNK));
        for start in (0..cols).step_by(CHUNK) {
            let end = (start + CHUNK).min(cols);
            for i in 0..rows {
                blocks.extend_from_slice(&w[i * cols + start..i * cols + end]);
                blocks.resize(blocks.len() + CHUNK - (end - start), 0.0);
            }
        }
        Chunked { rows, cols, blocks }
    }

    /// `out += x · W`, the bits of [`add_row_times`] with the matrix as it was given.
    pub fn add_row_times(&self, out: &mut [f32], x: &[f32]) {
        assert!(out.len() == self.cols && x.len() == self.rows);
        add_chunked_row_times(out, x, &self.blocks);
    }
}

vectorised! {
    /// [`Chunked::add_row_times`] over the blocks of a [`Chunked`] matrix with `out.len()`
    /// columns and `x.len()` rows: each output element sums its products in the order of
    /// [`add_row_times`].
    fn add_chunked_row_times(out: &mut [f32], x: &[f32], blocks: &[f32]) {
        let rows = x.len();
        for (block, chunk) in blocks.chunks_exact(rows * CHUNK).zip(out.chunks_mut(CHUNK)) {
            let mut acc = [0f32; CHUNK];
            acc[..chunk.len()].copy_from_slice(chunk);
            for (&xi, row) in x.iter().zip(block.chunks_exact(CHUNK)) {
                if xi != 0.0 {
                    let row: &[f32; CHUNK] = row.try_into().expect("a whole chunk");
                    for j in 0..CHUNK {
                        acc[j] += xi * row[j];
                    }
                }
            }
            chunk.copy_from_slice(&acc[..chunk.len()]);
        }
    }
}

/// The dot product Σᵢ aᵢ·bᵢ, summed in order (a sequential sum, so every caller rounds alike).
#[inline]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// e^x (within 3·10⁻⁷ relative for |x| ≤ 87; the argument is clamped there) by Cody and Waite's
/// reduction x = k·ln 2 + r, |r| ≤ ln 2 / 2, and e^r by its Taylor polynomial of degree 7 (the
/// remainder is below r⁸/8! ≈ 5·10⁻⁹; the rest is rounding): plain arithmetic, so the loops that
/// call it vectorise and give the same bits with and without AVX2.
#[inline(always)]
fn exp(x: f32) -> f32 {
    const LN2_HIGH: f32 = 0.693_359_4;
    const LN2_LOW: f32 = -2.121_944_4e-4;
    let x = x.clamp(-87.0, 87.0);
    let k = (x * std::f32::consts::LOG2_E + 0.5).floor();
    let r = (x - k * LN2_HIGH) - k * LN2_LOW;
    let p = 1.0
        + r * (1.0
            + r * (1.0 / 2.0
                + r * (1.0 / 6.0
                    + r * (1.0 / 24.0
                        + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r * (1.0 / 5040.0)))))));
    p * f32::from_bits(((k as i32 + 127) as u32) << 23)
}

vectorised! {
    /// σ(x) = 1 / (1 + e^{−x}) of every element, in place (e^x within 3·10⁻⁷ relative).
    fn sigmoid(x: &mut [f32]) {
        for v in x {
            *v = 1.0 / (1.0 + exp(-*v));
        }
    }
}

vectorised! {
    /// tanh x = 1 − 2 / (e^{2x} + 1) of every element, in place (within 3·10⁻⁷ absolute).
    fn tanh(x: &mut [f32]) {
        for v in x {
            *v = 1.0 - 2.0 / (exp(2.0 * *v) + 1.0);
        }
    }
}

vectorised! {
    /// `y += a·x`.
    fn axpy(y: &mut [f32], a: f32, x: &[f32]) {
        for (y, &x) in y.iter_mut().zip(x) {
            *y += a * x;
        }
    }
}

/// The columns [`add_rows`] and [`Chunked`] sum in registers at a time (eight AVX2 registers), so
/// that the running sums are stored once rather than after every row.
const CHUNK: usize = 64;

vectorised! {
    /// `y += Σᵣ rᵣ` over the rows `values[o..o + y.len()]` of `offsets`, added in their order.
    fn add_rows(y: &mut [f32], values: &[f32], offsets: &[usize]) {
        for (c, chunk) in y.chunks_mut(CHUNK).enumerate() {
            let (start, len) = (c * CHUNK, chunk.len());
            let row = |o: usize| &values[o + start..o + start + len];
            match <&mut [f32; CHUNK]>::try_from(&mut *chunk) {
                Ok(chunk) => {
                    let mut acc = *chunk;
                    for &o in offsets {
                        let row: &[f32; CHUNK] = row(o).try_into().expect("a whole chunk");
                        for j in 0..CHUNK {
                            acc[j] += row[j];
                        }
                    }
                    *chunk = acc;
                }
                Err(_) => {
                    for &o in offsets {
                        for (y, &x) in chunk.iter_mut().zip(row(o)) {
                            *y += x;
                        }
                    }
                }
            }
        }
    }
}

vectorised! {
    /// `y += x`.
    fn add(y: &mut [f32], x: &[f32]) {
        for (y, &x) in y.iter_mut().zip(x) {
            *y += x;
        }
    }
}

/// Outputs per panel (the fused kernel's columns).
const PANEL: usize = 16;

/// A weight matrix `W` (`outputs × input`, row-major as models store it), packed by panels of
/// 16 outputs: panel `p` holds, for each input `l`, `W[16p..16p + 16][l]` side by side
/// (zeros past the last output).
///
/// Every product `y_o = Σ_l W_ol · x_l` is one chain of fused multiply-adds over `l` in order,
/// from zero. Where the CPU has AVX2 and FMA, tiles of six vectors × sixteen outputs run in its
/// registers (a panel of sixteen outputs, 18 KB for 288 inputs, stays in the L1 cache while every
/// tile passes over it); elsewhere the same chains run one by one (`f32::mul_add`), with the
/// same bits. It is [`product`]'s kernel, reading the rows of `a` as overlapping windows, at any
/// depth (only `gemm`'s bits bound [`product`] to 256).
#[derive(Debug, Clone)]
pub struct Matrix {
    input: usize,
    outputs: usize,
    panels: Vec<f32>,
}

impl Matrix {
    /// `w` (`outputs × input` values, row-major) packed.
    ///
    /// # Panics
    /// When `w` does not hold `outputs × input` values (callers check shapes as they read).
    pub fn new(w: &[f32], outputs: usize, input: usize) -> Matrix {
        assert_eq!(w.len(), outputs * input, "a weight matrix of its shape");
        let count = outputs.div_ceil(PANEL);
        let mut panels = vec![0.0; count * input * PANEL];
        for (o, row) in w.chunks_exact(input.max(1)).enumerate().take(outputs) {
            let (p, j) = (o / PANEL, o % PANEL);
            for (l, &v) in row.iter().enumerate() {
                panels[(p * input + l) * PANEL + j] = v;
            }
        }
        Matrix {
            input,
            outputs,
            panels,
        }
    }

    /// The number of inputs.
    pub fn input(&self) -> usize {
        self.input
    }

    /// `out[t · outputs + o] = Σ_l W_ol · x_t[l]` for the `count` vectors
    /// `x_t = xs[t · stride ..][..input]` (overlapping when `stride < input`, as a sentence's
    /// windows do).
    ///
    /// # Panics
    /// When `xs` or `out` is too short.
    pub fn products(&self, xs: &[f32], stride: usize, count: usize, out: &mut [f32]) {
        assert!(
            out.len() >= count * self.outputs
                && (count == 0 || xs.len() >= (count - 1) * stride + self.input),
            "products: {count} vectors of {} in {} values",
            self.input,
            xs.len()
        );
        if count == 0 || self.outputs == 0 {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            let w = fused::Panels {
                values: self.panels.as_ptr(),
                row_stride: PANEL,
                panel_stride: PANEL * self.input,
                tail: fused::Tail::Padded,
            };
            // SAFETY: the CPU has AVX2 and FMA, checked just above; the panels hold every output
            // padded to whole panels of `input` rows, and the lengths of `xs` (`count` windows
            // `stride` apart) and `out` were asserted.
            unsafe {
                fused::product(
                    count,
                    self.input,
                    self.outputs,
                    (xs.as_ptr(), stride),
                    w,
                    out.as_mut_ptr(),
                );
            };
            return;
        }
        for t in 0..count {
            let x = &xs[t * stride..t * stride + self.input];
            for o in 0..self.outputs {
                let (p, j) = (o / PANEL, o % PANEL);
                let panel = &self.panels[p * self.input * PANEL..(p + 1) * self.input * PANEL];
                out[t * self.outputs + o] = x
                    .iter()
                    .zip(panel.chunks_exact(PANEL))
                    .fold(0.0, |acc, (&x, w)| w[j].mul_add(x, acc));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;

    use super::*;

    #[test]
    fn gemm_transposes() {
        // a = [[1, 2], [3, 4]], b = [[5, 6], [7, 8]].
        let a = [1.0, 2.0, 3.0, 4.0];
        let b = [5.0, 6.0, 7.0, 8.0];
        let mut c = [0.0; 4];
        gemm((2, 2, 2), &a, false, &b, false, 0.0, &mut c);
        assert_eq!(c, [19.0, 22.0, 43.0, 50.0]);
        gemm((2, 2, 2), &a, true, &b, false, 0.0, &mut c);
        assert_eq!(c, [26.0, 30.0, 38.0, 44.0]);
        gemm((2, 2, 2), &a, false, &b, true, 1.0, &mut c);
        assert_eq!(c, [26.0 + 17.0, 30.0 + 23.0, 38.0 + 39.0, 44.0 + 53.0]);
        let mut row = [1.0, 1.0];
        add_row_times(&mut row, &[1.0, 2.0], &b);
        assert_eq!(row, [20.0, 23.0]);
    }

    /// The activations against their definitions in double precision, across the range where
    /// they are not yet flat, and at the extremes.
    #[test]
    fn activations_are_close_to_their_definitions() {
        let xs: Vec<f32> = (-2000..=2000)
            .map(|i| i as f32 / 100.0)
            .chain([-200.0, -87.5, 87.5, 200.0, 1e-6, -1e-6])
            .collect();
        let (mut s, mut t) = (xs.clone(), xs.clone());
        let mut worst = 0f64;
        sigmoid(&mut s);
        tanh(&mut t);
        for ((&x, &s), &t) in xs.iter().zip(&s).zip(&t) {
            let x64 = f64::from(x);
            let sigma = 1.0 / (1.0 + (-x64).exp());
            assert!(
                (f64::from(s) - sigma).abs() <= 2e-7,
                "σ({x}) = {s}, not {sigma}"
            );
            assert!((f64::from(t) - x64.tanh()).abs() <= 3e-7, "tanh {x} = {t}");
            if x.abs() <= 87.0 {
                let e = f64::from(exp(x));
                let error = (e / x64.exp() - 1.0).abs();
                worst = worst.max(error);
                assert!(error <= 3e-7, "exp {x} = {e}, relative error {error}");
            }
        }
        // σ(−200) and σ(200), tanh(−200) and tanh(200): saturated, finite.
        assert!(s[4001] < 1e-37 && s[4004] == 1.0, "{} {}", s[4001], s[4004]);
        assert_eq!((t[4001], t[4004]), (-1.0, 1.0));
        eprintln!("worst relative error of exp: {worst:e}");
    }

    fn random(n: usize, rng: &mut Pcg64) -> Vec<f32> {
        (0..n).map(|_| rng.random_range(-1.0..1.0)).collect()
    }

    #[test]
    fn product_gives_gemms_bits() {
        // The parser's shapes (slot projections, LSTM inputs) and ragged ones: every row count
        // of a block, columns that are not a multiple of 16. Bit equality holds where gemm's
        // kernel fuses (x86-64 with FMA) and trivially elsewhere, where product is gemm.
        let mut rng = Pcg64::seed_from_u64(7);
        for (m, k, n) in [
            (27, 256, 3328),
            (13, 180, 512),
            (7, 5, 37),
            (1, 1, 1),
            (0, 3, 4),
        ] {
            let a = random(m * k, &mut rng);
            let b = random(k * n, &mut rng);
            let (mut ours, mut theirs) = (vec![f32::NAN; m * n], vec![0.0; m * n]);
            product((m, k, n), &a, &b, &mut ours);
            gemm((m, k, n), &a, false, &b, false, 0.0, &mut theirs);
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&ours), bits(&theirs), "{m}×{k}×{n}");
            #[cfg(target_arch = "x86_64")]
            assert_eq!(
                Packed::new(&b, k, n).is_some(),
                fused::available(k) && n % 16 == 0
            );
            if let Some(packed) = Packed::new(&b, k, n) {
                let mut packed_out = vec![f32::NAN; m * n];
                packed.product(m, &a, &mut packed_out);
                assert_eq!(bits(&packed_out), bits(&theirs), "packed {m}×{k}×{n}");
            }
        }
    }

    #[test]
    fn blocked_sums_give_the_bits_of_row_by_row_sums() {
        // The LSTM's recurrent product (128 × 512), the output layer (256 × 82: a ragged last
        // block), a matrix narrower than a block; inputs with zeros, which are skipped.
        let mut rng = Pcg64::seed_from_u64(9);
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        for (rows, cols) in [(128, 512), (256, 82), (7, 5), (1, 64)] {
            let w = random(rows * cols, &mut rng);
            let mut x = random(rows, &mut rng);
            for xi in x.iter_mut().step_by(3) {
                *xi = 0.0;
            }
            let start = random(cols, &mut rng);
            let (mut plain, mut blocked) = (start.clone(), start.clone());
            add_row_times(&mut plain, &x, &w);
            Chunked::new(&w, rows, cols).add_row_times(&mut blocked, &x);
            assert_eq!(bits(&blocked), bits(&plain), "{rows}×{cols}");
            // The rows of `w` at these offsets summed into `start` in order, one `add` each.
            let offsets: Vec<usize> = (0..rows).rev().step_by(2).map(|i| i * cols).collect();
            let (mut plain, mut blocked) = (start.clone(), start);
            for &o in &offsets {
                add(&mut plain, &w[o..o + cols]);
            }
            add_rows(&mut blocked, &w, &offsets);
            assert_eq!(bits(&blocked), bits(&plain), "rows of {rows}×{cols}");
        }
    }

    #[test]
    fn products_are_the_chains_of_fused_multiply_adds_on_any_cpu() {
        // 37 outputs (three panels, the last partial), 21 inputs, 9 overlapping vectors.
        let (outputs, input, count, stride) = (37, 21, 9, 5);
        let w: Vec<f32> = (0..outputs * input)
            .map(|i| ((i * 7919 % 1000) as f32 - 500.0) / 317.0)
            .collect();
        let xs: Vec<f32> = (0..(count - 1) * stride + input)
            .map(|i| ((i * 104_729 % 997) as f32 - 498.0) / 211.0)
            .collect();
        let mut out = vec![f32::NAN; count * outputs];
        Matrix::new(&w, outputs, input).products(&xs, stride, count, &mut out);
        for t in 0..count {
            for o in 0..outputs {
                let chain = (0..input).fold(0.0f32, |acc, l| {
                    w[o * input + l].mul_add(xs[t * stride + l], acc)
                });
                assert_eq!(out[t * outputs + o].to_bits(), chain.to_bits(), "{t} {o}");
            }
        }
    }
}
