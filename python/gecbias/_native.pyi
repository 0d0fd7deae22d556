"""The Rust side of gecbias: the ``gecbias`` command's code, called in-process."""

from typing import Any, Dict, List, Optional, Tuple, TypedDict

__version__: str
DEFAULT_SEED: int

class InputError(ValueError):
    """Bad input: a malformed or inconsistent file; the message names the file and line."""

def main(argv: List[str]) -> int:
    """Runs the command line ``argv`` (program name first) as the ``gecbias`` binary does,
    printing its output; returns the exit status (0, 1 bad input, 2 usage)."""

class NativeOptions(TypedDict):
    """Every option of :class:`Scorer`, by the package's names (any other key is refused)."""

    beta: float
    max_unchanged_words: int
    ignore_whitespace_casing: bool
    errant_mode: str
    analyser: str
    cat: Optional[int]
    average: str
    iterations: int
    pretokenized: bool
    sentences: bool
    usim_params: str
    parser_model: Optional[str]
    green_n: int
    green_beta: float
    green_unit: str
    koyama_n: int
    koyama_unit: str
    koyama_mode: str
    koyama_iterations: int
    goto_weights: Optional[str]
    goto_ref: int
    cleme_assumption: str
    cleme_weights: str
    cleme_level: str
    lowercase: bool
    bleu_tokenize: str
    bleu_smooth: str
    bleu_smooth_value: Optional[float]
    bleu_effective_order: bool
    chrf_char_order: int
    chrf_word_order: int
    chrf_beta: float
    chrf_whitespace: bool
    chrf_eps_smoothing: bool
    fkgl_tokenize: str
    sari_variant: str

class Scorer:
    """One metric's scorer from the typed engine, its inputs prepared once."""

    def __init__(
        self,
        metric: str,
        source: Optional[Tuple[str, List[str]]],
        references: List[Tuple[str, List[str]]],
        gold: Optional[Tuple[str, List[str]]],
        options: NativeOptions,
    ) -> None: ...
    def report(
        self,
        systems: List[Tuple[str, str, List[str]]],
        resampling: Tuple[
            Optional[Tuple[int, str]], Optional[int], Optional[int], Optional[Tuple[int, float]], int
        ],
    ) -> List[Dict[str, Any]]:
        """Every system's row ((name, origin, lines) each, the first the baseline), as a
        dictionary of the engine's fields.

        Raises :class:`InputError` for bad input, ``ValueError`` for a ranking with too few
        trials."""

def conservatism(source: Tuple[str, List[str]], output: Tuple[str, List[str]], passages: bool) -> Dict[str, Any]:
    """How conservative ``output`` is against ``source`` (each (origin, lines)): the fields of
    ``ConservatismProfile``."""

def unseen_estimate(
    fingerprint: Tuple[str, str],
) -> Tuple[int, int, float, List[Tuple[float, float, float]], str]:
    """UnseenEst from a fingerprint's (origin, text): (answers, distinct answers, estimated
    corrections, (γ, variants, mass) per threshold, signature)."""

def usim_xml(source: str, output: str, params: str) -> Tuple[int, float, float, str]:
    """USim between UCCA passages (files, folders or list files): (pairs, mean
    USim(source, output), mean USim(output, source), signature)."""

def usim_text(
    source: Tuple[str, List[str]],
    output: Tuple[str, List[str]],
    pretokenized: bool,
    sentences: bool,
    params: str,
    parser_model: Optional[str] = None,
) -> Tuple[int, float, float, str]:
    """USim of raw text, line by line: (sentences, mean USim(source, output), mean
    USim(output, source), signature)."""

def parse(
    text: Tuple[str, List[str]], pretokenized: bool, sentences: bool, parser_model: Optional[str] = None
) -> List[str]:
    """One UCCA passage (standard XML) per line of ``text`` (origin, lines)."""

def meta_eval(
    dataset: str,
    root: str,
    gold: str,
    metrics: List[str],
    human: str,
    trueskill_runs: int,
    betas: List[float],
    confidence: bool,
    paired: bool,
    resamples: int,
    unit: str,
    seed: int,
    exclude: Optional[List[str]],
    references: Optional[List[str]],
    granularity: str,
    parser_model: Optional[str] = None,
) -> Dict[str, Any]:
    """A meta-evaluation by the typed engine: the fields of ``MetaEvaluation``, its rows as
    dictionaries."""

