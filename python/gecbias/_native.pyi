"""The Rust side of gecbias: the ``gecbias`` command's code, called in-process."""

from typing import Any, Dict, List, Optional, Tuple

__version__: str

class InputError(ValueError):
    """Bad input: a malformed or inconsistent file; the message names the file and line."""

def output_of(args: List[str], inputs: Dict[str, str]) -> str:
    """What ``gecbias ARGS…`` writes on standard output (``args`` without the program name), each
    ``inputs`` entry (name → text) read as a file of that name.

    Raises ``FileNotFoundError`` for a missing input, :class:`InputError` for bad input,
    ``ValueError`` for a wrong command line."""

def main(argv: List[str]) -> int:
    """Runs the command line ``argv`` (program name first) as the ``gecbias`` binary does,
    printing its output; returns the exit status (0, 1 bad input, 2 usage)."""

def score(
    metric: str,
    systems: List[Tuple[str, str, List[str]]],
    source: Optional[Tuple[str, List[str]]],
    references: List[Tuple[str, List[str]]],
    gold: Optional[Tuple[str, List[str]]],
    options: Tuple[float, int, bool, str, str, Optional[int], int, bool, bool, str, Optional[str]],
    resampling: Tuple[
        Optional[Tuple[int, str]], Optional[int], Optional[int], Optional[Tuple[int, float]], int
    ],
) -> List[Dict[str, Any]]:
    """Every system's score for ``metric`` from the typed engine, in memory: ``systems`` as
    (name, origin, lines), the first the baseline of the paired tests; ``source``,
    ``references`` and ``gold`` as (origin, lines); each row the fields of the metric's result
    dataclass.

    Raises :class:`InputError` for bad input, ``ValueError`` for a missing input or a ranking
    with too few trials."""

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
