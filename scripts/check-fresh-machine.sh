#!/usr/bin/env bash
# A fresh machine, as a user has it: no ../shared beside the clone. The research data is rebuilt by
# `cargo data fetch` from a local mirror of its repositories (laid out from ../shared/data by
# `cargo data mirror`, so a file the manifest or the sources table misses fails here, not for a
# user); then, with ../shared out of sight, the test command passes without any data (the tests
# that need it skip, saying why) and every report is reproduced from the fetched data alone.
#
# ../shared is hidden by mounting an empty folder over it in a mount namespace of its own
# (`unshare --mount`, as root); where that is not allowed, the clone is cloned into a folder with
# nothing beside it and built there instead (slower: the workspace compiles again).
set -euo pipefail
cd "$(dirname "$0")/.."
clone="$PWD"

mirror="$clone/target/data-mirror"
fetched="$clone/target/fetched-data"
rm -rf "$mirror" "$fetched"
cargo data mirror --into "$mirror" --data ../shared/data
cargo data fetch --into "$fetched" --source-url-base "file://$mirror"
rm -rf "$mirror"

# Runs in the clone with ../shared hidden: the test command without data, then every report from
# the fetched data.
checks='
  set -euo pipefail
  if [ -e ../shared ] && [ -n "$(ls -A ../shared)" ]; then
    echo "fresh-machine check: ../shared is still visible" >&2
    exit 1
  fi
  unset GECBIAS_DATA GECBIAS_REQUIRE_DATA
  cargo test --workspace
  GECBIAS_DATA="$0" cargo xtask reproduce all --check
'

empty="$(mktemp -d)"
trap 'rm -rf "$empty"' EXIT
if [ -d ../shared ] && unshare --mount true 2>/dev/null; then
  unshare --mount bash -c 'mount --bind "$1" ../shared && exec bash -c "$2" "$3"' \
    hide "$empty" "$checks" "$fetched"
else
  echo "fresh-machine check: no mount namespace here; building a second clone with nothing beside it" >&2
  git clone --quiet "$clone" "$empty/gecbias"
  (cd "$empty/gecbias" && bash -c "$checks" "$fetched")
fi
echo "fresh-machine check: data fetched from a mirror; tests and every report passed without ../shared"
