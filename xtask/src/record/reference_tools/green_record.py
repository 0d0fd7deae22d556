"""Runs gec-metrics' GREEN (src/gec_metrics/metrics/green.py) unchanged on outputs and prints, per
output and configuration, a tab-separated line: the label, the configuration, the corpus score
(repr), the number of sentence scores and the SHA-256 of their reprs joined by newlines.

Usage: green_record.py [--default] GEC_METRICS_SRC SOURCE REFS(comma-separated) LABEL=HYP...

--default: gec-metrics' default configuration only (what `cargo xtask bench metric-zoo` times).

The package's __init__ imports its neural metrics (torch); GREEN's module and its base are loaded
through a bare package instead, which runs only what GREEN imports.
"""

import hashlib
import sys
import types


def green_class(src):
    for name, path in (("gec_metrics", src), ("gec_metrics.metrics", src + "/metrics")):
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module
    from gec_metrics.metrics.green import GREEN

    return GREEN


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().rstrip("\n").split("\n")


CONFIGS = [("word", 4, 2.0), ("word", 4, 0.5), ("char", 4, 2.0), ("word", 2, 1.0)]


def main():
    args = sys.argv[1:]
    configs = CONFIGS
    if args[0] == "--default":
        args, configs = args[1:], CONFIGS[:1]
    src, source, refs, *hyps = args
    GREEN = green_class(src)
    sources = lines(source)
    references = [lines(r) for r in refs.split(",")]
    for spec in hyps:
        label, path = spec.split("=", 1)
        hypotheses = lines(path)
        for unit, n, beta in configs:
            metric = GREEN(GREEN.Config(n=n, beta=beta, unit=unit))
            corpus = metric.score_corpus(sources, hypotheses, references)
            sentences = metric.score_sentence(sources, hypotheses, references)
            digest = hashlib.sha256("\n".join(repr(s) for s in sentences).encode()).hexdigest()
            print(
                f"{label}\tunit={unit},n={n},beta={beta}\t{corpus!r}\t{len(sentences)}\t{digest}",
                flush=True,
            )


if __name__ == "__main__":
    main()
