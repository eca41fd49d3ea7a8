#!/usr/bin/env bash
# The Python frontend's tests (python/tests) against the package assembled
# in BUILD_DIR/python, with the project's .venv. Exit status 0 with a note
# when the frontend was not built (no .venv or no nanobind).
set -uo pipefail
build_dir=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
package=$build_dir/python
if [[ ! -x $root/.venv/bin/python ]] || ! ls "$package"/qgrad/_native*.so >/dev/null 2>&1; then
  echo "run-python-tests: SKIPPED: the Python frontend is not built (run make deps, then make build)"
  exit 0
fi
cd "$root"
PYTHONPATH=$(cd "$package" && pwd) exec .venv/bin/python -m pytest -q -p no:cacheprovider \
  python/tests ${PYTEST_ARGS:-}
