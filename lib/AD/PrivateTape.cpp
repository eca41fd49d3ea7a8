//===- PrivateTape.cpp - The tape of a gradient that is differentiated again //
//
// A nested gradient's tape is differentiated by the outer gradient like any
// memory, so it must never be copied: the outer level would have to move the
// adjoints of a byte buffer that mixes doubles, indices and flags, which it
// refuses. The private tape is therefore a chain of chunks that never move.
// Each chunk starts with a header
//   {prev chunk, top in prev, capacity, spare chunk, first chunk, next chunk}
// and the cursor {base, top, capacity} addresses the current chunk. A push
// that does not fit moves to a new chunk (or to the spare one, the chunk left
// by the last pop that crossed back, so that pushes and pops oscillating
// across a boundary allocate nothing); a pop that finds its chunk empty moves
// back to the previous one. Chunks are freed when the owning gradient
// returns, all at once, through the list kept in the first chunk.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/Tape.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

enum HeaderField { Prev = 0, PrevTop, ChunkCapacity, Spare, First, Next };
constexpr uint64_t HeaderSize = 48;
constexpr uint64_t MinimumChunk = 4096;

Value *headerField(IRBuilderBase &B, Value *Chunk, HeaderField Field) {
  return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Chunk, Field * 8);
}

Value *loadHeader(IRBuilderBase &B, Value *Chunk, HeaderField Field, Type *T) {
  return B.CreateAlignedLoad(T, headerField(B, Chunk, Field), Align(8));
}

void storeHeader(IRBuilderBase &B, Value *Chunk, HeaderField Field, Value *V) {
  B.CreateAlignedStore(V, headerField(B, Chunk, Field), Align(8));
}

Function *createHelper(Module &M, StringRef Name, FunctionType *T) {
  Function *F = Function::Create(T, GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(Attribute::AlwaysInline);
  return F;
}

} // namespace

// ptr reserve(ptr cursor, i64 n): the address of n fresh bytes on top.
Function *Tape::privateReserveFunction() {
  if (PrivateReserve)
    return PrivateReserve;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  PrivateReserve = createHelper(M, "__qgrad_private_tape_reserve",
                                FunctionType::get(Ptr, {Ptr, I64}, false));
  FunctionCallee Malloc =
      M.getOrInsertFunction("malloc", FunctionType::get(Ptr, {I64}, false));
  FunctionCallee Abort = M.getOrInsertFunction(
      "abort", FunctionType::get(Type::getVoidTy(Ctx), false));
  auto Block = [&](StringRef Name) {
    return BasicBlock::Create(Ctx, Name, PrivateReserve);
  };
  BasicBlock *Entry = Block("entry"), *Slow = Block("slow"),
             *TrySpare = Block("try.spare"), *Reuse = Block("reuse"),
             *Allocate = Block("allocate"), *Failed = Block("failed"),
             *Link = Block("link"), *Fast = Block("fast");
  Value *Cursor = PrivateReserve->getArg(0), *N = PrivateReserve->getArg(1);
  IRBuilder<> B(Entry);
  auto [BaseAt, TopAt, CapAt] = fieldsOf(B, Cursor);
  Value *Old = B.CreateLoad(I64, TopAt);
  Value *Cap = B.CreateLoad(I64, CapAt);
  B.CreateCondBr(B.CreateICmpULE(B.CreateAdd(Old, N), Cap), Fast, Slow);

  B.SetInsertPoint(Slow);
  Value *Current = B.CreateLoad(Ptr, BaseAt);
  Value *Need = B.CreateAdd(N, B.getInt64(HeaderSize));
  B.CreateCondBr(B.CreateIsNull(Current), Allocate, TrySpare);

  B.SetInsertPoint(TrySpare);
  Value *SpareChunk = loadHeader(B, Current, Spare, Ptr);
  BasicBlock *Measure = Block("measure");
  B.CreateCondBr(B.CreateIsNull(SpareChunk), Allocate, Measure);
  B.SetInsertPoint(Measure);
  B.CreateCondBr(
      B.CreateICmpUGE(loadHeader(B, SpareChunk, ChunkCapacity, I64), Need),
      Reuse, Allocate);

  B.SetInsertPoint(Reuse);
  B.CreateBr(Link);

  B.SetInsertPoint(Allocate);
  Value *Size = B.CreateBinaryIntrinsic(
      Intrinsic::umax,
      B.CreateBinaryIntrinsic(Intrinsic::umax, Need, B.CreateShl(Cap, 1)),
      B.getInt64(MinimumChunk));
  Value *Fresh = B.CreateCall(Malloc, {Size});
  BasicBlock *Allocated = Block("allocated");
  B.CreateCondBr(B.CreateIsNull(Fresh), Failed, Allocated);
  B.SetInsertPoint(Failed);
  B.CreateCall(Abort);
  B.CreateUnreachable();
  B.SetInsertPoint(Allocated);
  storeHeader(B, Fresh, ChunkCapacity, Size);
  storeHeader(B, Fresh, Spare, ConstantPointerNull::get(B.getPtrTy()));
  // The first chunk heads the list of every chunk; later ones join it.
  Value *IsFirst = B.CreateIsNull(Current);
  BasicBlock *Join = Block("join"), *Head = Block("head");
  B.CreateCondBr(IsFirst, Head, Join);
  B.SetInsertPoint(Head);
  storeHeader(B, Fresh, First, Fresh);
  storeHeader(B, Fresh, Next, ConstantPointerNull::get(B.getPtrTy()));
  B.CreateBr(Link);
  B.SetInsertPoint(Join);
  Value *FirstChunk = loadHeader(B, Current, First, Ptr);
  storeHeader(B, Fresh, First, FirstChunk);
  storeHeader(B, Fresh, Next, loadHeader(B, FirstChunk, Next, Ptr));
  storeHeader(B, FirstChunk, Next, Fresh);
  B.CreateBr(Link);

  B.SetInsertPoint(Link);
  PHINode *Chunk = B.CreatePHI(Ptr, 3);
  Chunk->addIncoming(SpareChunk, Reuse);
  Chunk->addIncoming(Fresh, Head);
  Chunk->addIncoming(Fresh, Join);
  storeHeader(B, Chunk, Prev, Current);
  storeHeader(B, Chunk, PrevTop, Old);
  B.CreateStore(Chunk, BaseAt);
  B.CreateStore(loadHeader(B, Chunk, ChunkCapacity, I64), CapAt);
  B.CreateBr(Fast);

  B.SetInsertPoint(Fast);
  PHINode *Start = B.CreatePHI(I64, 2);
  Start->addIncoming(Old, Entry);
  Start->addIncoming(B.getInt64(HeaderSize), Link);
  B.CreateStore(B.CreateAdd(Start, N), TopAt);
  B.CreateRet(B.CreateGEP(B.getInt8Ty(), B.CreateLoad(Ptr, BaseAt), Start));
  return PrivateReserve;
}

