"""gecbias: the evaluation measures of Choshen & Abend (2018) for grammatical error correction
(GEC) and text simplification, from Python.

Every function runs the Rust code of the ``gecbias`` command in-process (no subprocess, the GIL
released while it works) and returns a small frozen dataclass with the same fields and the same
signature string as the command's JSON. Inputs are file paths or lists of lines.

* Reference-based scores, with the command's signatures: :func:`m2_score` (m2scorer's F0.5),
  :func:`errant_compare` (ERRANT's), :func:`gleu` (compute_gleu's), :func:`sari` (SARI.py's);
  ERRANT from text, per error type (``score("errant", …, source=…, cat=2)``);
  any of them with a bootstrap interval (:func:`confidence_interval`) or a paired test against a
  baseline (:func:`paired_test`), sacrebleu's conventions (1000 resamples, seed 12345); or all
  systems at once with :func:`score`.
* How conservative a system is: :func:`conservatism` (WordChange, word order, splits).
* How many valid corrections a sentence has: :func:`unseen_estimate` (UnseenEst).
* What a correction changes: :func:`errant_parallel` (ERRANT's typed edits, natively: no spaCy).
* Semantic faithfulness without references: :func:`usim` (UCCA XML passages),
  :func:`usim_text` (raw text, through the native UCCA parser) and :func:`parse`.

Bad input raises :class:`InputError` (a ``ValueError``) whose message names the file and the
line; a missing file raises ``FileNotFoundError``.

>>> import gecbias
>>> gold = ["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""]
>>> result = gecbias.m2_score(["He goes to school ."], gold)
>>> result.score, result.correct, result.proposed, result.gold
(1.0, 1, 1, 1)
>>> result.signature.startswith("M2|refs:1|beta:0.5|muw:2")
True
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, fields
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native
from ._native import InputError

__all__ = [
    "InputError",
    "Interval",
    "PairedTest",
    "Score",
    "M2Score",
    "ErrantScore",
    "ErrantCategoryScore",
    "ErrantEdit",
    "errant_parallel",
    "GleuScore",
    "SariScore",
    "UsimScore",
    "ConservatismProfile",
    "UnseenEstimate",
    "Threshold",
    "UsimResult",
    "score",
    "m2_score",
    "errant_compare",
    "gleu",
    "sari",
    "confidence_interval",
    "paired_test",
    "conservatism",
    "unseen_estimate",
    "usim",
    "usim_text",
    "parse",
    "Token",
    "tag",
    "__version__",
]

__version__: str = _native.__version__

#: A file path, or the file's lines (without line ends).
Lines = Union[str, "os.PathLike[str]", Sequence[str]]


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
class Score:
    """One system's corpus score for one metric, as a row of ``gecbias score``'s JSON: the
    metric's ``name``, the ``system`` file (``<hypothesis>`` for a list of lines), the
    ``score``, the number of ``sentences``, the ``signature`` recording every option that
    changes a number, and the bootstrap interval and paired tests when they were asked for
    (``None`` otherwise). The metric's own parts are in its subclass."""

    name: str
    system: str
    score: float
    sentences: int
    signature: str
    confidence: Optional[Interval]
    paired_bs: Optional[PairedTest]
    paired_ar: Optional[PairedTest]


@dataclass(frozen=True)
class M2Score(Score):
    """The M2 scorer's corpus F_β (``score``) with its precision, recall and edit counts:
    ``correct`` system edits matching a gold edit, ``proposed`` system edits, ``gold`` edits of
    the chosen annotators (m2scorer's running choice of annotator per sentence)."""

    precision: float
    recall: float
    correct: int
    proposed: int
    gold: int


@dataclass(frozen=True)
class ErrantScore(Score):
    """ERRANT's corpus F_β (``score``): ``tp``, ``fp``, ``fn`` edit counts with errant_compare's
    choice of reference annotator per sentence, precision and recall; with ``cat``, the same per
    error type group (``categories``, by name: ``R``, ``NOUN`` or ``R:NOUN``), else ``None``."""

    precision: float
    recall: float
    tp: int
    fp: int
    fn: int
    categories: Optional[Dict[str, "ErrantCategoryScore"]] = None


@dataclass(frozen=True)
class ErrantCategoryScore:
    """One error type group's P, R and F_β (``f``) and counts over the annotator pairs ERRANT
    chose for the whole corpus (errant_compare's ``-cat`` row), with the bootstrap interval of F
    when ``confidence`` was asked for."""

    precision: float
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
class SariScore(Score):
    """SARI.py's corpus SARI (``score``): the mean of the sentence scores."""


