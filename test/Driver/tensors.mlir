// Tensors in and out: static, dynamic and rank-0 shapes, and an integer
// tensor; results are printed as nested lists.
// RUN: qgrad run %s --entry transpose '[[1,2,3],[4,5,6]]' | FileCheck %s --check-prefix=T
// T: {{^}}{{\[\[}}1.0000000000000000, 4.0000000000000000], [2.0000000000000000, 5.0000000000000000], [3.0000000000000000, 6.0000000000000000]]{{$}}
// RUN: qgrad run %s --entry scale '[1, -2.5, 1e3]' 2 | FileCheck %s --check-prefix=S
// S: {{^}}[2.0000000000000000, -5.0000000000000000, 2000.0000000000000]{{$}}
// RUN: qgrad run %s --entry scale '[]' 2 | FileCheck %s --check-prefix=EMPTY
// EMPTY: {{^}}[]{{$}}
// RUN: qgrad run %s --entry rank0 7.5 | FileCheck %s --check-prefix=R0
// R0: {{^}}15.000000000000000{{$}}
// RUN: qgrad run %s --entry ints '[[1,2],[3,4]]' | FileCheck %s --check-prefix=I
// I: {{^}}{{\[\[}}2, 3], [4, 5]]{{$}}
func.func @transpose(%a: tensor<2x3xf64>) -> tensor<3x2xf64> {
  %init = tensor.empty() : tensor<3x2xf64>
  %t = linalg.transpose ins(%a : tensor<2x3xf64>) outs(%init : tensor<3x2xf64>) permutation = [1, 0]
  return %t : tensor<3x2xf64>
}

func.func @scale(%v: tensor<?xf64>, %s: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %v, %c0 : tensor<?xf64>
  %init = tensor.empty(%n) : tensor<?xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%v : tensor<?xf64>) outs(%init : tensor<?xf64>) {
    ^bb0(%in: f64, %o: f64):
      %m = arith.mulf %in, %s : f64
      linalg.yield %m : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @rank0(%x: tensor<f64>) -> f64 {
  %v = tensor.extract %x[] : tensor<f64>
  %r = arith.addf %v, %v : f64
  return %r : f64
}

func.func @ints(%a: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %one = arith.constant 1 : i64
  %init = tensor.empty() : tensor<2x2xi64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<2x2xi64>) outs(%init : tensor<2x2xi64>) {
    ^bb0(%in: i64, %o: i64):
      %m = arith.addi %in, %one : i64
      linalg.yield %m : i64
  } -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}
