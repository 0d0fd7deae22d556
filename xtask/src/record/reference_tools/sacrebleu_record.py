"""Records sacrebleu 2.6.0's corpus BLEU and chrF for `cargo xtask record sacrebleu`.

Reads tab-separated jobs on stdin: corpus, system, hypothesis file, then the reference files.
Prints one line per job and configuration: corpus, system, metric, configuration, repr of the
score, signature; for the fixtures' jobs (corpus `fixture…`) also each sentence's score (metric
`bleu-sentences`, `chrf-sentences`: the reprs separated by spaces). The configurations: every tokenizer with every smoothing method, lowercasing
and effective order for BLEU; chrF and chrF++ with every switch; only the defaults for jobs whose
corpus ends in `:defaults`.
"""
import sys

import sacrebleu
from sacrebleu.metrics import BLEU, CHRF


def lines(path):
    """The file's lines: split at LF only, the last one kept when no LF ends it (ASSET's)."""
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def bleu_configs(full):
    if not full:
        yield "tok=13a smooth=exp lc=0 eff=0", dict(tokenize="13a")
        return
    for tok in ["13a", "intl", "char", "none"]:
        for smooth in ["exp", "floor", "add-k", "none"]:
            yield f"tok={tok} smooth={smooth} lc=0 eff=0", dict(tokenize=tok, smooth_method=smooth)
    for tok in ["13a", "intl"]:
        yield f"tok={tok} smooth=exp lc=1 eff=0", dict(tokenize=tok, lowercase=True)
    for smooth in ["exp", "floor"]:
        yield f"tok=13a smooth={smooth} lc=0 eff=1", dict(smooth_method=smooth, effective_order=True)
    yield "tok=13a smooth=floor[0.3] lc=0 eff=0", dict(smooth_method="floor", smooth_value=0.3)
    yield "tok=13a smooth=add-k[2] lc=0 eff=0", dict(smooth_method="add-k", smooth_value=2)


def chrf_configs(full):
    orders = [0, 2]
    switches = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)] if full else [(0, 0, 0)]
    for nw in orders:
        for lc, ws, eps in switches:
            yield (
                f"nc=6 nw={nw} lc={lc} space={ws} eps={eps}",
                dict(word_order=nw, lowercase=bool(lc), whitespace=bool(ws), eps_smoothing=bool(eps)),
            )


for job in sys.stdin.read().splitlines():
    corpus, system, hyp, *refs = job.split("\t")
    full = not corpus.endswith(":defaults")
    corpus = corpus.removesuffix(":defaults")
    hyps, streams = lines(hyp), [lines(r) for r in refs]
    for name, configs, make in [("bleu", bleu_configs, BLEU), ("chrf", chrf_configs, CHRF)]:
        for config, kwargs in configs(full):
            metric = make(**kwargs)
            score = metric.corpus_score(hyps, streams)
            signature = metric.get_signature().format()
            print(corpus, system, name, config, repr(score.score), signature, sep="\t")
            if corpus.startswith("fixture"):
                sentences = [
                    repr(metric.sentence_score(h, [s[i] for s in streams]).score)
                    for i, h in enumerate(hyps)
                ]
                print(corpus, system, f"{name}-sentences", config, " ".join(sentences), signature, sep="\t")
    sys.stdout.flush()
