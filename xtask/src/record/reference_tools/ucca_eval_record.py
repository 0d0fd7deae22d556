"""What `cargo xtask record ucca-eval` asks of the `ucca` library (installed from the registry into
target/, never a dependency of the product).

    python ucca_eval_record.py evaluate DIR N OUT
        For k = 1..N, DIR/guessed/k.xml against DIR/gold/k.xml with ucca.evaluation.evaluate
        (normalize=True): one row per sentence of guessed, reference and matched counts, labeled
        then unlabeled, primary then remote.
    python ucca_eval_record.py split OUT FILE...
        For each passage file, the lengths (terminals) of the sentence passages
        ucca.convert.split2sentences cuts it into.
"""

import sys

from ucca import convert, ioutil


def evaluate(directory, count, out):
    from ucca import evaluation
    from ucca.constructions import CONSTRUCTIONS

    primary, remote = CONSTRUCTIONS[0], CONSTRUCTIONS[1]
    with open(out, "w") as f:
        for k in range(1, count + 1):
            guessed = ioutil.file2passage(f"{directory}/guessed/{k}.xml")
            reference = ioutil.file2passage(f"{directory}/gold/{k}.xml")
            scores = evaluation.evaluate(guessed, reference, normalize=True)
            row = [str(k)]
            for mode in (evaluation.LABELED, evaluation.UNLABELED):
                results = scores.evaluators[mode].results
                for construction in (primary, remote):
                    s = results[construction]
                    row += [str(s.num_guessed), str(s.num_ref), str(s.num_matches)]
            f.write("\t".join(row) + "\n")


def split(out, files):
    with open(out, "w") as f:
        for path in files:
            sentences = convert.split2sentences(ioutil.file2passage(path))
            lengths = [len(s.layer("0").all) for s in sentences]
            f.write(path.rsplit("/", 1)[-1] + "\t" + ",".join(map(str, lengths)) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "evaluate":
        evaluate(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        split(sys.argv[2], sys.argv[3:])
