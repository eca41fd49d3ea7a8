//===- qgrad/AD/GradientSynthesis.h - Gradient functions --------*- C++ -*-===//
//
// The store-all reverse mode of docs/ad-engine.md. For a function and the
// activities of its arguments the engine synthesizes:
//   combined  (args..., shadows..., [dret]) -> {d out args...}
//             the forward sweep followed by the reverse sweep;
//   augmented (args..., shadows...) -> primal [, shadow of returned pointer]
//             the forward sweep, which leaves its values on the tape;
//   reverse   (args..., shadows..., [dret]) -> {d out args...}
//             pops them and runs the reverse sweep.
// Callees are split into augmented/reverse pairs that share the one LIFO
// tape, which makes nesting and recursion work without tape plumbing.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_GRADIENTSYNTHESIS_H
#define QGRAD_AD_GRADIENTSYNTHESIS_H

#include "qgrad/AD/Activity.h"
#include "qgrad/AD/Diagnostics.h"
#include "qgrad/AD/Registration.h"
#include "qgrad/AD/Tape.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/ValueMap.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

namespace llvm {
class AssumptionCache;
class SCEV;
class ScalarEvolution;
class TargetLibraryInfo;
class TargetLibraryInfoImpl;
} // namespace llvm

#include <deque>
#include <map>
#include <memory>

namespace qgrad::ad {

struct GradientKey {
  llvm::Function *Fn = nullptr;
  llvm::SmallVector<ArgActivity, 8> Args;
  bool ReturnActive = false; // a floating-point return seeded by dret
  bool ReturnShadow = false; // a returned pointer whose shadow is returned
  /// The gradient is itself differentiated (a nested __enzyme_autodiff):
  /// its tape is private memory (CursorHome::Owned, or Passed for split
  /// callees, which then take the cursor as their last parameter).
  bool PrivateTape = false;

  /// Per argument: the floating-point type a duplicated pointer's memory
  /// holds, as the caller knows it (null when unknown).
  llvm::SmallVector<llvm::Type *, 8> Hints;

  bool operator<(const GradientKey &O) const {
    return std::tie(Fn, Args, Hints, ReturnActive, ReturnShadow, PrivateTape) <
           std::tie(O.Fn, O.Args, O.Hints, O.ReturnActive, O.ReturnShadow,
                    O.PrivateTape);
  }
};

struct SplitGradient {
  llvm::Function *Augmented = nullptr;
  llvm::Function *Reverse = nullptr;
};

class Differentiator;

/// Gives a function synthesized from Primal's body Primal's personality
/// (the landing pads cloned from Primal need it) and makes it nounwind only
/// when Primal is: an exception that a primal call throws passes through
/// the forward sweep as it passes through Primal.
void inheritUnwinding(llvm::Function &Derived, const llvm::Function &Primal);

/// Module-wide state: registrations, the tape, and memoized gradients.
class GradientEngine {
public:
  explicit GradientEngine(llvm::Module &M);

  /// The combined gradient function of Key (memoized).
  llvm::Function *combined(const GradientKey &Key);
  /// The augmented/reverse pair of Key; bodies are filled by finish().
  SplitGradient split(const GradientKey &Key);
  /// The forward-mode (tangent) function of Key (memoized): its parameters
  /// are Fn's, each active one followed by its tangent (a float) or shadow
  /// (a pointer, whose memory holds tangents); it returns Fn's result, or
  /// {result, tangent or shadow} when the return is active. TopLevel: the
  /// body is built now and zeroes the global shadows on entry; otherwise
  /// (a callee) finish() builds it.
  llvm::Function *tangentFunction(const GradientKey &Key, bool TopLevel);
  /// Vector forward mode (enzyme_width Width): the tangent function of Key
  /// with Width tangents (or shadows) after each active argument, returning
  /// {result, [Width x tangent]} when the return is active
  /// (VectorTangents.cpp). An error names what cannot run once per lane.
  llvm::Expected<llvm::Function *> vectorTangentFunction(const GradientKey &Key,
                                                         unsigned Width);
  /// Synthesizes every split pair and callee tangent function requested so
  /// far.
  void finish();

