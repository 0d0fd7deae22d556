# Runs SARI.py (cocoxu/simplification), which has no command line of its own, with
# `gecbias sari`'s arguments: prints each sentence's SARIsent (--sentence-level) or their mean.
# Written for gecbias; SARI.py itself is imported from the folder given first, never copied.
import argparse
import sys

sys.path.insert(0, sys.argv[1])
from SARI import ReadInFile, SARIsent  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--orig", required=True)
parser.add_argument("--refs", nargs="+", required=True)
parser.add_argument("--sys", required=True)
parser.add_argument("--sentence-level", action="store_true")
args = parser.parse_args(sys.argv[2:])
sources, outputs = ReadInFile(args.orig), ReadInFile(args.sys)
references = [ReadInFile(r) for r in args.refs]
scores = [SARIsent(s, o, [r[i] for r in references]) for i, (s, o) in enumerate(zip(sources, outputs))]
if args.sentence_level:
    for score in scores:
        print(score)
else:
    print(sum(scores) / len(scores))