@dataclass(frozen=True)
class UsimScore(Score):
    """USim of a system's outputs to their sources, as ``score`` ranks it: the mean over
    sentences of USim(source → output) (``score``) and of the other direction."""

    output_to_source: float


_SCORE_TYPES = {
    "m2": M2Score,
    "errant": ErrantScore,
    "gleu": GleuScore,
    "sari": SariScore,
    "usim": UsimScore,
}


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


class _Files:
    """Paths for the arguments: a path stays as it is; a list of lines is written to a
    temporary file named after its role, so that messages read ``…/hypothesis:3: …``."""

    def __init__(self) -> None:
        self._dir: Optional[tempfile.TemporaryDirectory] = None
        #: The temporary file of each list of lines, and the name results give it instead.
        self.shown: Dict[str, str] = {}

    def __enter__(self) -> "_Files":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._dir is not None:
            self._dir.cleanup()

    def _folder(self) -> str:
        if self._dir is None:
            self._dir = tempfile.TemporaryDirectory(prefix="gecbias-")
        return self._dir.name

    def path(self, value: Lines, role: str) -> str:
        if isinstance(value, (str, os.PathLike)):
            return os.fspath(value)
        lines = _lines_of(value, role)
        for number, line in enumerate(lines, 1):
            if "\n" in line or "\r" in line:
                raise InputError(f"{role}:{number}: a line of a list contains a line break")
        path = os.path.join(self._folder(), role)
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write("".join(line + "\n" for line in lines))
        self.shown[path] = f"<{role}>"
        return path


def _run(args: List[str]) -> str:
    return _native.output_of(args)


def _interval(value: Optional[Dict[str, Any]]) -> Optional[Interval]:
    return None if value is None else Interval(**value)


def _test(value: Optional[Dict[str, Any]], shown: Dict[str, str]) -> Optional[PairedTest]:
    if value is None:
        return None
    return PairedTest(**{**value, "baseline": shown.get(value["baseline"], value["baseline"])})


def _score_row(metric: str, row: Dict[str, Any], shown: Dict[str, str]) -> Score:
    """A JSON row as its dataclass; a system given as a list of lines is named by its role
    (``<hypothesis>``), not by its temporary file."""
    cls = _SCORE_TYPES[metric]
    known = {f.name for f in fields(cls)}
    values = {k: v for k, v in row.items() if k in known}
    values["system"] = shown.get(row["system"], row["system"])
    values["confidence"] = _interval(row.get("confidence"))
    values["paired_bs"] = _test(row.get("paired_bs"), shown)
    values["paired_ar"] = _test(row.get("paired_ar"), shown)
    if "categories" in values:
        values["categories"] = {
            name: ErrantCategoryScore(
                **{
                    k: _interval(v) if k.endswith("confidence") else v
                    for k, v in c.items()
                }
            )
            for name, c in values["categories"].items()
        }
    return cls(**values)


