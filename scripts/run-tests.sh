#!/usr/bin/env bash
# Runs every test: the lit suites, the GoogleTest units through ctest, then
# the Python frontend's pytest suite (skipped, saying so, when the build has
# no Python extension).
# The output ends with each runner's own summary; the exit status is non-zero
# when any test fails. LIT_ARGS adds options to lit (e.g. a --param).
set -uo pipefail
build_dir=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)

status=0
/usr/lib/llvm-22/bin/lit -sv ${LIT_ARGS:-} "$build_dir/test" || status=1
(cd "$build_dir" && ctest --output-on-failure -j "$(nproc)") || status=1
"$root/scripts/run-python-tests.sh" "$build_dir" || status=1
exit $status
