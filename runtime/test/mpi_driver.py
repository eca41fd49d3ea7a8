#!/usr/bin/env python3
"""Runs a qgrad program in one process and under `mpirun -np N qgrad run
--mpi`, and checks that the distributed run prints its results once and that
they equal the single-process ones to 1e-12, or to --tolerance (0: bit for
bit) (docs/runtime.md, "Distribution"). --env NAME=VALUE sets a variable for
the ranks."""
import argparse
import json
import os
import shutil
import subprocess
import sys


def flatten(value):
    if isinstance(value, list):
        for item in value:
            yield from flatten(item)
    else:
        yield value


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--qgrad", required=True)
    parser.add_argument("--mpirun", required=True)
    parser.add_argument("--np", type=int, default=4)
    parser.add_argument("--tolerance", type=float, default=1e-12)
    parser.add_argument("--env", action="append", default=[],
                        metavar="NAME=VALUE")
    parser.add_argument("program")
    parser.add_argument("args", nargs="*")
    options = parser.parse_args()

    mpirun = shutil.which(os.path.basename(options.mpirun),
                          path=os.path.dirname(options.mpirun)) or \
        shutil.which("mpirun")
    if not mpirun:
        print("skipped: mpirun is not installed")
        return 77

    command = [options.qgrad, "run", "--json", options.program] + options.args
    single = subprocess.run(command, capture_output=True, text=True)
    if single.returncode != 0:
        print("one process failed:", single.stdout, single.stderr)
        return 1

    env = dict(os.environ)
    env.update({
        "OMPI_ALLOW_RUN_AS_ROOT": "1",
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
        "OMPI_MCA_btl": "self,vader",
        "OMPI_MCA_btl_vader_single_copy_mechanism": "none",
        "OMPI_MCA_rmaps_base_oversubscribe": "1",
        "OMPI_MCA_mpi_yield_when_idle": "1",
        "OMP_NUM_THREADS": "1",
    })
    env.update(item.split("=", 1) for item in options.env)
    # Open MPI takes an absolute mpirun path as its prefix: run it by name.
    env["PATH"] = os.path.dirname(mpirun) + os.pathsep + env.get("PATH", "")
    distributed = subprocess.run(
        [os.path.basename(mpirun), "-np", str(options.np), options.qgrad,
         "run", "--mpi", "--json", options.program] + options.args,
        capture_output=True, text=True, env=env)
    if distributed.returncode != 0:
        print("mpirun failed:", distributed.stdout, distributed.stderr)
        return 1
    lines = [l for l in distributed.stdout.splitlines() if l.startswith("{")]
    if len(lines) != 1:
        print(f"expected one result line from rank 0, got {len(lines)}:")
        print(distributed.stdout)
        return 1

    a = list(flatten(json.loads(single.stdout)["results"]))
    b = list(flatten(json.loads(lines[0])["results"]))
    worst = max((abs(x - y) for x, y in zip(a, b)), default=0.0)
    print(f"{len(a)} values, one process vs {options.np} ranks "
          f"{' '.join(options.env)}: largest difference {worst:.3g} "
          f"(allowed {options.tolerance:.3g})")
    if len(a) != len(b) or not worst <= options.tolerance:
        print("one process:", a)
        print("distributed:", b)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
