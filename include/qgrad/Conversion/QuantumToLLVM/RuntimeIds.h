//===- RuntimeIds.h - Gate and observable ids of the runtime ----*- C++ -*-===//
//
// The runtime numbers gates and named observables by its own enums
// (qgrad_rt.h). The lowering maps the dialect's names to them through one
// explicit table instead of assuming that the two lists share an order.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_CONVERSION_QUANTUMTOLLVM_RUNTIMEIDS_H
#define QGRAD_CONVERSION_QUANTUMTOLLVM_RUNTIMEIDS_H

#include "qgrad/Dialect/Quantum/IR/QuantumAttrs.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace qgrad::quantum {

/// The runtime's id (enum qgrad_rt_gate) of a gate-table name, or nullopt.
std::optional<int64_t> getRuntimeGateId(llvm::StringRef gateName);

/// The runtime's id (enum qgrad_rt_named_observable) of a named observable,
/// or nullopt.
std::optional<int64_t> getRuntimeObservableId(NamedObservable kind);

} // namespace qgrad::quantum

#endif // QGRAD_CONVERSION_QUANTUMTOLLVM_RUNTIMEIDS_H
