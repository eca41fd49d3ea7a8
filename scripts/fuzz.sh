#!/usr/bin/env bash
# Runs libFuzzer targets of the sanitizer build for SECONDS each (default
# 60), seeded from the test inputs; a crash, leak, timeout or out-of-memory
# fails the run and leaves its reproducer in BUILD_DIR/findings/TARGET/.
#   scripts/fuzz.sh [BUILD_DIR] [SECONDS] [TARGET...]
set -euo pipefail
build_dir=${1:-build-sanitize}
seconds=${2:-60}
shift $(($# < 2 ? $# : 2))
targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(fuzz-runtime fuzz-args fuzz-qasm fuzz-parse fuzz-pipeline fuzz-ad)
fi
root=$(cd "$(dirname "$0")/.." && pwd)

# seed TARGET CORPUS: copies the test inputs that suit TARGET into CORPUS
# (files already there are kept, so a corpus grows across runs).
seed() {
  local target=$1 corpus=$2
  case $target in
    fuzz-qasm)
      cp -n "$root"/test/Interop/OpenQASM/*.qasm \
            "$root"/test/Interop/OpenQASM/Inputs/*.qasm "$corpus"/ ;;
    fuzz-args)
      for literal in '0.5' '-3' 'true' '[1.5, 2]' '[[1,2],[3,4]]' \
                     '[[[1e-3]]]' '[]'; do
        printf '%s' "$literal" > "$corpus/$(printf '%s' "$literal" | md5sum | cut -c1-16)"
      done ;;
    fuzz-parse|fuzz-pipeline)
      # Test inputs up to 16 KiB: the fuzzer's inputs are at most that long.
      find "$root/test" "$root/examples" -name '*.mlir' -size -16k |
        while read -r file; do
          cp -n "$file" "$corpus/$(md5sum < "$file" | cut -c1-16).mlir"
        done ;;
    fuzz-ad)
      # 'I' then a test's LLVM IR; the generator's inputs start from nothing.
      for file in "$root"/test/AD/*.ll; do
        name="$corpus/ir-$(md5sum < "$file" | cut -c1-16)"
        [[ -e $name ]] || { printf 'I'; cat "$file"; } > "$name"
      done ;;
  esac
}

status=0
for target in "${targets[@]}"; do
  corpus="$build_dir/corpus/$target"
  findings="$build_dir/findings/$target"
  mkdir -p "$corpus" "$findings"
  seed "$target" "$corpus"
  max_len=4096
  case $target in fuzz-parse|fuzz-pipeline|fuzz-ad) max_len=16384 ;; esac
  echo "fuzz.sh: $target for ${seconds}s"
  if ! "$build_dir/fuzz/$target" "$corpus" -max_total_time="$seconds" -seed=1 \
        -max_len="$max_len" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$findings/" 2> "$build_dir/$target.log"; then
    echo "fuzz.sh: $target FOUND A FAILURE (reproducer in $findings):" >&2
    grep -E "ERROR|SUMMARY|finding" "$build_dir/$target.log" | head -5 >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" \
    "$build_dir/$target.log" | tail -3
done
exit $status
