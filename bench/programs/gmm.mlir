// A GMM-like classical kernel: the negative log-likelihood of n generated
// points under a K=5 component, D=4 dimensional Gaussian mixture with
// diagonal precisions exp(icf), plus a precision prior:
//   sum_i log sum_k exp(alpha_k + sum_d icf_kd - |exp(icf_k) * (x_i - mu_k)|^2 / 2)
//   - n log sum_k exp(alpha_k) + sum_kd exp(2 icf_kd) / 2
// Point i has coordinates x_id = 2 sin(0.37 i + 1.3 d), so only the model is
// passed in.
// This file computes the value alone; gmm_grad.mlir holds the same kernel
// and its exact gradient with respect to alphas, means and icf. They are
// separate files because a module that contains a gradient runs the AD
// stages, whichever entry is called.
//
// BENCH: gmm --entry objective [0.1,0.2,0.3,0.4,0.5] [[0.1,-0.2,0.3,-0.4],[0.5,0.6,-0.7,0.8],[-0.9,1.0,1.1,-1.2],[1.3,-1.4,0.5,0.6],[-0.7,0.8,-0.9,0.2]] [[0.1,0.2,-0.1,0.0],[0.05,-0.05,0.1,0.2],[0.0,0.1,0.2,-0.2],[0.3,-0.1,0.0,0.1],[-0.2,0.0,0.1,0.05]] 20000

// alpha_k + sum_d icf_kd - |exp(icf_k) * (x_i - mu_k)|^2 / 2
func.func private @component_term(%alphas: tensor<5xf64>, %means: tensor<5x4xf64>,
                                  %icf: tensor<5x4xf64>, %i: index, %k: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cD = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %half = arith.constant 0.5 : f64
  %point_scale = arith.constant 0.37 : f64
  %dim_scale = arith.constant 1.3 : f64
  %i64 = arith.index_cast %i : index to i64
  %fi = arith.sitofp %i64 : i64 to f64
  %phase = arith.mulf %fi, %point_scale : f64
  %sums:2 = scf.for %d = %c0 to %cD step %c1 iter_args(%logdet = %zero, %sq = %zero) -> (f64, f64) {
    %d64 = arith.index_cast %d : index to i64
    %fd = arith.sitofp %d64 : i64 to f64
    %shift = arith.mulf %fd, %dim_scale : f64
    %angle = arith.addf %phase, %shift : f64
    %s = math.sin %angle : f64
    %x = arith.mulf %s, %two : f64
    %mu = tensor.extract %means[%k, %d] : tensor<5x4xf64>
    %q = tensor.extract %icf[%k, %d] : tensor<5x4xf64>
    %diag = math.exp %q : f64
    %centered = arith.subf %x, %mu : f64
    %scaled = arith.mulf %diag, %centered : f64
    %square = arith.mulf %scaled, %scaled : f64
    %logdet1 = arith.addf %logdet, %q : f64
    %sq1 = arith.addf %sq, %square : f64
    scf.yield %logdet1, %sq1 : f64, f64
  }
  %alpha = tensor.extract %alphas[%k] : tensor<5xf64>
  %quad = arith.mulf %sums#1, %half : f64
  %a = arith.addf %alpha, %sums#0 : f64
  %term = arith.subf %a, %quad : f64
  return %term : f64
}

func.func private @gmm(%alphas: tensor<5xf64>, %means: tensor<5x4xf64>,
                       %icf: tensor<5x4xf64>, %n: i64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 5 : index
  %cD = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %two = arith.constant 2.0 : f64
  %count = arith.index_cast %n : i64 to index
  %data = scf.for %i = %c0 to %count step %c1 iter_args(%acc = %zero) -> (f64) {
    %mix = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %zero) -> (f64) {
      %t = func.call @component_term(%alphas, %means, %icf, %i, %k)
          : (tensor<5xf64>, tensor<5x4xf64>, tensor<5x4xf64>, index, index) -> f64
      %e = math.exp %t : f64
      %s1 = arith.addf %s, %e : f64
      scf.yield %s1 : f64
    }
    %l = math.log %mix : f64
    %acc1 = arith.addf %acc, %l : f64
    scf.yield %acc1 : f64
  }
  %norm = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %zero) -> (f64) {
    %a = tensor.extract %alphas[%k] : tensor<5xf64>
    %e = math.exp %a : f64
    %s1 = arith.addf %s, %e : f64
    scf.yield %s1 : f64
  }
  %lognorm = math.log %norm : f64
  %fn = arith.sitofp %n : i64 to f64
  %scaled_norm = arith.mulf %fn, %lognorm : f64
  %prior = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %zero) -> (f64) {
    %inner = scf.for %d = %c0 to %cD step %c1 iter_args(%t = %s) -> (f64) {
      %q = tensor.extract %icf[%k, %d] : tensor<5x4xf64>
      %q2 = arith.mulf %q, %two : f64
      %e = math.exp %q2 : f64
      %t1 = arith.addf %t, %e : f64
      scf.yield %t1 : f64
    }
    scf.yield %inner : f64
  }
  %half_prior = arith.mulf %prior, %half : f64
  %likelihood = arith.subf %data, %scaled_norm : f64
  %negative = arith.negf %likelihood : f64
  %result = arith.addf %negative, %half_prior : f64
  return %result : f64
}

func.func @objective(%alphas: tensor<5xf64>, %means: tensor<5x4xf64>,
                     %icf: tensor<5x4xf64>, %n: i64) -> f64 {
  %v = func.call @gmm(%alphas, %means, %icf, %n)
      : (tensor<5xf64>, tensor<5x4xf64>, tensor<5x4xf64>, i64) -> f64
  return %v : f64
}
