// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: env OMP_NUM_THREADS=1 qgrad run %t.mlir '[-1.50, -1.13, -0.76, -0.39, -0.02, 0.35, 0.72, 1.09, 1.46, -1.27, -0.90, -0.53, -0.16, 0.21, 0.58, 0.95, 1.32, -1.41, -1.04, -0.67, -0.30, 0.07, 0.44, 0.81, 1.18, 1.55, -1.18, -0.81, -0.44, -0.07, 0.30, 0.67, 1.04, 1.41, -1.32, -0.95, -0.58, -0.21, 0.16, 0.53]' > %t.serial
// RUN: env OMP_NUM_THREADS=2 qgrad run %t.mlir '[-1.50, -1.13, -0.76, -0.39, -0.02, 0.35, 0.72, 1.09, 1.46, -1.27, -0.90, -0.53, -0.16, 0.21, 0.58, 0.95, 1.32, -1.41, -1.04, -0.67, -0.30, 0.07, 0.44, 0.81, 1.18, 1.55, -1.18, -0.81, -0.44, -0.07, 0.30, 0.67, 1.04, 1.41, -1.32, -0.95, -0.58, -0.21, 0.16, 0.53]' > %t.parallel
// RUN: diff %t.serial %t.parallel
// RUN: FileCheck %s < %t.parallel
//
// The shifted evaluations of one gradient run side by side
// (qgrad_rt_parallel_for, docs/runtime.md "Threads"): a parameter-shift
// gradient of 40 parameters, 5 layers on 4 wires of a rotation on every
// wire (RY or RX) and a ring of controlled rotations (CRX, CRY, CRZ: the
// four-term rule), so 2 x 20 + 4 x 20 = 120 evaluations, and the same
// circuit by diff_method "finite-diff" (80 evaluations). With one thread
// and with two the printed gradients (17 significant digits, so every bit)
// are the same; both agree with central differences of the whole qnode
// (1e-6) and with each other (1e-8).
// CHECK: {{^}}[{{(-?[0-9.e-]+, ){39}-?[0-9.e-]+}}]
// CHECK-NEXT: {{^}}[{{(-?[0-9.e-]+, ){39}-?[0-9.e-]+}}]
// CHECK-NEXT: {{^}}true

