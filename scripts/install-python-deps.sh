#!/usr/bin/env bash
# Creates the project's Python environment (.venv) with what the frontend
# and its tests need (python/requirements.txt). Idempotent: when .venv holds
# exactly those requirements it does nothing. A machine without PyPI keeps
# building the C++ tiers: the Python tier is then skipped, saying why.
set -euo pipefail
cd "$(dirname "$0")/.."

requirements=python/requirements.txt
stamp=.venv/.qgrad-requirements
if [[ -f $stamp ]] && cmp -s "$requirements" "$stamp"; then
  exit 0
fi

python=${QGRAD_PYTHON:-python3}
if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "install-python-deps: $python has no venv/ensurepip; the Python tier is skipped" >&2
  exit 0
fi
"$python" -m venv .venv
if ! .venv/bin/python -m pip install -q --disable-pip-version-check -r "$requirements"; then
  echo "install-python-deps: pip install failed; the Python tier is skipped" >&2
  exit 0
fi
cp "$requirements" "$stamp"
