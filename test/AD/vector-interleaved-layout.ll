; The layout of the engine's shadow blocks in vector forward mode (width 4,
; InterleavedLanes.cpp): %t's block, touched only by address arithmetic (a
; pointer walk and an index), loads, stores and its free, holds the four
; lanes interleaved: one calloc of 4 x (bytes + 8), lane L at byte 8 L,
; element i of a lane at 4 i doubles, freed once (by the last lane, whose
; code comes after every lane's, through lane 0's pointer), and the loop that reads it
; is left to the SLP vectorizer. %v's block, cleared by a memset and filled
; by a memcpy from %t's, is interleaved too, and each transfer is one call
; for the four lanes, four times as long. %u's block escapes into a callee,
; so each lane keeps a block of its own.
; RUN: %opt -load-pass-plugin=%plugin -passes=qgrad-ad -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__qgrad_fwd4_f(
; CHECK: [[BYTES:%.*]] = add i64 {{%.*}}, 8
; CHECK-NEXT: %t.shadow.lane0 = call ptr @calloc(i64 4, i64 [[BYTES]])
; CHECK-NEXT: %t.shadow.lane1 = getelementptr inbounds i8, ptr %t.shadow.lane0, i64 8
; CHECK-NEXT: %t.shadow.lane2 = getelementptr inbounds i8, ptr %t.shadow.lane0, i64 16
; CHECK-NEXT: %t.shadow.lane3 = getelementptr inbounds i8, ptr %t.shadow.lane0, i64 24
; CHECK-NOT: %t.shadow.lane{{[0-9]}} = call
; CHECK: %u.shadow.lane0 = call ptr @calloc(i64 1,
; CHECK: %u.shadow.lane1 = call ptr @calloc(i64 1,
; CHECK: %u.shadow.lane2 = call ptr @calloc(i64 1,
; CHECK: %u.shadow.lane3 = call ptr @calloc(i64 1,
; CHECK: %v.shadow.lane0 = call ptr @calloc(i64 4,
; CHECK: [[VBYTES:%.*]] = mul i64 %bytes, 4
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr %v.shadow.lane0, i8 0, i64 [[VBYTES]], i1 false)
; CHECK-NOT: call void @llvm.memset
; CHECK: %p.next.shadow.lane3 = getelementptr inbounds [4 x double], ptr %p.shadow.lane3, i64 1
; CHECK: [[TBYTES:%.*]] = mul i64 %bytes, 4
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %v.shadow.lane0, ptr %t.shadow.lane0, i64 [[TBYTES]], i1 false)
; CHECK-NOT: call void @llvm.memcpy
; CHECK: %tj.addr.shadow.lane2 = getelementptr inbounds [4 x double], ptr %t.shadow.lane2, i64 %j
; CHECK: br i1 %more.j, label %sum.fwd, label %exit.fwd, !llvm.loop [[SUMLOOP:![0-9]+]]
; CHECK-NOT: call void @free(ptr %t.shadow.lane
; CHECK: call void @free(ptr %t.shadow.lane0)
; CHECK-NOT: call void @free(ptr %t.shadow.lane
; CHECK: call void @free(ptr %u.shadow.lane3)
; CHECK: [[OFF:![0-9]+]] = !{!"llvm.loop.vectorize.enable", i32 0}
; CHECK: [[SUMLOOP]] = distinct !{[[SUMLOOP]], [[OFF]]}

@enzyme_width = external global i32
@enzyme_dup = external global i32
@enzyme_dupnoneed = external global i32
@enzyme_const = external global i32

define internal void @scale(ptr %v, i64 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds double, ptr %v, i64 %i
  %x = load double, ptr %a
  %y = fmul double %x, 2.0
  store double %y, ptr %a
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define internal void @f(ptr %x, ptr %out, i64 %n) {
entry:
  %bytes = shl i64 %n, 3
  %t = call ptr @malloc(i64 %bytes)
  %u = call ptr @malloc(i64 %bytes)
  %v = call ptr @malloc(i64 %bytes)
  call void @llvm.memset.p0.i64(ptr %v, i8 0, i64 %bytes, i1 false)
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %p = phi ptr [ %t, %entry ], [ %p.next, %fill ]
  %xi.addr = getelementptr inbounds double, ptr %x, i64 %i
  %xi = load double, ptr %xi.addr
  %sq = fmul double %xi, %xi
  store double %sq, ptr %p
  %ui.addr = getelementptr inbounds double, ptr %u, i64 %i
  store double %xi, ptr %ui.addr
  %p.next = getelementptr inbounds double, ptr %p, i64 1
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %fill, label %scaled
scaled:
  call void @scale(ptr %u, i64 %n)
  call void @llvm.memcpy.p0.p0.i64(ptr %v, ptr %t, i64 %bytes, i1 false)
  br label %sum
sum:
  %j = phi i64 [ 0, %scaled ], [ %j.next, %sum ]
  %tj.addr = getelementptr inbounds double, ptr %t, i64 %j
  %tj = load double, ptr %tj.addr
  %uj.addr = getelementptr inbounds double, ptr %u, i64 %j
  %uj = load double, ptr %uj.addr
  %vj.addr = getelementptr inbounds double, ptr %v, i64 %j
  %vj = load double, ptr %vj.addr
  %tu = fmul double %tj, %uj
  %r = fadd double %tu, %vj
  %outj.addr = getelementptr inbounds double, ptr %out, i64 %j
  store double %r, ptr %outj.addr
  %j.next = add i64 %j, 1
  %more.j = icmp ult i64 %j.next, %n
  br i1 %more.j, label %sum, label %exit
exit:
  call void @free(ptr %t)
  call void @free(ptr %u)
  call void @free(ptr %v)
  ret void
}

define void @g(ptr %x, ptr %dx0, ptr %dx1, ptr %dx2, ptr %dx3, ptr %out,
               ptr %do0, ptr %do1, ptr %do2, ptr %do3, i64 %n) {
  %w = load i32, ptr @enzyme_width
  %dup = load i32, ptr @enzyme_dup
  %noneed = load i32, ptr @enzyme_dupnoneed
  %const = load i32, ptr @enzyme_const
  call void (ptr, ...) @__enzyme_fwddiff(ptr @f, i32 %w, i32 4, i32 %dup,
      ptr %x, ptr %dx0, ptr %dx1, ptr %dx2, ptr %dx3, i32 %noneed, ptr %out,
      ptr %do0, ptr %do1, ptr %do2, ptr %do3, i32 %const, i64 %n)
  ret void
}

declare ptr @malloc(i64)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @free(ptr)
declare void @__enzyme_fwddiff(ptr, ...)
