//! The neural classifier (TUPA-BiLSTM's recipe, Hershcovich et al. 2017 §4): every token's
//! word-level signals are embedded, a bidirectional LSTM reads the sentence, and a one-hidden-layer
//! MLP scores the transitions from the encodings of the nodes at fixed positions of the state
//! (s0–s3, b0–b3, children and parent of s0 and s1, each by its head terminal) and from
//! embeddings of the state's structure:
//!
//! h = ReLU(b₁ + Σ_k e(head_k)·W_k + Σ_f S_f), scores = h·W₂ + b₂,
//!
//! where e(·) is a BiLSTM encoding (or a learned root / empty vector) of the tokens' embedded
//! signals and, with [`NetworkShape::char_filters`], their character encodings, W_k the first
//! layer's block for slot k and S_f the vector of structural feature f. Because e(·)·W_k depends
//! only on the token, it is computed once per sentence for every token and slot (one matrix
//! product), and a transition costs SLOTS + |f| vector sums and the output layer.

use std::sync::{Arc, OnceLock};

use rand::RngExt;
use rand_pcg::Pcg64;

use crate::characters::{CharEncoder, CharTrace};
use crate::classifier::{Scorer, allowed};
use crate::features::{SLOTS, Sentence, SlotHead, structure};
use crate::lstm::{Lstm, Trace};
use crate::{ACTION_COUNT, Action, Error, State};
use learning_kit::half;
use learning_kit::{
    Adam, Chunked, Packed, Param, add, add_row_times, add_rows, axpy, dot, gemm, part_rng, product,
};

/// The sizes of the network (stored in the model header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct NetworkShape {
    /// Hash buckets of the lower-cased word form.
    pub word_buckets: usize,
    /// Dimensions of a word embedding.
    pub word_dim: usize,
    /// Units of each LSTM direction (an encoding has twice as many).
    pub lstm_hidden: usize,
    /// Units of the MLP's hidden layer.
    pub hidden: usize,
    /// Hash buckets of the structural features.
    pub structure_buckets: usize,
    /// Whether the tokens' inputs include the English tagger's Penn tag and dependency label.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tagger: bool,
    /// Stacked BiLSTM layers, each reading the one below's encodings (the first, the tokens').
    #[serde(default = "one_layer", skip_serializing_if = "is_one_layer")]
    pub lstm_layers: usize,
    /// Filters of the character encoder of each word, whose encoding joins the token's inputs
    /// (0: no character encoder).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub char_filters: usize,
}

fn one_layer() -> usize {
    1
}

fn is_one_layer(layers: &usize) -> bool {
    *layers == 1
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Default for NetworkShape {
    /// The committed model's sizes (it also reads the tagger and encodes characters with 64
    /// filters): words in 32,768 buckets of 64 dimensions, one BiLSTM layer of 128 units per
    /// direction, 256 hidden units, 4,096 structural buckets.
    fn default() -> NetworkShape {
        NetworkShape {
            word_buckets: 1 << 15,
            word_dim: 64,
            lstm_hidden: 128,
            hidden: 256,
            structure_buckets: 1 << 12,
            tagger: false,
            lstm_layers: 1,
            char_filters: 0,
        }
    }
}

impl NetworkShape {
    /// (buckets, dimensions) of each token input group the network reads, in
    /// [`Sentence::token_inputs`] order (the tagger's two last, when read).
    fn groups(&self) -> Vec<(usize, usize)> {
        let mut groups = vec![
            (self.word_buckets, self.word_dim),
            (1 << 10, 8),
            (1 << 10, 8),
            (1 << 12, 16),
            (1 << 12, 16),
            (64, 4),
            (1 << 13, 16),
            (1 << 8, 8),
            (1 << 8, 8),
            (1 << 12, 8),
        ];
        if self.tagger {
            groups.extend([(1 << 8, 16), (1 << 6, 8)]);
        }
        groups
    }

    /// The width of a token's inputs: its groups' embeddings, then its character encoding.
    fn input_dim(&self) -> usize {
        self.groups().iter().map(|g| g.1).sum::<usize>() + self.char_filters
    }

    fn encoding_dim(&self) -> usize {
        2 * self.lstm_hidden
    }

    /// The width of layer `layer`'s input vectors.
    fn layer_input_dim(&self, layer: usize) -> usize {
        if layer == 0 {
            self.input_dim()
        } else {
            self.encoding_dim()
        }
    }
}

/// The English tagger whose analyses a network of `shape` reads ([`NetworkShape::tagger`]): the
/// built-in model (or `$GECBIAS_TAGGER_MODEL`), loaded once per process.
pub(crate) fn tagger_for(
    shape: NetworkShape,
) -> Result<Option<&'static english_tagger::Tagger>, Error> {
    static TAGGER: OnceLock<Result<english_tagger::Tagger, Arc<english_tagger::Error>>> =
        OnceLock::new();
    if !shape.tagger {
        return Ok(None);
    }
    match TAGGER.get_or_init(|| english_tagger::Tagger::default_model().map_err(Arc::new)) {
        Ok(tagger) => Ok(Some(tagger)),
        Err(e) => Err(Error::Tagger { source: e.clone() }),
    }
}

