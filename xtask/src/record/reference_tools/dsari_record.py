"""Records D-SARI for `cargo xtask record dsari`: the authors' `D_SARI.py` (imported from
`../shared/reference-tools/dsari/`, never copied), its `D_SARIsent` on documents made from EASSE's
TurkCorpus legacy test set (tokenised, lowercased): each run of 4 consecutive lines joined by a
space is a document, the sources' the source, the 8 Turkers' the references, each tokenised
lowercased system output the output. NLTK's Punkt (its sentence counts) is built locally as
`easse_run.py` builds it.

Usage: python dsari_record.py EASSE_DATA
Prints one row per document: the system output's file name, the document's index, and the repr
of D-SARI, keep, delete and add.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.environ["EASSE_RUN_DIR"])
import easse_run  # noqa: E402

easse_run.build_nltk_data()
import nltk  # noqa: E402

nltk.data.path.insert(0, str(easse_run.DATA))
spec = importlib.util.spec_from_file_location(
    "d_sari", os.path.join(os.environ["EASSE_RUN_DIR"], "dsari", "D_SARI.py")
)
d_sari = importlib.util.module_from_spec(spec)
spec.loader.exec_module(d_sari)

DOCUMENT = 4
root = sys.argv[1]


def lines(rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return [x.strip() for x in f.readlines()]


def documents(rel):
    text = lines(rel)
    return [" ".join(text[i : i + DOCUMENT]) for i in range(0, len(text), DOCUMENT)]


legacy = "test_sets/turkcorpus/legacy"
sources = documents(f"{legacy}/test.8turkers.tok.norm")
references = [documents(f"{legacy}/test.8turkers.tok.turk.{k}") for k in range(8)]
outputs = "system_outputs/turkcorpus/test/tok.low"
for name in sorted(os.listdir(os.path.join(root, outputs))):
    for k, output in enumerate(documents(f"{outputs}/{name}")):
        values = d_sari.D_SARIsent(sources[k], output, [r[k] for r in references])
        print(name, k, *map(repr, map(float, values)), sep="\t", flush=True)
