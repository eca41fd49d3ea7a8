// Appended to every program of test/Integration/Hybrid by its RUN line
// (`cat %s %S/Inputs/check.mlir > %t.mlir`), so that all of them accept an
// exact derivative by the same rule:
//   |exact - analytic| <= 1e-10 * max(1, |analytic|)   (closed form)
//   |exact - central_fd| <= 1e-6 * max(1, |exact|)      (same binary, step h)
// NaN fails both (ordered comparisons).

func.func private @close_to(%a: f64, %b: f64, %tol: f64) -> i1 {
  %one = arith.constant 1.0 : f64
  %diff = arith.subf %a, %b : f64
  %dist = math.absf %diff : f64
  %mag = math.absf %b : f64
  %scale = arith.maximumf %mag, %one : f64
  %bound = arith.mulf %tol, %scale : f64
  %ok = arith.cmpf ole, %dist, %bound : f64
  return %ok : i1
}

func.func private @check(%exact: f64, %analytic: f64, %fd: f64) -> i1 {
  %tight = arith.constant 1.0e-10 : f64
  %loose = arith.constant 1.0e-6 : f64
  %a = call @close_to(%exact, %analytic, %tight) : (f64, f64, f64) -> i1
  %f = call @close_to(%fd, %exact, %loose) : (f64, f64, f64) -> i1
  %ok = arith.andi %a, %f : i1
  return %ok : i1
}

// Element-wise @check over flattened Jacobians of equal length.
func.func private @check_all(%exact: tensor<?xf64>, %analytic: tensor<?xf64>,
                             %fd: tensor<?xf64>) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %n = tensor.dim %exact, %c0 : tensor<?xf64>
  %all = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %true) -> (i1) {
    %e = tensor.extract %exact[%i] : tensor<?xf64>
    %a = tensor.extract %analytic[%i] : tensor<?xf64>
    %f = tensor.extract %fd[%i] : tensor<?xf64>
    %ok = func.call @check(%e, %a, %f) : (f64, f64, f64) -> i1
    %acc1 = arith.andi %acc, %ok : i1
    scf.yield %acc1 : i1
  }
  return %all : i1
}

// (f(x + h) - f(x - h)) / 2h with h = 1e-5: truncation error h^2 f'''/6 and
// rounding error eps f / h are both near 1e-11 for the circuits here.
func.func private @central_fd(%f: (f64) -> f64, %x: f64) -> f64 {
  %h = arith.constant 1.0e-5 : f64
  %two = arith.constant 2.0 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %fp = func.call_indirect %f(%xp) : (f64) -> f64
  %fm = func.call_indirect %f(%xm) : (f64) -> f64
  %d = arith.subf %fp, %fm : f64
  %h2 = arith.mulf %h, %two : f64
  %g = arith.divf %d, %h2 : f64
  return %g : f64
}

// Both partial derivatives of f(x, y) by central differences, step 1e-5.
func.func private @central_fd_2(%f: (f64, f64) -> f64, %x: f64, %y: f64) -> (f64, f64) {
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %yp = arith.addf %y, %h : f64
  %ym = arith.subf %y, %h : f64
  %f_xp = func.call_indirect %f(%xp, %y) : (f64, f64) -> f64
  %f_xm = func.call_indirect %f(%xm, %y) : (f64, f64) -> f64
  %f_yp = func.call_indirect %f(%x, %yp) : (f64, f64) -> f64
  %f_ym = func.call_indirect %f(%x, %ym) : (f64, f64) -> f64
  %dx = arith.subf %f_xp, %f_xm : f64
  %gx = arith.divf %dx, %two_h : f64
  %dy = arith.subf %f_yp, %f_ym : f64
  %gy = arith.divf %dy, %two_h : f64
  return %gx, %gy : f64, f64
}

// The gradient of f(v) by central differences, one element of v at a time
// (step 1e-5). f reads v from a buffer, because an indirect call cannot
// carry a tensor through bufferization: programs pass a wrapper that turns
// the buffer into a tensor of their static shape.
func.func private @central_fd_n(%f: (memref<?xf64>) -> f64, %v: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %n = tensor.dim %v, %c0 : tensor<?xf64>
  %point = memref.alloc(%n) : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %vi = tensor.extract %v[%i] : tensor<?xf64>
    memref.store %vi, %point[%i] : memref<?xf64>
  }
  %init = tensor.empty(%n) : tensor<?xf64>
  %fd = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?xf64>) {
    %vi = tensor.extract %v[%i] : tensor<?xf64>
    %up = arith.addf %vi, %h : f64
    %down = arith.subf %vi, %h : f64
    memref.store %up, %point[%i] : memref<?xf64>
    %fp = func.call_indirect %f(%point) : (memref<?xf64>) -> f64
    memref.store %down, %point[%i] : memref<?xf64>
    %fm = func.call_indirect %f(%point) : (memref<?xf64>) -> f64
    memref.store %vi, %point[%i] : memref<?xf64>
    %d = arith.subf %fp, %fm : f64
    %q = arith.divf %d, %two_h : f64
    %acc1 = tensor.insert %q into %acc[%i] : tensor<?xf64>
    scf.yield %acc1 : tensor<?xf64>
  }
  return %fd : tensor<?xf64>
}