/// The bucket of a hashed value in a table of `buckets` rows; row 0 is the unknown word that word
/// dropout substitutes.
fn bucket(value: u64, buckets: usize) -> usize {
    1 + (value % (buckets as u64 - 1)) as usize
}

/// Every parameter of a network in the file's order, as `&` or `&mut`.
macro_rules! params {
    ($net:expr, $iter:ident, $($borrow:tt)+) => {{
        let mut out: Vec<$($borrow)+ Param> = $net.tables.$iter().collect();
        out.extend([
            $($borrow)+ $net.characters.table,
            $($borrow)+ $net.characters.filters,
            $($borrow)+ $net.characters.bias,
        ]);
        for lstm in $net.layers.$iter().flatten() {
            out.extend([$($borrow)+ lstm.input, $($borrow)+ lstm.recurrent, $($borrow)+ lstm.bias]);
        }
        out.extend([
            $($borrow)+ $net.special,
            $($borrow)+ $net.slots,
            $($borrow)+ $net.structure,
            $($borrow)+ $net.hidden_bias,
            $($borrow)+ $net.output,
            $($borrow)+ $net.output_bias,
        ]);
        out
    }};
}

/// The settings a neural model was trained with (its header says them).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct NeuralSettings {
    /// The network's sizes.
    pub shape: NetworkShape,
    /// Adam's learning rate.
    pub learning_rate: f32,
    /// Probability of replacing a word by the unknown word while training.
    pub word_dropout: f32,
    /// Dropout on the encodings and the hidden layer while training.
    pub dropout: f32,
    /// The decay d of the moving average of the parameters that the model keeps instead of their
    /// last values (Polyak averaging, ā ← d·ā + (1 − d)·θ after every step); `None`: the last
    /// values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_decay: Option<f32>,
    /// Error exploration (Goldberg & Nivre 2012): from the second epoch on, the probability p that
    /// training follows the model's own transition where it is not an oracle transition, so the
    /// model also learns from the states its errors lead to (the oracle gives the transitions
    /// that keep the remaining gold edges buildable there); `None`: always an oracle transition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exploration: Option<f32>,
}

impl Default for NeuralSettings {
    /// The default shape, rate 10⁻³, word dropout 0.1, dropout 0.3.
    fn default() -> NeuralSettings {
        NeuralSettings {
            shape: NetworkShape::default(),
            learning_rate: 1e-3,
            word_dropout: 0.1,
            dropout: 0.3,
            average_decay: None,
            exploration: None,
        }
    }
}

impl NeuralSettings {
    /// Refuses settings training cannot use: a rate that is not positive, a probability or decay
    /// outside its range, no BiLSTM layer.
    pub(crate) fn check(&self) -> Result<(), Error> {
        let unit = |name, value: f32, closed: bool| {
            let ok = (0.0..1.0).contains(&value) || (closed && value == 1.0);
            ok.then_some(()).ok_or(Error::Setting {
                name,
                value: value.to_string(),
                expected: if closed { "in [0, 1]" } else { "in [0, 1)" },
            })
        };
        if !(self.learning_rate.is_finite() && self.learning_rate > 0.0) {
            return Err(Error::Setting {
                name: "learning rate",
                value: self.learning_rate.to_string(),
                expected: "positive",
            });
        }
        if self.shape.lstm_layers == 0 {
            return Err(Error::Setting {
                name: "number of BiLSTM layers",
                value: "0".to_owned(),
                expected: "at least 1",
            });
        }
        unit("word dropout", self.word_dropout, false)?;
        unit("dropout", self.dropout, false)?;
        if let Some(d) = self.average_decay {
            unit("average decay", d, false)?;
        }
        if let Some(p) = self.exploration {
            unit("exploration", p, true)?;
        }
        Ok(())
    }
}

/// The trained network.
#[derive(Clone)]
pub struct Network {
    shape: NetworkShape,
    tables: Vec<Param>,
    /// The words' character encoder (empty without one).
    characters: CharEncoder,
    /// Each BiLSTM layer's forward and backward directions, bottom up.
    layers: Vec<[Lstm; 2]>,
    /// The encodings of the root and of an empty position (2 × E).
    special: Param,
    /// The first layer's blocks for every slot (E × SLOTS·H).
    slots: Param,
    /// The first layer's vectors of the structural features (buckets × H).
    structure: Param,
    hidden_bias: Param,
    /// H × actions.
    output: Param,
    output_bias: Param,
    /// The matrices laid out for the products of a network that no longer changes (a
    /// parser's): set by [`Network::freeze`], dropped by any mutable access to the parameters.
    frozen: Option<Frozen>,
}

/// A frozen network's matrices laid out for speed; the products give the same bits.
#[derive(Clone)]
struct Frozen {
    /// `slots`, where the fused kernel runs.
    slots: Option<Packed>,
    /// Each layer's two recurrent matrices.
    recurrent: Vec<[Chunked; 2]>,
    output: Chunked,
}

/// Equal shapes and parameters (however they are laid out for parsing).
impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        self.shape == other.shape && self.params_ref() == other.params_ref()
    }
}

