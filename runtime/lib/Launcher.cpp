//===- Launcher.cpp - Was this process started by an MPI launcher? -------===//
#include "qgrad/Runtime/Communicator.h"

#include <cstdlib>

namespace qgrad::rt {

bool startedByMpiLauncher() {
  // Open MPI's mpirun, PMIx launchers (Open MPI 5, Slurm), MPICH's Hydra.
  for (const char *name :
       {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK"})
    if (std::getenv(name))
      return true;
  return false;
}

} // namespace qgrad::rt
