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
# `gecbias sari --python2` strips lines as Python 2 does; here the interpreter itself decides.
parser.add_argument("--python2", action="store_true")
args = parser.parse_args(sys.argv[2:])
sources, outputs = ReadInFile(args.orig), ReadInFile(args.sys)
references = [ReadInFile(r) for r in args.refs]
scores = [SARIsent(s, o, [r[i] for r in references]) for i, (s, o) in enumerate(zip(sources, outputs))]
# repr: the shortest round-tripping digits under Python 3 and 2.7 alike (Python 2's print would
# round to 12 significant digits).
if args.sentence_level:
    for score in scores:
        print(repr(score))
else:
    print(repr(sum(scores) / len(scores)))