/// The shape and the number of values, not the values.
impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let values: usize = self.params_ref().iter().map(|p| p.value.len()).sum();
        f.debug_struct("Network")
            .field("shape", &self.shape)
            .field("values", &values)
            .finish()
    }
}

/// Regularisation while training.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Dropout {
    /// Probability of replacing a word by the unknown word.
    pub(crate) word: f32,
    /// Dropout on the encodings and on the hidden layer.
    pub(crate) units: f32,
}

/// One sentence run through the encoder.
#[derive(Debug, Clone, Default)]
pub(crate) struct Encoding {
    tokens: usize,
    /// The table row of every token's every input group, token by token.
    rows: Vec<usize>,
    /// The words' character encodings.
    characters: CharTrace,
    /// Each layer's input (T × its width: the embeddings, then the layer below's encodings) and
    /// its two directions' traces.
    layers: Vec<(Vec<f32>, [Trace; 2])>,
    /// (T + 2) × E: the tokens' encodings, then root and empty.
    encodings: Vec<f32>,
    /// Dropout scale of each encoding unit (T × E; empty when not training).
    mask: Vec<f32>,
    /// (T + 2) × SLOTS·H: every encoding times every slot's block.
    projected: Vec<f32>,
}

impl Encoding {
    fn row(&self, head: SlotHead) -> usize {
        match head {
            SlotHead::Token(i) => i.min(self.tokens.saturating_sub(1)),
            SlotHead::Root => self.tokens,
            SlotHead::Empty => self.tokens + 1,
        }
    }
}

impl Network {
    /// A network of this shape, initialised from `seed`.
    pub(crate) fn new(shape: NetworkShape, seed: u64) -> Network {
        Network::build(shape, Some(seed)).scaled_structure()
    }

    /// A network of `shape` with every value 0, to be filled.
    fn zeros(shape: NetworkShape) -> Network {
        Network::build(shape, None)
    }

    /// The network's matrices, drawn from `seed` (each part from its own generator) or zeros.
    fn build(shape: NetworkShape, seed: Option<u64>) -> Network {
        let e = shape.encoding_dim();
        let h = shape.hidden;
        let rng = |part: u64| seed.map(|s| part_rng(s, part));
        let tables = shape
            .groups()
            .iter()
            .enumerate()
            .map(|(i, &(rows, dim))| Param::table(rows, dim, rng(100 + i as u64).as_mut()))
            .collect();
        Network {
            shape,
            tables,
            characters: CharEncoder::new(shape.char_filters, rng(7)),
            // The first layer's generators are parts 1 and 2, as they were before layers stacked.
            layers: (0..shape.lstm_layers)
                .map(|layer| {
                    let parts = if layer == 0 {
                        [1, 2]
                    } else {
                        [200 + 2 * layer as u64, 201 + 2 * layer as u64]
                    };
                    let inputs = shape.layer_input_dim(layer);
                    [
                        Lstm::new(inputs, shape.lstm_hidden, false, rng(parts[0])),
                        Lstm::new(inputs, shape.lstm_hidden, true, rng(parts[1])),
                    ]
                })
                .collect(),
            special: Param::uniform(2, e, 0.1, rng(3).as_mut()),
            slots: Param::glorot(e, SLOTS * h, rng(4).as_mut()),
            structure: Param::table(shape.structure_buckets, h, rng(5).as_mut()),
            hidden_bias: Param::from_values(1, h, vec![0.0; h]),
            output: Param::glorot(h, ACTION_COUNT, rng(6).as_mut()),
            output_bias: Param::from_values(1, ACTION_COUNT, vec![0.0; ACTION_COUNT]),
            frozen: None,
        }
    }

    /// Prepares the parameters, which will not change any more, for parsing.
    fn freeze(mut self) -> Network {
        let chunked = |p: &Param| Chunked::new(&p.value, p.rows, p.cols);
        self.frozen = Some(Frozen {
            slots: Packed::new(&self.slots.value, self.slots.rows, self.slots.cols),
            recurrent: self
                .layers
                .iter()
                .map(|[f, b]| [chunked(&f.recurrent), chunked(&b.recurrent)])
                .collect(),
            output: chunked(&self.output),
        });
        self
    }

    /// The structural vectors start small: about 60 of them add up in every hidden unit.
    fn scaled_structure(mut self) -> Network {
        for v in &mut self.structure.value {
            *v *= 0.05;
        }
        self
    }

    /// The network's sizes.
    pub fn shape(&self) -> NetworkShape {
        self.shape
    }

    fn params(&mut self) -> Vec<&mut Param> {
        self.frozen = None;
        params!(self, iter_mut, &mut)
    }

    fn params_ref(&self) -> Vec<&Param> {
        params!(self, iter, &)
    }

