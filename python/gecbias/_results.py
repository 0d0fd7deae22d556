"""What the functions return: frozen dataclasses with the fields of the command's JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Optional, Tuple

@dataclass(frozen=True)
class Interval:
    """A bootstrap confidence interval of a corpus score: ``point`` is the resampled statistic
    on the whole corpus, ``[low, high]`` the interval at ``level`` by ``method`` (``bca`` or
    ``percentile``)."""

    point: float
    low: float
    high: float
    level: float
    method: str


@dataclass(frozen=True)
class PairedTest:
    """A paired significance test of a system against ``baseline``: the score difference
    (system − baseline), its p-value and the number of resamples (bootstrap) or trials
    (approximate randomisation)."""

    baseline: str
    difference: float
    p_value: float
    trials: int


@dataclass(frozen=True)
class Rank:
    """A system's place in a ranking with significance clusters: its ``position`` by score (1 is
    best), its ``cluster`` (1 is the top; a cluster ends where every system above is
    significantly better than every system below), the systems it is significantly better than
    after the Holm–Bonferroni correction over all pairs, and the ``test`` that decided it
    (``paired-ar:10000|holm:91|alpha:0.05|seed:12345``)."""

    position: int
    cluster: int
    better_than: Tuple[str, ...]
    test: str


@dataclass(frozen=True)
class Score:
    """One system's corpus score for one metric, as a row of ``gecbias score``'s JSON: the
    metric's ``name``, the ``system`` (its name, its path, or ``<systems[k]>`` for a list of
    lines), the ``score``, the number of ``sentences``, the ``signature`` recording every option
    that changes a number, and the bootstrap interval, paired tests and rank when they were asked
    for (``None`` otherwise). The metric's own parts are in its subclass."""

    name: str
    system: str
    score: float
    sentences: int
    signature: str
    confidence: Optional[Interval]
    paired_bs: Optional[PairedTest]
    paired_ar: Optional[PairedTest]
    rank: Optional[Rank]


@dataclass(frozen=True)
class M2Score(Score):
    """The M2 scorer's corpus F_β (``score``) with its precision, recall and edit counts:
    ``correct`` system edits matching a gold edit, ``proposed`` system edits, ``gold`` edits of
    the chosen annotators (m2scorer's running choice of annotator per sentence); with
    ``confidence``, the intervals of P and R from the same resamples."""

    precision: float
    recall: float
    correct: int
    proposed: int
    gold: int
    precision_confidence: Optional[Interval] = None
    recall_confidence: Optional[Interval] = None


@dataclass(frozen=True)
class ErrantScore(Score):
    """ERRANT's corpus F_β (``score``): ``tp``, ``fp``, ``fn`` edit counts with errant_compare's
    choice of reference annotator per sentence, precision and recall; with ``cat``, the same per
    error type group (``categories``, by name: ``R``, ``NOUN`` or ``R:NOUN``; empty without
    ``cat``); with ``confidence``, the intervals of P and R from the same resamples."""

    precision: float
    recall: float
    tp: int
    fp: int
    fn: int
    categories: Dict[str, ErrantCategoryScore] = field(default_factory=dict)
    precision_confidence: Optional[Interval] = None
    recall_confidence: Optional[Interval] = None


@dataclass(frozen=True)
class ErrantCategoryScore:
    """One error type group's P, R and F_β (``f``) and counts over the annotator pairs ERRANT
    chose for the whole corpus (errant_compare's ``-cat`` row), with the bootstrap interval of F
    when ``confidence`` was asked for; ``precision`` is ``None`` where the system made no edit of
    the type (undefined; errant_compare prints 1.0)."""

    precision: Optional[float]
    recall: float
    f: float
    tp: int
    fp: int
    fn: int
    confidence: Optional[Interval] = None


@dataclass(frozen=True)
class GleuScore(Score):
    """compute_gleu's corpus GLEU (``score``, the mean over its 500 rounds of reference draws)
    and the standard deviation over those draws (not an interval over sentences: ask
    :func:`confidence_interval` for that)."""

    std_over_draws: float


