// What the lowering to __enzyme_autodiff cannot pass on is a located error,
// never a wrong call.
// RUN: qgrad-opt %s --convert-gradient-to-llvm --split-input-file --verify-diagnostics

func.func private @f(%t: tensor<3xf64>, %out: memref<1xf64>) {
  return
}
func.func @tensor_argument(%t: tensor<3xf64>, %out: memref<1xf64>, %ct: memref<1xf64>) -> tensor<3xf64> {
  // expected-error @+1 {{'gradient.backprop' op argument #0 has type 'tensor<3xf64>', which cannot be passed to __enzyme_autodiff: expected a float, integer or index scalar or a ranked memref with a strided layout (bufferize tensors first)}}
  %d = gradient.backprop @f(%t) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (tensor<3xf64>) -> tensor<3xf64>
  return %d : tensor<3xf64>
}

// -----

func.func private @f(%x: f64, %m: memref<*xf64>, %out: memref<1xf64>) {
  return
}
func.func @unranked_memref(%x: f64, %m: memref<*xf64>, %out: memref<1xf64>, %ct: memref<1xf64>) -> f64 {
  // expected-error @+1 {{argument #1 has type 'memref<*xf64>', which cannot be passed to __enzyme_autodiff}}
  %d = gradient.backprop @f(%x, %m) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (f64, memref<*xf64>) -> f64
  return %d : f64
}

// -----

#halves = affine_map<(d0) -> (d0 floordiv 2)>
func.func private @f(%x: f64, %out: memref<4xf64, #halves>) {
  return
}
func.func @non_strided_output(%x: f64, %out: memref<4xf64, #halves>, %ct: memref<4xf64, #halves>) -> f64 {
  // expected-error @+1 {{callee_out buffer #0 has type 'memref<4xf64, affine_map<(d0) -> (d0 floordiv 2)>>', which cannot be passed to __enzyme_autodiff}}
  %d = gradient.backprop @f(%x) callee_out(%out : memref<4xf64, #halves>)
      cotangents(%ct : memref<4xf64, #halves>) : (f64) -> f64
  return %d : f64
}

// -----

func.func private @no_body(f64, memref<1xf64>)
func.func @external_callee(%x: f64, %out: memref<1xf64>, %ct: memref<1xf64>) -> f64 {
  // expected-error @+1 {{'gradient.backprop' op cannot differentiate '@no_body': it has no body in this module}}
  %d = gradient.backprop @no_body(%x) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (f64) -> f64
  return %d : f64
}

// -----

func.func private @pair(%x: f64) -> (f64, f64) {
  return %x, %x : f64, f64
}
func.func @two_returned_outputs(%x: f64, %c0: f64, %c1: f64) -> f64 {
  // expected-error @+1 {{the callee '@pair' of type '(f64) -> (f64, f64)' has no callee_out buffers, so its outputs are its results, but the AD engine seeds only a single float result; write the outputs to callee_out buffers}}
  %d = gradient.backprop @pair(%x) cotangents(%c0, %c1 : f64, f64) : (f64) -> f64
  return %d : f64
}

// -----

#every_other = strided<[2]>
func.func private @f(%v: memref<4xf64, #every_other>, %out: memref<1xf64>) {
  return
}
func.func @shadow_stride_mismatch(%v: memref<4xf64, #every_other>, %dv: memref<4xf64>, %out: memref<1xf64>, %ct: memref<1xf64>) {
  // expected-error @+1 {{grad_out buffer #0 has stride 1 in dimension 0 but its primal 'memref<4xf64, strided<[2]>>' has stride 2: the differentiated code reads both through the primal's strides; copy the buffer into the primal's layout}}
  gradient.backprop @f(%v) grad_out(%dv : memref<4xf64>) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (memref<4xf64, #every_other>) -> ()
  return
}

// -----

func.func private @enzyme_const()
func.func private @f(%x: f64, %s: f64, %out: memref<1xf64>) {
  return
}
func.func @marker_name_taken(%x: f64, %s: f64, %out: memref<1xf64>, %ct: memref<1xf64>) -> f64 {
  // expected-error @+1 {{cannot declare the activity marker '@enzyme_const': the name is taken by a 'func.func'}}
  %d = gradient.backprop @f(%x, %s) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (f64, f64) -> f64
  return %d : f64
}

// -----

llvm.func @__enzyme_autodiff(!llvm.ptr, ...) -> f32
func.func private @f(%x: f64, %out: memref<1xf64>) {
  return
}
func.func @entry_name_taken(%x: f64, %out: memref<1xf64>, %ct: memref<1xf64>) -> f64 {
  // expected-error @+1 {{cannot declare '@__enzyme_autodiff' as '!llvm.func<f64 (ptr, ...)>': the name is taken by a 'llvm.func' of type '!llvm.func<f32 (ptr, ...)>'}}
  %d = gradient.backprop @f(%x) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (f64) -> f64
  return %d : f64
}

// -----

// expected-error @+1 {{'func.func' op 'gradient.inactive' is a unit attribute, got 1 : i32}}
func.func private @helper(%x: f64) -> f64 attributes {gradient.inactive = 1 : i32} {
  return %x : f64
}

// -----

// expected-error @+1 {{'func.func' op cannot create the AD engine registration '@__enzyme_inactivefn.helper': the name is taken by a 'func.func'}}
func.func private @helper(%x: f64) -> f64 attributes {gradient.inactive} {
  return %x : f64
}
func.func private @__enzyme_inactivefn.helper()
