//===- qgrad/AD/Rules.h - Tables of differentiation rules -------*- C++ -*-===//
//
// Rules are grouped by family (arithmetic, casts, math, memory, calls), each
// family a table keyed by opcode or function name. A forward rule runs while
// the forward sweep is built (it makes shadows and extra forward values); a
// reverse rule emits the adjoint code of one instruction; a tangent rule
// emits forward mode's tangent of one instruction (after the forward rule,
// which still makes the shadows; for calls, instead of it).
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_RULES_H
#define QGRAD_AD_RULES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class CallBase;
class Function;
class Instruction;
class IRBuilderBase;
class Type;
class Value;
} // namespace llvm

namespace qgrad::ad {

class Differentiator;
class Registry;

/// Emits the adjoint code of I; Adj is I's adjoint (null for results that
/// carry none, such as stores).
using ReverseRule = void (*)(Differentiator &D, llvm::Instruction &I,
                             llvm::Value *Adj);
/// Emits forward-sweep code for I next to its clone.
using ForwardRule = void (*)(Differentiator &D, llvm::Instruction &I);
/// Emits forward mode's tangent of I next to its clone (D.forward()).
using TangentRule = void (*)(Differentiator &D, llvm::Instruction &I);

struct InstructionRule {
  ForwardRule Forward = nullptr;
  ReverseRule Reverse = nullptr;
  TangentRule Tangent = nullptr;
};

/// Rules for the arithmetic, cast, memory and aggregate instructions, keyed by
/// opcode. Calls are handled by callRule.
std::optional<InstructionRule> arithmeticRule(unsigned Opcode);
std::optional<InstructionRule> castRule(unsigned Opcode);
std::optional<InstructionRule> memoryRule(unsigned Opcode);
std::optional<InstructionRule> aggregateRule(unsigned Opcode);

/// The operands of a math call as the reverse sweep reads them; each is
/// cached for the reverse sweep only when a rule asks for it.
class MathOperands {
public:
  /// Operands as the reverse sweep reads them, or (Forward) as the forward
  /// code where tangents are built reads them.
  MathOperands(Differentiator &D, llvm::CallBase &Call, bool Forward = false)
      : D(D), Call(Call), Forward(Forward) {}
  llvm::Value *arg(unsigned K);
  llvm::Value *result();
  unsigned size() const;

private:
  llvm::Value *read(llvm::Value *V);

  Differentiator &D;
  llvm::CallBase &Call;
  bool Forward;
};

/// Partial derivatives of a math function; Partials[i] stays null where
/// argument i carries no derivative (powi's exponent, floor's argument).
using PartialsFn = void (*)(llvm::IRBuilderBase &B, MathOperands &Ops,
                            llvm::SmallVectorImpl<llvm::Value *> &Partials);

/// The canonical math name of a libm function or intrinsic ("sin" for sin,
/// sinf and llvm.sin.*), if the math table knows it.
std::optional<llvm::StringRef> mathName(llvm::StringRef CalleeName,
                                        llvm::Type *ResultType);
PartialsFn mathPartials(llvm::StringRef Name);

enum class CallKind {
  Ignored,       // intrinsics without numeric meaning (lifetime, assume, ...)
  Inactive,      // registered or built-in inactive functions
  Math,          // libm and FP intrinsics from the math table
  Allocation,    // malloc, calloc, aligned_alloc, memalign, operator new,
                 // registered allocators
  OutAllocation, // posix_memalign: allocates through its out-pointer
  Reallocation,  // realloc
  Deallocation,  // free, operator delete
  MemTransfer,   // memcpy, memmove
  MemSet,        // memset
  Custom,        // a registered custom gradient
  Defined,       // a function with a body: augmented forward + reverse
  Unknown,       // external or indirect: an error when active
};

struct CallInfo {
  CallKind Kind = CallKind::Unknown;
  llvm::Function *Callee = nullptr;
  llvm::StringRef MathName;
};

CallInfo classifyCall(const llvm::CallBase &CB, const Registry &Reg);

/// Whether Object (an underlying object) is memory the function allocates
/// itself: an alloca or the result of an allocation call.
bool isLocalAllocation(const llvm::Value *Object, const Registry &Reg);

/// Forward and reverse rules for a call of the given kind.
InstructionRule callRule(CallKind Kind);

} // namespace qgrad::ad

#endif // QGRAD_AD_RULES_H