@dataclass(frozen=True)
class GreenScore(Score):
    """gec-metrics' GREEN (``score``): F_β of the n-gram counts against the source and each
    sentence's best reference, summed over the corpus, with its precision and recall (geometric
    means over the n-gram orders)."""

    precision: float
    recall: float


@dataclass(frozen=True)
class GoToScorerScore(Score):
    """gec-metrics' GoToScorer (``score``): F_β of the weighted chunk counts against one
    reference, with their precision and recall."""

    precision: float
    recall: float


@dataclass(frozen=True)
class ClemeScore(Score):
    """THUKElab/CLEME (``score``): chunk-level F0.5 of the chunk counts (length-weighted unless
    the signature says ``weights:none``; each sentence's reference chosen as CLEME chooses it),
    with their precision, recall and accuracy."""

    precision: float
    recall: float
    accuracy: float
    tp: float
    fp: float
    fn: float
    tn: float


@dataclass(frozen=True)
class Cleme2Score(Score):
    """CLEME2.0 (``score``: COM, the weighted combination of its four aspects): hit-correction
    (``hit``), wrong-correction (``wrong``), under-correction (``under``) and over-correction
    (``over``), with the chunk counts they come from. Length weights: CLEME2.0's BERTScore
    weigher needs a model and is left out."""

    hit: float
    wrong: float
    under: float
    over: float
    tp: float
    fn: float
    fp_ne: float
    fp_un: float
    tn: float


@dataclass(frozen=True)
class KoyamaGleuScore(Score):
    """Koyama's GLEU (the ``gleu`` package, MultiGEC-2025's): the corpus score of the signature's
    mode (by default ``gleu -f``, the mean over 500 rounds of the package's fixed reference
    draws)."""


@dataclass(frozen=True)
class SariScore(Score):
    """SARI.py's corpus SARI (``score``): the mean of the sentence scores; or EASSE's corpus SARI
    (``sari_variant``), or one of its add, keep and delete scores (``sari_add``, ``sari_keep``,
    ``sari_del``), as fractions; the signature says which."""


@dataclass(frozen=True)
class BleuScore(Score):
    """sacreBLEU 2.6.0's corpus BLEU as a fraction (``score``: sacreBLEU's / 100), with its brevity
    penalty, the outputs' and the closest references' token counts and the n-gram precisions
    (fractions, n = 1…4)."""

    brevity_penalty: float
    hyp_len: int
    precisions: Tuple[float, ...]
    ref_len: int


@dataclass(frozen=True)
class ChrfScore(Score):
    """sacreBLEU 2.6.0's chrF (chrF++ where the signature says ``nw:2``) as a fraction."""


@dataclass(frozen=True)
class LineMeanScore(Score):
    """A simplification metric that is a mean over lines: EASSE 0.2.4's ``sent_bleu`` and
    ``f1_token`` (lowercased 13a tokens) as fractions (EASSE's / 100), iBLEU and FKBLEU as the
    simplification meta-evaluation of Alva-Manchego et al. (2021) computes them (Moses tokens,
    case kept, alpha 0.9), D-SARI of each line as a document (``dsari``, its authors' script),
    one of EASSE's quality-estimation features as EASSE prints it (``compression_ratio``, …,
    ``lexical_complexity``), or SAMSA and SAMSA_abl of the output against its source as EASSE
    computes them on the native UCCA parser (``samsa``, ``samsa_abl``, fractions: EASSE's / 100);
    the signature says which."""


@dataclass(frozen=True)
class FkglScore(Score):
    """EASSE 0.2.4's corpus FKGL (``score``: a grade level, not a fraction; lower reads easier)
    with the counts it comes from: Punkt's sentences (``fkgl_sentences``), words and syllables."""

    fkgl_sentences: int
    syllables: int
    words: int


@dataclass(frozen=True)
class UsimScore(Score):
    """USim of a system's outputs to their sources, as ``score`` ranks it: the mean over
    sentences of USim(source → output) (``score``) and of the other direction."""

    output_to_source: float


