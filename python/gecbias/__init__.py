"""gecbias: the evaluation measures of Choshen & Abend (2018) for grammatical error correction
(GEC) and text simplification, from Python.

Every function runs the Rust code of the ``gecbias`` command in-process (no subprocess, no
temporary file, the GIL released while it works) and returns a small frozen dataclass with the
same fields and the same signature string as the command's JSON. One Python value means one
thing in every function: a ``str`` or ``os.PathLike`` is always a path, a sequence of ``str`` is
always lines (one input, held in memory under the argument's name, so that a message reads
``<gold>:3: …``), several inputs are a sequence of paths (``os.PathLike``) or of line lists, or a
mapping from names to inputs (``{"AMU": "paragraphs/AMU"}``).

* Reference-based scores, with the command's signatures: :func:`m2_score` (m2scorer's F0.5),
  :func:`errant_compare` (ERRANT's), :func:`gleu` (compute_gleu's), :func:`sari` (SARI.py's);
  ERRANT from text, per error type (``score("errant", …, source=…, cat=2)``);
  any of them with a bootstrap interval (:func:`confidence_interval`), a paired test against a
  baseline (:func:`paired_test`) or ranked into significance clusters (:func:`rank`),
  sacrebleu's conventions (1000 resamples, seed 12345); or all systems at once with
  :func:`score`, or with a :class:`Scorer` prepared once for many system sets.
* Corpora read once and scored many times (a training loop's use): :class:`M2Gold` (whole
  hypothesis sets or batches of its sentences) and :class:`GleuCorpus`.
* How conservative a system is: :func:`conservatism` (WordChange, word order, splits).
* How many valid corrections a sentence has: :func:`unseen_estimate` (UnseenEst).
* What a correction changes: :func:`errant_parallel` (ERRANT's typed edits, natively: no spaCy).
* Semantic faithfulness without references: :func:`usim` (UCCA XML passages),
  :func:`usim_text` (raw text, through the native UCCA parser) and :func:`parse`.
* How well metrics agree with people: :func:`meta_eval` (GJG15's and SEEDA's human rankings of
  the CoNLL-2014 systems; GMEG, TMU-GFM, Simplicity-DA, structural simplicity and ASSET's
  ratings; or your own ratings), correlations with bootstrap intervals, paired tests between
  metrics.

Bad input raises :class:`InputError` (a ``ValueError``) whose message names the file (or the
argument) and the line; a missing file raises ``FileNotFoundError``; an argument of the wrong
type ``TypeError``, a value out of range or not among the choices ``ValueError``, each naming
the argument.

>>> import gecbias
>>> gold = gecbias.M2Gold(["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""])
>>> result = gold.score(["He goes to school ."])
>>> result.score, result.correct, result.proposed, result.gold
(1.0, 1, 1, 1)
>>> result.signature.startswith("M2|refs:1|beta:0.5|muw:2")
True
"""

from __future__ import annotations

import os
import pathlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, List, Literal, Optional, Sequence, Tuple, Type, TypedDict, TypeVar, Union, get_args, overload

from . import _native
from ._inputs import (
    Inputs,
    Lines,
    PathLike,
    MAX_CHRF_CHAR_ORDER,
    MAX_CHRF_WORD_ORDER,
    MAX_GREEN_ORDER,
    MAX_ITERATIONS,
    MAX_KOYAMA_ORDER,
    beta as beta_value,
    checked_lines,
    choice,
    count,
    path_of,
    positive,
    named,
    resamples as resamples_value,
    read_lines,
    several,
)
from ._native import InputError

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._native import NativeOptions
from ._results import (
    ConservatismProfile,
    EasseEvaluation,
    Correlation,
    CorrelationChange,
    CorrelationComparison,
    ErrantCategoryScore,
    ErrantEdit,
    ErrantScore,
    GleuScore,
    GoToScorerScore,
    ClemeScore,
    Cleme2Score,
    GreenScore,
    Interval,
    KoyamaGleuScore,
    M2Score,
    LevelCorrelations,
    MetaEvaluation,
    MetricCorrelation,
    RatedMetricCorrelation,
    RatingMetaEvaluation,
    PairedTest,
    Rank,
    SariScore,
    BleuScore,
    ChrfScore,
    LineMeanScore,
    FkglScore,
    SentenceAgreement,
    WithReferences,
    Score,
    Threshold,
    Token,
    UnseenEstimate,
    UsimResult,
    UsimScore,
)

__all__ = [
    "InputError",
    "Lines",
    "Inputs",
    "PathLike",
    "Metric",
    "CiMethod",
    "ErrantMode",
    "Average",
    "Merge",
    "UsimParams",
    "GreenUnit",
    "KoyamaMode",
    "Resampling",
    "ScoreOptions",
    "Interval",
    "PairedTest",
    "Rank",
    "Score",
    "M2Score",
    "ErrantScore",
    "ErrantCategoryScore",
    "ErrantEdit",
    "GleuScore",
    "GreenScore",
    "KoyamaGleuScore",
    "GoToScorerScore",
    "ClemeScore",
    "Cleme2Score",
    "SariScore",
    "BleuScore",
    "ChrfScore",
    "LineMeanScore",
    "FkglScore",
    "EasseEvaluation",
    "UsimScore",
    "ConservatismProfile",
    "UnseenEstimate",
    "Threshold",
    "UsimResult",
    "Token",
    "MetaMetric",
    "ResampleUnit",
    "Correlation",
    "MetricCorrelation",
    "SentenceAgreement",
    "CorrelationChange",
    "WithReferences",
    "CorrelationComparison",
    "MetaEvaluation",
    "RatingMetaEvaluation",
    "RatedMetricCorrelation",
    "LevelCorrelations",
    "meta_eval",
    "M2Gold",
    "GleuCorpus",
    "Scorer",
    "score",
    "rank",
    "m2_score",
    "errant_compare",
    "gleu",
    "sari",
    "easse_evaluate",
    "report",
    "confidence_interval",
    "paired_test",
    "conservatism",
    "unseen_estimate",
    "usim",
    "usim_text",
    "parse",
    "errant_parallel",
    "tag",
    "DEFAULT_SEED",
    "__version__",
]

__version__: str = _native.__version__
#: The seed of every resampling unless one is given: sacrebleu's 12345, the engine's
#: ``DEFAULT_SEED``.
DEFAULT_SEED: int = _native.DEFAULT_SEED

#: The metrics of :func:`score`.
Metric = Literal[
    "m2", "errant", "gleu", "sari", "green", "koyama-gleu", "gotoscorer", "cleme", "cleme2", "usim", "bleu", "chrf", "fkgl",
    "sent_bleu", "f1_token", "ibleu", "fkbleu", "sari_add", "sari_keep", "sari_del", "dsari",
    "compression_ratio", "sentence_splits", "levenshtein_similarity", "exact_copies",
    "additions_proportion", "deletions_proportion", "lexical_complexity", "samsa", "samsa_abl"
]
#: The metrics that are means over lines (:class:`LineMeanScore`).
LineMeanMetric = Literal[
    "sent_bleu", "f1_token", "ibleu", "fkbleu", "dsari", "compression_ratio", "sentence_splits",
    "levenshtein_similarity", "exact_copies", "additions_proportion", "deletions_proportion",
    "lexical_complexity", "samsa", "samsa_abl"
]
#: EASSE's corpus SARI's operation scores (its ``sari_by_operation``), :class:`SariScore`.
SariOperationMetric = Literal["sari_add", "sari_keep", "sari_del"]
#: A bootstrap interval: bias-corrected and accelerated, or percentile.
CiMethod = Literal["bca", "percentile"]
#: What ERRANT counts as the same edit (errant_compare's ``-cs``, ``-cse``, ``-ds``, ``-dt``).
ErrantMode = Literal["cs", "cse", "ds", "dt"]
#: ERRANT's corpus score over all edits (errant_compare's) or the mean over error types.
Average = Literal["micro", "macro"]
#: The analysis of English ERRANT types with: spaCy's en_core_web_sm 3.8 run natively (ERRANT's
#: own) or the EWT-trained tagger (faster, not ERRANT's).
ErrantAnalyser = Literal["spacy", "ewt"]
#: ERRANT's merging of adjacent alignment operations.
Merge = Literal["rules", "all-split", "all-merge", "all-equal"]
#: USim as released (ucca 1.0.50) or as the authors' 2017 branch computed it.
UsimParams = Literal["released", "branch-2017"]
#: A UCCA parser built into the package: the BiLSTM (the default) or the faster perceptron.
BuiltinParser = Literal["bilstm", "perceptron"]
#: The metrics :func:`meta_eval` correlates with people: the engine's whole catalogue, and ERRANT
#: macro-averaged over its error types.
MetaMetric = Literal[
    "m2", "errant", "errant-macro", "gleu", "sari", "green", "koyama-gleu", "gotoscorer", "cleme", "cleme2",
    "usim", "bleu", "chrf", "fkgl", "sent_bleu", "f1_token", "ibleu", "fkbleu", "sari_add", "sari_keep",
    "sari_del", "dsari", "compression_ratio", "sentence_splits", "levenshtein_similarity", "exact_copies",
    "additions_proportion", "deletions_proportion", "lexical_complexity", "samsa", "samsa_abl",
]
#: What a bootstrap resample of human judgments draws.
ResampleUnit = Literal["rankings", "sentences", "comparisons"]

