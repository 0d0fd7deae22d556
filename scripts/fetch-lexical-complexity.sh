#!/usr/bin/env bash
# Rewrites models/lexical-complexity-en/: what EASSE's "Lexical complexity score" (tseval's
# word-rank feature) reads, from lists whose licences allow shipping them. EASSE's own table
# (tseval's enwiki frequency table) is CC BY-NC and not distributed.
#  * words.txt: the 50,000 most frequent English words, most frequent first, from wordfreq 3.1.1
#    (`top_n_list('en', 50000)`; its data are CC BY-SA 4.0), run in a throw-away venv;
#  * stopwords.txt: the English stop words of the `stopwords` package 1.0.2 (ISC; Snowball's
#    list, the one NLTK's augments), without its empty line.
# The files are committed and built into every program (gecbias-resources); this script is how
# they were made, and must reproduce them byte for byte (their digests are in MODEL_CARD.md).
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/models/lexical-complexity-en"
. "$(dirname "$0")/pypi-wheel.sh"
python3 -m venv "$pkg/venv"
"$pkg/venv/bin/pip" install --quiet --disable-pip-version-check "wordfreq==3.1.1"
mkdir -p "$out"
"$pkg/venv/bin/python" -c "from wordfreq import top_n_list; print('\n'.join(top_n_list('en', 50000)))" > "$out/words.txt"
unpack_wheel "stopwords==1.0.2"
grep -v '^$' "$pkg/stopwords/languages/english/default.txt" > "$out/stopwords.txt"
sha256sum "$out/words.txt" "$out/stopwords.txt"
wc -l "$out/words.txt" "$out/stopwords.txt"