def score(
    metric: str,
    systems: Sequence[Lines],
    *,
    source: Optional[Lines] = None,
    references: Sequence[Lines] = (),
    gold: Optional[Lines] = None,
    confidence: bool = False,
    confidence_n: int = 1000,
    ci_method: str = "bca",
    paired_bs: bool = False,
    paired_bs_n: int = 1000,
    paired_ar: bool = False,
    paired_ar_n: int = 10_000,
    seed: int = 12345,
    beta: float = 0.5,
    max_unchanged_words: int = 2,
    ignore_whitespace_casing: bool = False,
    errant_mode: str = "cs",
    cat: Optional[int] = None,
    iterations: int = 500,
    pretokenized: bool = False,
    sentences: bool = False,
    usim_params: str = "released",
) -> List[Score]:
    """``gecbias score -m METRIC``: every system's corpus score for one metric (``m2``,
    ``errant``, ``gleu``, ``sari`` or ``usim``), with the command's signature; the first system
    is the baseline of the paired tests.

    ``gold`` is the M2 gold (m2, errant); ``source`` and ``references`` are line-aligned text
    (gleu, sari; usim needs the source only). For errant, systems are text typed on the fly by
    the native ERRANT when ``source`` is given (the gold re-typed the same way), else hypothesis
    M2 files; ``cat`` (1 operation, 2 main type, 3 both) adds per-type scores. Intervals are bootstrap intervals over test sentences (``confidence_n`` resamples,
    ``ci_method`` ``bca`` or ``percentile``); ``paired_bs``/``paired_ar`` test each system
    against the first by paired bootstrap or approximate randomisation. ``seed`` seeds every
    resampling, so equal arguments give equal numbers on any number of threads.
    """
    if metric not in _SCORE_TYPES:
        raise ValueError(f"metric: one of {', '.join(_SCORE_TYPES)}, not {metric!r}")
    if isinstance(systems, (str, os.PathLike)):
        raise TypeError("systems: a list of systems (each a path or a list of lines)")
    with _Files() as files:
        args = ["score", "-m", metric, "--seed", str(seed)]
        if source is not None:
            args += ["-s", files.path(source, "source")]
        refs = [files.path(r, f"reference{k}") for k, r in enumerate(references)]
        if refs:
            args += ["-r", *refs]
        if gold is not None:
            args += ["--gold", files.path(gold, "gold")]
        if cat is not None:
            args += ["--cat", str(cat)]
        inputs = []
        for k, system in enumerate(systems):
            role = "hypothesis" if len(systems) == 1 else f"hypothesis{k}"
            # Without a source, ERRANT compares hypothesis M2 files; the other metrics read text.
            m2_input = metric == "errant" and source is None
            inputs.append(files.path(system, role + ".m2" if m2_input else role))
        args += ["-i", *inputs]
        args += ["--beta", repr(float(beta)), "--max-unchanged-words", str(max_unchanged_words)]
        if ignore_whitespace_casing:
            args.append("--ignore-whitespace-casing")
        args += ["--errant-mode", errant_mode, "--gleu-iter", str(iterations)]
        if pretokenized:
            args.append("--pretokenized")
        if sentences:
            args.append("--sentences")
        args += ["--params", usim_params]
        if confidence:
            args += ["--confidence", "--confidence-n", str(confidence_n), "--ci-method", ci_method]
        if paired_bs:
            args += ["--paired-bs", "--paired-bs-n", str(paired_bs_n)]
        if paired_ar:
            args += ["--paired-ar", "--paired-ar-n", str(paired_ar_n)]
        rows = json.loads(_run(args))
        return [_score_row(metric, row, files.shown) for row in rows]


def m2_score(
    system: Lines,
    gold: Lines,
    *,
    beta: float = 0.5,
    max_unchanged_words: int = 2,
    ignore_whitespace_casing: bool = False,
) -> M2Score:
    """The M2 scorer's F_β of ``system`` (one corrected sentence per line) against ``gold`` (an
    M2 file): m2scorer's numbers, P = correct/proposed, R = correct/gold,
    F_β = (1 + β²)PR / (β²P + R)."""
    (result,) = score(
        "m2",
        [system],
        gold=gold,
        beta=beta,
        max_unchanged_words=max_unchanged_words,
        ignore_whitespace_casing=ignore_whitespace_casing,
    )
    return result  # type: ignore[return-value]


def errant_compare(hyp: Lines, ref: Lines, *, mode: str = "cs", beta: float = 0.5) -> ErrantScore:
    """errant_compare's span-based scores of the hypothesis M2 ``hyp`` against the reference M2
    ``ref``; ``mode`` is ``cs`` (span and correction, the default), ``cse``, ``ds`` or ``dt``.

    >>> m2 = ["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""]
    >>> result = errant_compare(m2, m2)
    >>> (result.tp, result.fp, result.fn, result.score)
    (1, 0, 0, 1.0)
    """
    (result,) = score("errant", [hyp], gold=ref, errant_mode=mode, beta=beta)
    return result  # type: ignore[return-value]


def gleu(
    source: Lines, references: Sequence[Lines], hypothesis: Lines, *, iterations: int = 500
) -> GleuScore:
    """compute_gleu's corpus GLEU of ``hypothesis`` against the ``references`` of ``source``:
    the mean over ``iterations`` rounds of the script's own reference draws, to the last
    digit.

    >>> refs = [["He goes to school ."], ["He went to school ."]]
    >>> result = gleu(["He go to school ."], refs, ["He goes to school ."])
    >>> result.score, result.signature
    (0.484, 'GLEU|refs:2|iter:500|draws:python2|version:0.1.0')
    """
    (result,) = score("gleu", [hypothesis], source=source, references=references, iterations=iterations)
    return result  # type: ignore[return-value]