    /// Runs the encoder over a sentence; `training` adds word and unit dropout.
    pub(crate) fn encode(
        &self,
        sentence: &Sentence,
        training: Option<(&mut Pcg64, Dropout)>,
    ) -> Encoding {
        let t = sentence.len();
        let d = self.shape.input_dim();
        let e = self.shape.encoding_dim();
        let lh = self.shape.lstm_hidden;
        let groups = self.shape.groups();
        let mut enc = Encoding {
            tokens: t,
            ..Encoding::default()
        };
        let mut training = training;
        enc.rows = Vec::with_capacity(t * groups.len());
        for i in 0..t {
            let values = sentence.token_inputs(i);
            for (g, &(buckets, _)) in groups.iter().enumerate() {
                let dropped = g == 0
                    && training
                        .as_mut()
                        .is_some_and(|(rng, dropout)| rng.random::<f32>() < dropout.word);
                enc.rows.push(if dropped {
                    0
                } else {
                    bucket(values[g], buckets)
                });
            }
        }
        enc.characters = self.characters.encode(sentence.words());
        let f = self.shape.char_filters;
        let mut input = Vec::with_capacity(t * d);
        for (i, rows) in enc.rows.chunks_exact(groups.len()).enumerate() {
            for (g, &r) in rows.iter().enumerate() {
                input.extend_from_slice(self.tables[g].row(r));
            }
            input.extend_from_slice(&enc.characters.outputs[i * f..(i + 1) * f]);
        }
        let mut encodings = vec![0.0; (t + 2) * e];
        for (layer, [forward, backward]) in self.layers.iter().enumerate() {
            let mut traces = [Trace::default(), Trace::default()];
            let recurrent = |d: usize| self.frozen.as_ref().map(|f| &f.recurrent[layer][d]);
            forward.forward(&input, t, &mut traces[0], recurrent(0));
            backward.forward(&input, t, &mut traces[1], recurrent(1));
            for i in 0..t {
                let row = &mut encodings[i * e..(i + 1) * e];
                row[..lh].copy_from_slice(&traces[0].outputs[i * lh..(i + 1) * lh]);
                row[lh..].copy_from_slice(&traces[1].outputs[i * lh..(i + 1) * lh]);
            }
            let below = std::mem::replace(&mut input, encodings[..t * e].to_vec());
            enc.layers.push((below, traces));
        }
        enc.encodings = encodings;
        if let Some((rng, dropout)) = training {
            let keep = 1.0 - dropout.units;
            enc.mask = (0..t * e)
                .map(|_| {
                    if rng.random::<f32>() < keep {
                        1.0 / keep
                    } else {
                        0.0
                    }
                })
                .collect();
            for (x, m) in enc.encodings.iter_mut().zip(&enc.mask) {
                *x *= m;
            }
        }
        enc.encodings[t * e..].copy_from_slice(&self.special.value);
        let sh = SLOTS * self.shape.hidden;
        enc.projected = vec![0.0; (t + 2) * sh];
        match self.frozen.as_ref().and_then(|f| f.slots.as_ref()) {
            Some(packed) => packed.product(t + 2, &enc.encodings, &mut enc.projected),
            None => product(
                (t + 2, e, sh),
                &enc.encodings,
                &self.slots.value,
                &mut enc.projected,
            ),
        }
        enc
    }

    /// The hidden layer (before ReLU) for a state's slot heads and structural keys (`rows` is
    /// room for the keys' rows).
    fn hidden_input(
        &self,
        enc: &Encoding,
        heads: &[SlotHead; SLOTS],
        keys: &[u64],
        rows: &mut Vec<usize>,
        out: &mut [f32],
    ) {
        let h = self.shape.hidden;
        out.copy_from_slice(&self.hidden_bias.value);
        let sh = SLOTS * h;
        let mut offsets = [0; SLOTS];
        for (k, (o, &head)) in offsets.iter_mut().zip(heads).enumerate() {
            *o = enc.row(head) * sh + k * h;
        }
        add_rows(out, &enc.projected, &offsets);
        rows.clear();
        rows.extend(
            keys.iter()
                .map(|&key| bucket(key, self.shape.structure_buckets) * h),
        );
        add_rows(out, &self.structure.value, rows);
    }

    fn output(&self, hidden: &[f32], scores: &mut [f32; ACTION_COUNT]) {
        scores.copy_from_slice(&self.output_bias.value);
        match &self.frozen {
            Some(frozen) => frozen.output.add_row_times(scores, hidden),
            None => add_row_times(scores, hidden, &self.output.value),
        }
    }
}

/// The scores of one network, or of an ensemble (networks of one shape trained alike from
/// different seeds), in the states of one sentence: the members' mean score of every action,
/// s(a) = (1/M) Σₘ sₘ(a), whose best allowed action the parser takes.
pub(crate) struct NeuralScorer<'a> {
    sentence: &'a Sentence,
    /// Every member with its encoding of the sentence.
    members: Vec<(&'a Network, Encoding)>,
    heads: [SlotHead; SLOTS],
    keys: Vec<u64>,
    rows: Vec<usize>,
    hidden: Vec<f32>,
    member: [f32; ACTION_COUNT],
}

impl<'a> NeuralScorer<'a> {
    /// A scorer for one sentence (its encodings computed now); `networks` is not empty.
    pub(crate) fn new(networks: &'a [Network], sentence: &'a Sentence) -> NeuralScorer<'a> {
        NeuralScorer {
            sentence,
            members: networks
                .iter()
                .map(|n| (n, n.encode(sentence, None)))
                .collect(),
            heads: [SlotHead::Empty; SLOTS],
            keys: Vec::new(),
            rows: Vec::new(),
            hidden: vec![0.0; networks.first().map_or(0, |n| n.shape.hidden)],
            member: [0.0; ACTION_COUNT],
        }
    }
}