  llvm::Module &module() { return M; }
  const Registry &registry() const { return Reg; }
  Tape &tape() { return TheTape; }
  DiagnosticCollector &diagnostics() { return Diags; }

  /// Non-constant globals that may hold active data (GlobalShadows.cpp).
  const llvm::SmallPtrSetImpl<const llvm::GlobalVariable *> &activeGlobals();
  /// The functions that refer to an active global, directly or through the
  /// functions they call or hand to external code (GlobalShadows.cpp): a
  /// call of one sees active data even without active arguments.
  const llvm::SmallPtrSetImpl<const llvm::Function *> &activeGlobalUsers();
  /// The shadow of an active global (created on first use).
  llvm::GlobalVariable *globalShadow(const llvm::GlobalVariable *G);
  /// Zeroes every active global's shadow (at a top-level gradient's entry).
  void zeroGlobalShadows(llvm::IRBuilderBase &B);

  llvm::FunctionType *gradientType(const GradientKey &Key) const;
  llvm::FunctionType *augmentedType(const GradientKey &Key) const;
  llvm::FunctionType *tangentType(const GradientKey &Key) const;
  llvm::FunctionType *vectorTangentType(const GradientKey &Key,
                                        unsigned Width) const;

  /// The key whose tangent function F is (null for other functions).
  const GradientKey *tangentKeyOf(const llvm::Function *F) const;
  /// The width-Width tangent function of Key, declared now and replicated
  /// from the width-one one by vectorTangentFunction.
  llvm::Function *wideTangentDeclaration(const GradientKey &Key,
                                         unsigned Width);
  /// Whether G is the shadow of an active global; each tangent lane of
  /// vector forward mode gets its own copy of it.
  bool isGlobalShadow(const llvm::GlobalVariable *G) const;
  llvm::GlobalVariable *laneShadow(llvm::GlobalVariable *Shadow, unsigned Lane);
  llvm::Type *gradientResultType(const GradientKey &Key) const;

private:
  llvm::Function *synthesizeCombined(const GradientKey &Key,
                                     llvm::StringRef Name);

  llvm::Module &M;
  DiagnosticCollector Diags;
  Registry Reg;
  Tape TheTape;
  std::map<GradientKey, llvm::Function *> Combined;
  std::map<GradientKey, SplitGradient> Splits;
  /// Build's function, synthesized by a Differentiator over a private copy
  /// of Key.Fn (Preprocess.h) that is erased afterwards.
  llvm::Function *
  onPrivateCopy(const GradientKey &Key,
                llvm::function_ref<llvm::Function *(Differentiator &)> Build);
  /// Builds every pending split pair and callee tangent function.
  void drainPending();
  void buildSplit(const GradientKey &Key);
  void buildTangent(const GradientKey &Key);
  enum class PendingKind { Split, Tangent };
  std::deque<std::pair<PendingKind, GradientKey>> Pending;
  std::map<GradientKey, llvm::Function *> Tangents;
  std::map<std::pair<GradientKey, unsigned>, llvm::Function *> WideTangents;
  std::deque<std::pair<GradientKey, unsigned>> WidenQueue;
  std::map<std::pair<llvm::GlobalVariable *, unsigned>, llvm::GlobalVariable *>
      LaneShadows;
  llvm::SmallPtrSet<const llvm::GlobalVariable *, 4> ActiveGlobals;
  bool ActiveGlobalsKnown = false;
  llvm::SmallPtrSet<const llvm::Function *, 8> GlobalUsers;
  bool GlobalUsersKnown = false;
  llvm::DenseMap<const llvm::GlobalVariable *, llvm::GlobalVariable *>
      GlobalShadows;
};

/// Builds the combined gradient of one function. Rules (lib/AD/Rules) call
/// back into it for values, shadows and adjoints.
class Differentiator {
public:
  Differentiator(GradientEngine &E, llvm::Function &Primal,
                 const GradientKey &Key, llvm::Function *Original);
  ~Differentiator();

