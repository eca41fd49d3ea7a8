// qgrad-opt knows the upstream dialects and passes qgrad uses.
// RUN: qgrad-opt %s --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops | FileCheck %s
// CHECK-LABEL: func.func @double
// CHECK: scf.for
// CHECK: memref.load
// CHECK: arith.addf
func.func @double(%v: tensor<4xf64>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  %r = linalg.add ins(%v, %v : tensor<4xf64>, tensor<4xf64>) outs(%init : tensor<4xf64>) -> tensor<4xf64>
  return %r : tensor<4xf64>
}
