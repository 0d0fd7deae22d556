"""Records sacremoses' tokenizations for `cargo xtask record moses`: every line of every file
under EASSE's data folder's ASSET, TurkCorpus and PWKP test sets and system outputs, read as
EASSE reads a file (`readlines`, each line stripped), as written and lowercased, through
`MosesTokenizer('en').tokenize(line, return_str=True, escape=False)` (`moses`) or
`penn_tokenize(line, return_str=True)` (`penn`), as EASSE's `normalize` calls them.

Usage: python moses_tokens.py EASSE_DATA moses|penn
Prints one row per file and casing: the file (relative to EASSE_DATA), the tokenizer, lowercase
(1 or 0), the number of lines, the SHA-256 of the tokenized lines each followed by a newline.
"""
import hashlib
import os
import sys

import sacremoses
from sacremoses import MosesTokenizer

root, name = sys.argv[1:3]
tokenizer = MosesTokenizer(lang="en")
if name == "moses":
    tokenize = lambda s: tokenizer.tokenize(s, return_str=True, escape=False)  # noqa: E731
else:
    tokenize = lambda s: tokenizer.penn_tokenize(s, return_str=True)  # noqa: E731
files = []
for top in ["test_sets/asset", "test_sets/turkcorpus", "test_sets/pwkp", "system_outputs"]:
    for folder, _, names in os.walk(os.path.join(root, top)):
        files += [os.path.relpath(os.path.join(folder, n), root) for n in names if n != "README.md"]
print(f"# sacremoses {sacremoses.__version__}", file=sys.stderr)
for file in sorted(files):
    with open(os.path.join(root, file), encoding="utf-8") as f:
        lines = [x.strip() for x in f.readlines()]
    for lowercase in (0, 1):
        digest = hashlib.sha256()
        for line in lines:
            digest.update((tokenize(line.lower() if lowercase else line) + "\n").encode("utf-8"))
        print(file, name, lowercase, len(lines), digest.hexdigest(), sep="\t", flush=True)