  /// Emits the combined gradient into a new function named Name. TopLevel:
  /// the gradient runs its reverse sweep right after its forward sweep
  /// (not split), so unchanged primal memory may be read again in reverse.
  llvm::Function *run(llvm::StringRef Name, bool TopLevel);
  /// Emits the forward-mode function (GradientEngine::tangentFunction) into
  /// a new function named Name (TangentSynthesis.cpp): the clone of the body
  /// with shadows, as in the forward sweep, and the tangent of every varied
  /// value next to it; no reverse sweep, no tape.
  llvm::Function *runTangent(llvm::StringRef Name, bool TopLevel);
  /// Whether runTangent is building: forward rules that differ between the
  /// modes (stack shadows) ask.
  bool isTangentMode() const { return TangentMode; }

  // What a split needs to know about the combined function.
  llvm::BranchInst *forwardExit() const { return ForwardExit; }
  llvm::Value *forwardReturn() const { return ForwardReturn; }
  llvm::Value *forwardReturnShadow() const { return ForwardReturnShadow; }
  llvm::BasicBlock *setupBlock() const { return Setup; }
  llvm::BasicBlock *reverseEntry() const;
  llvm::ArrayRef<llvm::AllocaInst *> cacheSlots() const { return SlotOrder; }

  // --- Services for rules ------------------------------------------------
  GradientEngine &engine() { return E; }
  const llvm::DataLayout &layout() const;
  const ActivityInfo &activity() const { return *Activity; }
  const GradientKey &key() const { return Key; }
  llvm::Function &primalFunction() { return P; }
  bool isVaried(const llvm::Value *V) const;
  bool hasShadow(const llvm::Value *V) const;
  /// Whether Def dominates User in the primal function.
  bool dominates(const llvm::Instruction *Def,
                 const llvm::Instruction *User) const {
    return DT->dominates(Def, User);
  }

  /// Builder positioned in the forward sweep right after the clone of the
  /// instruction whose forward rule runs.
  llvm::IRBuilderBase &forward() { return Fwd; }
  /// Builder positioned in the reverse sweep.
  llvm::IRBuilderBase &reverse() { return Rev; }

  /// The forward-sweep value of a primal value (in forward code).
  llvm::Value *forwardValue(llvm::Value *V);
  /// The forward-sweep shadow of an active pointer (in forward code).
  llvm::Value *forwardShadow(llvm::Value *V);
  void setForwardShadow(llvm::Value *V, llvm::Value *Shadow);
  /// A forward value a rule made for I and reads again in reverse.
  void setForwardExtra(llvm::Instruction &I, llvm::Value *V) { Extras[&I] = V; }
  llvm::Value *forwardExtra(llvm::Instruction &I) { return Extras.lookup(&I); }
  /// Removes the clone of I (a call without result) from the forward sweep.
  void eraseForward(llvm::Instruction &I);
  /// Whether the memory of allocation Alloc is kept until the reverse sweep
  /// (its frees move to the reverse of the allocation).
  bool keepsAllocation(const llvm::Value *Alloc) const {
    return KeptAllocations.count(Alloc);
  }
  /// Replaces the clone of I by NewValue in the forward sweep.
  void replaceForward(llvm::Instruction &I, llvm::Value *NewValue);

  /// Whether I is arithmetic cheap enough to redo in reverse rather than
  /// keep (no division: GEPs, casts, integer and float add/sub/mul, fma).
  static bool isCheapToRecompute(const llvm::Instruction *I);

  /// A primal value / shadow / forward-sweep value readable in reverse code.
  llvm::Value *primal(llvm::Value *V);
  llvm::Value *shadow(llvm::Value *V);
  llvm::Value *cached(llvm::Value *ForwardValue);

  /// Forward mode: the tangent of primal value V (zero when it carries
  /// none), and recording the tangent a tangent rule made for V.
  llvm::Value *tangent(llvm::Value *V);
  void setTangent(llvm::Value *V, llvm::Value *Tangent);