@dataclass(frozen=True)
class ConservatismProfile:
    """How conservative an output is against its source (LCB §3.2): per aligned sentence pair,
    WordChange (words changed), index diff and the Spearman ρ of aligned word order, summed or
    averaged here; ``word_change_histogram`` maps the figure's bins (``0-0`` … ``21-30``) to
    sentence counts."""

    system: str
    sentences: int
    unchanged_share: float
    total_word_change: int
    mean_word_change: float
    total_index_diff: int
    mean_spearman_rho: float
    perfect_order: int
    splits: int
    concatenations: int
    word_change_histogram: Dict[str, int]
    word_change_above_30: int
    signature: str


@dataclass(frozen=True)
class Threshold:
    """UnseenEst's estimate above a probability threshold γ: the expected number of valid
    corrections with probability above γ (``variants``) and their probability mass."""

    gamma: float
    variants: float
    mass: float


@dataclass(frozen=True)
class UnseenEstimate:
    """UnseenEst (Zou et al.) for one sentence's crowd corrections: how many corrections were
    given (``answers``) and distinct, the estimated number of valid corrections, and the
    estimate above each of Table 1's thresholds."""

    sentence: str
    answers: int
    distinct_answers: int
    estimated_corrections: float
    above: Tuple[Threshold, ...]
    signature: str


@dataclass(frozen=True)
class UsimResult:
    """USim between sources and outputs: the means over sentence pairs of USim(source → output)
    and USim(output → source)."""

    output: str
    sentences: int
    source_to_output: float
    output_to_source: float
    signature: str


@dataclass(frozen=True)
class ErrantEdit:
    """One edit ERRANT extracts from a correction: original tokens ``o_start:o_end`` become
    corrected tokens ``c_start:c_end`` (``correction``, space-separated), of ERRANT's ``type``
    (``R:VERB:SVA``, ``M:DET``, ``U:PUNCT``; ``operation`` and ``category`` are its parts)."""

    o_start: int
    o_end: int
    c_start: int
    c_end: int
    correction: str
    type: str

    @property
    def operation(self) -> str:
        """``M`` (missing), ``R`` (replacement) or ``U`` (unnecessary); the type where it has
        none (``UNK``)."""
        return self.type.split(":", 1)[0]

    @property
    def category(self) -> str:
        """The type without its operation (``VERB:SVA``); ``UNK`` stays."""
        head, _, rest = self.type.partition(":")
        return rest if head in ("M", "R", "U") else self.type

    def to_m2(self, annotator: int = 0) -> str:
        """The edit as an M2 annotation line, as ``errant_parallel`` writes it."""
        return (
            f"A {self.o_start} {self.o_end}|||{self.type}|||{self.correction}"
            f"|||REQUIRED|||-NONE-|||{annotator}"
        )


@dataclass(frozen=True)
class Token:
    """One token analysed by the built-in English tagger: its Penn Treebank tag (spaCy's
    ``tag_``), Universal POS tag, spaCy's rule lemma (``lemma_``, what ERRANT reads), the lemma in
    UD English-EWT's conventions, and the spaCy dependency label ERRANT reads (``dep`` for the
    relations it ignores)."""

    text: str
    xpos: str
    upos: str
    lemma: str
    ud_lemma: str
    dep: str


@dataclass(frozen=True)
class Correlation:
    """A metric–human correlation over systems; with ``confidence=True`` its 95 % percentile
    bootstrap interval ``[low, high]``, the human ranking re-derived on each resample of the
    judgments (``None`` without)."""

    estimate: float
    low: Optional[float] = None
    high: Optional[float] = None


@dataclass(frozen=True)
class SentenceAgreement:
    """How often a metric's sentence scores order two systems as a judge ranked them (SEEDA's
    ``corr_sentence.py``): ``accuracy`` = agree / pairs, ``kendall`` = (agree − disagree) /
    pairs, over ``pairs`` pairs ranked apart."""

    accuracy: float
    kendall: float
    pairs: int


@dataclass(frozen=True)
class CorrelationChange:
    """A change of one metric's correlation on the same resamples of the judgments: the value
    ``difference``, its 95 % interval and its two-sided bootstrap p-value."""

    difference: float
    low: float
    high: float
    p_bootstrap: float


