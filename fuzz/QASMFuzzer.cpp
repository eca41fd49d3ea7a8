//===- QASMFuzzer.cpp - fuzz-qasm: the OpenQASM 2/3 parser ----------------===//
//
// Bytes as an OpenQASM file: the parser must return a circuit or one
// located error, never crash, hang or exhaust memory; a circuit's gates
// must act on declared qubits only.
//
//===----------------------------------------------------------------------===//

#include "../lib/Interop/OpenQASM/Parser.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <cstdlib>

using namespace qgrad::interop::qasm;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(bytes), size),
          "input.qasm"),
      llvm::SMLoc());
  ParseError error;
  std::optional<Circuit> circuit = parseCircuit(sources, error);
  if (!circuit) {
    if (error.message.empty() || !error.loc.isValid())
      std::abort(); // an error must say what and where
    return 0;
  }
  for (const Gate &gate : circuit->gates)
    for (unsigned wire : gate.wires)
      if (wire >= circuit->numQubits)
        std::abort();
  for (unsigned qubit : circuit->measured)
    if (qubit >= circuit->numQubits)
      std::abort();
  return 0;
}
