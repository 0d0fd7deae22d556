"""Records EASSE's corpus FKGL for `cargo xtask record easse`: EASSE run as
`../shared/reference-tools/easse_run.py` sets it up (NLTK's Punkt built locally, torch stubbed).

Arguments: EASSE's data folder, then files relative to it. Prints one line per file: the file
and the repr of `easse.fkgl.corpus_fkgl` of its lines (split at LF only, the last kept when no
LF ends it).
"""
import os
import sys

sys.path.insert(0, os.environ["EASSE_RUN_DIR"])
import easse_run  # noqa: E402

easse_run.build_nltk_data()
easse_run.stub_torch()
import nltk  # noqa: E402

nltk.data.path.insert(0, str(easse_run.DATA))
from easse.fkgl import corpus_fkgl  # noqa: E402


def lines(path):
    with open(path, encoding="utf-8", newline="") as f:
        found = f.read().split("\n")
    return found[:-1] if found[-1] == "" else found


root = sys.argv[1]
for rel in sys.argv[2:]:
    print(rel, repr(corpus_fkgl(lines(os.path.join(root, rel)))), sep="\t")
