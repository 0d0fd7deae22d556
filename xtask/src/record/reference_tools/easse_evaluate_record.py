"""Records EASSE's `evaluate` for `cargo xtask record easse-evaluate`: EASSE run as
`../shared/reference-tools/easse_run.py` sets it up (NLTK's Punkt and perluniprops built locally,
torch stubbed; the lexical-complexity feature, whose table is absent, is left out; Punkt loaded
once, not once per line).

With SACREMOSES_PATH set, its sacremoses (0.0.53, for `penn`) is imported instead of the venv's.

Reads runs from standard input, one per line: test set, system output (relative to EASSE's data
folder), tokenizer, lowercase (1 or 0). Prints one line per value: the run's four fields, the key
(`quality_estimation/Compression ratio` for a feature) and the repr of the float.
"""
import os
import sys

# The penn runs: sacremoses 0.0.53, whose penn_tokenize still runs, ahead of the venv's 0.2.0.
if os.environ.get("SACREMOSES_PATH"):
    sys.path.insert(0, os.environ["SACREMOSES_PATH"])
sys.path.insert(0, os.environ["EASSE_RUN_DIR"])
import easse_run  # noqa: E402

easse_run.build_nltk_data()
easse_run.stub_torch()
import nltk  # noqa: E402

nltk.data.path.insert(0, str(easse_run.DATA))
# NLTK 3.10 rebuilds Punkt's tables on every `nltk.data.load` (FKGL and the sentence-split feature
# load it once per line: 90 % of a run); the tokenizer keeps no state between texts, so one load
# serves them all and the values do not change.
_load = nltk.data.load
_loaded = {}


def _load_once(resource, *args, **kwargs):
    key = (resource, args, tuple(sorted(kwargs.items())))
    if key not in _loaded:
        _loaded[key] = _load(resource, *args, **kwargs)
    return _loaded[key]


nltk.data.load = _load_once
import tseval.feature_extraction as features  # noqa: E402

# The lexical-complexity feature needs tseval's enwiki table (absent, CC BY-NC): skip it.
features.get_wordrank_score = lambda sentence: 0.0
from easse.cli import evaluate_system_output  # noqa: E402

METRICS = ["bleu", "sent_bleu", "sari", "sari_legacy", "sari_by_operation", "fkgl", "f1_token"]
root = sys.argv[1]
for run in sys.stdin.read().splitlines():
    test_set, output, tokenizer, lowercase = run.split("\t")
    scores = evaluate_system_output(
        test_set,
        sys_sents_path=os.path.join(root, output),
        tokenizer=tokenizer,
        lowercase=lowercase == "1",
        metrics=METRICS,
        quality_estimation=True,
    )
    quality = scores.pop("quality_estimation")
    quality.pop("Lexical complexity score")
    values = list(scores.items()) + [(f"quality_estimation/{k}", v) for k, v in quality.items()]
    for key, value in values:
        print(run, key, repr(float(value)), sep="\t", flush=True)
