// RUN: qgrad-opt %s -split-input-file -verify-diagnostics

func.func private @f(%x: f64) -> f64

func.func @unknown_method(%x: f64) -> f64 {
  // expected-error @below {{has unknown differentiation method "none"; expected "auto" or "fd"}}
  %g = gradient.grad "none" @f(%x) : (f64) -> f64
  return %g : f64
}

// -----

func.func private @f(%x: f64) -> f64

func.func @step_without_fd(%x: f64) -> f64 {
  // expected-error @below {{has finiteDiffParam, the step of method "fd", with method "auto"}}
  %g = gradient.grad "auto" @f(%x) {finiteDiffParam = 1.0e-3 : f64} : (f64) -> f64
  return %g : f64
}

// -----

func.func private @f(%x: f64) -> f64

func.func @negative_step(%x: f64) -> f64 {
  // expected-error @below {{needs a positive finite finiteDiffParam}}
  %g = gradient.grad "fd" @f(%x) {finiteDiffParam = -1.0e-3 : f64} : (f64) -> f64
  return %g : f64
}

// -----

func.func @no_function(%x: f64) -> f64 {
  // expected-error @below {{@missing does not name a function}}
  %g = gradient.grad "auto" @missing(%x) : (f64) -> f64
  return %g : f64
}

// -----

func.func private @f(%x: f64) -> f64

func.func @argument_count(%x: f64) -> f64 {
  // expected-error @below {{has 2 argument(s), but the callee's signature gives 1}}
  %g = gradient.grad "auto" @f(%x, %x) : (f64, f64) -> f64
  return %g : f64
}

// -----

func.func private @f(%x: f64) -> f64

func.func @argument_type(%x: f32) -> f64 {
  // expected-error @below {{argument 0 has type 'f32', but the callee's signature gives 'f64'}}
  %g = gradient.grad "auto" @f(%x) : (f32) -> f64
  return %g : f64
}

// -----

func.func private @integer_argument(%n: i64) -> f64

func.func @non_float_argument(%n: i64) {
  // expected-error @below {{cannot differentiate @integer_argument with respect to argument 0 of non-float type 'i64'}}
  %g = gradient.grad "auto" @integer_argument(%n) : (i64) -> f64
  return
}

// -----

func.func private @integer_result(%x: f64, %v: tensor<2xf64>) -> (f64, tensor<2xi32>)

func.func @non_float_result(%x: f64, %v: tensor<2xf64>) {
  // expected-error @below {{cannot differentiate @integer_result: its result 1 has non-float type 'tensor<2xi32>'}}
  %g:2 = gradient.grad "auto" @integer_result(%x, %v) : (f64, tensor<2xf64>) -> (f64, f64)
  return
}

// -----

func.func private @f(%x: f64, %y: f64) -> f64

func.func @index_out_of_range(%x: f64) {
  // expected-error @below {{diffArgIndices names argument 2, but the callee is given 2 argument(s)}}
  %g = gradient.grad "auto" @f(%x, %x) {diffArgIndices = dense<2> : tensor<1xindex>} : (f64, f64) -> f64
  return
}

// -----

func.func private @f(%x: f64, %y: f64) -> f64