def meta_eval_ratings(
    dataset: str, data: Optional[str], split: str, judgments: Optional[str],
    rows: Optional[List[Tuple[str, str, Optional[str], Optional[str], List[str], float, Optional[str], Optional[str]]]],
    metrics: Optional[List[str]], aspect: Optional[str], betas: List[float], confidence: bool, paired: bool,
    resamples: int, seed: int, exclude: Optional[List[str]], systems: Optional[List[str]], segment_level: bool,
    synthetic: int, parser_model: Optional[str] = None,
) -> Dict[str, Any]:
    """A meta-evaluation against ratings by the typed engine: the fields of
    ``RatingMetaEvaluation``, its rows as dictionaries."""

def limits() -> Tuple[int, int, int, int, int, float, int, int]:
    """(fewest resamples or trials, most, most GLEU iterations, highest GREEN order, highest
    Koyama order, largest β, highest chrF character and word orders): the bounds the engine
    checks."""
    ...

def metric_names() -> Tuple[List[str], List[str]]:
    """The catalogue's metric names (``score``'s) and meta-evaluation's rows' names."""
    ...

def option_names() -> List[str]:
    """The keys of :class:`Scorer`'s options, :class:`NativeOptions`' in its order."""
    ...

def read_lines(path: str) -> List[str]:
    """The lines of the file at ``path`` (UTF-8, CRLF or LF, the command's size limit); an empty
    file is an :class:`InputError` naming it."""

class M2Gold:
    """An M2 gold standard parsed once."""

    @staticmethod
    def read(path: str) -> "M2Gold":
        """The gold in the M2 file at ``path``, read strictly."""
    @staticmethod
    def parse(text: str, name: str) -> "M2Gold":
        """The gold in M2 ``text``; ``name`` names it in messages."""
    def __len__(self) -> int: ...
    @property
    def annotators(self) -> int:
        """The most annotators any sentence has."""
    def score(
        self,
        hypotheses: List[str],
        name: str,
        options: Tuple[float, int, bool],
        sentences: Optional[List[int]] = None,
    ) -> Tuple[float, float, float, int, int, int, int, str]:
        """(F_β, precision, recall, correct, proposed, gold, sentences, signature) of
        ``hypotheses`` against the gold (or its sentences at ``sentences``); ``options`` = (β,
        max unchanged words, ignore whitespace and casing)."""

class GleuCorpus:
    """A GLEU corpus (sources and references) prepared once."""

    def __init__(self, sources: List[str], references: List[List[str]], names: List[str]) -> None: ...
    def __len__(self) -> int: ...
    def score(self, hypotheses: List[str], name: str, iterations: int) -> Tuple[float, float, int, str]:
        """(mean GLEU over the rounds of reference draws, their standard deviation, sentences,
        signature)."""

def tag(lines: List[str], pretokenized: bool) -> List[List[Tuple[str, str, str, str, str, str]]]:
    """Each line tagged in memory: per token (token, Penn tag, UPOS, spaCy lemma, UD lemma,
    dependency label)."""

def errant_parallel(
    sources: List[str], corrections: List[List[str]], tokenise: bool, lev: bool, merge: str, analyser: str
) -> List[List[Optional[List[Tuple[int, int, int, int, str, str]]]]]:
    """ERRANT's typed edits, natively: per source line, per correction, ``None`` (unchanged) or
    (o_start, o_end, c_start, c_end, correction, type) per edit."""

def write_report(
    path: str,
    systems: List[Tuple[str, str, List[str]]],
    source: Tuple[str, List[str]],
    gold: Optional[Tuple[str, List[str]]],
    references: List[Tuple[str, List[str]]],
    test_set: str,
    metrics: List[str],
    title: str,
    seed: int,
    confidence_n: int,
    rank_trials: Optional[int],
    clusters: bool,
    samsa: bool,
    command: str,
) -> int:
    """The report page of ``systems`` written to ``path``; its size in bytes."""

def easse_test_set(name: str, data: Optional[str] = None) -> Tuple[str, List[str]]:
    """EASSE's test set ``name`` under the data folder: (source file, reference files)."""

def easse_evaluate_lines(
    sources: List[str],
    outputs: List[str],
    references: List[List[str]],
    metrics: List[str],
    tokenizer: str,
    lowercase: bool,
    quality_estimation: bool,
) -> Tuple[List[Tuple[str, float]], Optional[List[Tuple[str, float]]]]:
    """EASSE's evaluate: (scores under its keys, the quality-estimation features or None)."""
