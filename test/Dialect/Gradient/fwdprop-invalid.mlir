// RUN: qgrad-opt %s -split-input-file -verify-diagnostics

func.func private @returns(%x: f64, %out: memref<f64>) -> f64
func.func @callee_returns(%x: f64, %dx: f64, %y: memref<f64>, %dy: memref<f64>) {
  // expected-error @+1 {{@returns returns results; forward mode writes outputs and their tangents to callee_out buffers}}
  gradient.fwdprop @returns(%x) tangents(%dx : f64) callee_out(%y : memref<f64>)
      out_tangents(%dy : memref<f64>) : (f64) -> ()
  return
}

// -----

func.func private @f(%x: f64, %v: memref<2xf64>, %out: memref<f64>)
func.func @tangent_type(%x: f64, %v: memref<2xf64>, %dv: memref<3xf64>, %y: memref<f64>, %dy: memref<f64>) {
  // expected-error @+1 {{tangent}}
  gradient.fwdprop @f(%x, %v) tangents(%dv : memref<3xf64>) callee_out(%y : memref<f64>)
      out_tangents(%dy : memref<f64>) {diffArgIndices = dense<1> : tensor<1xindex>}
      : (f64, memref<2xf64>) -> ()
  return
}

// -----

func.func private @f(%x: f64, %v: memref<2xf64>, %out: memref<f64>)
func.func @missing_out_tangent(%x: f64, %dx: f64, %v: memref<2xf64>, %y: memref<f64>) {
  // expected-error @+1 {{out_tangents buffer}}
  gradient.fwdprop @f(%x, %v) tangents(%dx : f64) callee_out(%y : memref<f64>)
      out_tangents() : (f64, memref<2xf64>) -> ()
  return
}

// -----

func.func private @f(%x: f64, %v: memref<2xf64>, %out: memref<f64>)
func.func @signature(%x: f64, %dx: f64, %y: memref<f64>, %dy: memref<f64>) {
  // expected-error @+1 {{callee operand}}
  gradient.fwdprop @f(%x) tangents(%dx : f64) callee_out(%y : memref<f64>)
      out_tangents(%dy : memref<f64>) : (f64) -> ()
  return
}
