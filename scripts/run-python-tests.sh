#!/usr/bin/env bash
# The Python frontend's tests (python/tests) against the package as users
# install it: `pip install .` into the project's .venv, then pytest on the
# installed qgrad. pyproject.toml builds in build/ itself, the tree make
# build made, so the install compiles nothing twice (docs/python.md).
# Exit status 0 with a note when the frontend was not built (no .venv or no
# nanobind) or BUILD_DIR is another tree (the sanitizer build has no
# Python extension).
set -uo pipefail
build_dir=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ ! -x $root/.venv/bin/python ]] || ! ls "$build_dir"/python/qgrad/_native*.so >/dev/null 2>&1; then
  echo "run-python-tests: SKIPPED: the Python frontend is not built in $build_dir (run make deps, then make build)"
  exit 0
fi
if [[ $(cd "$build_dir" && pwd) != "$root/build" ]]; then
  echo "run-python-tests: SKIPPED: pip install . builds in $root/build, not $build_dir"
  exit 0
fi
cd "$root"
# Debian's cmake first on PATH: the one make build configured build/ with
# (scikit-build-core would otherwise take the first cmake it finds, here a
# newer one from pip, and rewrite the tree's cache with it).
if ! PATH=/usr/bin:$PATH .venv/bin/python -m pip install --no-build-isolation --no-deps -q \
    --disable-pip-version-check . ; then
  echo "run-python-tests: pip install . failed" >&2
  exit 1
fi
# From a directory without a qgrad folder, so the installed package is the
# one imported.
installed=$(cd /tmp && "$root/.venv/bin/python" -c 'import qgrad, os; print(os.path.dirname(qgrad.__file__))')
echo "run-python-tests: testing the installed package in $installed"
exec .venv/bin/python -m pytest -q -p no:cacheprovider python/tests ${PYTEST_ARGS:-}