#: The engine's catalogue of metrics, which :data:`Metric` spells for the type checker (a test
#: holds the two equal).
_METRICS = tuple(_native.metric_names()[0])
#: What GREEN's n-grams are made of: words (split at spaces) or characters.
GreenUnit = Literal["word", "char"]
#: Which of Koyama's GLEU scores is the corpus score: ``gleu -f`` (the mean over rounds of the
#: package's fixed reference draws), ``gleu -m`` (each sentence's best reference), ``mgleu`` or
#: ``mgleu -m`` (the mean of the sentence scores over the references, or of the best ones).
KoyamaMode = Literal["sampled", "best-reference", "sentence-mean", "sentence-mean-max"]
_SCORE_TYPES: Dict[str, Type[Score]] = {
    "m2": M2Score,
    "errant": ErrantScore,
    "gleu": GleuScore,
    "sari": SariScore,
    "green": GreenScore,
    "koyama-gleu": KoyamaGleuScore,
    "gotoscorer": GoToScorerScore,
    "cleme": ClemeScore,
    "cleme2": Cleme2Score,
    "usim": UsimScore,
    "bleu": BleuScore,
    "chrf": ChrfScore,
    "fkgl": FkglScore,
    **{name: LineMeanScore for name in get_args(LineMeanMetric)},
    **{name: SariScore for name in get_args(SariOperationMetric)},
}
#: Which SARI: SARI.py's mean sentence SARI, or EASSE's corpus SARI (what simplification papers
#: publish) in its default, ``legacy`` and paper variants.
SariVariant = Literal["sari.py", "easse", "easse-legacy", "easse-paper"]
#: sacreBLEU's tokenizers (BLEU's ``bleu_tokenize``).
BleuTokenize = Literal["13a", "intl", "char", "none"]
#: FKGL's tokenizers (``fkgl_tokenize``): sacreBLEU's and EASSE's ``moses`` and ``penn``.
FkglTokenize = Literal["13a", "intl", "char", "none", "moses", "penn"]
#: sacreBLEU's smoothing of zero n-gram matches (BLEU's ``bleu_smooth``).
BleuSmooth = Literal["exp", "floor", "add-k", "none"]
#: CLEME's assumption: output chunks against each reference on its own, or all at once.
ClemeAssumption = Literal["dependent", "independent"]
#: CLEME's chunk weights: its length weigher, or every chunk 1.
ClemeWeights = Literal["length", "none"]
#: CLEME's corpus score: summed counts, or the mean of the sentences' scores.
ClemeLevel = Literal["corpus", "sentence"]


@dataclass(frozen=True)
class Resampling:
    """What :func:`score` resamples, sacrebleu's conventions: a bootstrap ``confidence``
    interval (95 %, ``confidence_n`` resamples, ``ci_method``), paired tests of each system
    against the first (``paired_bs``: bootstrap, ``paired_bs_n`` resamples; ``paired_ar``:
    approximate randomisation, ``paired_ar_n`` trials), a ranking into significance clusters
    (``rank``: every pair by approximate randomisation, Holm–Bonferroni at ``rank_alpha``), all
    seeded by ``seed``: equal arguments give equal numbers on any number of threads."""

    confidence: bool = False
    confidence_n: int = 1000
    ci_method: CiMethod = "bca"
    paired_bs: bool = False
    paired_bs_n: int = 1000
    paired_ar: bool = False
    paired_ar_n: int = 10_000
    rank: bool = False
    rank_alpha: float = 0.05
    seed: int = DEFAULT_SEED

    def native(
        self,
    ) -> Tuple[Optional[Tuple[int, str]], Optional[int], Optional[int], Optional[Tuple[int, float]], int]:
        """The settings as the native scorer takes them, each value checked (naming the field
        when wrong)."""
        confidence = None
        if self.confidence:
            method = choice(self.ci_method, ("bca", "percentile"), "ci_method")
            confidence = (resamples_value(self.confidence_n, "confidence_n"), method)
        paired_bs = resamples_value(self.paired_bs_n, "paired_bs_n") if self.paired_bs else None
        paired_ar = resamples_value(self.paired_ar_n, "paired_ar_n") if self.paired_ar else None
        rank = None
        if self.rank:
            alpha = positive(self.rank_alpha, "rank_alpha")
            if alpha >= 1:
                raise ValueError(f"rank_alpha: a level between 0 and 1, not {alpha!r}")
            rank = (resamples_value(self.paired_ar_n, "paired_ar_n"), alpha)
        return confidence, paired_bs, paired_ar, rank, count(self.seed, "seed")


def _interval(value: Optional[Dict[str, Any]]) -> Optional[Interval]:
    return None if value is None else Interval(**value)


def _test(value: Optional[Dict[str, Any]]) -> Optional[PairedTest]:
    return None if value is None else PairedTest(**value)


def _rank(value: Optional[Dict[str, Any]]) -> Optional[Rank]:
    if value is None:
        return None
    return Rank(**{**value, "better_than": tuple(value["better_than"])})


def _score_row(metric: str, row: Dict[str, Any]) -> Score:
    """A native score row (the engine's fields) as its dataclass."""
    values = dict(row)
    for key in ("confidence", "precision_confidence", "recall_confidence"):
        if key in values:
            values[key] = _interval(values[key])
    values.setdefault("confidence", None)
    values["paired_bs"] = _test(row.get("paired_bs"))
    values["paired_ar"] = _test(row.get("paired_ar"))
    values["rank"] = _rank(row.get("rank"))
    if "categories" in values:
        values["categories"] = {name: _category(c) for name, c in values["categories"].items()}
    if "precisions" in values:
        values["precisions"] = tuple(values["precisions"])
    return _SCORE_TYPES[metric](**values)


def _category(row: Dict[str, Any]) -> ErrantCategoryScore:
    values = dict(row)
    values["confidence"] = _interval(row.get("confidence"))
    return ErrantCategoryScore(**values)


class ScoreOptions(TypedDict, total=False):
    """:func:`score`'s keyword arguments, for the overloads that type its result by metric."""

    names: Optional[Sequence[str]]
    source: Optional[Lines]
    references: Union[Lines, Sequence[Lines]]
    gold: Optional[Lines]
    beta: float
    max_unchanged_words: int
    ignore_whitespace_casing: bool
    errant_mode: ErrantMode
    analyser: ErrantAnalyser
    cat: Optional[Literal[1, 2, 3]]
    average: Average
    iterations: int
    pretokenized: bool
    sentences: bool
    usim_params: UsimParams
    parser_model: Union[BuiltinParser, PathLike, None]
    green_n: int
    green_beta: float
    green_unit: GreenUnit
    koyama_n: int
    koyama_unit: GreenUnit
    koyama_mode: KoyamaMode
    koyama_iterations: int
    goto_weights: Optional[PathLike]
    goto_ref: int
    cleme_assumption: ClemeAssumption
    cleme_weights: ClemeWeights
    cleme_level: ClemeLevel
    chrf_char_order: int
    chrf_word_order: int
    chrf_beta: float
    chrf_whitespace: bool
    chrf_eps_smoothing: bool
    lowercase: bool
    bleu_tokenize: BleuTokenize
    bleu_smooth: BleuSmooth
    bleu_smooth_value: Optional[float]
    bleu_effective_order: bool
    fkgl_tokenize: FkglTokenize
    sari_variant: SariVariant
    resampling: Resampling


