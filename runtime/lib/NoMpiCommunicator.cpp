//===- NoMpiCommunicator.cpp - Communicator.h in a build without MPI -----===//
#include "qgrad/Runtime/Communicator.h"

#include "qgrad/Runtime/Error.h"

namespace qgrad::rt {

bool mpiAvailable() { return false; }

std::shared_ptr<Communicator> mpiWorld() {
  throw RuntimeError("this runtime was built without MPI (configure with "
                     "-DQGRAD_RT_MPI=ON and an MPI installation, e.g. "
                     "Debian's libopenmpi-dev)");
}

int mpiWorldRank() { return 0; }
int mpiWorldSize() { return 1; }

} // namespace qgrad::rt
