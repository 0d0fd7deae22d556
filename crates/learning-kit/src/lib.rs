//! The learning machinery gecbias' taggers and parsers share, so that each keeps only its
//! linguistics:
//!
//! * [`hashing`] — [`KeyMap`], maps keyed by feature hashes, which are not hashed again
//!   (the English tagger's and the UCCA parser's perceptrons);
//! * [`perceptron`] — the [`AveragedPerceptron`] both of them train, averaged lazily;
//! * [`codec`] — the byte layer of every model file ([`ByteReader`], [`ByteWriter`]), each read
//!   checked, each failure an [`Error`] saying what was read where;
//! * [`kernels`] — the dense kernels: matrix products with fixed summation orders ([`gemm`],
//!   [`product`], [`Packed`], [`Matrix`]) and elementwise routines compiled for AVX2 where the
//!   CPU has it, with the same bits on every CPU (the UCCA parser's BiLSTM, spaCy's
//!   `en_core_web_sm` run natively). It is the one module of the workspace with `unsafe` code;
//!   its audit rules are in its documentation;
//! * [`param`] — a trainable matrix with its gradient, Adam's moments and a moving average, and
//!   the seeded generator of each part of an initialisation;
//! * [`half`] — IEEE 754 half precision, the precision model files store weights in.
//!
//! A product with a packed weight matrix, bit for bit the chain of fused multiply-adds:
//!
//! ```
//! use learning_kit::Matrix;
//!
//! // W is 2 outputs × 3 inputs; two input vectors three values apart.
//! let w = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
//! let xs = [1.0, 0.5, 0.25, 2.0, 1.0, 0.5];
//! let mut out = [0.0; 4];
//! Matrix::new(&w, 2, 3).products(&xs, 3, 2, &mut out);
//! assert_eq!(out, [2.75, 8.0, 5.5, 16.0]);
//! ```
//!
//! A perceptron that learned once that feature 7 means class 1, averaged over two examples:
//!
//! ```
//! use learning_kit::AveragedPerceptron;
//!
//! let mut p = AveragedPerceptron::new();
//! p.tick();
//! p.correct(&[7], 1, 0);
//! p.tick();
//! assert_eq!(p.averaged(0, |w| w), vec![(7, vec![(1, 0.5), (0, -0.5)])]);
//! ```
//!
//! Half precision rounds to nearest, ties to even:
//!
//! ```
//! assert_eq!(learning_kit::half::round(0.1), 0.099975586);
//! ```

pub mod codec;
mod error;
pub mod half;
pub mod hashing;
pub mod kernels;
pub mod param;
pub mod perceptron;

pub use codec::{ByteReader, ByteWriter, Prefix};
pub use error::Error;
pub use hashing::{KeyHasher, KeyMap};
pub use kernels::{
    Chunked, Matrix, Packed, add, add_row_times, add_rows, axpy, dot, gemm, product, sigmoid, tanh,
};
pub use param::{Adam, Param, part_rng};
pub use perceptron::{AveragedPerceptron, SparseWeights};