@overload
def score(metric: Literal["m2"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[M2Score]: ...
@overload
def score(metric: Literal["errant"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[ErrantScore]: ...
@overload
def score(metric: Literal["gleu"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[GleuScore]: ...
@overload
def score(metric: Literal["sari"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[SariScore]: ...
@overload
def score(metric: Literal["green"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[GreenScore]: ...
@overload
def score(metric: Literal["bleu"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[BleuScore]: ...
@overload
def score(metric: Literal["chrf"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[ChrfScore]: ...
@overload
def score(metric: Literal["fkgl"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[FkglScore]: ...
@overload
def score(metric: LineMeanMetric, systems: Inputs, **options: Unpack[ScoreOptions]) -> List[LineMeanScore]: ...
@overload
def score(metric: SariOperationMetric, systems: Inputs, **options: Unpack[ScoreOptions]) -> List[SariScore]: ...
@overload
def score(metric: Literal["koyama-gleu"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[KoyamaGleuScore]: ...
@overload
def score(metric: Literal["gotoscorer"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[GoToScorerScore]: ...
@overload
def score(metric: Literal["cleme"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[ClemeScore]: ...
@overload
def score(metric: Literal["cleme2"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[Cleme2Score]: ...
@overload
def score(metric: Literal["usim"], systems: Inputs, **options: Unpack[ScoreOptions]) -> List[UsimScore]: ...
@overload
def score(metric: Metric, systems: Inputs, **options: Unpack[ScoreOptions]) -> List[Score]: ...


def score(
    metric: Metric,
    systems: Inputs,
    *,
    names: Optional[Sequence[str]] = None,
    **options: Any,
) -> List[Any]:
    """``gecbias score -m METRIC``: every system's corpus score for one metric, with the
    command's signature; the first system is the baseline of the paired tests.

    ``systems`` is one system (a path, or a list of lines), a list of systems (each a path or a
    list of lines) labelled by ``names`` when given, else by their paths (``<systems[k]>`` for
    lists), or a mapping from names to systems. ``gold`` is the M2
    gold (m2, errant); ``source`` and ``references`` (one path, or a list of references) are
    line-aligned text (gleu, sari, green; usim needs the source only). GREEN's options are
    ``green_n`` (the highest n-gram order, 4), ``green_beta`` (β, 2) and ``green_unit``
    (``"word"`` or ``"char"``), gec-metrics' defaults. Koyama's GLEU's are ``koyama_n`` (4),
    ``koyama_unit`` (``"word"``: ``str.split()`` tokens, or ``"char"``), ``koyama_mode``
    (:data:`KoyamaMode`, ``"sampled"``: the package's ``gleu -f``) and ``koyama_iterations``
    (500 rounds of draws). GoToScorer scores against ``references[goto_ref]`` (0), its edits typed
    like errant's (``analyser``), every chunk of weight 1 or weighted by the file ``goto_weights``
    (``gecbias gotoscorer-weights`` or gec-metrics' weight script writes it). CLEME and CLEME2.0
    (``cleme``, ``cleme2``) score against the M2 ``gold`` or against text ``references`` typed
    by the native ERRANT (with ``source``); ``cleme_assumption`` (``"dependent"``),
    ``cleme_weights`` (``"length"``; CLEME2.0's BERTScore weigher needs a model and is left out)
    and ``cleme_level`` (``"corpus"``). For errant, cleme and cleme2, systems are text
    typed on the fly by the native ERRANT when ``source`` is given (the gold re-typed the same
    way), else hypothesis M2 files; ``analyser`` is the analysis of English that types them
    (``"spacy"``: spaCy's ``en_core_web_sm`` 3.8 run natively, ERRANT's own; ``"ewt"``: the
    EWT-trained tagger, faster, not ERRANT's); ``cat`` (1 operation, 2 main type, 3 both) adds
    per-type scores; ``average="macro"`` makes the score, P and R the mean over those types
    (3 unless ``cat`` says otherwise; errant PR #52), ``"micro"`` (the default) errant_compare's.
    BLEU and chrF (``bleu``, ``chrf``: sacreBLEU 2.6.0's, as fractions) read ``references``
    only: ``bleu_tokenize`` (``"13a"``), ``bleu_smooth`` (``"exp"``; ``"floor"`` and ``"add-k"``
    take ``bleu_smooth_value``, 0.1 and 1 unless given), ``bleu_effective_order``,
    ``chrf_char_order`` (6), ``chrf_word_order`` (0; 2 is chrF++), ``chrf_beta`` (2),
    ``chrf_whitespace``, ``chrf_eps_smoothing`` and, for both, ``lowercase``. FKGL (``fkgl``:
    EASSE's, a grade level) reads the systems alone, lowercased and tokenized by
    ``fkgl_tokenize`` (``"13a"``). SARI is SARI.py's mean sentence SARI unless ``sari_variant``
    names one of EASSE's corpus SARIs (``"easse"``: what simplification papers publish).
    For usim, samsa and samsa_abl, ``parser_model`` is the UCCA parser: ``None`` or ``"bilstm"``
    for the built-in BiLSTM, ``"perceptron"`` for the built-in perceptron (faster, less accurate),
    or a model file. ``resampling`` asks for intervals, paired tests and a ranking (:class:`Resampling`).

    >>> gold = ["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""]
    >>> [(s.system, s.score) for s in score("m2", [["He goes to school ."], ["He go to school ."]],
    ...                                      names=["fixed", "kept"], gold=gold)]
    [('fixed', 1.0), ('kept', 0.0)]
    """
    resampling = options.pop("resampling", Resampling())
    return Scorer(metric, **options).score(systems, names=names, resampling=resampling)


class Scorer:
    """One metric's scorer, its gold, source and references read and prepared once (a parser
    or an analyser loaded, a gold re-typed), to score any number of system sets — sacrebleu's
    metric objects; :func:`score` builds one per call. The options are :func:`score`'s.

    >>> gold = ["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""]
    >>> m2 = Scorer("m2", gold=gold)
    >>> [s.score for s in m2.score({"fixed": ["He goes to school ."], "kept": ["He go to school ."]})]
    [1.0, 0.0]
    """

    def __init__(
        self,
        metric: Metric,
        *,
        source: Optional[Lines] = None,
        references: Union[Lines, Sequence[Lines]] = (),
        gold: Optional[Lines] = None,
        beta: float = 0.5,
        max_unchanged_words: int = 2,
        ignore_whitespace_casing: bool = False,
        errant_mode: ErrantMode = "cs",
        analyser: ErrantAnalyser = "spacy",
        cat: Optional[Literal[1, 2, 3]] = None,
        average: Average = "micro",
        iterations: int = 500,
        pretokenized: bool = False,
        sentences: bool = False,
        usim_params: UsimParams = "released",
        parser_model: Union[BuiltinParser, PathLike, None] = None,
        green_n: int = 4,
        green_beta: float = 2.0,
        green_unit: GreenUnit = "word",
        koyama_n: int = 4,
        koyama_unit: GreenUnit = "word",
        koyama_mode: KoyamaMode = "sampled",
        koyama_iterations: int = 500,
        goto_weights: Optional[PathLike] = None,
        goto_ref: int = 0,
        cleme_assumption: ClemeAssumption = "dependent",
        cleme_weights: ClemeWeights = "length",
        cleme_level: ClemeLevel = "corpus",
        lowercase: bool = False,
        bleu_tokenize: BleuTokenize = "13a",
        bleu_smooth: BleuSmooth = "exp",
        bleu_smooth_value: Optional[float] = None,
        bleu_effective_order: bool = False,
        chrf_char_order: int = 6,
        chrf_word_order: int = 0,
        chrf_beta: float = 2.0,
        chrf_whitespace: bool = False,
        chrf_eps_smoothing: bool = False,
        fkgl_tokenize: FkglTokenize = "13a",
        sari_variant: SariVariant = "sari.py",
    ) -> None:
        choice(metric, _METRICS, "metric")
        choice(green_unit, ("word", "char"), "green_unit")
        choice(koyama_unit, ("word", "char"), "koyama_unit")
        choice(koyama_mode, ("sampled", "best-reference", "sentence-mean", "sentence-mean-max"), "koyama_mode")
        choice(errant_mode, ("cs", "cse", "ds", "dt"), "errant_mode")
        choice(average, ("micro", "macro"), "average")
        choice(analyser, ("spacy", "ewt"), "analyser")
        choice(usim_params, ("released", "branch-2017"), "usim_params")
        choice(cleme_assumption, ("dependent", "independent"), "cleme_assumption")
        choice(cleme_weights, ("length", "none"), "cleme_weights")
        choice(cleme_level, ("corpus", "sentence"), "cleme_level")
        choice(bleu_tokenize, ("13a", "intl", "char", "none"), "bleu_tokenize")
        choice(bleu_smooth, ("exp", "floor", "add-k", "none"), "bleu_smooth")
        choice(fkgl_tokenize, ("13a", "intl", "char", "none", "moses", "penn"), "fkgl_tokenize")
        choice(sari_variant, ("sari.py", "easse", "easse-legacy", "easse-paper"), "sari_variant")
        if cat is not None and cat not in (1, 2, 3):
            raise ValueError(f"cat: 1, 2 or 3, not {cat!r}")

        def read(value: Lines, argument: str) -> Tuple[str, List[str]]:
            lines, origin = read_lines(value, argument)
            return origin, lines

        options: NativeOptions = {
            "beta": beta_value(beta, "beta"),
            "max_unchanged_words": count(max_unchanged_words, "max_unchanged_words"),
            "ignore_whitespace_casing": bool(ignore_whitespace_casing),
            "errant_mode": errant_mode,
            "analyser": analyser,
            "cat": cat,
            "average": average,
            "iterations": count(iterations, "iterations", 1, MAX_ITERATIONS),
            "pretokenized": bool(pretokenized),
            "sentences": bool(sentences),
            "usim_params": usim_params,
            "parser_model": _parser_name(parser_model),
            "green_n": count(green_n, "green_n", 1, MAX_GREEN_ORDER),
            "green_beta": beta_value(green_beta, "green_beta"),
            "green_unit": green_unit,
            "koyama_n": count(koyama_n, "koyama_n", 1, MAX_KOYAMA_ORDER),
            "koyama_unit": koyama_unit,
            "koyama_mode": koyama_mode,
            "koyama_iterations": count(koyama_iterations, "koyama_iterations", 1, MAX_ITERATIONS),
            "goto_weights": None if goto_weights is None else os.fspath(goto_weights),
            "goto_ref": count(goto_ref, "goto_ref"),
            "cleme_assumption": cleme_assumption,
            "cleme_weights": cleme_weights,
            "cleme_level": cleme_level,
            "lowercase": bool(lowercase),
            "bleu_tokenize": bleu_tokenize,
            "bleu_smooth": bleu_smooth,
            "bleu_smooth_value": None if bleu_smooth_value is None else float(bleu_smooth_value),
            "bleu_effective_order": bool(bleu_effective_order),
            "chrf_char_order": count(chrf_char_order, "chrf_char_order", 0, MAX_CHRF_CHAR_ORDER),
            "chrf_word_order": count(chrf_word_order, "chrf_word_order", 0, MAX_CHRF_WORD_ORDER),
            "chrf_beta": beta_value(chrf_beta, "chrf_beta"),
            "chrf_whitespace": bool(chrf_whitespace),
            "chrf_eps_smoothing": bool(chrf_eps_smoothing),
            "fkgl_tokenize": fkgl_tokenize,
            "sari_variant": sari_variant,
        }
        self.metric: Metric = metric
        self._scorer = _native.Scorer(
            metric,
            None if source is None else read(source, "source"),
            [read(r, f"references[{k}]") for k, r in enumerate(several(references, "references"))],
            None if gold is None else read(gold, "gold"),
            options,
        )

    def score(
        self, systems: Inputs, *, names: Optional[Sequence[str]] = None, resampling: Resampling = Resampling()
    ) -> List[Any]:
        """Every system's score (``systems`` and ``names`` as :func:`score` takes them), the
        first system the baseline of the paired tests, with what ``resampling`` asks for."""
        return self._report(named(systems, names, "systems"), resampling)

    def _report(self, systems: List[Tuple[str, str, List[str]]], resampling: Resampling) -> List[Any]:
        """The rows of systems already read, (name, origin, lines) each."""
        if not isinstance(resampling, Resampling):
            raise TypeError(f"resampling: a gecbias.Resampling, not {type(resampling).__name__}")
        rows = self._scorer.report(systems, resampling.native())
        return [_score_row(self.metric, row) for row in rows]


def _score(metric: Metric, systems: List[Tuple[str, str, List[str]]], **options: Any) -> List[Any]:
    """:func:`score` of systems already read, (name, origin, lines) each."""
    resampling = options.pop("resampling", Resampling())
    return Scorer(metric, **options)._report(systems, resampling)


def rank(
    metric: Metric,
    systems: Inputs,
    *,
    trials: int = 10_000,
    alpha: float = 0.05,
    seed: int = DEFAULT_SEED,
    **inputs: Any,
) -> List[Score]:
    """The systems ranked on ``metric`` with significance clusters, best first (each
    :class:`Score` has its :class:`Rank`): every pair compared by paired approximate
    randomisation (``trials``, seeded), Holm–Bonferroni over the pairs at ``alpha``; ``inputs``
    are :func:`score`'s (``gold``, ``source``, ``references``, ``names``, options)."""
    resampling = Resampling(rank=True, rank_alpha=alpha, paired_ar_n=trials, seed=seed)
    ranked = score(metric, systems, resampling=resampling, **inputs)
    return sorted(ranked, key=lambda s: s.rank.position if s.rank is not None else 0)


_S = TypeVar("_S", bound=Score)


def _system(value: Lines, argument: str) -> Tuple[str, str, List[str]]:
    """One system read, named by its origin: (name, origin, lines)."""
    lines, origin = read_lines(value, argument)
    return origin, origin, lines


def _one(results: Sequence[Score], cls: Type[_S]) -> _S:
    (result,) = results
    if not isinstance(result, cls):
        raise TypeError(f"expected a {cls.__name__}, the command answered {type(result).__name__}")
    return result


def _m2_options(beta: float, max_unchanged_words: int, ignore_whitespace_casing: bool) -> "tuple[float, int, bool]":
    return (
        beta_value(beta, "beta"),
        count(max_unchanged_words, "max_unchanged_words"),
        bool(ignore_whitespace_casing),
    )


class M2Gold:
    """An M2 gold standard read once, to score any number of hypothesis sets, or batches of its
    sentences, without reading it again (a training loop's use): m2scorer's numbers, with
    P = correct/proposed, R = correct/gold, F_β = (1 + β²)PR / (β²P + R).

    >>> gold = M2Gold(["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", "",
    ...                "S She like cats .", "A 1 2|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0", ""])
    >>> len(gold), gold.score(["He goes to school .", "She like cats ."]).score
    (2, 0.8333333333333334)
    >>> gold.score(["She likes cats ."], sentences=[1]).score
    1.0
    """

    def __init__(self, gold: Lines) -> None:
        """Reads ``gold`` (an M2 file, or its lines) strictly: an edit span outside its sentence
        is an :class:`InputError` naming the line."""
        path = path_of(gold)
        if path is not None:
            self._gold = _native.M2Gold.read(path)
        else:
            lines = checked_lines(gold, "gold")
            self._gold = _native.M2Gold.parse("".join(line + "\n" for line in lines), "<gold>")

    def __len__(self) -> int:
        return len(self._gold)

    @property
    def annotators(self) -> int:
        """The most annotators any sentence has (the signature's ``refs``)."""
        return self._gold.annotators

    def score(
        self,
        hypotheses: Lines,
        *,
        sentences: Optional[Sequence[int]] = None,
        beta: float = 0.5,
        max_unchanged_words: int = 2,
        ignore_whitespace_casing: bool = False,
    ) -> M2Score:
        """m2scorer's corpus score of ``hypotheses`` (one corrected sentence per line): against
        the whole gold, or against the gold's sentences at the 0-based indices ``sentences``
        (one hypothesis each, in that order) as a corpus of their own."""
        options = _m2_options(beta, max_unchanged_words, ignore_whitespace_casing)
        lines, name = read_lines(hypotheses, "hypotheses")
        indices = None
        if isinstance(sentences, range) and (len(sentences) == 0 or min(sentences) >= 0):
            indices = list(sentences)
        elif sentences is not None:
            if path_of(sentences) is not None or not isinstance(sentences, Sequence):
                raise TypeError("sentences: a sequence of 0-based sentence indices")
            indices = [count(i, f"sentences[{k}]") for k, i in enumerate(sentences)]
        f, p, r, correct, proposed, gold, n, signature = self._gold.score(lines, name, options, indices)
        return M2Score(
            name="M2", system=name, score=f, sentences=n, signature=signature, confidence=None,
            paired_bs=None, paired_ar=None, rank=None, precision=p, recall=r, correct=correct,
            proposed=proposed, gold=gold,
        )


class GleuCorpus:
    """A source with its references, read once (n-gram statistics computed once), to score any
    number of hypothesis sets with compute_gleu's GLEU.

    >>> corpus = GleuCorpus(["He go to school ."], [["He goes to school ."], ["He went to school ."]])
    >>> corpus.score(["He goes to school ."]).score
    0.484
    """

    def __init__(self, source: Lines, references: Union[Lines, Sequence[Lines]]) -> None:
        sources, source_name = read_lines(source, "source")
        read = [read_lines(r, f"references[{k}]") for k, r in enumerate(several(references, "references"))]
        names = [source_name] + [name for _, name in read]
        self._corpus = _native.GleuCorpus(sources, [lines for lines, _ in read], names)

    def __len__(self) -> int:
        return len(self._corpus)

    def score(self, hypotheses: Lines, *, iterations: int = 500) -> GleuScore:
        """compute_gleu's corpus GLEU of ``hypotheses``: the mean over ``iterations`` rounds of
        the script's own reference draws, to the last digit, and their standard deviation."""
        lines, name = read_lines(hypotheses, "hypotheses")
        mean, std, n, signature = self._corpus.score(lines, name, count(iterations, "iterations", 1, MAX_ITERATIONS))
        return GleuScore(
            name="GLEU", system=name, score=mean, sentences=n, signature=signature, confidence=None,
            paired_bs=None, paired_ar=None, rank=None, std_over_draws=std,
        )


def m2_score(
    system: Lines,
    gold: Lines,
    *,
    beta: float = 0.5,
    max_unchanged_words: int = 2,
    ignore_whitespace_casing: bool = False,
) -> M2Score:
    """The M2 scorer's F_β of ``system`` (one corrected sentence per line) against ``gold`` (an
    M2 file, or its lines): m2scorer's numbers (:meth:`M2Gold.score`)."""
    return M2Gold(gold).score(
        system, beta=beta, max_unchanged_words=max_unchanged_words,
        ignore_whitespace_casing=ignore_whitespace_casing,
    )


def errant_compare(hyp: Lines, ref: Lines, *, mode: ErrantMode = "cs", beta: float = 0.5) -> ErrantScore:
    """errant_compare's span-based scores of the hypothesis M2 ``hyp`` against the reference M2
    ``ref``; ``mode`` is ``cs`` (span and correction, the default), ``cse``, ``ds`` or ``dt``.

    >>> m2 = ["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""]
    >>> result = errant_compare(m2, m2)
    >>> (result.tp, result.fp, result.fn, result.score)
    (1, 0, 0, 1.0)
    """
    return _one(_score("errant", [_system(hyp, "hyp")], gold=ref, errant_mode=mode, beta=beta), ErrantScore)


def gleu(
    source: Lines, references: Union[Lines, Sequence[Lines]], hypothesis: Lines, *, iterations: int = 500
) -> GleuScore:
    """compute_gleu's corpus GLEU of ``hypothesis`` against the ``references`` of ``source``
    (:meth:`GleuCorpus.score`).

    >>> refs = [["He goes to school ."], ["He went to school ."]]
    >>> result = gleu(["He go to school ."], refs, ["He goes to school ."])
    >>> result.score, result.signature
    (0.484, 'GLEU|refs:2|iter:500|draws:python2|version:0.1.0')
    """
    return GleuCorpus(source, references).score(hypothesis, iterations=iterations)


def sari(source: Lines, references: Union[Lines, Sequence[Lines]], output: Lines) -> SariScore:
    """SARI.py's corpus SARI of the simplification ``output`` of ``source`` against
    ``references``: the mean over sentences of (F_add + F_keep + P_del) / 3.

    >>> sari(["The cat perched on the mat ."], [["The cat sat on the mat ."]],
    ...      ["The cat sat on the mat ."]).score
    1.0
    """
    return _one(_score("sari", [_system(output, "output")], source=source, references=references), SariScore)


EasseTokenizer = Literal["13a", "intl", "moses", "penn", "none"]


def easse_evaluate(
    output: Lines,
    *,
    test_set: str = "custom",
    source: Optional[Lines] = None,
    references: Optional[Union[Lines, Sequence[Lines]]] = None,
    references_per_line: Optional[Sequence[Sequence[str]]] = None,
    metrics: Sequence[str] = ("bleu", "sari", "fkgl"),
    tokenizer: EasseTokenizer = "13a",
    lowercase: bool = True,
    quality_estimation: bool = False,
    data: Optional[PathLike] = None,
) -> EasseEvaluation:
    """EASSE's ``easse evaluate``, natively: ``output`` scored on one of EASSE's test sets (read
    from the data folder ``data``, else ``$GECBIAS_DATA``, ``./data``, ``../shared/data``), or
    with ``test_set="custom"`` against ``source`` and ``references`` (files or line lists, one
    per reference) or ``references_per_line`` (each line's own references, in any number).
    Every line is stripped as EASSE reads files. ``metrics`` are EASSE's names; ``samsa`` and
    ``bertscore`` need models and raise ``ValueError``.

    >>> result = easse_evaluate(["The cat sat ."], source=["The cat perched ."],
    ...                         references=[["The cat sat ."]], metrics=["bleu", "sari"])
    >>> round(result.scores["bleu"], 3), round(result.scores["sari"], 3)
    (100.0, 83.333)
    """
    if test_set != "custom":
        if source is not None or references is not None or references_per_line is not None:
            raise ValueError("source and references are a custom test set's; a named one has its own")
        source_path, reference_paths = _native.easse_test_set(test_set, None if data is None else os.fspath(data))
        source, references = pathlib.Path(source_path), [pathlib.Path(p) for p in reference_paths]
    if source is None or (references is None) == (references_per_line is None):
        raise ValueError("a custom test set needs source and one of references or references_per_line")
    source_lines, source_name = read_lines(source, "source")
    output_lines, output_name = read_lines(output, "output")
    if len(output_lines) != len(source_lines):
        raise InputError(f"{output_name}: {len(output_lines)} lines where {source_name} has {len(source_lines)}")
    if references is None:
        per_line = [[str(r) for r in refs] for refs in references_per_line or []]
    else:
        streams = [read_lines(r, f"references[{k}]") for k, r in enumerate(several(references, "references"))]
        for lines, name in streams:
            if len(lines) != len(source_lines):
                raise InputError(f"{name}: {len(lines)} lines where {source_name} has {len(source_lines)}")
        per_line = [[lines[i] for lines, _ in streams] for i in range(len(source_lines))]
    if len(per_line) != len(source_lines):
        raise InputError(f"<references_per_line>: {len(per_line)} lines where {source_name} has {len(source_lines)}")
    scores, quality = _native.easse_evaluate_lines(
        source_lines, output_lines, per_line, [str(m) for m in metrics], tokenizer, bool(lowercase), bool(quality_estimation)
    )
    return EasseEvaluation(
        scores=dict(scores), quality_estimation=None if quality is None else dict(quality)
    )


def report(
    output: PathLike,
    systems: Inputs,
    *,
    names: Optional[Sequence[str]] = None,
    gold: Optional[Lines] = None,
    source: Optional[Lines] = None,
    references: Optional[Union[Lines, Sequence[Lines]]] = None,
    test_set: Optional[str] = None,
    metrics: Optional[Sequence[Metric]] = None,
    title: Optional[str] = None,
    seed: int = DEFAULT_SEED,
    resamples: int = 1000,
    rank_trials: Optional[int] = None,
    clusters: bool = True,
    samsa: bool = True,
    data: Optional[PathLike] = None,
) -> int:
    """``gecbias report -o OUTPUT``: one self-contained HTML page of ``systems`` (as
    :func:`score` takes them, ``names`` too), written to ``output`` once every number is
    computed; returns its size in bytes. With ``gold`` (an M2 gold) and ``source``, a GEC page:
    ``metrics`` ranked (by default the command's: M2, ERRANT and GLEU) with 95 % intervals (``resamples``) and Holm clusters (``rank_trials`` per
    pair; by default the fewest that can reject; none with ``clusters=False``), ERRANT's error types, CLEME2.0 and
    conservatism, every sentence with its edits (``references``, when given, are GLEU's; else
    the gold's annotators' corrections). Without ``gold``, a simplification page of EASSE's
    ``test_set`` (read from ``data``) or of ``source`` and ``references``, SAMSA included unless
    ``samsa`` is false. Bad input raises :class:`InputError` before anything is written."""
    if gold is not None and test_set is not None:
        raise ValueError("gold makes a GEC page, test_set a simplification page: give one")
    if test_set is not None:
        if source is not None or references is not None:
            raise ValueError("source and references are a custom test set's; a named one has its own")
        source_path, reference_paths = _native.easse_test_set(test_set, None if data is None else os.fspath(data))
        source, references = pathlib.Path(source_path), [pathlib.Path(p) for p in reference_paths]
    if source is None:
        raise ValueError("a report needs source (with gold for GEC, with references for simplification)")
    if gold is None and references is None:
        raise ValueError("a simplification page needs references or test_set; a GEC page needs gold")
    source_lines, source_name = read_lines(source, "source")
    gold_lines = None if gold is None else read_lines(gold, "gold")
    reference_lines = [read_lines(r, f"references[{k}]") for k, r in enumerate(several(references, "references"))] if references is not None else []
    named_systems = named(systems, names, "systems")
    for name, origin, lines in named_systems:
        if len(lines) != len(source_lines):
            raise InputError(f"{origin}: {len(lines)} lines where {source_name} has {len(source_lines)}")
    for lines, name in reference_lines:
        if len(lines) != len(source_lines):
            raise InputError(f"{name}: {len(lines)} lines where {source_name} has {len(source_lines)}")
    if len({name for name, _, _ in named_systems}) != len(named_systems):
        raise ValueError("systems: every system needs its own name")
    metric_names: List[str] = [choice(m, _METRICS, "metrics") for m in metrics or ()]
    page_title = title if title is not None else f"gecbias report: {test_set or pathlib.Path(gold_lines[1] if gold_lines else source_name).name}"
    size: int = _native.write_report(
        os.fspath(output),
        named_systems,
        (source_name, source_lines),
        None if gold_lines is None else (gold_lines[1], gold_lines[0]),
        [(name, lines) for lines, name in reference_lines],
        test_set or source_name,
        metric_names,
        page_title,
        int(seed),
        resamples_value(resamples, "resamples"),
        None if rank_trials is None else resamples_value(rank_trials, "rank_trials"),
        bool(clusters),
        bool(samsa),
        f"gecbias.report({os.fspath(output)!r}, ...)",
    )
    return size


def confidence_interval(
    metric: Metric,
    system: Lines,
    *,
    resamples: int = 1000,
    method: CiMethod = "bca",
    seed: int = DEFAULT_SEED,
    **inputs: Any,
) -> Interval:
    """A bootstrap confidence interval (95 %) of ``system``'s ``metric`` score over test
    sentences; ``inputs`` are :func:`score`'s (``gold``, ``source``, ``references``, options)."""
    resampling = Resampling(confidence=True, confidence_n=resamples, ci_method=method, seed=seed)
    result = _one(_score(metric, [_system(system, "system")], resampling=resampling, **inputs), Score)
    if result.confidence is None:
        raise RuntimeError("the command gave no interval")
    return result.confidence


def paired_test(
    metric: Metric,
    baseline: Lines,
    system: Lines,
    *,
    method: Literal["bs", "ar"] = "bs",
    trials: Optional[int] = None,
    seed: int = DEFAULT_SEED,
    **inputs: Any,
) -> PairedTest:
    """A paired significance test of ``system`` against ``baseline`` on ``metric``: paired
    bootstrap (``method="bs"``, 1000 resamples) or approximate randomisation (``"ar"``, 10,000
    trials), sacrebleu's defaults; ``inputs`` are :func:`score`'s."""
    choice(method, ("bs", "ar"), "method")
    if method == "bs":
        resampling = Resampling(paired_bs=True, paired_bs_n=1000 if trials is None else trials, seed=seed)
    else:
        resampling = Resampling(paired_ar=True, paired_ar_n=10_000 if trials is None else trials, seed=seed)
    systems = [_system(baseline, "baseline"), _system(system, "system")]
    results: List[Score] = _score(metric, systems, resampling=resampling, **inputs)
    _, result = results
    test = result.paired_bs if method == "bs" else result.paired_ar
    if test is None:
        raise RuntimeError("the command gave no paired test")
    return test


def conservatism(source: Lines, output: Lines, *, passages: bool = False) -> ConservatismProfile:
    """How conservative ``output`` is against ``source`` (one sentence per line, line-aligned):
    the LCB paper's WordChange, index diff, Spearman ρ and split/concat profile, line i against
    line i; ``passages=True`` follows the paper's procedure instead (each file one passage, split
    into sentences by Punkt, sentences re-aligned across lines).

    >>> profile = conservatism(["The cat sat on the mat ."], ["The dog sat on the mat ."])
    >>> profile.total_word_change, profile.unchanged_share, profile.splits
    (1, 0.0, 0)
    """
    source_lines, source_name = read_lines(source, "source")
    output_lines, output_name = read_lines(output, "output")
    row = _native.conservatism((source_name, source_lines), (output_name, output_lines), bool(passages))
    return ConservatismProfile(**row)


def unseen_estimate(fingerprint: Union[PathLike, Sequence[int]]) -> UnseenEstimate:
    """UnseenEst's estimate of how many valid corrections a sentence has, from its fingerprint:
    a file, or the counts themselves (``fingerprint[k]`` corrections were given k + 1 times).

    >>> estimate = unseen_estimate([15, 2, 1, 0, 1])
    >>> estimate.answers, estimate.distinct_answers, round(estimate.estimated_corrections, 1)
    (27, 19, 1209.3)
    """
    if isinstance(fingerprint, (str, os.PathLike)):
        lines, name = read_lines(fingerprint, "fingerprint")
    elif isinstance(fingerprint, (bytes, bytearray)) or not isinstance(fingerprint, Sequence):
        raise TypeError(f"fingerprint: a path or a list of counts, not {type(fingerprint).__name__}")
    else:
        lines = [str(count(c, f"fingerprint[{k}]")) for k, c in enumerate(fingerprint)]
        name = "<fingerprint>"
    answers, distinct, estimated, above, signature = _native.unseen_estimate((name, "".join(f"{line}\n" for line in lines)))
    return UnseenEstimate(
        sentence=name,
        answers=answers,
        distinct_answers=distinct,
        estimated_corrections=estimated,
        above=tuple(Threshold(gamma=g, variants=v, mass=m) for g, v, m in above),
        signature=signature,
    )


def usim(source_xml: PathLike, output_xml: PathLike) -> UsimResult:
    """USim between UCCA passages (standard XML): two files, two folders (paired by file name)
    or two list files of paths; the mean of each direction over the pairs."""
    source, output = path_of(source_xml), path_of(output_xml)
    if source is None or output is None:
        raise TypeError("usim: source_xml and output_xml are paths (files, folders or lists of paths)")
    sentences, source_to_output, output_to_source, signature = _native.usim_xml(source, output, "released")
    return UsimResult(output=output, sentences=sentences, source_to_output=source_to_output,
                      output_to_source=output_to_source, signature=signature)


def _parser_name(parser_model: Union[BuiltinParser, PathLike, None]) -> Optional[str]:
    """A UCCA parser: a built-in model's name or a model file's path (``None``: the built-in
    BiLSTM)."""
    if parser_model is None:
        return None
    path = path_of(parser_model)
    if path is None:
        raise TypeError("parser_model: a path (str or os.PathLike) of a UCCA parser model file")
    return path


def usim_text(
    source: Lines,
    output: Lines,
    *,
    pretokenized: bool = False,
    sentences: bool = False,
    params: UsimParams = "released",
    parser_model: Union[BuiltinParser, PathLike, None] = None,
) -> UsimResult:
    """USim of raw text: each line of ``output`` against the line of ``source`` with the same
    number, both parsed by the native UCCA parser; ``pretokenized`` for space-separated tokens,
    ``sentences`` to cut paragraphs with Punkt first, ``parser_model`` the parser: ``None`` or
    ``"bilstm"`` for the built-in BiLSTM, ``"perceptron"`` for the built-in perceptron, or a model
    file (the signature names the model: ``parser:ucca-wiki-bilstm``, ``parser:ucca-wiki-v1.2``,
    or ``parser:model-<checksum>`` for a file).

    >>> same = usim_text(["The cat sat on the mat ."], ["The cat sat on the mat ."], pretokenized=True)
    >>> same.source_to_output, same.output_to_source
    (1.0, 1.0)
    """
    choice(params, ("released", "branch-2017"), "params")
    source_lines, source_name = read_lines(source, "source")
    output_lines, output_name = read_lines(output, "output")
    sentences_scored, source_to_output, output_to_source, signature = _native.usim_text(
        (source_name, source_lines), (output_name, output_lines), bool(pretokenized), bool(sentences),
        params, _parser_name(parser_model),
    )
    return UsimResult(output=output_name, sentences=sentences_scored, source_to_output=source_to_output,
                      output_to_source=output_to_source, signature=signature)


def parse(
    text: Lines,
    *,
    pretokenized: bool = False,
    sentences: bool = False,
    parser_model: Union[BuiltinParser, PathLike, None] = None,
) -> List[str]:
    """UCCA passages (standard XML) from the native parser, one per line of ``text`` (a file, or
    its lines); ``parser_model`` the parser: ``None`` or ``"bilstm"`` for the built-in BiLSTM,
    ``"perceptron"`` for the built-in perceptron, or a model file.

    >>> (passage,) = parse(["The cat sat on the mat ."], pretokenized=True)
    >>> passage.startswith("<root ")
    True
    """
    lines, name = read_lines(text, "text")
    return _native.parse((name, lines), bool(pretokenized), bool(sentences), _parser_name(parser_model))


def errant_parallel(
    sources: Lines,
    corrections: Union[Lines, Sequence[Lines]],
    *,
    tokenise: bool = False,
    lev: bool = False,
    merge: Merge = "rules",
    analyser: ErrantAnalyser = "spacy",
) -> List[List[Optional[List[ErrantEdit]]]]:
    """ERRANT's typed edits of each correction of each source sentence, natively (spaCy's
    ``en_core_web_sm`` 3.8 run in Rust; no Python NLP stack): per source line, per correction,
    ``None`` where the correction is the source itself (ERRANT's ``noop``), else its
    :class:`ErrantEdit` list. Lines are tokenised text (``tokenise`` splits raw text by spaCy 3.8's
    own tokenizer, as ERRANT's ``-tok`` does); ``corrections`` is one path or a list of corrected versions; ``lev`` aligns by
    standard Levenshtein; ``merge`` is ERRANT's merging strategy; ``analyser="ewt"`` types with the
    EWT-trained tagger instead (faster, not ERRANT's edits and types).

    >>> (edits,), = errant_parallel(["He go to school ."], [["He goes to school ."]])
    >>> [(e.o_start, e.o_end, e.correction, e.type) for e in edits]
    [(1, 2, 'goes', 'R:VERB:SVA')]
    """
    choice(merge, ("rules", "all-split", "all-merge", "all-equal"), "merge")
    choice(analyser, ("spacy", "ewt"), "analyser")
    source_lines, _ = read_lines(sources, "sources")
    corrected = [read_lines(c, f"corrections[{k}]")[0] for k, c in enumerate(several(corrections, "corrections"))]
    typed = _native.errant_parallel(source_lines, corrected, tokenise, lev, merge, analyser)
    return [[None if edits is None else [ErrantEdit(*e) for e in edits] for edits in line] for line in typed]


def tag(lines: Union[str, Sequence[str]], *, pretokenized: bool = False) -> List[List[Token]]:
    """Tag, lemmatise and label English text in memory: one list of :class:`Token` per line (a
    string is one line of text, never a path); ``pretokenized`` splits on spaces, else the UCCA
    parser's tokeniser splits each line.

    >>> [(t.text, t.xpos, t.lemma, t.dep) for t in tag("She has eaten the apples .", pretokenized=True)[0]][1:5]
    [('has', 'VBZ', 'have', 'aux'), ('eaten', 'VBN', 'eat', 'dep'), ('the', 'DT', 'the', 'det'), ('apples', 'NNS', 'apple', 'dobj')]
    """
    given = [lines] if isinstance(lines, str) else checked_lines(lines, "lines")
    return [[Token(*token) for token in line] for line in _native.tag(given, pretokenized)]


def _names(value: Sequence[str], argument: str, empty: bool = False) -> List[str]:
    """A list of names (non-empty unless ``empty``): one ``str`` stands for itself."""
    names = [value] if isinstance(value, str) else list(value)
    if not names and not empty:
        raise ValueError(f"{argument}: at least one")
    return names


def _with_references(value: Optional[Dict[str, Any]]) -> Optional[WithReferences]:
    if value is None:
        return None
    return WithReferences(
        references=tuple(value["references"]),
        pearson=CorrelationChange(**value["pearson"]),
        spearman=CorrelationChange(**value["spearman"]),
    )


def _correlation(value: Dict[str, Any]) -> Correlation:
    return Correlation(estimate=value["estimate"], low=value.get("low"), high=value.get("high"))


#: The public rating sets :func:`meta_eval` reads (besides the ranking sets ``gjg15`` and
#: ``seeda``), and ``custom`` for your own ratings.
RatingSet = Literal[
    "gmeg-fce", "gmeg-wiki", "gmeg-yahoo", "tmu-gfm", "simplicity-da", "structural-simplicity",
    "asset-ratings", "custom",
]
_RATING_SETS = get_args(RatingSet)

#: Your own ratings: a path (JSON Lines, CSV or TSV), a table of columns (a mapping of column
#: name to values, or a pandas DataFrame) or a sequence of rows (mappings), each rated output a
#: row with ``system``, ``segment``, ``source``, ``output``, ``score`` and optionally
#: ``references`` (a list), ``aspect`` and ``rater``.
Judgments = Union[PathLike, Dict[str, Sequence[Any]], Sequence[Dict[str, Any]], Any]


def _rating_rows(judgments: Any) -> List[Tuple[Any, ...]]:
    """``judgments`` (columns or rows) as the native tuples."""
    if hasattr(judgments, "to_dict"):
        judgments = judgments.to_dict(orient="list")
    if isinstance(judgments, dict):
        keys = list(judgments)
        columns = [list(judgments[k]) for k in keys]
        lengths = {len(c) for c in columns}
        if len(lengths) > 1:
            raise ValueError(f"judgments: columns of different lengths {sorted(lengths)}")
        rows: Sequence[Dict[str, Any]] = [dict(zip(keys, values)) for values in zip(*columns)]
    else:
        rows = list(judgments)
    out = []
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise TypeError(f"judgments: row {i} is not a mapping")
        for key in ("system", "segment", "source", "output", "score"):
            if key not in row:
                raise ValueError(f"judgments: row {i} has no {key!r}")
        references = row.get("references") or []
        if isinstance(references, str):
            raise TypeError(f"judgments: row {i}: references must be a list of strings")
        try:
            score = float(row["score"])
        except (TypeError, ValueError):
            raise ValueError(f"judgments: row {i}: score {row['score']!r} is not a number") from None
        out.append((
            str(row["system"]), str(row["segment"]), _text(row["source"]), _text(row["output"]),
            [str(r) for r in references], score, _text(row.get("aspect")), _text(row.get("rater")),
        ))
    return out


def _text(value: Any) -> Optional[str]:
    return None if value is None else str(value)


def _level(value: Dict[str, Any]) -> LevelCorrelations:
    def pick(key: str) -> Optional[Correlation]:
        return None if value.get(key) is None else _correlation(value[key])

    return LevelCorrelations(pearson=pick("pearson"), spearman=pick("spearman"), kendall=pick("kendall"))


def _meta_eval_ratings(
    dataset: str, root: Optional[str], judgments: Any, metrics: Optional[Sequence[str]],
    aspect: Optional[str], split: str, systems: Optional[Sequence[str]], betas: Optional[Sequence[float]],
    confidence: bool, paired: bool, resamples: int, seed: int, exclude: Optional[Sequence[str]],
    parser_model: Optional[str], level: str, synthetic: int,
) -> RatingMetaEvaluation:
    path, rows = None, None
    if dataset == "custom":
        if judgments is None:
            raise ValueError('dataset="custom": judgments, a path or a table of ratings')
        path = path_of(judgments)
        rows = None if path is not None else _rating_rows(judgments)
    elif judgments is not None:
        raise ValueError(f"judgments: only with dataset=\"custom\", not {dataset!r}")
    choice(split, ("test", "dev"), "split")
    beta_values = [beta_value(b, "betas") for b in (betas if betas is not None else (0.5,))]
    if not beta_values:
        raise ValueError("betas: at least one β")
    report = _native.meta_eval_ratings(
        dataset, root, split, path, rows,
        None if metrics is None else _names(metrics, "metrics"),
        aspect, beta_values, bool(confidence), bool(paired), resamples_value(resamples, "resamples"),
        count(seed, "seed"),
        None if exclude is None else _names(exclude, "exclude", empty=True),
        None if systems is None else _names(systems, "systems"),
        choice(level, ("system", "both"), "level") == "both",
        count(synthetic, "synthetic", 0, 100_000),
        parser_model,
    )
    names: List[str] = report["systems"]

    def row(row: Dict[str, Any]) -> RatedMetricCorrelation:
        return RatedMetricCorrelation(
            metric=row["metric"],
            signature=row["signature"],
            scores=dict(zip(names, row["scores"])),
            system=None if row.get("system") is None else _level(row["system"]),
            segment=None if row.get("segment") is None else _level(row["segment"]),
        )

    hybrids: Optional[Dict[str, Any]] = report.get("synthetic")
    return RatingMetaEvaluation(
        dataset=report["dataset"],
        aspect=report["aspect"],
        human=dict(zip(names, report["human"])),
        segments=report["segments"],
        rated_outputs=report["rated_outputs"],
        metrics=tuple(row(r) for r in report["metrics"]),
        paired_system=tuple(CorrelationComparison(**p) for p in report["paired"]["system"]),
        paired_segment=tuple(CorrelationComparison(**p) for p in report["paired"]["segment"]),
        signature=report["signature"],
        synthetic=None if hybrids is None else tuple(row(r) for r in hybrids["metrics"]),
    )


@overload
def meta_eval(
    root: PathLike,
    gold: PathLike,
    *,
    dataset: Literal["gjg15", "seeda"] = "gjg15",
    metrics: Optional[Sequence[MetaMetric]] = None,
    betas: Optional[Sequence[float]] = None,
    confidence: bool = False,
    paired: bool = False,
    resamples: int = 1000,
    unit: ResampleUnit = "rankings",
    seed: int = DEFAULT_SEED,
    exclude: Optional[Sequence[str]] = None,
    references: Optional[Sequence[str]] = None,
    granularity: Literal["sent", "edit"] = "sent",
    human: Literal["ew", "trueskill"] = "ew",
    trueskill_runs: int = 100,
    parser_model: Union[BuiltinParser, PathLike, None] = None,
) -> MetaEvaluation: ...


@overload
def meta_eval(
    root: Optional[PathLike] = None, gold: None = None, *, dataset: RatingSet, judgments: Optional[Judgments] = None,
    metrics: Optional[Sequence[str]] = None, aspect: Optional[str] = None, split: Literal["test", "dev"] = "test",
    systems: Optional[Sequence[str]] = None, betas: Optional[Sequence[float]] = None, confidence: bool = False,
    paired: bool = False, resamples: int = 1000, seed: int = DEFAULT_SEED, exclude: Optional[Sequence[str]] = None,
    level: Literal["system", "both"] = "both", synthetic: int = 0,
    parser_model: Union[BuiltinParser, PathLike, None] = None,
) -> RatingMetaEvaluation: ...


def meta_eval(
    root: Optional[PathLike] = None,
    gold: Optional[PathLike] = None,
    *,
    dataset: str = "gjg15",
    **options: Any,
) -> Union[MetaEvaluation, RatingMetaEvaluation]:
    """How well each metric agrees with people (``gecbias meta-eval``).

    **Rating sets** (``dataset`` one of :data:`RatingSet`): GMEG's FCE, Wiki and Yahoo
    domains (``split`` test or dev; Yahoo's text is withheld, so no metric can score it),
    TMU-GFM, Simplicity-DA, structural simplicity, ASSET's ratings, read from the data
    directory ``root`` (default: ``$GECBIAS_DATA``, ``./data``, ``../shared/data``), or
    ``dataset="custom"`` with ``judgments`` (a path, a table of columns such as a pandas
    DataFrame, or rows; ``systems`` the only systems a row may name). Raters' ratings of one
    output are averaged per ``aspect`` (default: the set's main one). Each metric (default: those
    the inputs allow) scores every system on its rated segments; system level correlates corpus
    scores with mean ratings, segment level each output's sentence score with its rating, by
    Pearson, Spearman and Kendall's τ-b; ``confidence=True`` adds 95 % intervals over
    ``resamples`` resamples of segments, ``paired=True`` compares every pair of metrics at each
    level; ``level="system"`` skips the segment level; ``synthetic`` adds that many hybrid
    systems to the system level (GMEG's protocol: 674). Returns a :class:`RatingMetaEvaluation`.

    **Ranking sets** (``gjg15``, ``seeda``): the human scores by Expected Wins (or ``human="trueskill"``: TrueSkill's mean μ over
    ``trueskill_runs`` seeded runs, without intervals) from the judgments in ``root`` (for ``gjg15``, a clone of
    grammatical/evaluation; for ``seeda``, a clone of tmu-nlp/SEEDA, its ``granularity`` of
    judgments, and the sentence-level agreement too), each metric computed on the systems' outputs
    against ``gold`` (the CoNLL-2014 M2 gold; M2 once per β), Pearson's r and Spearman's ρ;
    ``exclude`` leaves systems out of the correlations (``None``: the dataset's default, SEEDA's
    base set; ``[]``: none); ``references`` names the human corrections among the systems
    (``None``: SEEDA's REF-F and REF-M); ``confidence=True`` adds
    95 % intervals over ``resamples`` bootstrap resamples of the judgments (``unit``: ranking
    items, judged sentences or single comparisons), ``paired=True`` compares every pair of
    metrics on the same resamples and by Williams' test, and each metric with and without the
    references; ``parser_model`` is the UCCA parser USim parses with (``None`` or ``"bilstm"``: the
    built-in BiLSTM; ``"perceptron"``; or a model file).

    A judged system without an output file, or malformed judgments, raise :class:`InputError`
    naming the file and the element.
    """
    def take(names: Sequence[Tuple[str, Any]]) -> List[Any]:
        return [options.pop(name, default) for name, default in names]

    metrics, betas, confidence, paired, resamples, seed, exclude, parser_model = take((
        ("metrics", None), ("betas", None), ("confidence", False), ("paired", False), ("resamples", 1000),
        ("seed", DEFAULT_SEED), ("exclude", None), ("parser_model", None),
    ))
    if dataset in _RATING_SETS:
        judgments, aspect, split, systems, level, synthetic = take((
            ("judgments", None), ("aspect", None), ("split", "test"), ("systems", None), ("level", "both"),
            ("synthetic", 0),
        ))
        if options or gold is not None:
            unexpected = ", ".join(list(options) + ([] if gold is None else ["gold"]))
            raise TypeError(f"{unexpected}: only for the ranking sets (gjg15, seeda), not {dataset!r}")
        root_text = None if root is None else path_of(root)
        if root is not None and root_text is None:
            raise TypeError("root: a path (str or os.PathLike)")
        return _meta_eval_ratings(
            dataset, root_text, judgments, metrics, aspect, split, systems, betas, confidence, paired,
            resamples, seed, exclude, _parser_name(parser_model), level, synthetic,
        )
    unit, references, granularity, human, trueskill_runs = take((
        ("unit", "rankings"), ("references", None), ("granularity", "sent"), ("human", "ew"), ("trueskill_runs", 100),
    ))
    if options:
        raise TypeError(f"{', '.join(options)}: only for the rating sets, not {dataset!r}")
    if metrics is None:
        metrics = ("m2",)
    if betas is None:
        betas = (1.0, 0.5, 0.25, 0.18)
    root_path, gold_path = path_of(root), path_of(gold)
    if root_path is None or gold_path is None:
        raise TypeError("root and gold: paths (str or os.PathLike)")
    choice(dataset, ("gjg15", "seeda"), "dataset")
    choice(granularity, ("sent", "edit"), "granularity")
    choice(human, ("ew", "trueskill"), "human")
    chosen = [choice(m, get_args(MetaMetric), "metrics") for m in _names(metrics, "metrics")]
    beta_values = [beta_value(b, "betas") for b in betas]
    if not beta_values:
        raise ValueError("betas: at least one β")
    choice(unit, ("rankings", "sentences", "comparisons"), "unit")
    report = _native.meta_eval(
        dataset, root_path, gold_path, chosen, human, count(trueskill_runs, "trueskill_runs", 1, 10_000),
        beta_values, bool(confidence), bool(paired), resamples_value(resamples, "resamples"), unit,
        count(seed, "seed"),
        None if exclude is None else _names(exclude, "exclude", empty=True),
        None if references is None else _names(references, "references", empty=True),
        granularity, _parser_name(parser_model),
    )
    judged: List[str] = report["systems"]
    return MetaEvaluation(
        dataset=report["dataset"],
        human=dict(zip(judged, report["human"]["scores"])),
        metrics=tuple(
            MetricCorrelation(
                metric=row["metric"],
                signature=row["signature"],
                scores=dict(zip(judged, row["scores"])),
                pearson=_correlation(row["pearson"]),
                spearman=_correlation(row["spearman"]),
                sentence=SentenceAgreement(**row["sentence"]) if "sentence" in row else None,
                with_references=_with_references(row.get("with_references")),
            )
            for row in report["metrics"]
        ),
        paired=tuple(CorrelationComparison(**pair) for pair in report["paired"]),
        signature=report["signature"],
    )