// ptr release(ptr cursor, i64 n): pops n bytes and returns their address.
Function *Tape::privateReleaseFunction() {
  if (PrivateRelease)
    return PrivateRelease;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  PrivateRelease = createHelper(M, "__qgrad_private_tape_release",
                                FunctionType::get(Ptr, {Ptr, I64}, false));
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", PrivateRelease);
  BasicBlock *Back = BasicBlock::Create(Ctx, "back", PrivateRelease);
  BasicBlock *Pop = BasicBlock::Create(Ctx, "pop", PrivateRelease);
  Value *Cursor = PrivateRelease->getArg(0), *N = PrivateRelease->getArg(1);
  IRBuilder<> B(Entry);
  auto [BaseAt, TopAt, CapAt] = fieldsOf(B, Cursor);
  Value *Old = B.CreateLoad(I64, TopAt);
  Value *Current = B.CreateLoad(Ptr, BaseAt);
  // Pops mirror pushes, so an empty chunk means the group is in the
  // previous one.
  B.CreateCondBr(B.CreateICmpEQ(Old, B.getInt64(HeaderSize)), Back, Pop);

  B.SetInsertPoint(Back);
  Value *Previous = loadHeader(B, Current, Prev, Ptr);
  Value *PreviousTop = loadHeader(B, Current, PrevTop, I64);
  storeHeader(B, Previous, Spare, Current);
  B.CreateStore(Previous, BaseAt);
  B.CreateStore(loadHeader(B, Previous, ChunkCapacity, I64), CapAt);
  B.CreateBr(Pop);

  B.SetInsertPoint(Pop);
  PHINode *From = B.CreatePHI(I64, 2);
  From->addIncoming(Old, Entry);
  From->addIncoming(PreviousTop, Back);
  PHINode *Chunk = B.CreatePHI(Ptr, 2);
  Chunk->addIncoming(Current, Entry);
  Chunk->addIncoming(Previous, Back);
  Value *New = B.CreateSub(From, N);
  B.CreateStore(New, TopAt);
  B.CreateRet(B.CreateGEP(B.getInt8Ty(), Chunk, New));
  return PrivateRelease;
}

// void free(ptr cursor): frees every chunk the tape allocated.
Function *Tape::privateFreeFunction() {
  if (PrivateFree)
    return PrivateFree;
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  PrivateFree =
      createHelper(M, "__qgrad_private_tape_free",
                   FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false));
  FunctionCallee Free = M.getOrInsertFunction(
      "free", FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false));
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", PrivateFree);
  BasicBlock *Walk = BasicBlock::Create(Ctx, "walk", PrivateFree);
  BasicBlock *Loop = BasicBlock::Create(Ctx, "loop", PrivateFree);
  BasicBlock *Body = BasicBlock::Create(Ctx, "body", PrivateFree);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", PrivateFree);
  IRBuilder<> B(Entry);
  Value *Current = B.CreateLoad(Ptr, fieldsOf(B, PrivateFree->getArg(0)).Base);
  B.CreateCondBr(B.CreateIsNull(Current), Done, Walk);

  B.SetInsertPoint(Walk);
  Value *FirstChunk = loadHeader(B, Current, First, Ptr);
  Value *Second = loadHeader(B, FirstChunk, Next, Ptr);
  B.CreateCall(Free, {FirstChunk});
  B.CreateBr(Loop);

  B.SetInsertPoint(Loop);
  PHINode *Chunk = B.CreatePHI(Ptr, 2);
  Chunk->addIncoming(Second, Walk);
  B.CreateCondBr(B.CreateIsNull(Chunk), Done, Body);

  B.SetInsertPoint(Body);
  Value *Following = loadHeader(B, Chunk, Next, Ptr);
  B.CreateCall(Free, {Chunk});
  Chunk->addIncoming(Following, Body);
  B.CreateBr(Loop);

  B.SetInsertPoint(Done);
  B.CreateRetVoid();
  return PrivateFree;
}

} // namespace qgrad::ad