  /// adj(V) += Delta (ignored for constants and inactive values).
  void addAdjoint(llvm::Value *V, llvm::Value *Delta);
  /// Records an error about primal instruction I.
  void report(const llvm::Instruction &I, const llvm::Twine &What,
              const llvm::Twine &Hint = "");

private:
  struct Region {
    llvm::Instruction *First = nullptr;
    llvm::Instruction *Last = nullptr;
  };

  llvm::Function *createFunction(llvm::StringRef Name);
  void cloneBody();
  void buildForward();
  void forwardInstruction(llvm::Instruction &I);
  void recordPredecessors(llvm::BasicBlock &BB);
  void fillShadowPhis();
  void fillTangentPhis();
  void returnTangents();
  void buildReverse();
  void reverseBlock(llvm::BasicBlock &BB);
  void reverseInstruction(llvm::Instruction &I);
  bool reportUnsupported(llvm::Instruction &I);
  /// Reports a call that may unwind (invoke) and sees active data.
  void reportUnwindingCall(llvm::Instruction &I);
  void reverseEdges(llvm::BasicBlock &BB);
  void returnGradients();
  void dropUnreadCaches();
  void placeCacheStores();
  bool readsOwnExecution(const llvm::Instruction *ForwardDef) const;
  bool keepsTapeToItself(const llvm::BasicBlock &BB) const;
  void keepLoopsScalar();
  void closeForward();
  llvm::AllocaInst *adjointSlot(llvm::Value *V);
  llvm::Value *takeAdjoint(llvm::Value *V);
  // Loop counters (LoopCounters.cpp): a natural loop with a preheader, one
  // latch and dedicated exits counts its iterations instead of pushing a
  // predecessor index per iteration; its induction variables are recomputed
  // from the count in the reverse sweep.
  struct CountedLoop {
    llvm::Loop *L = nullptr;
    llvm::PHINode *Counter = nullptr;      // forward: iteration number
    llvm::AllocaInst *Remaining = nullptr; // reverse: iteration being undone
  };
  void findCountedLoops();
  void emitForwardCounters();
  void reverseCountedHeader(llvm::BasicBlock &BB,
                            llvm::ArrayRef<llvm::BasicBlock *> Edges);
  llvm::Value *inductionValue(llvm::PHINode *Phi);
  // Recurrences (Recurrences.cpp): integers, addresses and trip counts that
  // scalar evolution expresses through the counted loops' iteration numbers
  // are evaluated in reverse instead of cached.
  void buildScalarEvolution();
  bool isEvaluable(const llvm::SCEV *S, const llvm::BasicBlock *Context);
  llvm::Value *evaluate(const llvm::SCEV *S, const llvm::BasicBlock *Context);
  llvm::Value *evaluateSum(llvm::ArrayRef<llvm::Value *> Terms);
  const llvm::SCEV *recurrenceAt(llvm::Value *V,
                                 const llvm::BasicBlock *Context);
  const llvm::SCEV *recurrenceOf(llvm::Value *V);
  llvm::Value *evaluatedPrimal(llvm::Value *V);
  llvm::Value *evaluatedShadow(llvm::Value *V);
  bool evaluateExitCount(llvm::BasicBlock *Header, llvm::BasicBlock &Exit);
  bool isEvaluableAt(llvm::Value *V, const llvm::BasicBlock *Context);
  llvm::Value *evaluateAt(llvm::Value *V, const llvm::BasicBlock *Context);
  llvm::Value *predecessorFromBranch(llvm::BasicBlock &BB,
                                     llvm::ArrayRef<llvm::BasicBlock *> Preds);
  void findUnchangedMemory();
  void findKeptAllocations();
  // How deep a chain of reloads and cheap arithmetic is recomputed.
  static constexpr unsigned RecomputeDepth = 8;
  bool canReload(llvm::LoadInst *LI, unsigned Depth);
  llvm::Value *reload(llvm::LoadInst *LI);
  bool isTapeFree(llvm::Value *V, unsigned Depth);
  /// I recomputed in reverse (its shadow, for a GEP with Shadow) when it is
  /// cheap and its operands come back without the tape.
  llvm::Value *recomputedArithmetic(llvm::Value *V, bool Shadow);
  bool canRecompute(const llvm::Instruction *I) const;
  llvm::Value *recompute(llvm::Instruction *I, bool Shadow);
  bool inCycle(const llvm::BasicBlock *BB) const;

