// RUN: qgrad-opt %s -split-input-file -verify-diagnostics

func.func private @argmap(%x: f64, %params: memref<?xf64>)

func.func @signature(%x: f64, %p: memref<4xf64>, %ct: memref<4xf64>) -> f64 {
  // expected-error @below {{callee operand 1 has type 'memref<4xf64>', but the callee's signature (arguments, then callee_out buffers) gives 'memref<?xf64>'}}
  %g = gradient.backprop @argmap(%x) callee_out(%p : memref<4xf64>) cotangents(%ct : memref<4xf64>) : (f64) -> f64
  return %g : f64
}

// -----

func.func private @argmap(%x: f64, %params: memref<?xf64>)

func.func @seed_count(%x: f64, %p: memref<?xf64>, %ct: memref<?xf64>) -> f64 {
  // expected-error @below {{has 2 cotangent(s), but one seed per callee output gives 1}}
  %g = gradient.backprop @argmap(%x) callee_out(%p : memref<?xf64>) cotangents(%ct, %ct : memref<?xf64>, memref<?xf64>) : (f64) -> f64
  return %g : f64
}

// -----

func.func private @f(%v: tensor<3xf64>) -> tensor<2xf64>

func.func @seed_shape(%v: tensor<3xf64>, %ct: tensor<3xf64>) -> tensor<3xf64> {
  // expected-error @below {{cotangent 0 has type 'tensor<3xf64>', but one seed per callee output gives 'tensor<2xf64>'}}
  %g = gradient.backprop @f(%v) cotangents(%ct : tensor<3xf64>) : (tensor<3xf64>) -> tensor<3xf64>
  return %g : tensor<3xf64>
}

// -----

func.func private @f(%x: f64, %w: memref<4xf64>) -> f64

func.func @memref_adjoint_is_a_shadow(%x: f64, %w: memref<4xf64>, %ct: f64) {
  // expected-error @below {{has 0 grad_out buffer(s), but one shadow per differentiated memref argument gives 1}}
  %g = gradient.backprop @f(%x, %w) cotangents(%ct : f64) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, memref<4xf64>) -> f64
  return
}

// -----

func.func private @f(%x: f64, %w: memref<4xf64>) -> f64

func.func @scalar_adjoint_is_a_result(%x: f64, %w: memref<4xf64>, %dw: memref<4xf64>, %ct: f64) {
  // expected-error @below {{has 0 result(s), but one adjoint per differentiated scalar or tensor argument gives 1}}
  gradient.backprop @f(%x, %w) grad_out(%dw : memref<4xf64>) cotangents(%ct : f64) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, memref<4xf64>) -> ()
  return
}

// -----

func.func private @f(%n: i64, %x: f64) -> f64

func.func @integer_argument(%n: i64, %ct: f64) {
  // expected-error @below {{cannot differentiate @f with respect to argument 0 of non-float type 'i64'}}
  gradient.backprop @f(%n, %ct) cotangents(%ct : f64) : (i64, f64) -> ()
  return
}

// -----

func.func private @both(%x: f64, %params: memref<?xf64>) -> f64

func.func @outputs_two_ways(%x: f64, %p: memref<?xf64>, %ct: memref<?xf64>) -> f64 {
  // expected-error @below {{has callee_out buffers, but @both also returns results, which no cotangent seeds}}
  %g = gradient.backprop @both(%x) callee_out(%p : memref<?xf64>) cotangents(%ct : memref<?xf64>) : (f64) -> f64
  return %g : f64
}
