//===- MpiCommunicator.cpp - Communicator over MPI_COMM_WORLD ------------===//
//
// Compiled only when the runtime is built with MPI (QGRAD_RT_MPI); the
// functions of Communicator.h without MPI are in NoMpiCommunicator.cpp.
//
//===----------------------------------------------------------------------===//
#include "qgrad/Runtime/Communicator.h"

#include "qgrad/Runtime/Error.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>

namespace qgrad::rt {
namespace {

/// MPI counts are int: messages larger than this go in pieces.
constexpr size_t kMaxMessage = size_t(1) << 30;

void check(int status, const char *what) {
  if (status != MPI_SUCCESS) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(status, text, &length);
    throw RuntimeError(std::string(what) +
                       " failed: " + std::string(text, length));
  }
}

class MpiCommunicator final : public Communicator {
public:
  MpiCommunicator() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void exchange(int partner, const void *send, void *recv,
                size_t bytes) override {
    auto start = std::chrono::steady_clock::now();
    const char *s = static_cast<const char *>(send);
    char *r = static_cast<char *>(recv);
    for (size_t done = 0; done < bytes;) {
      int n = static_cast<int>(std::min(kMaxMessage, bytes - done));
      check(MPI_Sendrecv(s + done, n, MPI_BYTE, partner, 17, r + done, n,
                         MPI_BYTE, partner, 17, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE),
            "MPI_Sendrecv");
      done += n;
    }
    bytesExchanged += bytes;
    secondsExchanging +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }

  void meet(int partner) override {
    auto start = std::chrono::steady_clock::now();
    check(MPI_Sendrecv(nullptr, 0, MPI_BYTE, partner, 18, nullptr, 0, MPI_BYTE,
                       partner, 18, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
          "MPI_Sendrecv");
    secondsWaiting +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }

  void allreduceSum(double *data, size_t count) override {
    for (size_t done = 0; done < count;) {
      int n = static_cast<int>(std::min(kMaxMessage / 8, count - done));
      check(MPI_Allreduce(MPI_IN_PLACE, data + done, n, MPI_DOUBLE, MPI_SUM,
                          MPI_COMM_WORLD),
            "MPI_Allreduce");
      done += n;
    }
  }

  void broadcast(void *data, size_t bytes, int root) override {
    char *d = static_cast<char *>(data);
    for (size_t done = 0; done < bytes;) {
      int n = static_cast<int>(std::min(kMaxMessage, bytes - done));
      check(MPI_Bcast(d + done, n, MPI_BYTE, root, MPI_COMM_WORLD),
            "MPI_Bcast");
      done += n;
    }
  }

  void allgather(const void *send, void *recv, size_t bytes) override {
    if (bytes > kMaxMessage)
      throw RuntimeError("allgather: " + std::to_string(bytes) +
                         " bytes per rank is more than one message holds");
    check(MPI_Allgather(send, static_cast<int>(bytes), MPI_BYTE, recv,
                        static_cast<int>(bytes), MPI_BYTE, MPI_COMM_WORLD),
          "MPI_Allgather");
  }

private:
  int rank_ = 0, size_ = 1;
};

void finalizeAtExit() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized)
    MPI_Finalize();
}

} // namespace

bool mpiAvailable() { return true; }

std::shared_ptr<Communicator> mpiWorld() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    // OpenMP threads run the kernels; only the calling thread talks to MPI.
    int provided = 0;
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided),
          "MPI_Init_thread");
    std::atexit(finalizeAtExit);
  }
  static std::shared_ptr<Communicator> world =
      std::make_shared<MpiCommunicator>();
  return world;
}

/// `get` of MPI_COMM_WORLD while MPI is running, else `otherwise`.
static int worldProperty(int (*get)(MPI_Comm, int *), int otherwise) {
  int initialized = 0, finalized = 0, value = otherwise;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized)
    get(MPI_COMM_WORLD, &value);
  return value;
}

int mpiWorldRank() { return worldProperty(MPI_Comm_rank, 0); }

int mpiWorldSize() { return worldProperty(MPI_Comm_size, 1); }

} // namespace qgrad::rt
