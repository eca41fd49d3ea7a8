#!/usr/bin/env bash
# Strong scaling of qgrad-bench-mpi over 1, 2 and 4 ranks (docs/benchmarks.md,
# "MPI"): bench/runtime/mpi-scaling.sh [BUILD_DIR] [bench options...]
set -euo pipefail
build=${1:-build}
shift || true
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
for np in 1 2 4; do
  mpirun -np "$np" "$build/bin/qgrad-bench-mpi" "$@"
done
