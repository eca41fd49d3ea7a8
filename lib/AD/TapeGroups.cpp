//===- TapeGroups.cpp - Where cached values are kept across iterations ----===//
//
// Every cached value has a slot that the forward sweep stores after the
// value's definition and the reverse sweep reads. Outside cycles that is all.
// Inside a cycle a block runs many times, and each block gets one tape group
// per execution holding what its reverse block needs back: its predecessor
// index, loop counts saved at loop exits, the old content of slots it
// redefines, and its own values when only its own reverse reads them.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"
#include "qgrad/AD/Rules.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace qgrad::ad {

static cl::opt<bool> OwnValuesInGroups(
    "qgrad-ad-own-values-in-groups", cl::Hidden, cl::init(true),
    cl::desc("Keep the values of a loop block with calls that only its own "
             "reverse reads in its tape group (off: every value in a slot)"));

// Whether the reverse code being emitted reads ForwardDef as computed by the
// same execution of its block: it reverses a non-phi instruction of that
// block that comes after the definition (phis read the previous execution).
bool Differentiator::readsOwnExecution(const Instruction *ForwardDef) const {
  const Instruction *Def = Owner.lookup(ForwardDef);
  const Instruction *Use = CurrentPrimal;
  return Def && Use && !isa<PHINode>(Use) &&
         Def->getParent() == Use->getParent() &&
         (Def == Use || Def->comesBefore(Use));
}

// Whether nothing in BB's forward or reverse code can push onto the tape
// or pop from it (no call that may reach a gradient function), so its group
// is the top of the tape from the block's entry to its end, and again from
// the start of its reverse block to the end.
bool Differentiator::keepsTapeToItself(const BasicBlock &BB) const {
  return all_of(BB, [&](const Instruction &I) {
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      return true;
    switch (classifyCall(*CB, E.registry()).Kind) {
    case CallKind::Ignored:
    case CallKind::Math:
    case CallKind::Allocation:
    case CallKind::OutAllocation:
    case CallKind::Reallocation:
    case CallKind::Deallocation:
    case CallKind::MemTransfer:
    case CallKind::MemSet:
      return true;
    case CallKind::Inactive:
    case CallKind::Unknown: {
      const Function *Callee = CB->getCalledFunction();
      return Callee && Callee->isDeclaration();
    }
    case CallKind::Custom:
    case CallKind::Defined:
      return false;
    }
    return false;
  });
}

namespace {

// Whether BB calls a function (which clobbers every float register), not
// only intrinsics that become instructions.
bool makesCalls(const BasicBlock &BB) {
  return any_of(BB, [](const Instruction &I) {
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      return false;
    const auto *II = dyn_cast<IntrinsicInst>(CB);
    if (!II)
      return true;
    switch (II->getIntrinsicID()) {
    case Intrinsic::fmuladd:
    case Intrinsic::fma:
    case Intrinsic::sqrt:
    case Intrinsic::fabs:
    case Intrinsic::copysign:
    case Intrinsic::minnum:
    case Intrinsic::maxnum:
      return false;
    default:
      return !II->isAssumeLikeIntrinsic() && !isa<DbgInfoIntrinsic>(II) &&
             !isa<MemIntrinsic>(II);
    }
  });
}

// What one block's group carries besides its index and loop counts.
struct BlockGroup {
  SmallVector<AllocaInst *, 4> Saved; // slots whose old content is kept
  // The block's own values: the forward value, where its definition ends,
  // its slot; stored into the group unless rebuilt from other fields.
  struct Own {
    Value *V;
    Instruction *StoreAt;
    AllocaInst *Slot;
    bool Rebuilt = false;
  };
  SmallVector<Own, 4> Owns;
};

// How many values a block without calls must have for them to move into its
// group. Kept in slots, each is carried in a register across the block to
// the next execution's entry; a few cost nothing, many are spilled. On
// GMM, whose call-free loop blocks have one such value each, moving them
// made the gradient about 3 % slower (1.89 -> 1.95 x primal); on BA, whose
// observation block has 14, about 2 % faster (2.55 -> 2.50).
constexpr size_t OwnValuesWithoutCalls = 4;

// Float arithmetic the reverse block may redo instead of reading from the
// tape: the cheap arithmetic recomputed elsewhere in reverse, which leaves
// out division (on LSTM, rebuilding its sigmoids' 1 / (1 + e) made the
// gradient slower, 1.17 -> 1.21 x primal: a division costs more than the
// store and load it saves).
bool isRebuildable(const Instruction *I) {
  return !isa<PHINode>(I) && I->getType()->isFloatingPointTy() &&
         Differentiator::isCheapToRecompute(I);
}

// How many instructions a rebuilt value may take.
constexpr unsigned RebuildDepth = 2;

// A group field that is float arithmetic of other stored fields and
// constants, through at most RebuildDepth instructions, is rebuilt in
// reverse from them: one or two instructions instead of a store and a load.
// Sigmoids are the common case: 1 / (1 + e) comes back from e, which exp's
// derivative keeps anyway. Only fields that cannot be rebuilt themselves
// serve as leaves, so no rebuilt value depends on another one's field.
class FieldRebuilder {
public:
  explicit FieldRebuilder(BlockGroup &Group) {
    for (BlockGroup::Own &O : Group.Owns) {
      auto *I = dyn_cast<Instruction>(O.V);
      if (!I || !isRebuildable(I))
        Leaves.insert(O.V);
    }
    for (BlockGroup::Own &O : Group.Owns)
      if (!Leaves.count(O.V))
        O.Rebuilt = reachesLeaves(O.V, RebuildDepth + 1);
  }

