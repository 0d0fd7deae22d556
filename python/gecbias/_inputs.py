"""How arguments reach the Rust side, one meaning for each Python value everywhere: a ``str`` or
``os.PathLike`` is always a path; a sequence of ``str`` is always lines (one input), handed over
in memory under the argument's name (``<gold>``), so that messages read ``<gold>:3: …`` and no
file is written; several inputs are a sequence of paths (``os.PathLike``) or of line lists, or a
mapping from names to inputs; anything else is a ``TypeError`` naming the argument."""

from __future__ import annotations

import math
import os
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, TypeVar, Union

from . import _native
from ._native import InputError

#: A file path.
PathLike = Union[str, "os.PathLike[str]"]
#: A file path, or the file's lines (without line ends).
Lines = Union[str, "os.PathLike[str]", Sequence[str]]
#: Several inputs: one input (a path, or a list of lines), a sequence of inputs, or inputs by name.
Inputs = Union[Lines, Sequence[Lines], Mapping[str, Lines]]

_Choice = TypeVar("_Choice", bound=str)


def path_of(value: object) -> Optional[str]:
    """The path ``value`` names (a ``str`` or ``os.PathLike``), or ``None`` for lines."""
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    return None


def checked_lines(value: object, argument: str) -> List[str]:
    """``value`` as a list of lines: a sequence of ``str`` without line breaks (``TypeError`` for
    anything else, :class:`InputError` naming the argument and line for a line break)."""
    if isinstance(value, (bytes, bytearray)) or not isinstance(value, Sequence) or path_of(value) is not None:
        raise TypeError(
            f"{argument}: expected a file path or a list of lines (str), not {type(value).__name__}"
        )
    lines = list(value)
    if not lines:
        raise InputError(f"<{argument}>: empty")
    if all(type(line) is str and line and os.path.isfile(line) for line in lines):
        raise TypeError(
            f"{argument}: every item names an existing file, but a list of str is one input's lines; "
            f"give the file as a path (pathlib.Path({lines[0]!r}), or the str alone)"
        )
    # The common case checked at C speed (a per-line loop in Python cost more than the M2
    # lattices of a 50-line batch); anything else goes line by line, for the message.
    if all(type(line) is str for line in lines):
        joined = "".join(lines)
        if "\n" not in joined and "\r" not in joined:
            return lines
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise TypeError(f"{argument}: line {number} is {type(line).__name__}, not str")
        if "\n" in line or "\r" in line:
            raise InputError(f"<{argument}>:{number}: a line of a list contains a line break")
    return lines


def read_lines(value: Lines, argument: str) -> Tuple[List[str], str]:
    """The lines of ``value`` (a file read by the Rust side: UTF-8 checked with the line of the
    first bad byte) and the name messages give them (the path, or ``<argument>``)."""
    path = path_of(value)
    if path is not None:
        return _native.read_lines(path), path
    return checked_lines(value, argument), f"<{argument}>"


def several(value: Union[Lines, Sequence[Lines]], argument: str) -> List[Lines]:
    """A list of inputs (``references``, ``corrections``): a path is one input and a sequence of
    ``str`` one input's lines; any other sequence lists the inputs (each a path or a list of
    lines)."""
    if isinstance(value, (str, os.PathLike)):
        return [value]
    if isinstance(value, (bytes, bytearray, Mapping)) or not isinstance(value, Sequence):
        raise TypeError(
            f"{argument}: expected a path, a list of lines (str), or a list of inputs (each a path "
            f"or a list of lines), not {type(value).__name__}"
        )
    items: List[Lines] = list(value)
    if items and all(isinstance(item, str) for item in items):
        lines = [str(item) for item in items]
        if all(line and os.path.isfile(line) for line in lines):
            raise TypeError(
                f"{argument}: every item names an existing file, but a list of str is one input's "
                f"lines; give files as paths ([pathlib.Path(p) for p in {argument}])"
            )
        return [lines]
    return items


