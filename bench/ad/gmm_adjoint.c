//===- gmm_adjoint.c - A hand-written reverse mode of the GMM objective ---===//
//
// The reference adjoint the engine is measured against. Per point it keeps
// every component's centred point and Q_k (x - mu_k) from the forward pass,
// so the reverse pass recomputes nothing. The exp(q) factors and the sums of
// q are shared by all points; their adjoints are accumulated over all points
// and pushed back into icf once at the end.
//
//===----------------------------------------------------------------------===//

#include "gmm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Replaces values by their softmax. */
static void softmax(int count, double *values) {
  double largest = values[0];
  for (int i = 1; i < count; ++i)
    if (values[i] > largest)
      largest = values[i];
  double sum = 0.0;
  for (int i = 0; i < count; ++i) {
    values[i] = exp(values[i] - largest);
    sum += values[i];
  }
  for (int i = 0; i < count; ++i)
    values[i] /= sum;
}

static double logsumexp(int count, const double *values) {
  double largest = values[0];
  for (int i = 1; i < count; ++i)
    if (values[i] > largest)
      largest = values[i];
  double sum = 0.0;
  for (int i = 0; i < count; ++i)
    sum += exp(values[i] - largest);
  return log(sum) + largest;
}

typedef struct GmmScratch {
  double *qdiags, *sum_qs, *centered, *q_centered;
  double *weight; /* each component's main term, then its softmax weight */
  double *d_qdiags, *d_sum_qs, *d_centered;
} GmmScratch;

/* Forward for one point: every component's main term, keeping the centred
 * point and its image under Q_k, and the softmax weights of the terms (the
 * log-sum-exp's own value is not needed for the gradient). */
static void forward_point(const GmmInput *in, const double *params,
                          const double *x, GmmScratch *s) {
  int d = in->d, k = in->k, icf_size = d * (d + 1) / 2;
  const double *alphas = params, *means = params + k, *icf = means + k * d;
  for (int ik = 0; ik < k; ++ik) {
    double *c = s->centered + ik * d, *qc = s->q_centered + ik * d;
    const double *qdiag = s->qdiags + ik * d;
    const double *ltri = icf + ik * icf_size + d;
    for (int j = 0; j < d; ++j) {
      c[j] = x[j] - means[ik * d + j];
      qc[j] = qdiag[j] * c[j];
    }
    int index = 0;
    for (int i = 0; i < d; ++i)
      for (int j = i + 1; j < d; ++j)
        qc[j] += ltri[index++] * c[i];
    double sq = 0.0;
    for (int j = 0; j < d; ++j)
      sq += qc[j] * qc[j];
    s->weight[ik] = alphas[ik] + s->sum_qs[ik] - 0.5 * sq;
  }
  // d logsumexp(main) / d main = softmax(main)
  softmax(k, s->weight);
}

/* Reverse of forward_point with the seed 1 on its log-sum-exp. */
static void reverse_point(const GmmInput *in, const double *params,
                          GmmScratch *s, double *grad) {
  int d = in->d, k = in->k, icf_size = d * (d + 1) / 2;
  const double *icf = params + k + k * d;
  double *d_alphas = grad, *d_means = grad + k, *d_icf = d_means + k * d;
  double *dc = s->d_centered;
  for (int ik = 0; ik < k; ++ik) {
    double weight = s->weight[ik];
    d_alphas[ik] += weight;
    s->d_sum_qs[ik] += weight;
    const double *c = s->centered + ik * d, *qc = s->q_centered + ik * d;
    const double *qdiag = s->qdiags + ik * d;
    const double *ltri = icf + ik * icf_size + d;
    double *d_qdiag = s->d_qdiags + ik * d, *d_ltri = d_icf + ik * icf_size + d;
    // d(-0.5 |qc|^2) / d qc = -qc, scaled by the softmax weight.
    for (int j = 0; j < d; ++j) {
      double d_qc = -weight * qc[j];
      d_qdiag[j] += d_qc * c[j];
      dc[j] = d_qc * qdiag[j];
    }
    int index = 0;
    for (int i = 0; i < d; ++i)
      for (int j = i + 1; j < d; ++j) {
        double d_qc = -weight * qc[j];
        d_ltri[index] += d_qc * c[i];
        dc[i] += d_qc * ltri[index];
        ++index;
      }
    for (int j = 0; j < d; ++j)
      d_means[ik * d + j] -= dc[j];
  }
}

void gmm_hand_gradient(const void *opaque, const double *params, double *grad) {
  const GmmInput *in = (const GmmInput *)opaque;
  int d = in->d, k = in->k, n = in->n, icf_size = d * (d + 1) / 2;
  const double *alphas = params, *icf = params + k + k * d;
  double *d_alphas = grad, *d_icf = grad + k + k * d;
  memset(grad, 0, sizeof(double) * (size_t)gmm_num_params(in));

  size_t kd = (size_t)k * (size_t)d;
  double *block =
      (double *)calloc(4 * kd + 3 * (size_t)k + (size_t)d, sizeof(double));
  GmmScratch s = {.qdiags = block,
                  .centered = block + kd,
                  .q_centered = block + 2 * kd,
                  .d_qdiags = block + 3 * kd,
                  .weight = block + 4 * kd,
                  .sum_qs = block + 4 * kd + k,
                  .d_sum_qs = block + 4 * kd + 2 * k,
                  .d_centered = block + 4 * kd + 3 * k};
  for (int ik = 0; ik < k; ++ik) {
    double sum = 0.0;
    for (int j = 0; j < d; ++j) {
      sum += icf[ik * icf_size + j];
      s.qdiags[ik * d + j] = exp(icf[ik * icf_size + j]);
    }
    s.sum_qs[ik] = sum;
  }

  for (int ix = 0; ix < n; ++ix) {
    forward_point(in, params, in->x + (size_t)ix * d, &s);
    reverse_point(in, params, &s, grad);
  }

  // -n logsumexp(alphas)
  double lse_alphas = logsumexp(k, alphas);
  for (int ik = 0; ik < k; ++ik)
    d_alphas[ik] -= n * exp(alphas[ik] - lse_alphas);

  // The Wishart prior: 0.5 gamma^2 (|exp(q)|^2 + |L|^2) - m sum(q).
  double gamma_sq = in->wishart_gamma * in->wishart_gamma;
  for (int ik = 0; ik < k; ++ik) {
    s.d_sum_qs[ik] -= in->wishart_m;
    for (int j = 0; j < d; ++j)
      s.d_qdiags[ik * d + j] += gamma_sq * s.qdiags[ik * d + j];
    for (int j = d; j < icf_size; ++j)
      d_icf[ik * icf_size + j] += gamma_sq * icf[ik * icf_size + j];
  }

  // qdiag = exp(q) and sum_qs = sum(q), shared by all points.
  for (int ik = 0; ik < k; ++ik)
    for (int j = 0; j < d; ++j)
      d_icf[ik * icf_size + j] +=
          s.d_qdiags[ik * d + j] * s.qdiags[ik * d + j] + s.d_sum_qs[ik];
  free(block);
}
