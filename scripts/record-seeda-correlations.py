"""Records SEEDA's own system-level correlations (utils/corr_system.py, tmu-nlp/SEEDA @ 0c6c07f)
and sentence-level agreements (utils/corr_sentence.py) for the metric scores gecbias computes,
into crates/meta-eval/tests/recorded/seeda-corr-{system,sentence}.tsv.

Run from the repository root with a Python that has numpy and scipy (corr_system.py imports them):

    cargo build --release -p gecbias-cli
    python scripts/record-seeda-correlations.py ../shared/data

The metric scores are `gecbias meta-eval --dataset seeda --exclude -m m2 errant gleu --beta 0.5`
on all 15 systems (CoNLL-2014 gold, the judged subset); each is written, one score per line in
SEEDA's alphabetical order, to a temporary file that corr_system.py reads with each human score
file and each system set. The table keeps the scores themselves, so the test needs neither the
command nor scipy.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

data = Path(sys.argv[1])
seeda = data / "seeda"
gold = data / "assess_learner_language/data/conll14st-test-data/noalt/official-2014.combined.m2"
report = json.loads(
    subprocess.run(
        ["target/release/gecbias", "meta-eval", "--dataset", "seeda", "--root", str(seeda), "--gold", str(gold),
         "--exclude", "-m", "m2", "errant", "gleu", "--beta", "0.5"],
        check=True, capture_output=True, text=True,
    ).stdout
)
assert len(report["systems"]) == 15, report["systems"]
rows = ["human\tsystems\tmetric\tscores\tpearson\tspearman"]
with tempfile.TemporaryDirectory() as tmp:
    for metric in report["metrics"]:
        scores = Path(tmp) / "scores.txt"
        scores.write_text("".join(f"{s!r}\n" for s in metric["scores"]))
        for human in ["EW_sent", "TS_sent", "EW_edit", "TS_edit"]:
            for systems in ["base", "+INPUT", "+REF-F_GPT-3.5", "all"]:
                out = subprocess.run(
                    [sys.executable, str(seeda / "utils/corr_system.py"), "--human_score",
                     str(seeda / f"scores/human/{human}.txt"), "--metric_score", str(scores), "--systems", systems],
                    check=True, capture_output=True, text=True,
                ).stdout.split("\n")
                pearson = out[0].split(": ")[1]
                spearman = out[1].split(": ")[1]
                joined = ",".join(repr(s) for s in metric["scores"])
                rows.append(f"{human}\t{systems}\t{metric['metric']}\t{joined}\t{pearson}\t{spearman}")
Path("crates/meta-eval/tests/recorded/seeda-corr-system.tsv").write_text("\n".join(rows) + "\n")
print(f"{len(rows) - 1} correlations recorded")

# Sentence level: utils/corr_sentence.py on the same metrics' sentence scores
# (`score --sentence-level`, one file per system in a folder, 391 lines each), against both
# judgment files, for each system set; `--order higher`.
sentence_rows = ["judgments\tsystems\tmetric\taccuracy\tkendall"]
for metric, flag in [("M2 F0.5", "m2"), ("ERRANT F0.5", "errant"), ("GLEU", "gleu")]:
    lines = subprocess.run(
        ["target/release/gecbias", "meta-eval", "--dataset", "seeda", "--root", str(seeda), "--gold", str(gold),
         "--exclude", "-m", flag, "--beta", "0.5", "--sentence-level"],
        check=True, capture_output=True, text=True,
    ).stdout
    per_system: dict = {}
    for line in lines.splitlines():
        row = json.loads(line)
        per_system.setdefault(row["system"], []).append(row["score"])
    assert len(per_system) == 15 and all(len(v) == 391 for v in per_system.values())
    with tempfile.TemporaryDirectory() as tmp:
        for system, scores in per_system.items():
            (Path(tmp) / f"{system}.txt").write_text("".join(f"{s!r}\n" for s in scores))
        for judgments in ["sent", "edit"]:
            for systems in ["base", "+INPUT", "+REF-F_GPT-3.5", "all"]:
                out = subprocess.run(
                    [sys.executable, str(seeda / "utils/corr_sentence.py"), "--human_score",
                     str(seeda / f"data/judgments_{judgments}.xml"), "--metric_score", tmp, "--order", "higher",
                     "--systems", systems],
                    check=True, capture_output=True, text=True,
                ).stdout.split("\n")
                accuracy = out[0].split(": ")[1]
                kendall = out[1].split(": ")[1]
                sentence_rows.append(f"{judgments}\t{systems}\t{metric}\t{accuracy}\t{kendall}")
Path("crates/meta-eval/tests/recorded/seeda-corr-sentence.tsv").write_text("\n".join(sentence_rows) + "\n")
print(f"{len(sentence_rows) - 1} sentence-level agreements recorded")