  /// O.V computed in reverse from the leaves' values.
  Value *rebuild(IRBuilderBase &B, Value *V,
                 const DenseMap<Value *, Value *> &LeafValues) {
    if (isa<Constant>(V))
      return V;
    if (Value *Leaf = LeafValues.lookup(V))
      return Leaf;
    auto *I = cast<Instruction>(V);
    Instruction *Copy = I->clone();
    for (Use &Op : Copy->operands())
      Op.set(rebuild(B, Op.get(), LeafValues));
    return B.Insert(Copy, I->getName() + ".re");
  }

private:
  bool reachesLeaves(Value *V, unsigned Depth) {
    if (isa<Constant>(V) || Leaves.count(V))
      return true;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth == 0 || !isRebuildable(I))
      return false;
    return all_of(I->operands(),
                  [&](Value *Op) { return reachesLeaves(Op, Depth - 1); });
  }

  SmallPtrSet<Value *, 8> Leaves;
};

} // namespace

// A rule may compute a partial derivative it then drops (fma's partial for
// an argument without adjoint, the loss's constant weights): its reads of
// cached values are dead, but a slot that exists is stored and saved on
// the tape all the same. Dead reverse code goes first, then every slot no
// read remains of.
void Differentiator::dropUnreadCaches() {
  SmallPtrSet<const BasicBlock *, 32> ForwardBlocks;
  ForwardBlocks.insert(Setup);
  for (BasicBlock &BB : P)
    ForwardBlocks.insert(cast<BasicBlock>(VMap[&BB]));
  // Only reverse code is deleted: slots and forward values stay (maps
  // refer to them).
  auto IsReverse = [&](const Value *V) {
    const auto *I = dyn_cast<Instruction>(V);
    return I && !ForwardBlocks.count(I->getParent());
  };
  SmallSetVector<Instruction *, 32> Dead;
  for (BasicBlock &BB : *G)
    if (!ForwardBlocks.count(&BB))
      for (Instruction &I : BB) {
        // The markers where groups are popped stay.
        auto *Marker = dyn_cast<IntrinsicInst>(&I);
        if (Marker && Marker->getIntrinsicID() == Intrinsic::donothing)
          continue;
        if (isInstructionTriviallyDead(&I))
          Dead.insert(&I);
      }
  while (!Dead.empty()) {
    Instruction *I = Dead.pop_back_val();
    SmallVector<Instruction *, 4> Operands;
    for (Value *Op : I->operands())
      if (IsReverse(Op))
        Operands.push_back(cast<Instruction>(Op));
    I->eraseFromParent();
    for (Instruction *Op : Operands)
      if (isInstructionTriviallyDead(Op))
        Dead.insert(Op);
  }
  SmallVector<Value *> Unread;
  for (auto &[V, Slot] : CacheSlots)
    if (Slot->use_empty())
      Unread.push_back(V);
  for (Value *V : Unread) {
    AllocaInst *Slot = CacheSlots.lookup(V);
    erase(SlotOrder, Slot);
    CacheSlots.erase(V);
    Slot->eraseFromParent();
  }
}

