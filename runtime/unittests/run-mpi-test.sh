#!/usr/bin/env bash
# Runs an MPI test under mpirun for ctest: run-mpi-test.sh MPIEXEC NP
# [--need-free-gib G] PROGRAM ARGS... Exits 77 (ctest: skipped), saying why,
# when the machine lacks the memory the test needs.
set -euo pipefail
mpiexec=$1 np=$2
shift 2
if [[ ${1:-} == --need-free-gib ]]; then
  need=$2
  shift 2
  free_kib=$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)
  if ((free_kib < need * 1024 * 1024)); then
    echo "skipped: needs ${need} GiB of free memory, this machine has $((free_kib / 1024 / 1024)) GiB available"
    exit 77
  fi
fi
# Open MPI refuses root without these; CI runs as root. Shared-memory
# transport only, copying through the shared segment (containers often forbid
# the cross-memory-attach single copy). One OpenMP thread per rank: the ranks
# already fill the cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
# Open MPI takes an absolute mpirun path as an installation prefix (and
# refuses "/usr/bin/mpirun"): run it by name from its directory.
PATH=$(dirname "$mpiexec"):$PATH
exec "$(basename "$mpiexec")" -np "$np" "$@"
