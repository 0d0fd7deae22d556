"""Benchmark, not a test: 1,000 hypothesis sets of 50 sentences, as in-memory lists, scored
against the CoNLL-2014 gold, in one run:

* before: ``gecbias.m2_score(list, list)`` with the set's 50 gold blocks, as the package's Python
  code was at commit 246bf41 (each call wrote its lists to temporary files, ran ``gecbias score``
  on them and parsed its JSON), loaded from git and run on today's Rust side, so the ratio is the
  binding's alone (its in-process command line is now the installed ``gecbias`` command, a
  process per call: the typed engine left no command line inside the package);
* today's ``m2_score(list, list)``: the same call, now in memory (a gold object per call);
* now: one :class:`gecbias.M2Gold` of the whole test set, read once, each set scored against its
  sentences (``sentences=range(start, start + 50)``, a training loop's minibatch; no file).

    target/python-venv/bin/python python/benches/m2_gold_object.py [BEFORE_PYTHON]

``BEFORE_PYTHON``: the interpreter of a virtual environment with the wheel of 246bf41 installed
(``git worktree add /tmp/before 246bf41 && python3 -m venv /tmp/bv && /tmp/bv/bin/pip install
/tmp/before/python``); the same sets are then timed there too, Rust and Python as they were.
Set k is system k mod 13's output for sentences 37k mod 1262 onwards (1,000 distinct sets, from
every part of the test set); every path gives the same scores (checked). Each path is timed in
three rounds, interleaved, and the ratios are of the medians (a shared two-core machine varies by
a fifth from run to run).
"""

import os
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Callable, List, Tuple

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("GECBIAS_DATA", REPO.parent / "shared" / "data"))
if not DATA.is_absolute():
    DATA = REPO / DATA
ROOT = DATA / "assess_learner_language" / "data"
GOLD = ROOT / "conll14st-test-data" / "noalt" / "official-2014.combined.m2"
SYSTEMS = ["AMU", "CAMB", "CUUI", "IITB", "IPN", "JMGR", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"]
SETS, SIZE, ROUNDS = 1000, 50, 3
BEFORE = "246bf41"


def workload() -> Tuple[List[List[str]], List[Tuple[int, List[str]]]]:
    """The gold's blocks of M2 lines (each with its blank line), and the 1,000 sets as (first
    sentence, hypotheses)."""
    blocks: List[List[str]] = [[]]
    for line in GOLD.read_text(encoding="utf-8").splitlines():
        blocks[-1].append(line)
        if not line:
            blocks.append([])
    blocks = [b for b in blocks if b]
    outputs = [(ROOT / "paragraphs" / s).read_text(encoding="utf-8").splitlines() for s in SYSTEMS]
    starts = [37 * k % (len(blocks) - SIZE) for k in range(SETS)]
    return blocks, [(a, outputs[k % 13][a:a + SIZE]) for k, a in enumerate(starts)]


def gold_lines(blocks: List[List[str]], start: int) -> List[str]:
    return [line for block in blocks[start:start + SIZE] for line in block]


def timed(label: str, call: Callable[[int], float]) -> Tuple[float, List[float]]:
    start = time.perf_counter()
    scores = [call(k) for k in range(SETS)]
    seconds = time.perf_counter() - start
    print(f"{label:<52} {seconds:7.3f} s  ({seconds / SETS * 1e3:.3f} ms per set)", flush=True)
    return seconds, scores


def package_before() -> types.ModuleType:
    """The package's Python code at ``BEFORE``, its one call into Rust adapted to today's
    signature (no inputs in memory: it wrote files)."""
    from gecbias import _native

    source = subprocess.run(
        ["git", "show", f"{BEFORE}:python/gecbias/__init__.py"], cwd=REPO, check=True, capture_output=True, text=True
    ).stdout
    # Its one call into Rust ran a command line in-process; the command line itself stands in.
    def output_of(args: List[str]) -> str:
        done = subprocess.run(["gecbias", *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise _native.InputError(done.stderr.strip())
        return done.stdout

    native = types.SimpleNamespace(
        output_of=output_of, InputError=_native.InputError, __version__=_native.__version__,
    )
    package = types.ModuleType("gecbias_before")
    package.__dict__.update(_native=native)
    sys.modules["gecbias_before"] = package
    sys.modules["gecbias_before._native"] = native  # type: ignore[assignment]
    module = types.ModuleType("gecbias_before")
    module.__dict__["__package__"] = "gecbias_before"
    exec(compile(source, f"{BEFORE}:python/gecbias/__init__.py", "exec"), module.__dict__)
    return module


def main() -> None:
    import gecbias

    blocks, sets = workload()
    if sys.argv[1:] == ["--before-wheel"]:
        # Run by the interpreter of the environment with the old wheel: its m2_score only.
        _, scores = timed(
            f"m2_score(list, list), the wheel of {BEFORE}",
            lambda k: gecbias.m2_score(sets[k][1], gold_lines(blocks, sets[k][0])).score,
        )
        print(repr(scores))
        return
    old = package_before()
    gold = gecbias.M2Gold(GOLD)
    paths = {
        f"m2_score(list, list), Python of {BEFORE}": lambda k: old.m2_score(sets[k][1], gold_lines(blocks, sets[k][0])).score,
        "m2_score(list, list) today": lambda k: gecbias.m2_score(sets[k][1], gold_lines(blocks, sets[k][0])).score,
        "one M2Gold of the test set, sentences=range(…)": lambda k: gold.score(
            sets[k][1], sentences=range(sets[k][0], sets[k][0] + SIZE)
        ).score,
    }
    seconds: dict = {label: [] for label in paths}
    wheel: List[float] = []
    scores: dict = {}
    for _ in range(ROUNDS):
        for label, call in paths.items():
            taken, scores[label] = timed(label, call)
            seconds[label].append(taken)
        if len(sys.argv) > 1:
            run = subprocess.run([sys.argv[1], __file__, "--before-wheel"], check=True, capture_output=True, text=True)
            report, old_wheel = run.stdout.splitlines()
            print(report)
            assert eval(old_wheel) == scores["m2_score(list, list) today"], "the wheel before disagrees"
            wheel.append(float(report.split("  ")[-2].split()[-2]))
    first, _, now = (statistics.median(v) for v in seconds.values())
    assert len({tuple(v) for v in scores.values()}) == 1, "the paths disagree"
    print(f"medians: one gold object over the Python before {first / now:.1f}×", end="")
    if wheel:
        print(f", over the wheel before {statistics.median(wheel) / now:.1f}×", end="")
    print()

if __name__ == "__main__":
    main()
