#!/usr/bin/env bash
# The main job on built-in examples: compile and run programs with qgrad.
set -euo pipefail
build_dir=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
qgrad="$build_dir/bin/qgrad"

run() {
  echo "\$ qgrad run $*"
  "$qgrad" run "$@"
  echo
}

cd "$root"
run examples/sin_times_x.mlir 0.5 --time-stages
run examples/taylor_exp.mlir 1.0 20
run examples/matvec.mlir '[[1,2],[3,4]]' '[1,1]' '[0.5,-0.5]'
run examples/softmax.mlir '[1, 2, 3]' --json
run examples/hybrid_qnode.mlir 0.5

# The hybrid example: a variational optimisation with exact gradients.
echo "\$ qgrad run examples/vqe.mlir '[0.1, 0.2]' 0.3 25   (VQE, 25 gradient steps)"
"$qgrad" run examples/vqe.mlir '[0.1, 0.2]' 0.3 25 |
  awk 'NR == 1 { gsub(/[\[\]]/, ""); n = split($0, loss, ", ");
                 for (i = 1; i <= n; ++i) printf "step %2d  loss %s\n", i - 1, loss[i] }
       NR == 2 { print "final angles " $0 }'

# The same VQE written in Python with PennyLane, compiled by qgrad
# (docs/python.md); skipped when the Python frontend is not built.
if [[ -x .venv/bin/python ]] && ls "$build_dir"/python/qgrad/_native*.so >/dev/null 2>&1; then
  echo
  echo "\$ python examples/python/vqe.py 25   (PennyLane + qgrad.qjit)"
  PYTHONPATH=$(cd "$build_dir/python" && pwd) .venv/bin/python examples/python/vqe.py 25
else
  echo "(the Python VQE is skipped: the Python frontend is not built; run make deps and make build)"
fi
