// RUN: qgrad-opt %s | qgrad-opt | FileCheck %s
// RUN: qgrad-opt %s --mlir-print-op-generic | qgrad-opt | FileCheck %s
// RUN: qgrad-opt %s -emit-bytecode | qgrad-opt | FileCheck %s

func.func @square(%x: f64) -> f64 {
  %y = arith.mulf %x, %x : f64
  return %y : f64
}

func.func @product(%x: f64, %y: f64) -> f64 {
  %z = arith.mulf %x, %y : f64
  return %z : f64
}

func.func private @mixed(%x: f64, %v: tensor<3xf64>) -> (f64, tensor<2x3xf64>)
func.func private @with_count(%x: tensor<?xf64>, %n: index) -> tensor<2xf64>
func.func private @argmap(%x: f64, %w: memref<4xf64>, %params: memref<?xf64>)

// A qnode: its circuit is differentiated by its own diff_method.
func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @loss(%x: f64) -> f64 {
  %e = func.call @circuit(%x) : (f64) -> f64
  %l = math.cos %e : f64
  return %l : f64
}

// A derivative of a derivative, by finite differences.
func.func @dsquare(%x: f64) -> f64 {
  %g = gradient.grad "auto" @square(%x) : (f64) -> f64
  return %g : f64
}

// CHECK-LABEL: func.func @derivatives(
// CHECK-SAME: %[[X:[^:]*]]: f64, %[[Y:[^:]*]]: f64, %[[V:[^:]*]]: tensor<3xf64>
func.func @derivatives(%x: f64, %y: f64, %v: tensor<3xf64>, %d: tensor<?xf64>, %n: index)
    -> (f64, f64, f64) {
  // CHECK: gradient.grad "auto" @square(%[[X]]) : (f64) -> f64
  %g = gradient.grad "auto" @square(%x) : (f64) -> f64
  // CHECK: gradient.grad "fd" @square(%[[X]]) {finiteDiffParam = 1.000000e-01 : f64} : (f64) -> f64
  %gfd = gradient.grad "fd" @square(%x) {finiteDiffParam = 1.0e-1 : f64} : (f64) -> f64
  // CHECK: gradient.grad "auto" @product(%[[X]], %[[Y]]) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  %g2:2 = gradient.grad "auto" @product(%x, %y) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  // CHECK: gradient.grad "auto" @product(%[[X]], %[[Y]]) {diffArgIndices = dense<1> : tensor<1xindex>} : (f64, f64) -> f64
  %gy = gradient.grad "auto" @product(%x, %y) {diffArgIndices = dense<1> : tensor<1xindex>} : (f64, f64) -> f64
  // Jacobians have shape (result shape ++ argument shape).
  // CHECK: gradient.grad "auto" @mixed({{.*}}) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<2x3xf64>, tensor<2x3x3xf64>)
  %j:4 = gradient.grad "auto" @mixed(%x, %v) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<2x3xf64>, tensor<2x3x3xf64>)
  // A non-float argument is fine when it is not differentiated.
  // CHECK: gradient.grad "auto" @with_count({{.*}}) : (tensor<?xf64>, index) -> tensor<2x?xf64>
  %jd = gradient.grad "auto" @with_count(%d, %n) : (tensor<?xf64>, index) -> tensor<2x?xf64>
  // CHECK: gradient.grad "auto" @circuit(%[[X]]) : (f64) -> f64
  %gc = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  // CHECK: gradient.grad "auto" @loss(%[[X]]) : (f64) -> f64
  %gl = gradient.grad "auto" @loss(%x) : (f64) -> f64
  // CHECK: gradient.grad "fd" @dsquare(%[[X]]) : (f64) -> f64
  %gg = gradient.grad "fd" @dsquare(%x) : (f64) -> f64
  // CHECK: gradient.value_and_grad "auto" @square(%[[X]]) : (f64) -> (f64, f64)
  %val, %grad = gradient.value_and_grad "auto" @square(%x) : (f64) -> (f64, f64)
  // CHECK: gradient.jvp "auto" @square(%[[X]]) tangents(%[[Y]]) : (f64, f64) -> (f64, f64)
  %y0, %dy = gradient.jvp "auto" @square(%x) tangents(%y) : (f64, f64) -> (f64, f64)
  // CHECK: gradient.vjp "auto" @square(%[[X]]) cotangents(%[[Y]]) : (f64, f64) -> (f64, f64)
  %y1, %dx = gradient.vjp "auto" @square(%x) cotangents(%y) : (f64, f64) -> (f64, f64)
  return %g, %val, %dx : f64, f64, f64
}

