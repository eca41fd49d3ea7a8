//===- MemoryEffectsImpl.cpp - Memory effects of runtime-facing ops -------===//

#include "qgrad/Dialect/Quantum/Transforms/MemoryEffectsImpl.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace qgrad::quantum;

namespace {

/// The simulator state behind the runtime's C API.
struct SimulatorState : public SideEffects::Resource::Base<SimulatorState> {
  llvm::StringRef getName() final { return "QuantumSimulatorState"; }
};

/// How an op touches the simulator state.
enum class StateAccess { Read, ReadWrite };

template <typename OpTy, StateAccess Access>
struct RuntimeEffectsModel : public MemoryEffectOpInterface::ExternalModel<
                                 RuntimeEffectsModel<OpTy, Access>, OpTy> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    effects.emplace_back(MemoryEffects::Read::get(), SimulatorState::get());
    if (Access == StateAccess::ReadWrite)
      effects.emplace_back(MemoryEffects::Write::get(), SimulatorState::get());
    // Buffer operands exist only on array measurements, which fill them.
    for (OpOperand &operand : op->getOpOperands())
      if (isa<MemRefType>(operand.get().getType()))
        effects.emplace_back(MemoryEffects::Write::get(), &operand,
                             SideEffects::DefaultResource::get());
  }
};

template <StateAccess Access, typename... OpTys>
void attachEffects(MLIRContext &context) {
  (OpTys::template attachInterface<RuntimeEffectsModel<OpTys, Access>>(context),
   ...);
}

} // namespace

void qgrad::quantum::registerMemoryEffectExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, QuantumDialect *) {
    attachEffects<StateAccess::Read, ExpvalOp, VarianceOp, ProbsOp, StateOp,
                  SampleOp, CountsOp>(*context);
    attachEffects<StateAccess::ReadWrite, MeasureOp, DeviceOp>(*context);
  });
}
