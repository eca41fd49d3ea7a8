// A callee that accumulates into its output buffer and reads it back (the
// common destination-passing matrix-vector product), with a matrix that is
// a constant memref argument: y = tanh(A x), y_i accumulated in place.
// Seeds w = [1, -2, 0.5]: dx_j = sum_i w_i (1 - y_i^2) A_ij, A_ij =
// cos(i + 2j) / (1 + i); the matrix gets no gradient (it is enzyme_const).
// RUN: qgrad run %s 0.3 -0.7 1.1 0.2 | FileCheck %s
// CHECK:      {{^}}0.579011514672{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.155906518748{{[0-9]+$}}
// CHECK-NEXT: {{^}}-0.708771523821{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.433999536197{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @matvec_tanh(%a: memref<3x4xf64>, %x: memref<4xf64>, %y: memref<3xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c3 step %c1 {
    memref.store %zero, %y[%i] : memref<3xf64>
    scf.for %j = %c0 to %c4 step %c1 {
      %aij = memref.load %a[%i, %j] : memref<3x4xf64>
      %xj = memref.load %x[%j] : memref<4xf64>
      %p = arith.mulf %aij, %xj : f64
      %yi = memref.load %y[%i] : memref<3xf64>
      %s = arith.addf %yi, %p : f64
      memref.store %s, %y[%i] : memref<3xf64>
    }
    %z = memref.load %y[%i] : memref<3xf64>
    %t = math.tanh %z : f64
    memref.store %t, %y[%i] : memref<3xf64>
  }
  return
}

func.func @matrix() -> memref<3x4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f64
  %a = memref.alloc() : memref<3x4xf64>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %j2 = arith.addi %j, %j : index
      %k = arith.addi %i, %j2 : index
      %k64 = arith.index_cast %k : index to i64
      %kf = arith.sitofp %k64 : i64 to f64
      %c = math.cos %kf : f64
      %i64 = arith.index_cast %i : index to i64
      %if = arith.sitofp %i64 : i64 to f64
      %d = arith.addf %one, %if : f64
      %aij = arith.divf %c, %d : f64
      memref.store %aij, %a[%i, %j] : memref<3x4xf64>
    }
  }
  return %a : memref<3x4xf64>
}

func.func @seed(%w: memref<3xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %w0 = arith.constant 1.0 : f64
  %w1 = arith.constant -2.0 : f64
  %w2 = arith.constant 0.5 : f64
  memref.store %w0, %w[%c0] : memref<3xf64>
  memref.store %w1, %w[%c1] : memref<3xf64>
  memref.store %w2, %w[%c2] : memref<3xf64>
  return
}

func.func @loss(%a: memref<3x4xf64>, %x: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %y = memref.alloca() : memref<3xf64>
  %w = memref.alloca() : memref<3xf64>
  call @matvec_tanh(%a, %x, %y) : (memref<3x4xf64>, memref<4xf64>, memref<3xf64>) -> ()
  call @seed(%w) : (memref<3xf64>) -> ()
  %zero = arith.constant 0.0 : f64
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %yi = memref.load %y[%i] : memref<3xf64>
    %wi = memref.load %w[%i] : memref<3xf64>
    %t = arith.mulf %yi, %wi : f64
    %s = arith.addf %acc, %t : f64
    scf.yield %s : f64
  }
  return %l : f64
}

func.func @main(%x0: f64, %x1: f64, %x2: f64, %x3: f64) -> (f64, f64, f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = call @matrix() : () -> memref<3x4xf64>
  %x = memref.alloca() : memref<4xf64>
  memref.store %x0, %x[%c0] : memref<4xf64>
  memref.store %x1, %x[%c1] : memref<4xf64>
  memref.store %x2, %x[%c2] : memref<4xf64>
  memref.store %x3, %x[%c3] : memref<4xf64>
  %dx = memref.alloca() : memref<4xf64>
  %y = memref.alloca() : memref<3xf64>
  %w = memref.alloca() : memref<3xf64>
  call @seed(%w) : (memref<3xf64>) -> ()
  gradient.backprop @matvec_tanh(%a, %x) grad_out(%dx : memref<4xf64>)
      callee_out(%y : memref<3xf64>) cotangents(%w : memref<3xf64>)
      {diffArgIndices = dense<[1]> : tensor<1xindex>} : (memref<3x4xf64>, memref<4xf64>) -> ()

  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %zero = arith.constant 0.0 : f64
  %err = scf.for %j = %c0 to %c4 step %c1 iter_args(%worst = %zero) -> (f64) {
    %xj = memref.load %x[%j] : memref<4xf64>
    %xp = arith.addf %xj, %h : f64
    memref.store %xp, %x[%j] : memref<4xf64>
    %lp = func.call @loss(%a, %x) : (memref<3x4xf64>, memref<4xf64>) -> f64
    %xm = arith.subf %xj, %h : f64
    memref.store %xm, %x[%j] : memref<4xf64>
    %lm = func.call @loss(%a, %x) : (memref<3x4xf64>, memref<4xf64>) -> f64
    memref.store %xj, %x[%j] : memref<4xf64>
    %d = arith.subf %lp, %lm : f64
    %fd = arith.divf %d, %two_h : f64
    %g = memref.load %dx[%j] : memref<4xf64>
    %e = arith.subf %g, %fd : f64
    %ae = math.absf %e : f64
    %m = arith.maximumf %worst, %ae : f64
    scf.yield %m : f64
  }
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  %g0 = memref.load %dx[%c0] : memref<4xf64>
  %g1 = memref.load %dx[%c1] : memref<4xf64>
  %g2 = memref.load %dx[%c2] : memref<4xf64>
  %g3 = memref.load %dx[%c3] : memref<4xf64>
  return %g0, %g1, %g2, %g3, %err, %ok : f64, f64, f64, f64, f64, i1
}
