#!/usr/bin/env bash
# Writes the word-level lexicons the UCCA parser's and the English tagger's training read to
# target/linguistic-data/:
#
# * brown-clusters.tsv — word TAB Brown cluster id, most frequent word first (1,000,001 types,
#   1,000 clusters), from spaCy's lookup tables: PyPI spacy-lookups-data 1.0.5 (MIT),
#   en_lexeme_cluster.json.gz. A cluster id's low bits are the path in the cluster hierarchy, so
#   id & (2^k − 1) is the k-bit prefix.
# * lemma-rules.tsv, lemma-index.tsv, lemma-exc.tsv — spaCy's English rule-lemmatiser tables
#   (en_lemma_rules/index/exc.json.gz of the same package), one entry per line in the package's
#   order: `pos TAB suffix TAB replacement`, `pos TAB lemma`, `pos TAB form TAB lemma[ TAB lemma…]`.
# * brill-lexicon.tsv — word TAB its most frequent Penn Treebank tag (94,118 words), from
#   Brill's tagger lexicon as TextBlob ships it: PyPI textblob 0.20.1 (MIT), textblob/en/en-lexicon.txt.
#
# Nothing is committed; the files are rebuilt on demand. A trained model carries the entries of its
# vocabulary, so parsing needs neither file.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/target/linguistic-data"
if [ -f "$out/brown-clusters.tsv" ] && [ -f "$out/brill-lexicon.tsv" ] && [ -f "$out/lemma-exc.tsv" ]; then
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download --quiet --no-deps --disable-pip-version-check \
  --dest "$tmp" "spacy-lookups-data==1.0.5" "textblob==0.20.1"
mkdir -p "$out"
python3 - "$tmp" "$out" <<'PY'
import gzip, json, pathlib, sys, zipfile
tmp, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
with zipfile.ZipFile(next(tmp.glob("spacy_lookups_data-*.whl"))) as z:
    clusters = json.loads(gzip.decompress(z.read("spacy_lookups_data/data/en_lexeme_cluster.json.gz")))
    lemma = {t: json.loads(gzip.decompress(z.read(f"spacy_lookups_data/data/en_lemma_{t}.json.gz")))
             for t in ("rules", "index", "exc")}
with zipfile.ZipFile(next(tmp.glob("textblob-*.whl"))) as z:
    lexicon = z.read("textblob/en/en-lexicon.txt").decode("utf-8")
assert len(clusters) == 1000001, len(clusters)
with open(out / "brown-clusters.tsv", "w", encoding="utf-8") as f:
    for word, cluster in clusters.items():
        if "\t" not in word and "\n" not in word and word.strip() == word and word:
            f.write(f"{word}\t{cluster}\n")
rows = []
for line in lexicon.splitlines():
    if line.startswith(";;;") or not line.strip():
        continue
    word, *tags = line.split(" ")
    rows.append(f"{word}\t{' '.join(tags)}\n")
assert len(rows) == 94118, len(rows)
(out / "brill-lexicon.tsv").write_text("".join(rows), encoding="utf-8")
def clean(*fields):
    assert all("\t" not in f and "\n" not in f for f in fields), fields
    return "\t".join(fields) + "\n"
(out / "lemma-rules.tsv").write_text("".join(
    clean(pos, old, new) for pos, rules in lemma["rules"].items() for old, new in rules), encoding="utf-8")
(out / "lemma-index.tsv").write_text("".join(
    clean(pos, word) for pos, words in lemma["index"].items() for word in words), encoding="utf-8")
(out / "lemma-exc.tsv").write_text("".join(
    clean(pos, form, *lemmas) for pos, forms in lemma["exc"].items() for form, lemmas in forms.items()),
    encoding="utf-8")
PY
echo "wrote $out/brown-clusters.tsv, brill-lexicon.tsv and lemma-{rules,index,exc}.tsv"