// Each cached value is stored into its slot right after its forward region.
// Inside a cycle the slot's previous content must survive the redefinition:
// each block pushes, on entry, one group with its predecessor index and the
// old content of every slot it redefines (nothing in the block has written
// them yet), and its reverse block pops the group after every rule of the
// block has run. Callees' augmented calls push after the group and pop
// before it, so the tape stays LIFO.
//
// A value only read by the reverse of its own block's execution needs no
// slot across iterations: when the block keeps the tape to itself, the
// group also holds the value itself, stored right after its definition,
// and the reverse block pops the group first and reads it from there. The
// forward sweep then holds no previous values across the block, which
// matters when the block makes calls: no float register survives a call,
// so those values would be spilled around each one (LSTM 1.24 -> 1.17 x
// primal). Blocks without calls move them only when there are many
// (OwnValuesWithoutCalls).
void Differentiator::placeCacheStores() {
  // Values in cycles that only their own block's reverse reads, by block.
  MapVector<BasicBlock *, SmallVector<BlockGroup::Own, 4>> Candidates;
  MapVector<BasicBlock *, BlockGroup> Groups;
  for (auto &[V, Slot] : CacheSlots) {
    auto *Def = cast<Instruction>(V);
    Instruction *PI = Owner.lookup(Def);
    Instruction *StoreAt = nullptr;
    if (!PI || isa<PHINode>(PI))
      StoreAt = isa<PHINode>(Def) ? &*Def->getParent()->getFirstInsertionPt()
                                  : Def->getNextNode();
    else
      StoreAt = Regions.lookup(PI).Last->getNextNode();
    if (!PI || !inCycle(PI->getParent())) {
      new StoreInst(V, Slot, StoreAt->getIterator());
      continue;
    }
    if (!ReadElsewhere.count(V)) {
      Candidates[PI->getParent()].push_back({V, StoreAt, Slot});
      continue;
    }
    new StoreInst(V, Slot, StoreAt->getIterator());
    Groups[PI->getParent()].Saved.push_back(Slot);
  }
  SmallPtrSet<AllocaInst *, 8> OwnSlots;
  for (auto &[BB, Owns] : Candidates) {
    BlockGroup &Group = Groups[BB];
    if (OwnValuesInGroups &&
        (makesCalls(*BB) || Owns.size() >= OwnValuesWithoutCalls) &&
        keepsTapeToItself(*BB)) {
      Group.Owns = std::move(Owns);
      for (BlockGroup::Own &O : Group.Owns)
        OwnSlots.insert(O.Slot);
      continue;
    }
    for (BlockGroup::Own &O : Owns) {
      new StoreInst(O.V, O.Slot, O.StoreAt->getIterator());
      Group.Saved.push_back(O.Slot);
    }
  }
  for (BasicBlock &BB : P) {
    PHINode *Index = PredecessorIndex.lookup(&BB);
    BlockGroup &Group = Groups[&BB];
    ArrayRef<BasicBlock *> Counted;
    if (auto Exit = ExitCounters.find(&BB); Exit != ExitCounters.end())
      Counted = Exit->second;
    if (!Index && Group.Saved.empty() && Group.Owns.empty() && Counted.empty())
      continue;
    FieldRebuilder Rebuilder(Group);
    // Forward: reserve at the block's first insertion point, before any
    // store into a slot; the block's own values fill their fields later.
    auto *NewBB = cast<BasicBlock>(VMap[&BB]);
    IRBuilder<> B(NewBB, NewBB->getFirstInsertionPt());
    SmallVector<Value *> Values;
    if (Index)
      Values.push_back(Index);
    for (BasicBlock *Header : Counted)
      Values.push_back(CountedLoops[Header].Counter);
    for (AllocaInst *Slot : Group.Saved)
      Values.push_back(B.CreateLoad(Slot->getAllocatedType(), Slot));
    SmallVector<Type *> Types;
    for (Value *V : Values)
      Types.push_back(V->getType());
    SmallVector<const BlockGroup::Own *> Stored;
    for (const BlockGroup::Own &O : Group.Owns)
      if (!O.Rebuilt) {
        Stored.push_back(&O);
        Types.push_back(O.V->getType());
      }
    TapeGroup Pushed;
    if (!Types.empty())
      Pushed = E.tape().reserveGroup(B, Types);
    for (auto [Field, V] : enumerate(Values))
      E.tape().store(B, Pushed, Field, V);
    for (auto [K, O] : enumerate(Stored)) {
      IRBuilder<> At(O->StoreAt);
      E.tape().store(At, Pushed, Values.size() + K, O->V);
    }
    // Reverse: pop at the start of the reverse block when the group holds
    // the block's own values, else where reverseEdges left room; what the
    // switch and the slots need is read there.
    Instruction *PopAt = GroupPopPoint.lookup(&BB);
    if (!PopAt)
      continue;
    B.SetInsertPoint(Group.Owns.empty() ? PopAt : GroupLoadPoint.lookup(&BB));
    TapeGroup Popped;
    if (!Types.empty())
      Popped = E.tape().releaseGroup(B, Types);
    DenseMap<Value *, Value *> OwnValues;
    for (auto [K, O] : enumerate(Stored)) {
      Value *V = E.tape().load(B, Popped, Values.size() + K);
      OwnValues[O->V] = V;
      B.CreateStore(V, O->Slot);
    }
    for (const BlockGroup::Own &O : Group.Owns)
      if (O.Rebuilt)
        B.CreateStore(Rebuilder.rebuild(B, O.V, OwnValues), O.Slot);
    B.SetInsertPoint(PopAt);
    unsigned Field = 0;
    if (Index) {
      Value *Pred = E.tape().load(B, Popped, Field++);
      if (SwitchInst *Switch = EdgeSwitch.lookup(&BB))
        Switch->setCondition(Pred);
    }
    for (BasicBlock *Header : Counted)
      B.CreateStore(E.tape().load(B, Popped, Field++),
                    CountedLoops[Header].Remaining);
    for (AllocaInst *Slot : Group.Saved)
      B.CreateStore(E.tape().load(B, Popped, Field++), Slot);
  }
  for (auto &[BB, PopAt] : GroupPopPoint)
    PopAt->eraseFromParent();
  for (auto &[BB, LoadAt] : GroupLoadPoint)
    LoadAt->eraseFromParent();
  // The block's own values never need a slot across the split of a callee.
  erase_if(SlotOrder, [&](AllocaInst *Slot) { return OwnSlots.count(Slot); });
}

} // namespace qgrad::ad
