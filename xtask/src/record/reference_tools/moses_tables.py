"""Writes the tables gecbias's Moses tokenizer reads (`cargo xtask record moses`), from the
installed sacremoses: the Perl Unicode property classes its English rules use (IsAlnum, IsAlpha
with the viramas and nuktas it adds, IsN, IsLower, IsSc, IsSo) as code-point ranges, one class
per line, and its English nonbreaking prefixes (the Moses project's list) one per line.

Usage: python moses_tables.py CLASSES_FILE PREFIXES_FILE
"""
import sys

import sacremoses
from sacremoses.tokenize import MosesTokenizer


def ranges(chars):
    points = sorted(set(map(ord, chars)))
    spans = []
    for p in points:
        if spans and spans[-1][1] == p - 1:
            spans[-1][1] = p
        else:
            spans.append([p, p])
    return " ".join(f"{a:X}-{b:X}" for a, b in spans)


classes, prefixes = sys.argv[1:3]
tokenizer = MosesTokenizer(lang="en")
with open(classes, "w", encoding="utf-8") as out:
    out.write(f"# sacremoses {sacremoses.__version__}'s Perl Unicode classes (cargo xtask record moses)\n")
    for name in ["IsAlnum", "IsAlpha", "IsN", "IsLower", "IsSc", "IsSo"]:
        out.write(f"{name} {ranges(getattr(tokenizer, name))}\n")
with open(prefixes, "w", encoding="utf-8") as out:
    out.write(f"# sacremoses {sacremoses.__version__}'s English nonbreaking prefixes, from the Moses project (cargo xtask record moses)\n")
    for prefix in tokenizer.NONBREAKING_PREFIXES:
        out.write(prefix + "\n")
