// RUN: not qgrad-opt %s 2>&1 | FileCheck %s

// A bad program exits non-zero with a diagnostic at file:line:col.

// CHECK: error-location.mlir:[[# @LINE + 2]]:8: error: 'quantum.custom' op unknown gate 'RQ'
func.func @unknown_gate(%t: f64, %q: !quantum.bit) -> !quantum.bit {
  %0 = quantum.custom "RQ"(%t) %q : !quantum.bit
  return %0 : !quantum.bit
}