def named(value: Inputs, names: Optional[Sequence[str]], argument: str) -> List[Tuple[str, str, List[str]]]:
    """Systems as (name, origin, lines): a mapping names each input by its key; else
    :func:`several`'s inputs, named by ``names`` when given, else by their origin (the path, or
    ``<systems[k]>``)."""
    given: List[Tuple[Optional[str], Lines]]
    if isinstance(value, Mapping):
        if names is not None:
            raise ValueError(f"names: the {argument} mapping names them already")
        given = []
        for name, item in value.items():
            if not isinstance(name, str) or not name:
                raise ValueError(f"{argument}: each name a non-empty str, not {name!r}")
            given.append((name, item))
    else:
        items = several(value, argument)
        if names is not None:
            if path_of(names) is not None or len(names) != len(items):
                hint = " (a list of str is one system's lines)" if len(items) == 1 else ""
                raise ValueError(f"names: one name per system ({len(items)}{hint}), not {names!r}")
            for name in names:
                if not isinstance(name, str) or not name:
                    raise ValueError(f"names: each a non-empty str, not {name!r}")
        given = [(None if names is None else names[k], item) for k, item in enumerate(items)]
    if not given:
        raise ValueError(f"{argument}: no system given")
    out = []
    for k, (label, item) in enumerate(given):
        lines, origin = read_lines(item, f"{argument}[{k}]" if label is None else label)
        out.append((origin, origin, lines) if label is None else (label, origin, lines))
    return out


def choice(value: _Choice, allowed: Sequence[str], argument: str) -> _Choice:
    """``value`` when it is one of ``allowed``, else a ``ValueError`` naming the argument."""
    if value not in allowed:
        raise ValueError(f"{argument}: one of {', '.join(map(repr, allowed))}, not {value!r}")
    return value


def positive(value: object, argument: str) -> float:
    """``value`` as a finite number above 0, else a ``ValueError`` naming the argument."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{argument}: a number, not {type(value).__name__}")
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{argument}: a finite number above 0, not {value!r}")
    return float(value)


#: The bounds the engine checks: (fewest resamples or trials, most, most GLEU iterations, highest
#: GREEN order, highest Koyama order, largest β, highest chrF character and word orders).
(
    MIN_RESAMPLES,
    MAX_RESAMPLES,
    MAX_ITERATIONS,
    MAX_GREEN_ORDER,
    MAX_KOYAMA_ORDER,
    MAX_BETA,
    MAX_CHRF_CHAR_ORDER,
    MAX_CHRF_WORD_ORDER,
) = _native.limits()


def count(value: object, argument: str, minimum: int = 0, maximum: Optional[int] = None) -> int:
    """``value`` as an ``int`` from ``minimum`` to ``maximum``, else a ``TypeError``/``ValueError``
    naming the argument and the bound."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{argument}: an int, not {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{argument}: at least {minimum}, not {value}")
    if maximum is not None and value > maximum:
        raise ValueError(
            f"{argument}: at most {maximum} (what finishes in minutes and fits in memory), not {value}"
        )
    return value


def resamples(value: object, argument: str) -> int:
    """A count of resamples or trials, from :data:`MIN_RESAMPLES` (a 95 % interval's ends and a
    p-value need that many draws to mean anything) to :data:`MAX_RESAMPLES`."""
    if isinstance(value, int) and not isinstance(value, bool) and value < MIN_RESAMPLES:
        raise ValueError(
            f"{argument}: at least {MIN_RESAMPLES} (a 95 % interval's ends and a p-value need that "
            f"many draws to mean anything), not {value}"
        )
    return count(value, argument, MIN_RESAMPLES, MAX_RESAMPLES)


def beta(value: object, argument: str) -> float:
    """β of F_β: a number above 0 and at most :data:`MAX_BETA` (above it β² loses recall's
    digits, then overflows)."""
    b = positive(value, argument)
    if b > MAX_BETA:
        raise ValueError(f"{argument}: at most {MAX_BETA} (above it F_β is recall), not {value!r}")
    return b
