#!/usr/bin/env bash
# The Python package's types: mypy --strict on the package (with its stubs), its tests and the
# Python examples of the READMEs (each README's ```python blocks joined into one module, as a
# reader runs them one after another). Run by CI after the package is installed into
# target/python-venv, with mypy beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

examples=target/python-readme-examples
rm -rf "$examples"
mkdir -p "$examples"
for readme in README.md python/README.md; do
  module="$examples/$(echo "$readme" | tr '/.' '__').py"
  awk '/^```python$/ {inside = 1; next} /^```$/ {inside = 0} inside' "$readme" > "$module"
  if [ ! -s "$module" ]; then
    echo "$readme: no Python example found" >&2
    exit 1
  fi
done
target/python-venv/bin/python -m mypy --strict --no-incremental python/gecbias python/tests "$examples"