  GradientEngine &E;
  llvm::Function &P;
  GradientKey Key;
  llvm::Function *Original;
  llvm::Function *G = nullptr;
  std::unique_ptr<ActivityInfo> Activity;
  llvm::ValueToValueMapTy VMap;
  llvm::DenseMap<llvm::Value *, llvm::Value *> ForwardShadows;
  llvm::DenseMap<llvm::Instruction *, llvm::Value *> Extras;
  llvm::DenseMap<llvm::Value *, llvm::AllocaInst *> AdjointSlots;
  llvm::MapVector<llvm::Value *, llvm::AllocaInst *> CacheSlots;
  llvm::SmallVector<llvm::AllocaInst *> SlotOrder;
  llvm::DenseMap<llvm::Instruction *, llvm::Instruction *> Owner;
  llvm::DenseMap<llvm::Instruction *, Region> Regions;
  // Per block in a cycle: the predecessor index, and where the reverse
  // block pops its group (before the switch over predecessors).
  llvm::DenseMap<llvm::BasicBlock *, llvm::PHINode *> PredecessorIndex;
  llvm::DenseMap<llvm::BasicBlock *, llvm::Instruction *> GroupPopPoint;
  // Per block in a cycle: the start of its reverse block, where the group
  // is popped when it carries the block's own values.
  llvm::DenseMap<llvm::BasicBlock *, llvm::Instruction *> GroupLoadPoint;
  // Cached forward values read by reverse code other than the reverse of
  // their own block's execution (see placeCacheStores).
  llvm::SmallPtrSet<const llvm::Value *, 16> ReadElsewhere;
  llvm::DenseMap<llvm::BasicBlock *, llvm::SwitchInst *> EdgeSwitch;
  std::unique_ptr<llvm::DominatorTree> DT;
  std::unique_ptr<llvm::LoopInfo> Loops;
  std::unique_ptr<llvm::TargetLibraryInfoImpl> LibraryInfoImpl;
  std::unique_ptr<llvm::TargetLibraryInfo> LibraryInfo;
  std::unique_ptr<llvm::AssumptionCache> Assumptions;
  std::unique_ptr<llvm::ScalarEvolution> SE;
  llvm::DenseMap<llvm::BasicBlock *, CountedLoop> CountedLoops; // by header
  llvm::DenseMap<llvm::BasicBlock *, llvm::SmallVector<llvm::BasicBlock *, 1>>
      ExitCounters; // exit block -> headers whose counts it saves
  bool TopLevel = false;
  bool TangentMode = false;
  llvm::DenseMap<llvm::Value *, llvm::Value *> TangentValues;
  bool NoNonLocalWrites = false;
  // Top-level only: allocations that do not escape, with every instruction
  // that writes them; loads from them are repeated in reverse when no write
  // is reachable from the load.
  llvm::DenseMap<const llvm::Value *, llvm::SmallVector<llvm::Instruction *, 4>>
      KeptAllocations;
  llvm::DenseMap<llvm::BasicBlock *, llvm::BasicBlock *> ReverseBlocks;
  llvm::DenseMap<llvm::BasicBlock *, llvm::SmallVector<llvm::BasicBlock *, 2>>
      Predecessors;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> CycleBlocks;
  llvm::BasicBlock *Setup = nullptr;
  llvm::BasicBlock *ExitBlock = nullptr;
  llvm::BranchInst *ForwardExit = nullptr;
  llvm::Value *ForwardReturn = nullptr;
  llvm::Value *ForwardReturnShadow = nullptr;
  llvm::Instruction *CurrentPrimal = nullptr;
  llvm::IRBuilder<> Fwd;
  llvm::IRBuilder<> Rev;
};

} // namespace qgrad::ad

#endif // QGRAD_AD_GRADIENTSYNTHESIS_H