@dataclass(frozen=True)
class WithReferences:
    """A metric's correlations with the human ``references`` among the systems minus without
    them (``paired=True``): do metrics rank people's corrections as people do?"""

    references: Tuple[str, ...]
    pearson: CorrelationChange
    spearman: CorrelationChange


@dataclass(frozen=True)
class MetricCorrelation:
    """One metric's system ``scores`` (system → score, as ``gecbias score`` gives them), their
    Pearson and Spearman correlations with the human scores and, for SEEDA, the sentence-level
    agreement with the judges (``None`` for GJG15) and, with ``paired=True``, what the human
    references among the systems change."""

    metric: str
    signature: str
    scores: Dict[str, float]
    pearson: Correlation
    spearman: Correlation
    sentence: Optional[SentenceAgreement] = None
    with_references: Optional[WithReferences] = None


@dataclass(frozen=True)
class CorrelationComparison:
    """Two metrics' correlations compared on the same resamples: Δ = corr(a) − corr(b), its
    95 % interval, the two-sided bootstrap p-value, that p after Holm–Bonferroni over the pairs,
    and for Pearson Williams' test of two dependent correlations (``None`` for Spearman or with
    fewer than 4 systems)."""

    a: str
    b: str
    correlation: str
    difference: float
    low: float
    high: float
    p_bootstrap: float
    p_holm: float
    williams_t: Optional[float] = None
    p_williams: Optional[float] = None


@dataclass(frozen=True)
class MetaEvaluation:
    """How well metrics agree with a human ranking of systems: the human scores (Expected Wins,
    system → score), each metric's correlations, the pairs compared (with ``paired=True``) and
    the signature."""

    dataset: str
    human: Dict[str, float]
    metrics: Tuple[MetricCorrelation, ...]
    paired: Tuple[CorrelationComparison, ...]
    signature: str


@dataclass(frozen=True)
class LevelCorrelations:
    """Pearson's r, Spearman's ρ and Kendall's τ-b of a metric with ratings at one level, each
    with its interval under ``confidence=True``; ``None`` where a side is constant (or too few
    items)."""

    pearson: Optional[Correlation]
    spearman: Optional[Correlation]
    kendall: Optional[Correlation]


@dataclass(frozen=True)
class RatedMetricCorrelation:
    """One metric's corpus ``scores`` of the correlated systems, its correlations with their mean
    ratings (``system``: ``None`` with fewer than 3 systems) and with each rated output's rating
    (``segment``, pooled over systems)."""

    metric: str
    signature: str
    scores: Dict[str, float]
    system: Optional[LevelCorrelations]
    segment: Optional[LevelCorrelations]


@dataclass(frozen=True)
class RatingMetaEvaluation:
    """How well metrics agree with ratings of outputs (GMEG, TMU-GFM, Simplicity-DA, structural
    simplicity, ASSET's ratings or your own): the rated ``aspect``, the correlated systems' mean
    ratings, each metric's correlations at system and segment level, the pairs compared at each
    level (with ``paired=True``), the signature and, with ``synthetic``, the system level over
    hybrid systems too."""

    dataset: str
    aspect: str
    human: Dict[str, float]
    segments: int
    rated_outputs: int
    metrics: Tuple[RatedMetricCorrelation, ...]
    paired_system: Tuple[CorrelationComparison, ...]
    paired_segment: Tuple[CorrelationComparison, ...]
    signature: str
    #: With ``synthetic=N``: each metric's system level over the real systems and N hybrids.
    synthetic: Optional[Tuple["RatedMetricCorrelation", ...]] = None


@dataclass(frozen=True)
class EasseEvaluation:
    """What EASSE's ``evaluate`` gives: ``scores`` under its keys in its order (``bleu``,
    ``sent_bleu``, ``sari``, ``sari_legacy``, ``sari_add``, ``sari_keep``, ``sari_del``, ``fkgl``,
    ``f1_token``: those asked for, on EASSE's 0–100 scales and FKGL's grades), and with
    ``quality_estimation=True`` its quality-estimation features (``Compression ratio`` …
    ``Deletions proportion``), unrounded."""

    scores: Dict[str, float]
    quality_estimation: Optional[Dict[str, float]] = None