// Layer l: R(w[8l + q]) on wire q, then CRX(0 -> 1), CRY(1 -> 2),
// CRZ(2 -> 3), CRX(3 -> 0) with w[8l + 4 .. 8l + 7]; <Z0 X2>.
func.func @layers(%w: tensor<40xf64>) -> f64
    attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %r0 = quantum.alloc( 4) : !quantum.reg
  %rf = scf.for %l = %c0 to %c5 step %c1 iter_args(%r = %r0) -> (!quantum.reg) {
    %base = arith.muli %l, %c8 : index
    %parity = arith.remui %l, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %rot = scf.for %q = %c0 to %c4 step %c1 iter_args(%ra = %r) -> (!quantum.reg) {
      %qi = arith.index_cast %q : index to i64
      %i = arith.addi %base, %q : index
      %t = tensor.extract %w[%i] : tensor<40xf64>
      %b = quantum.extract %ra[%qi] : !quantum.reg -> !quantum.bit
      %b1 = scf.if %even -> (!quantum.bit) {
        %y = quantum.custom "RY"(%t) %b : !quantum.bit
        scf.yield %y : !quantum.bit
      } else {
        %x = quantum.custom "RX"(%t) %b : !quantum.bit
        scf.yield %x : !quantum.bit
      }
      %rb = quantum.insert %ra[%qi], %b1 : !quantum.reg, !quantum.bit
      scf.yield %rb : !quantum.reg
    }
    %i4 = arith.addi %base, %c4 : index
    %i5 = arith.addi %i4, %c1 : index
    %i6 = arith.addi %i5, %c1 : index
    %i7 = arith.addi %i6, %c1 : index
    %t4 = tensor.extract %w[%i4] : tensor<40xf64>
    %t5 = tensor.extract %w[%i5] : tensor<40xf64>
    %t6 = tensor.extract %w[%i6] : tensor<40xf64>
    %t7 = tensor.extract %w[%i7] : tensor<40xf64>
    %a0 = quantum.extract %rot[ 0] : !quantum.reg -> !quantum.bit
    %a1 = quantum.extract %rot[ 1] : !quantum.reg -> !quantum.bit
    %a2 = quantum.extract %rot[ 2] : !quantum.reg -> !quantum.bit
    %a3 = quantum.extract %rot[ 3] : !quantum.reg -> !quantum.bit
    %g01:2 = quantum.custom "CRX"(%t4) %a0, %a1 : !quantum.bit, !quantum.bit
    %g12:2 = quantum.custom "CRY"(%t5) %g01#1, %a2 : !quantum.bit, !quantum.bit
    %g23:2 = quantum.custom "CRZ"(%t6) %g12#1, %a3 : !quantum.bit, !quantum.bit
    %g30:2 = quantum.custom "CRX"(%t7) %g23#1, %g01#0 : !quantum.bit, !quantum.bit
    %s0 = quantum.insert %rot[ 0], %g30#1 : !quantum.reg, !quantum.bit
    %s1 = quantum.insert %s0[ 1], %g12#0 : !quantum.reg, !quantum.bit
    %s2 = quantum.insert %s1[ 2], %g23#0 : !quantum.reg, !quantum.bit
    %s3 = quantum.insert %s2[ 3], %g30#0 : !quantum.reg, !quantum.bit
    scf.yield %s3 : !quantum.reg
  }
  %z = quantum.extract %rf[ 0] : !quantum.reg -> !quantum.bit
  %x = quantum.extract %rf[ 2] : !quantum.reg -> !quantum.bit
  %oz = quantum.namedobs %z[PauliZ] : !quantum.obs
  %ox = quantum.namedobs %x[PauliX] : !quantum.obs
  %o = quantum.tensor %oz, %ox : !quantum.obs
  %e = quantum.expval %o : f64
  quantum.dealloc %rf : !quantum.reg
  return %e : f64
}