def sari(source: Lines, references: Sequence[Lines], output: Lines) -> SariScore:
    """SARI.py's corpus SARI of the simplification ``output`` of ``source`` against
    ``references``: the mean over sentences of (F_add + F_keep + P_del) / 3.

    >>> sari(["The cat perched on the mat ."], [["The cat sat on the mat ."]],
    ...      ["The cat sat on the mat ."]).score
    1.0
    """
    (result,) = score("sari", [output], source=source, references=references)
    return result  # type: ignore[return-value]


def confidence_interval(
    metric: str,
    system: Lines,
    *,
    resamples: int = 1000,
    method: str = "bca",
    seed: int = 12345,
    **inputs: Any,
) -> Interval:
    """A bootstrap confidence interval (95 %) of ``system``'s ``metric`` score over test
    sentences; ``inputs`` are :func:`score`'s (``gold``, ``source``, ``references``, options)."""
    (result,) = score(
        metric, [system], confidence=True, confidence_n=resamples, ci_method=method, seed=seed, **inputs
    )
    assert result.confidence is not None
    return result.confidence


def paired_test(
    metric: str,
    baseline: Lines,
    system: Lines,
    *,
    method: str = "bs",
    trials: Optional[int] = None,
    seed: int = 12345,
    **inputs: Any,
) -> PairedTest:
    """A paired significance test of ``system`` against ``baseline`` on ``metric``: paired
    bootstrap (``method="bs"``, 1000 resamples) or approximate randomisation (``"ar"``, 10,000
    trials), sacrebleu's defaults; ``inputs`` are :func:`score`'s."""
    if method not in ("bs", "ar"):
        raise ValueError(f"method: 'bs' or 'ar', not {method!r}")
    options: Dict[str, Any] = {"seed": seed, f"paired_{method}": True}
    if trials is not None:
        options[f"paired_{method}_n"] = trials
    _, result = score(metric, [baseline, system], **options, **inputs)
    test = result.paired_bs if method == "bs" else result.paired_ar
    assert test is not None
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
    with _Files() as files:
        args = ["conservatism", files.path(source, "source"), files.path(output, "output")]
        if passages:
            args.append("--passages")
        report = json.loads(_run(args))
        row = dict(report["systems"][0])
        row["system"] = files.shown.get(row["system"], row["system"])
    row["word_change_histogram"] = {b["word_change"]: b["sentences"] for b in row["word_change_histogram"]}
    row["signature"] = report["signature"]
    known = {f.name for f in fields(ConservatismProfile)}
    return ConservatismProfile(**{k: v for k, v in row.items() if k in known})


def unseen_estimate(fingerprint: Union[str, "os.PathLike[str]", Sequence[int]]) -> UnseenEstimate:
    """UnseenEst's estimate of how many valid corrections a sentence has, from its fingerprint:
    a file, or the counts themselves (``fingerprint[k]`` corrections were given k + 1 times).

    >>> estimate = unseen_estimate([15, 2, 1, 0, 1])
    >>> estimate.answers, estimate.distinct_answers, round(estimate.estimated_corrections, 1)
    (27, 19, 1209.3)
    """
    with _Files() as files:
        if isinstance(fingerprint, (str, os.PathLike)):
            path = os.fspath(fingerprint)
        else:
            path = files.path([str(int(c)) for c in fingerprint], "fingerprint")
        report = json.loads(_run(["unseen", path]))
    row = report["sentences"][0]
    return UnseenEstimate(
        sentence=row["sentence"],
        answers=row["answers"],
        distinct_answers=row["distinct_answers"],
        estimated_corrections=row["estimated_corrections"],
        above=tuple(Threshold(**t) for t in row["above"]),
        signature=report["signature"],
    )


def _usim_report(args: List[str], shown: Dict[str, str]) -> UsimResult:
    report = json.loads(_run(args))
    row = dict(report["systems"][0])
    row["output"] = shown.get(row["output"], row["output"])
    return UsimResult(signature=report["signature"], **row)


def usim(source_xml: Union[str, "os.PathLike[str]"], output_xml: Union[str, "os.PathLike[str]"]) -> UsimResult:
    """USim between UCCA passages (standard XML): two files, two folders (paired by file name)
    or two list files of paths; the mean of each direction over the pairs."""
    return _usim_report(["usim", "--xml", "-s", os.fspath(source_xml), "-o", os.fspath(output_xml)], {})


