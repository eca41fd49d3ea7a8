// RUN: qgrad-opt %s --convert-parallel-for-to-runtime -split-input-file -verify-diagnostics | FileCheck %s
// A function marked qgrad.parallel_for = @C (the gradient lowering's
// Q.evaluate.columns) becomes one call of qgrad_rt_parallel_for on the
// thread's default context: its operands but the count go into a closure
// on the stack, and an outlined body loads them and calls C with the
// iteration index.

// CHECK-DAG:   llvm.func @qgrad_rt_default_context() -> !llvm.ptr
// CHECK-DAG:   llvm.func @qgrad_rt_parallel_for(!llvm.ptr, i64, !llvm.ptr, !llvm.ptr) -> i64
// CHECK-LABEL: llvm.func @columns(
// CHECK-SAME:      %[[A:.*]]: f64, %[[B:.*]]: !llvm.ptr, %[[C:.*]]: i64, %[[N:.*]]: i64)
// CHECK-NOT:     qgrad.parallel_for
// CHECK:         %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK:         %[[CLOSURE:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(f64, ptr, i64)>
// CHECK:         %[[F0:.*]] = llvm.getelementptr %[[CLOSURE]][0, 0]
// CHECK:         llvm.store %[[A]], %[[F0]] : f64, !llvm.ptr
// CHECK:         %[[F1:.*]] = llvm.getelementptr %[[CLOSURE]][0, 1]
// CHECK:         llvm.store %[[B]], %[[F1]] : !llvm.ptr, !llvm.ptr
// CHECK:         %[[F2:.*]] = llvm.getelementptr %[[CLOSURE]][0, 2]
// CHECK:         llvm.store %[[C]], %[[F2]] : i64, !llvm.ptr
// CHECK:         %[[CTX:.*]] = llvm.call @qgrad_rt_default_context()
// CHECK:         %[[BODY:.*]] = llvm.mlir.addressof @columns.body
// CHECK:         llvm.call @qgrad_rt_parallel_for(%[[CTX]], %[[N]], %[[BODY]], %[[CLOSURE]])
// CHECK-NEXT:    llvm.return
// CHECK-NEXT:  }
// CHECK-LABEL: llvm.func internal @columns.body(
// CHECK-SAME:      %[[CL:.*]]: !llvm.ptr, %[[I:.*]]: i64)
// CHECK:         %[[G0:.*]] = llvm.getelementptr %[[CL]][0, 0]
// CHECK:         %[[X0:.*]] = llvm.load %[[G0]] : !llvm.ptr -> f64
// CHECK:         %[[G1:.*]] = llvm.getelementptr %[[CL]][0, 1]
// CHECK:         %[[X1:.*]] = llvm.load %[[G1]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[G2:.*]] = llvm.getelementptr %[[CL]][0, 2]
// CHECK:         %[[X2:.*]] = llvm.load %[[G2]] : !llvm.ptr -> i64
// CHECK:         llvm.call @column(%[[X0]], %[[X1]], %[[X2]], %[[I]])
// CHECK-NEXT:    llvm.return

llvm.func @column(%a: f64, %b: !llvm.ptr, %c: i64, %i: i64) {
  llvm.return
}

llvm.func @columns(%a: f64, %b: !llvm.ptr, %c: i64, %n: i64) attributes {qgrad.parallel_for = @column} {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^loop(%zero : i64)
^loop(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^done
^body:
  llvm.call @column(%a, %b, %c, %i) : (f64, !llvm.ptr, i64, i64) -> ()
  %next = llvm.add %i, %one : i64
  llvm.br ^loop(%next : i64)
^done:
  llvm.return
}

// -----

llvm.func @column(%a: f64, %i: i64) {
  llvm.return
}

// expected-error @+1 {{a parallel loop needs a body and the type (operands..., i64) -> void of its iteration @column}}
llvm.func @columns(%a: f64, %b: f64, %n: i64) attributes {qgrad.parallel_for = @column} {
  llvm.return
}

// -----

llvm.func @column(%a: f64, %i: i64) {
  llvm.return
}

// expected-error @+1 {{'qgrad_rt_parallel_for' is not the runtime's '!llvm.func<i64 (ptr, i64, ptr, ptr)>'}}
llvm.func @qgrad_rt_parallel_for(%a: i64)

llvm.func @columns(%a: f64, %n: i64) attributes {qgrad.parallel_for = @column} {
  llvm.return
}