// The same circuit, differentiated by central differences of each gate
// parameter (the same loop of evaluations).
func.func @layers_fd(%w: tensor<40xf64>) -> f64
    attributes {qnode, diff_method = "finite-diff"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %r0 = quantum.alloc( 4) : !quantum.reg
  %rf = scf.for %l = %c0 to %c5 step %c1 iter_args(%r = %r0) -> (!quantum.reg) {
    %base = arith.muli %l, %c8 : index
    %parity = arith.remui %l, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %rot = scf.for %q = %c0 to %c4 step %c1 iter_args(%ra = %r) -> (!quantum.reg) {
      %qi = arith.index_cast %q : index to i64
      %i = arith.addi %base, %q : index
      %t = tensor.extract %w[%i] : tensor<40xf64>
      %b = quantum.extract %ra[%qi] : !quantum.reg -> !quantum.bit
      %b1 = scf.if %even -> (!quantum.bit) {
        %y = quantum.custom "RY"(%t) %b : !quantum.bit
        scf.yield %y : !quantum.bit
      } else {
        %x = quantum.custom "RX"(%t) %b : !quantum.bit
        scf.yield %x : !quantum.bit
      }
      %rb = quantum.insert %ra[%qi], %b1 : !quantum.reg, !quantum.bit
      scf.yield %rb : !quantum.reg
    }
    %i4 = arith.addi %base, %c4 : index
    %i5 = arith.addi %i4, %c1 : index
    %i6 = arith.addi %i5, %c1 : index
    %i7 = arith.addi %i6, %c1 : index
    %t4 = tensor.extract %w[%i4] : tensor<40xf64>
    %t5 = tensor.extract %w[%i5] : tensor<40xf64>
    %t6 = tensor.extract %w[%i6] : tensor<40xf64>
    %t7 = tensor.extract %w[%i7] : tensor<40xf64>
    %a0 = quantum.extract %rot[ 0] : !quantum.reg -> !quantum.bit
    %a1 = quantum.extract %rot[ 1] : !quantum.reg -> !quantum.bit
    %a2 = quantum.extract %rot[ 2] : !quantum.reg -> !quantum.bit
    %a3 = quantum.extract %rot[ 3] : !quantum.reg -> !quantum.bit
    %g01:2 = quantum.custom "CRX"(%t4) %a0, %a1 : !quantum.bit, !quantum.bit
    %g12:2 = quantum.custom "CRY"(%t5) %g01#1, %a2 : !quantum.bit, !quantum.bit
    %g23:2 = quantum.custom "CRZ"(%t6) %g12#1, %a3 : !quantum.bit, !quantum.bit
    %g30:2 = quantum.custom "CRX"(%t7) %g23#1, %g01#0 : !quantum.bit, !quantum.bit
    %s0 = quantum.insert %rot[ 0], %g30#1 : !quantum.reg, !quantum.bit
    %s1 = quantum.insert %s0[ 1], %g12#0 : !quantum.reg, !quantum.bit
    %s2 = quantum.insert %s1[ 2], %g23#0 : !quantum.reg, !quantum.bit
    %s3 = quantum.insert %s2[ 3], %g30#0 : !quantum.reg, !quantum.bit
    scf.yield %s3 : !quantum.reg
  }
  %z = quantum.extract %rf[ 0] : !quantum.reg -> !quantum.bit
  %x = quantum.extract %rf[ 2] : !quantum.reg -> !quantum.bit
  %oz = quantum.namedobs %z[PauliZ] : !quantum.obs
  %ox = quantum.namedobs %x[PauliX] : !quantum.obs
  %o = quantum.tensor %oz, %ox : !quantum.obs
  %e = quantum.expval %o : f64
  quantum.dealloc %rf : !quantum.reg
  return %e : f64
}

func.func @layers_dyn(%buffer: memref<?xf64>) -> f64 {
  %v = bufferization.to_tensor %buffer restrict : memref<?xf64> to tensor<?xf64>
  %s = tensor.cast %v : tensor<?xf64> to tensor<40xf64>
  %e = call @layers(%s) : (tensor<40xf64>) -> f64
  return %e : f64
}

func.func @main(%w: tensor<40xf64>) -> (tensor<40xf64>, tensor<40xf64>, i1) {
  %g = gradient.grad "auto" @layers(%w) : (tensor<40xf64>) -> tensor<40xf64>
  %gfd = gradient.grad "auto" @layers_fd(%w) : (tensor<40xf64>) -> tensor<40xf64>
  %f = func.constant @layers_dyn : (memref<?xf64>) -> f64
  %wd = tensor.cast %w : tensor<40xf64> to tensor<?xf64>
  %fd = call @central_fd_n(%f, %wd) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %loose = arith.constant 1.0e-6 : f64
  %tight = arith.constant 1.0e-8 : f64
  %true = arith.constant true
  %ok = scf.for %i = %c0 to %c40 step %c1 iter_args(%acc = %true) -> (i1) {
    %e = tensor.extract %g[%i] : tensor<40xf64>
    %d = tensor.extract %gfd[%i] : tensor<40xf64>
    %c = tensor.extract %fd[%i] : tensor<?xf64>
    %a = func.call @close_to(%c, %e, %loose) : (f64, f64, f64) -> i1
    %b = func.call @close_to(%d, %e, %tight) : (f64, f64, f64) -> i1
    %ab = arith.andi %a, %b : i1
    %acc1 = arith.andi %acc, %ab : i1
    scf.yield %acc1 : i1
  }
  return %g, %gfd, %ok : tensor<40xf64>, tensor<40xf64>, i1
}
