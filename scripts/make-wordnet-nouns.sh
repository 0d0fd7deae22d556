#!/usr/bin/env bash
# Rewrites models/wordnet-3.0-nouns/ from a WordNet 3.0 dict directory (default: Debian's
# wordnet-base, /usr/share/wordnet): the lemma of every index.noun entry, and noun.exc unchanged.
# The committed files must come out identical (their digests are in the folder's MODEL_CARD.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dict="${1:-/usr/share/wordnet}"
out="$root/models/wordnet-3.0-nouns"
# The licence header lines of index.noun start with two spaces.
grep -v '^  ' "$dict/index.noun" | cut -d' ' -f1 > "$out/noun-lemmas.txt"
cp "$dict/noun.exc" "$out/noun.exc"
echo "wrote $out/noun-lemmas.txt and $out/noun.exc"
