"""The ``gecbias`` console script: the command's own entry point, in-process (``python -m
gecbias`` too)."""

import sys

from . import _native


def main() -> None:
    """Runs the ``gecbias`` command line in ``sys.argv`` and exits with its status."""
    # The command writes to the process's standard output directly; Python's buffer goes first.
    sys.stdout.flush()
    sys.stderr.flush()
    raise SystemExit(_native.main(["gecbias", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
