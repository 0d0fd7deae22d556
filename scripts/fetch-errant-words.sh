#!/usr/bin/env bash
# Rewrites models/errant-en-gb-words/en_GB-large.txt: the British English word list ERRANT 3.0.2's
# classifier checks spelling against (Hunspell's en_GB-large of 2020-12-07, from SCOWL), taken
# unchanged from the `errant` package in the Python package registry. The file is committed and
# built into every program (gecbias-resources); this script is how it was made, and must
# reproduce it byte for byte (its digest is in the folder's MODEL_CARD.md).
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/models/errant-en-gb-words"
. "$(dirname "$0")/pypi-wheel.sh"
unpack_wheel "errant==3.0.2"
mkdir -p "$out"
cp "$pkg/errant/en/resources/en_GB-large.txt" "$out/en_GB-large.txt"
sha256sum "$out/en_GB-large.txt"