impl Scorer for NeuralScorer<'_> {
    fn scores(&mut self, state: &State, scores: &mut [f32; ACTION_COUNT]) {
        structure(state, self.sentence, &mut self.heads, &mut self.keys);
        for (m, (network, encoding)) in self.members.iter().enumerate() {
            network.hidden_input(
                encoding,
                &self.heads,
                &self.keys,
                &mut self.rows,
                &mut self.hidden,
            );
            for x in &mut self.hidden {
                *x = x.max(0.0);
            }
            if m == 0 {
                network.output(&self.hidden, scores);
            } else {
                network.output(&self.hidden, &mut self.member);
                for (s, x) in scores.iter_mut().zip(&self.member) {
                    *s += x;
                }
            }
        }
        if self.members.len() > 1 {
            let mean = 1.0 / self.members.len() as f32;
            for s in scores.iter_mut() {
                *s *= mean;
            }
        }
    }
}

/// The gradient of one sentence's transitions, gathered in the forward order of the training
/// walk and pushed back through the encoder at the end.
pub(crate) struct SentenceGradient<'n> {
    network: &'n mut Network,
    encoding: Encoding,
    /// (T + 2) × SLOTS·H.
    d_projected: Vec<f32>,
    heads: [SlotHead; SLOTS],
    keys: Vec<u64>,
    rows: Vec<usize>,
    pre: Vec<f32>,
    hidden: Vec<f32>,
    /// The summed loss of the transitions so far.
    pub(crate) loss: f64,
}

impl<'n> SentenceGradient<'n> {
    /// Starts a sentence: encodes it with dropout.
    pub(crate) fn new(
        network: &'n mut Network,
        sentence: &Sentence,
        rng: &mut Pcg64,
        dropout: Dropout,
    ) -> SentenceGradient<'n> {
        let encoding = network.encode(sentence, Some((rng, dropout)));
        let h = network.shape.hidden;
        SentenceGradient {
            d_projected: vec![0.0; encoding.projected.len()],
            encoding,
            heads: [SlotHead::Empty; SLOTS],
            keys: Vec::new(),
            rows: Vec::new(),
            pre: vec![0.0; h],
            hidden: vec![0.0; h],
            loss: 0.0,
            network,
        }
    }

    /// Scores a state (with hidden-layer dropout), writing the scores to `scores`; then
    /// [`SentenceGradient::learn`] takes the loss of the gold action.
    pub(crate) fn score(
        &mut self,
        state: &State,
        sentence: &Sentence,
        rng: &mut Pcg64,
        dropout: Dropout,
        scores: &mut [f32; ACTION_COUNT],
    ) {
        structure(state, sentence, &mut self.heads, &mut self.keys);
        self.network.hidden_input(
            &self.encoding,
            &self.heads,
            &self.keys,
            &mut self.rows,
            &mut self.pre,
        );
        let keep = 1.0 - dropout.units;
        for (h, &p) in self.hidden.iter_mut().zip(&self.pre) {
            *h = if p > 0.0 && rng.random::<f32>() < keep {
                p / keep
            } else {
                0.0
            };
        }
        self.network.output(&self.hidden, scores);
    }

    /// The cross-entropy of `gold` under the softmax of `scores` over the actions allowed in
    /// `state`, and its gradient added for the state last [`scored`](SentenceGradient::score).
    pub(crate) fn learn(&mut self, state: &State, scores: &[f32; ACTION_COUNT], gold: usize) {
        let mut d = [0f32; ACTION_COUNT];
        let mut top = f32::NEG_INFINITY;
        let mut legal = [false; ACTION_COUNT];
        for (i, l) in legal.iter_mut().enumerate() {
            *l = i == gold || Action::from_index(i).is_some_and(|a| allowed(state, a));
            if *l {
                top = top.max(scores[i]);
            }
        }
        let mut total = 0.0f32;
        for i in 0..ACTION_COUNT {
            if legal[i] {
                d[i] = (scores[i] - top).exp();
                total += d[i];
            }
        }
        for x in &mut d {
            *x /= total;
        }
        self.loss -= f64::from(d[gold].max(1e-12).ln());
        d[gold] -= 1.0;
        let net = &mut *self.network;
        let h = net.shape.hidden;
        add(&mut net.output_bias.grad, &d);
        for (j, &x) in self.hidden.iter().enumerate() {
            if x != 0.0 {
                axpy(
                    &mut net.output.grad[j * ACTION_COUNT..(j + 1) * ACTION_COUNT],
                    x,
                    &d,
                );
            }
        }
        let keep_scale: Vec<f32> = self
            .hidden
            .iter()
            .zip(&self.pre)
            .map(|(&x, &p)| if x != 0.0 { x / p } else { 0.0 })
            .collect();
        let mut d_pre = vec![0f32; h];
        for (j, dp) in d_pre.iter_mut().enumerate() {
            if keep_scale[j] != 0.0 {
                let row = &net.output.value[j * ACTION_COUNT..(j + 1) * ACTION_COUNT];
                let dh = dot(row, &d);
                *dp = dh * keep_scale[j];
            }
        }
        add(&mut net.hidden_bias.grad, &d_pre);
        for &key in &self.keys {
            let b = bucket(key, net.shape.structure_buckets);
            add(net.structure.grad_row(b), &d_pre);
        }
        let sh = SLOTS * h;
        for (k, &head) in self.heads.iter().enumerate() {
            let row = self.encoding.row(head);
            add(
                &mut self.d_projected[row * sh + k * h..row * sh + (k + 1) * h],
                &d_pre,
            );
        }
    }

    /// Pushes the sentence's gradient back through the slot blocks, the encoder and the
    /// embeddings.
    pub(crate) fn finish(self) {
        let SentenceGradient {
            network: net,
            encoding: enc,
            d_projected,
            ..
        } = self;
        let t = enc.tokens;
        let e = net.shape.encoding_dim();
        let sh = SLOTS * net.shape.hidden;
        let lh = net.shape.lstm_hidden;
        let d = net.shape.input_dim();
        gemm(
            (e, t + 2, sh),
            &enc.encodings,
            true,
            &d_projected,
            false,
            1.0,
            &mut net.slots.grad,
        );
        let mut d_enc = vec![0f32; (t + 2) * e];
        gemm(
            (t + 2, sh, e),
            &d_projected,
            false,
            &net.slots.value,
            true,
            0.0,
            &mut d_enc,
        );
        add(&mut net.special.grad, &d_enc[t * e..]);
        if t == 0 {
            return;
        }
        for (x, m) in d_enc.iter_mut().zip(&enc.mask) {
            *x *= m;
        }
        // Down the layers: the gradient by a layer's encodings becomes the gradient by the
        // layer's input, which is the encodings of the layer below (or the embeddings).
        let mut d_inputs = d_enc[..t * e].to_vec();
        for (layer, ([forward, backward], (input, traces))) in
            net.layers.iter_mut().zip(&enc.layers).enumerate().rev()
        {
            let mut d_forward = vec![0f32; t * lh];
            let mut d_backward = vec![0f32; t * lh];
            for i in 0..t {
                d_forward[i * lh..(i + 1) * lh].copy_from_slice(&d_inputs[i * e..i * e + lh]);
                d_backward[i * lh..(i + 1) * lh]
                    .copy_from_slice(&d_inputs[i * e + lh..(i + 1) * e]);
            }
            let width = net.shape.layer_input_dim(layer);
            d_inputs = vec![0f32; t * width];
            forward.backward(input, t, &traces[0], &d_forward, &mut d_inputs);
            let mut d_more = vec![0f32; t * width];
            backward.backward(input, t, &traces[1], &d_backward, &mut d_more);
            add(&mut d_inputs, &d_more);
        }
        let f = net.shape.char_filters;
        let mut d_characters = Vec::with_capacity(t * f);
        for (i, rows) in enc.rows.chunks_exact(net.tables.len()).enumerate() {
            let mut at = i * d;
            for (g, &r) in rows.iter().enumerate() {
                let dim = net.tables[g].cols;
                add(net.tables[g].grad_row(r), &d_inputs[at..at + dim]);
                at += dim;
            }
            d_characters.extend_from_slice(&d_inputs[at..at + f]);
        }
        net.characters.backward(&enc.characters, &d_characters);
    }
}

