// Sampling RY(t)(0), CNOT(0, 1) with a fixed seed: outcomes are 00 or 11
// only, with p(11) = sin^2(t/2). Checked: the sample has shape (shots x 2)
// with shots from quantum.device; every row has equal bits; counts of 01
// and 10 are zero and all counts add up to the shots; sample and counts
// with the same seed agree on the number of 11 outcomes; that number is
// within 5 standard deviations of shots * sin^2(t/2); the eigenvalues of a
// computational basis are the outcomes 0..3.
// RUN: qgrad run %s 1.2 1000 | FileCheck %s
// RUN: qgrad run %s -O0 1.2 1000 | FileCheck %s
// CHECK: {{^}}1000{{$}}
// CHECK-NEXT: {{^}}2{{$}}
// CHECK-NEXT: {{^}}0.0000000000000000{{$}}
// CHECK-NEXT: {{^}}[[ONES:[0-9]+]]{{$}}
// CHECK-NEXT: {{^}}true{{$}}
// CHECK-NEXT: {{^}}[{{[0-9]+}}, 0, 0, [[ONES]]]{{$}}
// CHECK-NEXT: {{^}}1000{{$}}
// CHECK-NEXT: {{^}}[0.0000000000000000, 1.0000000000000000, 2.0000000000000000, 3.0000000000000000]{{$}}
func.func @circuit(%t: f64, %shots: i64)
    -> (tensor<?x2xf64>, tensor<4xf64>, tensor<4xi64>) attributes {qnode} {
  quantum.device shots(%shots) ["", "qgrad.statevector", "{}"]
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %y = quantum.custom "RY"(%t) %q0 : !quantum.bit
  %c:2 = quantum.custom "CNOT"() %y, %q1 : !quantum.bit, !quantum.bit
  %basis = quantum.compbasis qubits %c#0, %c#1 : !quantum.obs
  %s = quantum.sample %basis shape %shots {seed = 42 : i64} : tensor<?x2xf64>
  %ev, %n = quantum.counts %basis {seed = 42 : i64} : tensor<4xf64>, tensor<4xi64>
  %r1 = quantum.insert %r[ 0], %c#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %c#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %s, %ev, %n : tensor<?x2xf64>, tensor<4xf64>, tensor<4xi64>
}

// Rows, columns, sum over rows of |bit0 - bit1|, number of rows 11, whether
// that number is within 5 sigma, the counts, their sum, the eigenvalues.
func.func @main(%t: f64, %shots: i64)
    -> (index, index, f64, i64, i1, tensor<4xi64>, i64, tensor<4xf64>) {
  %s, %ev, %n = call @circuit(%t, %shots)
      : (f64, i64) -> (tensor<?x2xf64>, tensor<4xf64>, tensor<4xi64>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %izero = arith.constant 0 : i64
  %rows = tensor.dim %s, %c0 : tensor<?x2xf64>
  %cols = tensor.dim %s, %c1 : tensor<?x2xf64>
  %diff, %ones = scf.for %i = %c0 to %rows step %c1
      iter_args(%d = %zero, %o = %izero) -> (f64, i64) {
    %b0 = tensor.extract %s[%i, %c0] : tensor<?x2xf64>
    %b1 = tensor.extract %s[%i, %c1] : tensor<?x2xf64>
    %delta = arith.subf %b0, %b1 : f64
    %abs = math.absf %delta : f64
    %d1 = arith.addf %d, %abs : f64
    %bi = arith.fptosi %b0 : f64 to i64
    %o1 = arith.addi %o, %bi : i64
    scf.yield %d1, %o1 : f64, i64
  }
  // |ones - shots p| <= 5 sqrt(shots p (1 - p)), p = sin^2(t/2).
  %half = arith.constant 0.5 : f64
  %one = arith.constant 1.0 : f64
  %five = arith.constant 5.0 : f64
  %ht = arith.mulf %t, %half : f64
  %sn = math.sin %ht : f64
  %p = arith.mulf %sn, %sn : f64
  %fshots = arith.sitofp %shots : i64 to f64
  %mean = arith.mulf %fshots, %p : f64
  %q = arith.subf %one, %p : f64
  %v = arith.mulf %mean, %q : f64
  %sd = math.sqrt %v : f64
  %bound = arith.mulf %five, %sd : f64
  %fones = arith.sitofp %ones : i64 to f64
  %dev = arith.subf %fones, %mean : f64
  %adev = math.absf %dev : f64
  %ok = arith.cmpf ole, %adev, %bound : f64
  %n0 = tensor.extract %n[%c0] : tensor<4xi64>
  %n1 = tensor.extract %n[%c1] : tensor<4xi64>
  %n2 = tensor.extract %n[%c2] : tensor<4xi64>
  %n3 = tensor.extract %n[%c3] : tensor<4xi64>
  %s01 = arith.addi %n0, %n1 : i64
  %s23 = arith.addi %n2, %n3 : i64
  %total = arith.addi %s01, %s23 : i64
  return %rows, %cols, %diff, %ones, %ok, %n, %total, %ev
      : index, index, f64, i64, i1, tensor<4xi64>, i64, tensor<4xf64>
}
