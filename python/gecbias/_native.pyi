"""The Rust side of gecbias: the ``gecbias`` command's code, called in-process."""

from typing import List, Optional, Tuple

__version__: str

class InputError(ValueError):
    """Bad input: a malformed or inconsistent file; the message names the file and line."""

def output_of(args: List[str]) -> str:
    """What ``gecbias ARGS…`` writes on standard output (``args`` without the program name).

    Raises ``FileNotFoundError`` for a missing input, :class:`InputError` for bad input,
    ``ValueError`` for a wrong command line."""

def main(argv: List[str]) -> int:
    """Runs the command line ``argv`` (program name first) as the ``gecbias`` binary does,
    printing its output; returns the exit status (0, 1 bad input, 2 usage)."""

def tag(lines: List[str], pretokenized: bool) -> List[List[Tuple[str, str, str, str, str, str]]]:
    """Each line tagged in memory: per token (token, Penn tag, UPOS, spaCy lemma, UD lemma,
    dependency label)."""

def errant_parallel(
    sources: List[str], corrections: List[List[str]], tokenise: bool, lev: bool, merge: str
) -> List[List[Optional[List[Tuple[int, int, int, int, str, str]]]]]:
    """ERRANT's typed edits, natively: per source line, per correction, ``None`` (unchanged) or
    (o_start, o_end, c_start, c_end, correction, type) per edit."""