impl Network {
    /// Allocates gradients and optimiser state.
    pub(crate) fn start_training(&mut self) {
        for p in self.params() {
            p.start_training();
        }
    }

    /// Starts a moving average of the parameters (see [`Param::averaged`]).
    pub(crate) fn start_averaging(&mut self) {
        for p in self.params() {
            p.start_averaging();
        }
    }

    /// One Adam step of the gradient gathered since the last, averaged over `count` transitions
    /// and clipped to global norm `clip`; with `average` (a decay) the moving average follows.
    pub(crate) fn step(
        &mut self,
        adam: Adam,
        t: u32,
        (count, clip): (usize, f32),
        average: Option<f32>,
    ) {
        let mut scale = 1.0 / count.max(1) as f32;
        let norm = self
            .params()
            .iter()
            .map(|p| p.grad_norm2())
            .sum::<f64>()
            .sqrt() as f32
            * scale;
        if norm > clip {
            scale *= clip / norm;
        }
        for p in self.params() {
            p.step(adam, t, scale, average);
        }
    }

    /// The parameters' values in a fixed order, as little-endian IEEE 754 half precision (the
    /// precision a model file stores).
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for p in self.params_ref() {
            for &v in &p.value {
                out.extend(half::to_bits(v).to_le_bytes());
            }
        }
        out
    }

    /// The bytes [`Network::to_bytes`] writes for a network of `shape`.
    pub(crate) fn byte_len(shape: NetworkShape) -> usize {
        let (e, h) = (shape.encoding_dim(), shape.hidden);
        let lstm: usize = (0..shape.lstm_layers)
            .map(|layer| {
                shape.layer_input_dim(layer) * 4 * shape.lstm_hidden
                    + shape.lstm_hidden * 4 * shape.lstm_hidden
                    + 4 * shape.lstm_hidden
            })
            .sum();
        let tables: usize = shape
            .groups()
            .iter()
            .map(|(rows, dim)| rows * dim)
            .sum::<usize>()
            + CharEncoder::values(shape.char_filters);
        2 * (tables
            + 2 * lstm
            + 2 * e
            + e * SLOTS * h
            + shape.structure_buckets * h
            + h
            + h * ACTION_COUNT
            + ACTION_COUNT)
    }

    /// A network of `shape` from [`Network::to_bytes`]; `None` when the length is not the
    /// shape's.
    pub(crate) fn from_bytes(shape: NetworkShape, bytes: &[u8]) -> Option<Network> {
        if bytes.len() != Network::byte_len(shape) {
            return None;
        }
        let mut network = Network::zeros(shape);
        let mut halves = bytes
            .chunks_exact(2)
            .map(|b| half::from_bits(u16::from_le_bytes([b[0], b[1]])));
        for p in network.params() {
            for v in &mut p.value {
                *v = halves.next()?;
            }
        }
        Some(network.freeze())
    }

    /// A copy of the values as a model file stores them (rounded to half precision), without
    /// gradient or optimiser state; with `average` (decay, step), of the moving average instead.
    pub(crate) fn rounded(&self, average: Option<(f32, u32)>) -> Network {
        let mut copy = Network::zeros(self.shape);
        for (to, from) in copy.params().into_iter().zip(self.params_ref()) {
            let averaged = average.map(|(decay, t)| from.averaged(decay, t));
            for (t, &f) in to
                .value
                .iter_mut()
                .zip(averaged.as_ref().unwrap_or(&from.value))
            {
                *t = half::round(f);
            }
        }
        copy.freeze()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::Sentence;
    use crate::lexicon::Lexicon;
    use crate::state::Token;
    use rand::SeedableRng;

    fn tiny() -> NetworkShape {
        NetworkShape {
            word_buckets: 64,
            word_dim: 4,
            lstm_hidden: 3,
            hidden: 5,
            structure_buckets: 32,
            tagger: true,
            lstm_layers: 1,
            char_filters: 0,
        }
    }

    fn sentence() -> (Sentence, Vec<bool>) {
        let tokens: Vec<Token> = ["John", "gave", "Mary", "a", "book", "."]
            .into_iter()
            .map(Token::new)
            .collect();
        (
            Sentence::new(&tokens, &Lexicon::default(), tagger_for(tiny()).unwrap()),
            tokens.iter().map(|t| t.punctuation).collect(),
        )
    }

    #[test]
    fn settings_out_of_range_are_refused_by_name() {
        assert!(NeuralSettings::default().check().is_ok());
        let full = NeuralSettings {
            exploration: Some(1.0),
            average_decay: Some(0.0),
            ..NeuralSettings::default()
        };
        assert!(full.check().is_ok());
        let d = NeuralSettings::default;
        let mut layers = d();
        layers.shape.lstm_layers = 0;
        for (settings, message) in [
            (
                NeuralSettings {
                    exploration: Some(1.5),
                    ..d()
                },
                "the exploration is 1.5; it must be in [0, 1]",
            ),
            (
                NeuralSettings {
                    word_dropout: 1.0,
                    ..d()
                },
                "the word dropout is 1; it must be in [0, 1)",
            ),
            (
                NeuralSettings {
                    average_decay: Some(-0.5),
                    ..d()
                },
                "the average decay is -0.5; it must be in [0, 1)",
            ),
            (
                NeuralSettings {
                    learning_rate: f32::NAN,
                    ..d()
                },
                "the learning rate is NaN; it must be positive",
            ),
            (
                layers,
                "the number of BiLSTM layers is 0; it must be at least 1",
            ),
        ] {
            assert_eq!(settings.check().unwrap_err().to_string(), message);
        }
    }

    /// The loss of a fixed walk (SHIFT, SHIFT, NODE…) with no dropout, and its gradient.
    fn loss(network: &mut Network, s: &Sentence, punctuation: &[bool]) -> f64 {
        let mut rng = Pcg64::seed_from_u64(1);
        let none = Dropout {
            word: 0.0,
            units: 0.0,
        };
        let mut g = SentenceGradient::new(network, s, &mut rng, none);
        let mut state = State::new(punctuation);
        let mut scores = [0f32; ACTION_COUNT];
        for _ in 0..6 {
            g.score(&state, s, &mut rng, none, &mut scores);
            let gold = (0..ACTION_COUNT)
                .find(|&i| Action::from_index(i).is_some_and(|a| allowed(&state, a)))
                .unwrap_or(0);
            g.learn(&state, &scores, gold);
            if let Some(a) = Action::from_index(gold) {
                state.apply(a);
            }
        }
        let loss = g.loss;
        g.finish();
        loss
    }

    #[test]
    fn gradient_matches_finite_differences() {
        gradient_check(tiny());
    }

    #[test]
    fn gradient_matches_finite_differences_through_stacked_layers() {
        gradient_check(NetworkShape {
            lstm_layers: 2,
            ..tiny()
        });
    }

    #[test]
    fn gradient_matches_finite_differences_through_the_character_encoder() {
        gradient_check(NetworkShape {
            char_filters: 4,
            ..tiny()
        });
    }

    fn gradient_check(shape: NetworkShape) {
        let (s, punctuation) = sentence();
        let mut network = Network::new(shape, 7);
        network.start_training();
        loss(&mut network, &s, &punctuation);
        let analytic: Vec<Vec<f32>> = network.params().iter().map(|p| p.grad.clone()).collect();
        let mut checked = 0;
        for (pi, grads) in analytic.iter().enumerate().filter(|(_, g)| !g.is_empty()) {
            let mut order: Vec<usize> = (0..grads.len()).collect();
            order.sort_by(|&a, &b| grads[b].abs().total_cmp(&grads[a].abs()));
            order.truncate(3);
            order.push(0);
            for i in order {
                let h = 1e-2f32;
                let mut plus = network.clone();
                plus.params()[pi].value[i] += h;
                let mut minus = network.clone();
                minus.params()[pi].value[i] -= h;
                let numeric = (loss(&mut plus, &s, &punctuation)
                    - loss(&mut minus, &s, &punctuation))
                    / (2.0 * f64::from(h));
                let a = f64::from(grads[i]);
                assert!(
                    (numeric - a).abs() <= 1e-3 + 2e-2 * a.abs().max(numeric.abs()),
                    "parameter {pi} element {i}: analytic {a}, numeric {numeric}"
                );
                checked += usize::from(a != 0.0);
            }
        }
        assert!(checked > 40, "{checked} elements checked");
    }

    #[test]
    fn bytes_round_trip() {
        let with_characters = NetworkShape {
            char_filters: 4,
            ..tiny()
        };
        for shape in [tiny(), with_characters] {
            let network = Network::new(shape, 3);
            let bytes = network.to_bytes();
            assert_eq!(bytes.len(), Network::byte_len(shape));
            let back = Network::from_bytes(shape, &bytes).expect("same shape");
            assert_eq!(back, network.rounded(None));
            assert_eq!(back.to_bytes(), bytes);
            assert!(Network::from_bytes(shape, &bytes[1..]).is_none());
        }
        assert_eq!(
            Network::byte_len(with_characters) - Network::byte_len(tiny()),
            2 * (1024 * 16 + 48 * 4 + 4 + 2 * 4 * 4 * 3)
        );
    }

    /// The scores of `networks` together in the states of a greedy walk over [`sentence`] (the
    /// `guide` network's best allowed action each time), ten states at most.
    fn walk_scores(guide: &Network, networks: &[Network]) -> Vec<[f32; ACTION_COUNT]> {
        let (s, punctuation) = sentence();
        let mut scorer = NeuralScorer::new(networks, &s);
        let mut guide = NeuralScorer::new(std::slice::from_ref(guide), &s);
        let mut state = State::new(&punctuation);
        let mut out = Vec::new();
        while !state.finished && out.len() < 10 {
            let (mut scores, mut first) = ([0f32; ACTION_COUNT], [0f32; ACTION_COUNT]);
            scorer.scores(&state, &mut scores);
            out.push(scores);
            guide.scores(&state, &mut first);
            match crate::classifier::best_legal(&state, &first) {
                Some(action) => state.apply(action),
                None => break,
            }
        }
        out
    }

    #[test]
    fn a_frozen_network_scores_with_the_bits_of_the_unfrozen_one() {
        // Wide enough for whole blocks of the frozen layouts and their ragged ends.
        let shape = NetworkShape {
            lstm_hidden: 20,
            hidden: 70,
            char_filters: 4,
            ..tiny()
        };
        let frozen = Network::new(shape, 3).rounded(None);
        assert!(frozen.frozen.is_some());
        let mut unfrozen = frozen.clone();
        unfrozen.params();
        assert!(unfrozen.frozen.is_none());
        let bits = |v: Vec<[f32; ACTION_COUNT]>| {
            v.iter()
                .flat_map(|s| s.map(f32::to_bits))
                .collect::<Vec<_>>()
        };
        let scores = walk_scores(&frozen, std::slice::from_ref(&frozen));
        assert!(scores.len() >= 6, "{} states", scores.len());
        assert_eq!(bits(scores), bits(walk_scores(&frozen, &[unfrozen])));
    }

    #[test]
    fn an_ensemble_scores_each_action_by_its_members_mean() {
        let members: Vec<Network> = (1..=3).map(|seed| Network::new(tiny(), seed)).collect();
        // Every walk follows the first member, so the i-th states are the same state.
        let guide = &members[0];
        let alone: Vec<_> = members
            .iter()
            .map(|m| walk_scores(guide, std::slice::from_ref(m)))
            .collect();
        let (pair, trio) = (
            walk_scores(guide, &members[..2]),
            walk_scores(guide, &members),
        );
        for (i, (p, t)) in pair.iter().zip(&trio).enumerate() {
            for a in 0..ACTION_COUNT {
                let mean2 = (alone[0][i][a] + alone[1][i][a]) / 2.0;
                let mean3 = (alone[0][i][a] + alone[1][i][a] + alone[2][i][a]) / 3.0;
                assert!((p[a] - mean2).abs() <= 1e-6, "state {i} action {a}");
                assert!((t[a] - mean3).abs() <= 1e-6, "state {i} action {a}");
            }
        }
        assert_ne!(pair, alone[0], "a second member changes the scores");
    }
}
