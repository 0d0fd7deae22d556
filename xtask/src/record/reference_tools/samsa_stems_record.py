"""NLTK's Snowball English stemmer (what EASSE's word aligner calls, `SnowballStemmer('english')`)
on a word list and on the whitespace tokens of text files. First line: the SHA-256 (hex) of the
list's `word<TAB>stem` lines, each ended by a newline; then one `token<TAB>stem` line per distinct
token of the text files, in order of first appearance.
Usage: python samsa_stems_record.py WORDS TEXT..."""
import hashlib
import sys

from nltk.stem import SnowballStemmer

stemmer = SnowballStemmer("english")
words = [w for w in open(sys.argv[1], encoding="utf-8").read().split("\n") if w]
listed = "".join(f"{w}\t{stemmer.stem(w)}\n" for w in words)
print(hashlib.sha256(listed.encode("utf-8")).hexdigest())
seen = set()
for path in sys.argv[2:]:
    for line in open(path, encoding="utf-8").read().split("\n"):
        for token in line.split():
            if token not in seen and "\t" not in token:
                seen.add(token)
                print(f"{token}\t{stemmer.stem(token)}")
