#!/usr/bin/env bash
# Runs every libFuzzer target of build-fuzz for SECONDS each (default 60),
# seeded from the test inputs; a crash, leak, timeout or out-of-memory fails
# the run and leaves its reproducer in build-fuzz/findings/TARGET/.
#   scripts/fuzz.sh [BUILD_DIR] [SECONDS]
set -euo pipefail
build_dir=${1:-build-fuzz}
seconds=${2:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
status=0
for target in fuzz-runtime fuzz-args fuzz-qasm; do
  corpus="$build_dir/corpus/$target"
  findings="$build_dir/findings/$target"
  mkdir -p "$corpus" "$findings"
  case $target in
    fuzz-qasm) cp -n "$root"/test/Interop/OpenQASM/*.qasm \
                     "$root"/test/Interop/OpenQASM/Inputs/*.qasm "$corpus"/ ;;
    fuzz-args) for literal in '0.5' '-3' 'true' '[1.5, 2]' '[[1,2],[3,4]]' \
                              '[[[1e-3]]]' '[]'; do
                 printf '%s' "$literal" > "$corpus/$(printf '%s' "$literal" | md5sum | cut -c1-16)"
               done ;;
  esac
  echo "fuzz.sh: $target for ${seconds}s"
  if ! "$build_dir/$target" "$corpus" -max_total_time="$seconds" -seed=1 \
        -max_len=4096 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$findings/" 2> "$build_dir/$target.log"; then
    echo "fuzz.sh: $target FOUND A FAILURE (reproducer in $findings):" >&2
    grep -E "ERROR|SUMMARY" "$build_dir/$target.log" | head -5 >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" \
    "$build_dir/$target.log" | tail -3
done
exit $status
