// RUN: qgrad run %s '[[1,2,3],[4,5,6],[7,8,9],[10,11,12]]' 1 | FileCheck %s
// RUN: qgrad run %s -O0 '[[1,2,3],[4,5,6],[7,8,9],[10,11,12]]' 1 | FileCheck %s
// RUN: qgrad run %s '[[1,2,3],[4,5,6],[7,8,9],[10,11,12]]' 2 | FileCheck %s --check-prefix=TWO
// Rows i and i + 1 of a 4x3 matrix, taken at an offset known only at run
// time, transposed and written into columns i and i + 1 of a 3x4 zero
// matrix; f is the sum of squares, so df/dm is 2 m on those rows and 0
// elsewhere. Two pipeline steps meet here (lib/Driver/Pipeline.cpp): the
// slice's offset leaves affine.apply behind expand-strided-metadata (lowered
// by a second lower-affine: before, the translation met an
// unrealized_conversion_cast), and the write into columns is a strided
// memref.copy (lowered to loops: before, a call of memrefCopy, which the
// AD engine refused as an unknown external function).
// CHECK: {{^}}271.0000000
// CHECK-NEXT: {{^}}{{\[\[}}0.0000000000000000, 0.0000000000000000, 0.0000000000000000], [8.0000000000000000, 10.000000000000000, 12.000000000000000], [14.000000000000000, 16.000000000000000, 18.000000000000000], [0.0000000000000000, 0.0000000000000000, 0.0000000000000000]]
// TWO: {{^}}559.0000000
// TWO-NEXT: {{^}}{{\[\[}}0.0000000000000000, 0.0000000000000000, 0.0000000000000000], [0.0000000000000000, 0.0000000000000000, 0.0000000000000000], [14.000000000000000, 16.000000000000000, 18.000000000000000], [20.000000000000000, 22.000000000000000, 24.000000000000000]]

func.func @f(%m: tensor<4x3xf64>, %i: index) -> f64 {
  %rows = tensor.extract_slice %m[%i, 0] [2, 3] [1, 1] : tensor<4x3xf64> to tensor<2x3xf64>
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<3x4xf64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<3x4xf64>) -> tensor<3x4xf64>
  %t = tensor.empty() : tensor<3x2xf64>
  %rt = linalg.transpose ins(%rows : tensor<2x3xf64>) outs(%t : tensor<3x2xf64>) permutation = [1, 0]
  %placed = tensor.insert_slice %rt into %filled[0, %i] [3, 2] [1, 1] : tensor<3x2xf64> into tensor<3x4xf64>
  %acc0 = tensor.from_elements %zero : tensor<f64>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%placed : tensor<3x4xf64>) outs(%acc0 : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %x2 = arith.mulf %x, %x : f64
    %s = arith.addf %acc, %x2 : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %r = tensor.extract %sq[] : tensor<f64>
  return %r : f64
}
func.func @main(%m: tensor<4x3xf64>, %i: index) -> (f64, tensor<4x3xf64>) {
  %v = call @f(%m, %i) : (tensor<4x3xf64>, index) -> f64
  %g = gradient.grad "auto" @f(%m, %i) {diffArgIndices = dense<[0]> : tensor<1xindex>} : (tensor<4x3xf64>, index) -> tensor<4x3xf64>
  return %v, %g : f64, tensor<4x3xf64>
}