def usim_text(
    source: Lines,
    output: Lines,
    *,
    pretokenized: bool = False,
    sentences: bool = False,
    params: str = "released",
) -> UsimResult:
    """USim of raw text: each line of ``output`` against the line of ``source`` with the same
    number, both parsed by the native UCCA parser; ``pretokenized`` for space-separated tokens,
    ``sentences`` to cut paragraphs with Punkt first.

    >>> same = usim_text(["The cat sat on the mat ."], ["The cat sat on the mat ."], pretokenized=True)
    >>> same.source_to_output, same.output_to_source
    (1.0, 1.0)
    """
    with _Files() as files:
        args = ["usim", "-s", files.path(source, "source"), "-o", files.path(output, "output"), "--params", params]
        if pretokenized:
            args.append("--pretokenized")
        if sentences:
            args.append("--sentences")
        return _usim_report(args, files.shown)


def parse(
    text: Union[str, "os.PathLike[str]", Sequence[str]],
    *,
    pretokenized: bool = False,
    sentences: bool = False,
) -> List[str]:
    """UCCA passages (standard XML) from the native parser, one per line of ``text``: a string
    is one line of text (not a path, unlike the other functions), a list is lines, a
    ``pathlib.Path`` is a file of lines."""
    if isinstance(text, str):
        text = [text]
    with _Files() as files:
        args = ["parse", files.path(text, "text")]
        if pretokenized:
            args.append("--pretokenized")
        if sentences:
            args.append("--sentences")
        # Standard output holds every passage, each followed by a newline; one file per passage
        # would cost a file system round trip per line.
        out = _run(args)
    starts = [m.start() for m in re.finditer(r"^<root ", out, re.MULTILINE)]
    return [out[a:b][:-1] for a, b in zip(starts, starts[1:] + [len(out)])]


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


def _lines_of(value: Lines, role: str) -> List[str]:
    """A file's lines (a path) or the lines given (a list of str)."""
    if isinstance(value, (str, os.PathLike)):
        with open(value, encoding="utf-8") as f:
            return f.read().splitlines()
    if isinstance(value, (bytes, bytearray)) or not isinstance(value, Sequence):
        raise TypeError(f"{role}: expected a file path or a list of lines, not {type(value).__name__}")
    lines = list(value)
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise TypeError(f"{role}: line {number} is {type(line).__name__}, not str")
    return lines


def errant_parallel(
    sources: Lines,
    corrections: Sequence[Lines],
    *,
    tokenise: bool = False,
    lev: bool = False,
    merge: str = "rules",
) -> List[List[Optional[List[ErrantEdit]]]]:
    """ERRANT's typed edits of each correction of each source sentence, natively (the built-in
    tagger; no Python NLP stack): per source line, per correction, ``None`` where the correction
    is the source itself (ERRANT's ``noop``), else its :class:`ErrantEdit` list. Lines are
    tokenised text (``tokenise`` splits raw text by spaCy's English rules); ``lev`` aligns by
    standard Levenshtein; ``merge`` is ``rules``, ``all-split``, ``all-merge`` or ``all-equal``.

    >>> (edits,), = errant_parallel(["He go to school ."], [["He goes to school ."]])
    >>> [(e.o_start, e.o_end, e.correction, e.type) for e in edits]
    [(1, 2, 'goes', 'R:VERB:SVA')]
    """
    if isinstance(corrections, (str, os.PathLike)):
        raise TypeError("corrections: a list of corrected versions (each a path or a list of lines)")
    source_lines = _lines_of(sources, "sources")
    corrected = [_lines_of(c, f"corrections[{k}]") for k, c in enumerate(corrections)]
    typed = _native.errant_parallel(source_lines, corrected, tokenise, lev, merge)
    return [
        [None if edits is None else [ErrantEdit(*e) for e in edits] for edits in line]
        for line in typed
    ]


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


def tag(lines: Union[str, Sequence[str]], *, pretokenized: bool = False) -> List[List[Token]]:
    """Tag, lemmatise and label English text in memory: one list of :class:`Token` per line (a
    string is one line); ``pretokenized`` splits on spaces, else the UCCA parser's tokeniser
    splits each line.

    >>> [(t.text, t.xpos, t.lemma, t.dep) for t in tag("She has eaten the apples .", pretokenized=True)[0]][1:5]
    [('has', 'VBZ', 'have', 'aux'), ('eaten', 'VBN', 'eat', 'dep'), ('the', 'DT', 'the', 'det'), ('apples', 'NNS', 'apple', 'dobj')]
    """
    if isinstance(lines, str):
        lines = [lines]
    return [[Token(*token) for token in line] for line in _native.tag(list(lines), pretokenized)]