func.func @index_repeated(%x: f64) {
  // expected-error @below {{diffArgIndices must list distinct arguments in increasing order}}
  %g:2 = gradient.grad "auto" @f(%x, %x) {diffArgIndices = dense<[1, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  return
}

// -----

func.func private @nullary() -> f64

func.func @nothing_to_differentiate() {
  // expected-error @below {{has no argument to differentiate}}
  %g = gradient.grad "auto" @nullary() : () -> f64
  return
}

// -----

func.func private @f(%v: tensor<3xf64>) -> tensor<2xf64>

func.func @jacobian_layout(%v: tensor<3xf64>) {
  // expected-error @below {{result 0 has type 'tensor<3x2xf64>', but one Jacobian per (callee result, differentiated argument) gives 'tensor<2x3xf64>'}}
  %g = gradient.grad "auto" @f(%v) : (tensor<3xf64>) -> tensor<3x2xf64>
  return
}

// -----

func.func private @f(%x: f64, %v: tensor<3xf64>) -> (f64, tensor<2xf64>)

func.func @jacobian_count(%x: f64, %v: tensor<3xf64>) {
  // expected-error @below {{has 2 result(s), but one Jacobian per (callee result, differentiated argument) gives 4}}
  %g:2 = gradient.grad "auto" @f(%x, %v) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>)
  return
}

// -----

func.func private @f(%x: f64) -> f64

func.func @value_and_grad_results(%x: f64) {
  // expected-error @below {{has 1 result(s), but the callee's results followed by one Jacobian per (callee result, differentiated argument) gives 2}}
  %g = gradient.value_and_grad "auto" @f(%x) : (f64) -> f64
  return
}

// -----

func.func private @f(%v: tensor<2xf64>) -> f64

func.func @jvp_tangent(%v: tensor<2xf64>, %t: tensor<3xf64>) {
  // expected-error @below {{tangent 0 has type 'tensor<3xf64>', but one tangent per differentiated argument gives 'tensor<2xf64>'}}
  %y, %dy = gradient.jvp "auto" @f(%v) tangents(%t) : (tensor<2xf64>, tensor<3xf64>) -> (f64, f64)
  return
}

// -----

func.func private @f(%v: tensor<2xf64>) -> f64

func.func @vjp_cotangent(%v: tensor<2xf64>, %c: f32) {
  // expected-error @below {{cotangent 0 has type 'f32', but one cotangent per callee result gives 'f64'}}
  %y, %dx = gradient.vjp "auto" @f(%v) cotangents(%c) : (tensor<2xf64>, f32) -> (f64, tensor<2xf64>)
  return
}

// -----

func.func private @f(%v: tensor<2xf64>) -> f64

func.func @vjp_result(%v: tensor<2xf64>, %c: f64) {
  // expected-error @below {{result 1 has type 'f64', but the callee's results followed by one product per differentiated argument gives 'tensor<2xf64>'}}
  %y, %dx = gradient.vjp "auto" @f(%v) cotangents(%c) : (tensor<2xf64>, f64) -> (f64, f64)
  return
}

// -----

// A derivative of a derivative is exact for classical code (ops.mlir) and
// to second order through a qnode; a third derivative through a qnode, here
// through a call, needs method "fd".
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

func.func @dcircuit(%x: f64) -> f64 {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  return %g : f64
}

func.func @d2circuit(%x: f64) -> f64 {
  // expected-note @below {{second derivative here}}
  %gg = gradient.grad "auto" @dcircuit(%x) : (f64) -> f64
  return %gg : f64
}

func.func @calls_d2circuit(%x: f64) -> f64 {
  %g = func.call @d2circuit(%x) : (f64) -> f64
  return %g : f64
}

func.func @second_order_is_exact(%x: f64) -> f64 {
  %gg = gradient.grad "auto" @dcircuit(%x) : (f64) -> f64
  return %gg : f64
}

func.func @third_order(%x: f64) -> f64 {
  // expected-error @below {{differentiates a second derivative through the qnode @circuit; a third derivative through a qnode needs method "fd"}}
  %g:2 = gradient.value_and_grad "auto" @calls_d2circuit(%x) : (f64) -> (f64, f64)
  return %g#1 : f64
}

// -----

func.func @vector_valued(%x: f64) -> tensor<2xf64> {
  %t = tensor.from_elements %x, %x : tensor<2xf64>
  return %t : tensor<2xf64>
}

func.func @hessian_of_vector(%x: f64) -> f64 {
  // expected-error @below {{needs a callee returning one f64, but @vector_valued has type '(f64) -> tensor<2xf64>'}}
  %h = gradient.hessian "auto" @vector_valued(%x) : (f64) -> f64
  return %h : f64
}

// -----

func.func @scalar(%x: f64, %v: tensor<3xf64>) -> f64 {
  return %x : f64
}

func.func @hessian_blocks(%x: f64, %v: tensor<3xf64>) -> f64 {
  // expected-error @below {{result}}
  %h:3 = gradient.hessian "auto" @scalar(%x, %v)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<3xf64>)
  return %h#0 : f64
}
