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

// -----

// With qgrad.parallel_for_columns = 2, the last two memref<?x?xf64>
// descriptors before the count are the loop's outputs: iteration i writes
// their column i. The call becomes qgrad_rt_parallel_for_outputs with one
// {base = aligned + offset, rows, row stride, column stride} per matrix.

// CHECK-DAG:   llvm.func @qgrad_rt_parallel_for_outputs(!llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> i64
// CHECK-LABEL: llvm.func @two_jacobians(
// CHECK-SAME:      %[[X:[^:]*]]: f64,
// CHECK-SAME:      %[[A0:[^:]*]]: !llvm.ptr, %[[A1:[^:]*]]: !llvm.ptr, %[[AOFF:[^:]*]]: i64, %[[AROWS:[^:]*]]: i64, %[[ACOLS:[^:]*]]: i64, %[[ARS:[^:]*]]: i64, %[[ACS:[^:]*]]: i64,
// CHECK-SAME:      %[[B0:[^:]*]]: !llvm.ptr, %[[B1:[^:]*]]: !llvm.ptr, %[[BOFF:[^:]*]]: i64, %[[BROWS:[^:]*]]: i64, %[[BCOLS:[^:]*]]: i64, %[[BRS:[^:]*]]: i64, %[[BCS:[^:]*]]: i64,
// CHECK-SAME:      %[[N:[^:]*]]: i64)
// CHECK-NOT:     qgrad.parallel_for
// CHECK:         %[[CLOSURE:.*]] = llvm.alloca {{.*}} x !llvm.struct<(f64, ptr, ptr, i64, i64, i64, i64, i64, ptr, ptr, i64, i64, i64, i64, i64)>
// CHECK:         %[[CTX:.*]] = llvm.call @qgrad_rt_default_context()
// CHECK:         %[[BODY:.*]] = llvm.mlir.addressof @two_jacobians.body
// CHECK:         %[[K:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT:    %[[OUTS:.*]] = llvm.alloca %[[K]] x !llvm.struct<(ptr, i64, i64, i64)>
// CHECK:         %[[ABASE:.*]] = llvm.getelementptr %[[A1]][%[[AOFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[OUTS]][0, 0]
// CHECK:         llvm.store %[[ABASE]], %[[P]]
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[OUTS]][0, 1]
// CHECK:         llvm.store %[[AROWS]], %[[P]]
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[OUTS]][0, 2]
// CHECK:         llvm.store %[[ARS]], %[[P]]
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[OUTS]][0, 3]
// CHECK:         llvm.store %[[ACS]], %[[P]]
// CHECK:         %[[BBASE:.*]] = llvm.getelementptr %[[B1]][%[[BOFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[OUTS]][1, 0]
// CHECK:         llvm.store %[[BBASE]], %[[P]]
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[OUTS]][1, 1]
// CHECK:         llvm.store %[[BROWS]], %[[P]]
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[OUTS]][1, 2]
// CHECK:         llvm.store %[[BRS]], %[[P]]
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[OUTS]][1, 3]
// CHECK:         llvm.store %[[BCS]], %[[P]]
// CHECK:         llvm.call @qgrad_rt_parallel_for_outputs(%[[CTX]], %[[N]], %[[BODY]], %[[CLOSURE]], %[[K]], %[[OUTS]])
// CHECK-NEXT:    llvm.return

llvm.func @two_column(%x: f64,
    %a0: !llvm.ptr, %a1: !llvm.ptr, %a2: i64, %a3: i64, %a4: i64, %a5: i64, %a6: i64,
    %b0: !llvm.ptr, %b1: !llvm.ptr, %b2: i64, %b3: i64, %b4: i64, %b5: i64, %b6: i64,
    %i: i64) {
  llvm.return
}

llvm.func @two_jacobians(%x: f64,
    %a0: !llvm.ptr, %a1: !llvm.ptr, %a2: i64, %a3: i64, %a4: i64, %a5: i64, %a6: i64,
    %b0: !llvm.ptr, %b1: !llvm.ptr, %b2: i64, %b3: i64, %b4: i64, %b5: i64, %b6: i64,
    %n: i64) attributes {qgrad.parallel_for = @two_column, qgrad.parallel_for_columns = 2 : i64} {
  llvm.return
}

// -----

llvm.func @column(%x: f64, %y: f64, %a0: !llvm.ptr, %a1: !llvm.ptr, %a2: i64, %a3: i64, %a4: i64, %i: i64) {
  llvm.return
}

// A descriptor of a 1-D memref (five fields) is not a Jacobian.
// expected-error @+1 {{'qgrad.parallel_for_columns' must count the memref<?x?xf64> operands (7 fields each) before the iteration count, got 1 : i64}}
llvm.func @columns(%x: f64, %y: f64, %a0: !llvm.ptr, %a1: !llvm.ptr, %a2: i64, %a3: i64, %a4: i64, %n: i64) attributes {qgrad.parallel_for = @column, qgrad.parallel_for_columns = 1 : i64} {
  llvm.return
}

// -----

llvm.func @column(%x: f64, %i: i64) {
  llvm.return
}

// expected-error @+1 {{'qgrad.parallel_for_columns' must count the memref<?x?xf64> operands (7 fields each) before the iteration count, got "two"}}
llvm.func @columns(%x: f64, %n: i64) attributes {qgrad.parallel_for = @column, qgrad.parallel_for_columns = "two"} {
  llvm.return
}