// CHECK-LABEL: func.func @backprop(
func.func @backprop(%x: f64, %w: memref<4xf64>, %dw: memref<4xf64>, %params: memref<?xf64>,
                    %ct: memref<?xf64>, %t: tensor<3xf64>, %tc: tensor<2x3xf64>) -> (f64, f64) {
  // The design's argmap form: outputs in callee_out, seeds in cotangents.
  // CHECK: gradient.backprop @argmap(%{{.*}}, %{{.*}}) grad_out(%{{.*}} : memref<4xf64>) callee_out(%{{.*}} : memref<?xf64>) cotangents(%{{.*}} : memref<?xf64>) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, memref<4xf64>) -> f64
  %dx = gradient.backprop @argmap(%x, %w) grad_out(%dw : memref<4xf64>) callee_out(%params : memref<?xf64>)
      cotangents(%ct : memref<?xf64>) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, memref<4xf64>) -> f64
  // Before bufferization: tensor seeds of the callee's results.
  // CHECK: gradient.backprop @mixed(%{{.*}}, %{{.*}}) cotangents(%{{.*}}, %{{.*}} : f64, tensor<2x3xf64>) : (f64, tensor<3xf64>) -> f64
  %one = arith.constant 1.0 : f64
  %dx2 = gradient.backprop @mixed(%x, %t) cotangents(%one, %tc : f64, tensor<2x3xf64>) : (f64, tensor<3xf64>) -> f64
  return %dx, %dx2 : f64, f64
}

// CHECK-LABEL: func.func @fwdprop
// CHECK: gradient.fwdprop @fwd_callee(%{{.*}}, %{{.*}}) tangents(%{{.*}} : memref<2xf64>) callee_out(%{{.*}} : memref<f64>) out_tangents(%{{.*}} : memref<f64>) {diffArgIndices = dense<1> : tensor<1xindex>} : (f64, memref<2xf64>) -> ()
func.func private @fwd_callee(%x: f64, %v: memref<2xf64>, %out: memref<f64>)
func.func @fwdprop(%x: f64, %v: memref<2xf64>, %dv: memref<2xf64>, %y: memref<f64>, %dy: memref<f64>) {
  gradient.fwdprop @fwd_callee(%x, %v) tangents(%dv : memref<2xf64>)
      callee_out(%y : memref<f64>) out_tangents(%dy : memref<f64>)
      {diffArgIndices = dense<1> : tensor<1xindex>} : (f64, memref<2xf64>) -> ()
  return
}

// CHECK-LABEL: func.func @hessian
// CHECK: gradient.hessian "auto" @hess_callee(%{{.*}}, %{{.*}}) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, tensor<2xf64>) -> (f64, tensor<2xf64>, tensor<2xf64>, tensor<2x2xf64>)
func.func private @hess_callee(%x: f64, %v: tensor<2xf64>) -> f64
func.func @hessian(%x: f64, %v: tensor<2xf64>) -> tensor<2x2xf64> {
  %a, %b, %c, %d = gradient.hessian "auto" @hess_callee(%x, %v)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<2xf64>) -> (f64, tensor<2xf64>, tensor<2xf64>, tensor<2x2xf64>)
  return %d : tensor<2x2xf64>
}
