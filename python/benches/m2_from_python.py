"""Benchmark, not a test: ``gecbias.m2_score`` from Python on the 14 CoNLL-2014 systems beside
m2scorer run as a subprocess (Python 2.7 through pyenv), and the binding's own cost per call.

    target/python-venv/bin/python python/benches/m2_from_python.py

The ratio is m2scorer's user CPU over the Python call's CPU (all threads). The binding's cost is
what the call does besides the Rust work it wraps (checking arguments, crossing into Rust,
making the dataclass): the Python call's CPU minus that of the same native calls made directly
(``_native.read_lines``, ``_native.M2Gold.read`` and its ``score``), as a share of the latter.
"""

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import gecbias
from gecbias import _native

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("GECBIAS_DATA", REPO.parent / "shared" / "data"))
if not DATA.is_absolute():
    DATA = REPO / DATA
TOOLS = Path(os.environ.get("GECBIAS_REFERENCE_TOOLS", REPO.parent / "shared" / "reference-tools"))
PARAGRAPHS = DATA / "assess_learner_language" / "data" / "paragraphs"
GOLD = DATA / "assess_learner_language" / "data" / "conll14st-test-data" / "noalt" / "official-2014.combined.m2"
SYSTEMS = ["AMU", "CAMB", "CUUI", "IITB", "IPN", "JMGR", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC",
           "conll14st.output.1cleaned"]
RUNS = 10


def children_user() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime


def cpu_of(call, runs: int = RUNS) -> float:
    """Mean CPU seconds (user + system, every thread of this process) of ``call``."""
    start = time.process_time()
    for _ in range(runs):
        call()
    return (time.process_time() - start) / runs


def native_only(path: Path) -> None:
    """The Rust work of ``gecbias.m2_score(path, GOLD)``, called directly."""
    lines = _native.read_lines(str(path))
    _native.M2Gold.read(str(GOLD)).score(lines, str(path), (0.5, 2, False))


def main() -> None:
    print(f"gecbias.m2_score from Python vs m2scorer (Python 2.7 subprocess), {GOLD.name}, CPU:")
    ratios, overheads = [], []
    for system in SYSTEMS:
        path = PARAGRAPHS / system
        before = children_user()
        subprocess.run(
            ["python2.7", str(TOOLS / "m2scorer" / "scripts" / "m2scorer.py"), str(path), str(GOLD)],
            env={**os.environ, "PYENV_VERSION": "2.7.18"},
            stdout=subprocess.DEVNULL,
            check=True,
        )
        reference = children_user() - before
        call = lambda: gecbias.m2_score(path, GOLD)  # noqa: E731
        ours = cpu_of(call)
        rust = cpu_of(lambda: native_only(path))
        binding = max(ours - rust, 0.0)
        ratios.append(reference / ours)
        overheads.append(binding / rust)
        print(f"  {system:<28} {reference:6.2f} s vs {ours * 1000:6.1f} ms {reference / ours:6.0f}×"
              f"   binding {binding * 1e6:5.0f} µs = {100 * binding / rust:4.2f} % of the Rust time")
    print(f"  {min(ratios):.0f}× to {max(ratios):.0f}× faster; binding overhead "
          f"{100 * min(overheads):.2f} % to {100 * max(overheads):.2f} % of the Rust time (target < 5 %)")


if __name__ == "__main__":
    sys.exit(main())
