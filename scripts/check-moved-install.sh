#!/usr/bin/env bash
# Installs that work anywhere: the `gecbias` command installed from this clone, and the Python
# package installed in target/python-venv (built by .ci/run), must find their models and
# linguistic resources with the clone gone. The command is installed into a folder outside the
# clone, the clone is renamed, and the commands that read the UCCA models (the BiLSTM by default,
# the perceptron by name), the tagger, Punkt, WordNet and the lexical-complexity word list run from another working directory with no
# GECBIAS_* variable set. The clone gets its name back at
# the end, however the check ends.
set -euo pipefail
clone="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
moved="$clone.moved-$$"
trap 'if [ -d "$moved" ]; then mv "$moved" "$clone"; fi; rm -rf "$work"' EXIT

cargo install --quiet --locked --debug --path "$clone/crates/gecbias-cli" --root "$work/root" \
  --target-dir "$clone/target"
mv "$clone" "$moved"

cd "$work"
unset GECBIAS_UCCA_MODEL GECBIAS_UCCA_PERCEPTRON GECBIAS_TAGGER_MODEL GECBIAS_PUNKT GECBIAS_WORDNET GECBIAS_DATA \
  GECBIAS_LEXICAL_COMPLEXITY
printf 'Kim left early , and Lee stayed .\nThe cats is on the mat .\n' > source.txt
printf 'Kim left early , and Lee stayed .\nThe cats are on the mat .\n' > output.txt
printf 'Dr. Smith arrived late. He left early.\n' > paragraph.txt
printf 'Dr. Smith arrived late. He went home early.\n' > paragraph-output.txt

fail() { echo "moved-install check: $*" >&2; exit 1; }
gecbias="$work/root/bin/gecbias"
"$gecbias" parse source.txt --out-dir passages
[ -f passages/2.xml ] || fail "parse wrote no passage"
grep -q 'cats' passages/2.xml || fail "parse: passage 2 lacks its words"
"$gecbias" usim -q -s source.txt -o output.txt --pretokenized > usim.json
grep -q '"sentences": 2' usim.json || fail "usim: $(cat usim.json)"
grep -q 'parser:ucca-wiki-bilstm' usim.json || fail "usim did not parse with the BiLSTM: $(cat usim.json)"
"$gecbias" usim -q -s source.txt -o output.txt --pretokenized --parser-model perceptron > usim-perceptron.json
grep -q 'parser:ucca-wiki-v1.2' usim-perceptron.json || fail "usim --parser-model perceptron: $(cat usim-perceptron.json)"
"$gecbias" usim -q -s paragraph.txt -o paragraph-output.txt --sentences --sentence-level > usim-sentences.jsonl
[ "$(wc -l < usim-sentences.jsonl)" -eq 1 ] || fail "usim --sentences: $(cat usim-sentences.jsonl)"
"$gecbias" conservatism source.txt output.txt > conservatism.json
grep -q '"total_word_change": 1' conservatism.json || fail "conservatism: $(cat conservatism.json)"
# EASSE's quality features read Punkt and the lexical-complexity word list.
"$gecbias" easse evaluate -t custom --orig_sents_path source.txt --refs_sents_paths output.txt \
  -m bleu -q -tok moses -i output.txt > easse.txt
grep -q "'Lexical complexity score': [0-9]" easse.txt || fail "easse evaluate -q: $(cat easse.txt)"

"$moved/target/python-venv/bin/python" - <<'PY'
import gecbias

result = gecbias.usim_text(["The cat sat on the mat ."], ["The cat sat on the mat ."], pretokenized=True)
assert (result.sentences, result.source_to_output) == (1, 1.0), result
assert "parser:ucca-wiki-bilstm" in result.signature, result
fast = gecbias.usim_text(["The cat sat ."], ["The cat sat ."], pretokenized=True, parser_model="perceptron")
assert "parser:ucca-wiki-v1.2" in fast.signature, fast
paragraphs = gecbias.usim_text(["Dr. Smith arrived late. He left early."],
                               ["Dr. Smith arrived late. He went home early."], sentences=True)
assert paragraphs.sentences == 1, paragraphs
passages = gecbias.parse(["Kim left early , and Lee stayed ."], pretokenized=True)
assert len(passages) == 1 and "Kim" in passages[0], passages
profile = gecbias.conservatism(["The cats is on the mat ."], ["The cats are on the mat ."])
assert profile.total_word_change == 1, profile
PY
echo "moved-install check: the installed command and the Python package ran with the clone moved to $moved"
