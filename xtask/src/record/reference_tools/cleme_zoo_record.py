"""CLEME's main.py on the CoNLL-2014 systems, its M2 inputs made by ERRANT 3.0.2 itself, for
`cargo xtask record metric-zoo`. Writes WORK/cleme-zoo.tsv, a tab-separated line per system and
configuration: the label, the configuration and the score main.py reports (repr): the
length-weighted corpus F of CLEME, or the length-weighted corpus COM of CLEME2.0 (CLEME prints
its tables on standard output, so the numbers go to a file).

Usage (from CLEME's folder): cleme_zoo_record.py WORK SOURCE REF... -- LABEL=HYP...

ERRANT's `errant_parallel` writes the gold (SOURCE against the REFs, one annotator each) and
each hypothesis M2 into WORK. CLEME is prepared as `cleme_record.py` prepares it.
"""

import contextlib
import io
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cleme_record  # noqa: E402
from errant.commands import parallel_to_m2  # noqa: E402

CONFIGURATIONS = [
    ("cleme", "dependent", "prf_corpus_weighted", "f"),
    ("cleme", "independent", "prf_corpus_weighted", "f"),
    ("cleme2", "dependent", "heuo_corpus_weighted", "com"),
]


def errant_parallel(orig, cors, out):
    sys.argv = ["errant_parallel", "-orig", orig, "-cor", *cors, "-out", out]
    parallel_to_m2.main()


def main():
    work, source, *rest = sys.argv[1:]
    split = rest.index("--")
    references, systems = rest[:split], rest[split + 1:]
    gold = os.path.join(work, "cleme-gold.m2")
    errant_parallel(source, references, gold)
    table = open(os.path.join(work, "cleme-zoo.tsv"), "w", encoding="utf-8")
    for labelled in systems:
        label, path = labelled.split("=", 1)
        hyp = os.path.join(work, f"cleme-{label}.m2")
        errant_parallel(source, [path], hyp)
        for metric, assumption, row, field in CONFIGURATIONS:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                cleme_record.main(["--ref", gold, "--hyp", hyp, "--metric", metric,
                                   "--assumption", assumption])
            result = out.getvalue().rsplit("\n", 2)[-2]
            value = re.search(rf"'{row}': \w+\((.*?)\)", result).group(1)
            number = re.search(rf"\b{field}=([^,]+)", value).group(1)
            table.write(f"{label}\tmetric={metric},assumption={assumption}\t{number}\n")
    table.close()


if __name__ == "__main__":
    main()
