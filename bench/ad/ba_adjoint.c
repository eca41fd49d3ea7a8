//===- ba_adjoint.c - A hand-written reverse mode of the BA objective -----===//
//
// One observation at a time: the forward pass keeps the few intermediates of
// the camera model in locals and the reverse pass runs straight after it, so
// nothing is stored between observations.
//
//===----------------------------------------------------------------------===//

#include "ba.h"

#include <math.h>
#include <string.h>

static void cross(const double *a, const double *b, double *out) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

static double dot(const double *a, const double *b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Adjoint of out = x + rot x x (the small-angle branch). */
static void small_angle_reverse(const double *rot, const double *x,
                                const double *d_out, double *d_rot,
                                double *d_x) {
  double d_out_cross_rot[3], x_cross_d_out[3];
  cross(d_out, rot, d_out_cross_rot);
  cross(x, d_out, x_cross_d_out);
  for (int i = 0; i < 3; ++i) {
    d_x[i] += d_out[i] + d_out_cross_rot[i];
    d_rot[i] += x_cross_d_out[i];
  }
}

/* What the reverse of Rodrigues' rotation needs from its forward. */
typedef struct Rotation {
  double sq_theta, theta, inv_theta, c, s;
  double w[3], w_cross_x[3], w_dot_x;
} Rotation;

static void rotate(const double *rot, const double *x, Rotation *r,
                   double *out) {
  r->sq_theta = dot(rot, rot);
  if (r->sq_theta == 0.0) {
    cross(rot, x, r->w_cross_x);
    for (int i = 0; i < 3; ++i)
      out[i] = x[i] + r->w_cross_x[i];
    return;
  }
  r->theta = sqrt(r->sq_theta);
  r->inv_theta = 1.0 / r->theta;
  r->c = cos(r->theta);
  r->s = sin(r->theta);
  for (int i = 0; i < 3; ++i)
    r->w[i] = rot[i] * r->inv_theta;
  cross(r->w, x, r->w_cross_x);
  r->w_dot_x = dot(r->w, x);
  double along = r->w_dot_x * (1.0 - r->c);
  for (int i = 0; i < 3; ++i)
    out[i] = x[i] * r->c + r->w_cross_x[i] * r->s + r->w[i] * along;
}

/* Given d_out, adds the adjoint of rotate() into d_rot and d_x. */
static void rotate_reverse(const double *rot, const double *x,
                           const Rotation *r, const double *d_out,
                           double *d_rot, double *d_x) {
  if (r->sq_theta == 0.0) {
    small_angle_reverse(rot, x, d_out, d_rot, d_x);
    return;
  }
  const double *w = r->w;
  double c = r->c, s = r->s, along = r->w_dot_x * (1.0 - c);
  // out = x c + (w x x) s + w along, along = (w . x)(1 - c)
  double d_along = dot(d_out, w);
  double d_c = dot(d_out, x) - d_along * r->w_dot_x;
  double d_s = dot(d_out, r->w_cross_x);
  double d_w_dot_x = d_along * (1.0 - c);
  double d_w_cross_x[3] = {d_out[0] * s, d_out[1] * s, d_out[2] * s};
  double x_cross_d[3], d_cross_w[3];
  cross(x, d_w_cross_x, x_cross_d);
  cross(d_w_cross_x, w, d_cross_w);
  double d_w[3];
  for (int i = 0; i < 3; ++i) {
    d_x[i] += d_out[i] * c + d_cross_w[i] + d_w_dot_x * w[i];
    d_w[i] = d_out[i] * along + x_cross_d[i] + d_w_dot_x * x[i];
  }
  // w = rot / theta, c = cos(theta), s = sin(theta), theta = |rot|
  double d_theta =
      -s * d_c + c * d_s - dot(d_w, rot) * r->inv_theta * r->inv_theta;
  for (int i = 0; i < 3; ++i)
    d_rot[i] += (d_w[i] + d_theta * rot[i]) * r->inv_theta;
}

/* Adds the gradient of 0.5 |w (project(cam, point) - feat)|^2. */
static void observation_reverse(const double *cam, const double *point,
                                double weight, const double *feat,
                                double *d_cam, double *d_point,
                                double *d_weight) {
  double relative[3], in_camera[3];
  for (int i = 0; i < 3; ++i)
    relative[i] = point[i] - cam[3 + i];
  Rotation rotation;
  rotate(cam, relative, &rotation, in_camera);
  double inv_depth = 1.0 / in_camera[2];
  double u = in_camera[0] * inv_depth, v = in_camera[1] * inv_depth;
  double r_sq = u * u + v * v;
  double distortion = 1.0 + cam[9] * r_sq + cam[10] * r_sq * r_sq;
  double f = cam[6];
  double e0 = u * distortion * f + cam[7] - feat[0];
  double e1 = v * distortion * f + cam[8] - feat[1];

  // residual r = weight e; d(0.5 r^2) = r.
  double d_p0 = weight * weight * e0, d_p1 = weight * weight * e1;
  *d_weight += weight * (e0 * e0 + e1 * e1);
  d_cam[7] += d_p0;
  d_cam[8] += d_p1;
  d_cam[6] += (d_p0 * u + d_p1 * v) * distortion;
  double d_u = d_p0 * distortion * f, d_v = d_p1 * distortion * f;
  double d_distortion = (d_p0 * u + d_p1 * v) * f;
  d_cam[9] += d_distortion * r_sq;
  d_cam[10] += d_distortion * r_sq * r_sq;
  double d_r_sq = d_distortion * (cam[9] + 2.0 * cam[10] * r_sq);
  d_u += 2.0 * u * d_r_sq;
  d_v += 2.0 * v * d_r_sq;
  double d_in_camera[3] = {d_u * inv_depth, d_v * inv_depth,
                           -(d_u * u + d_v * v) * inv_depth};
  double d_relative[3] = {0.0, 0.0, 0.0};
  rotate_reverse(cam, relative, &rotation, d_in_camera, d_cam, d_relative);
  for (int i = 0; i < 3; ++i) {
    d_point[i] += d_relative[i];
    d_cam[3 + i] -= d_relative[i];
  }
}

void ba_hand_gradient(const void *opaque, const double *params, double *grad) {
  const BaInput *in = (const BaInput *)opaque;
  memset(grad, 0, sizeof(double) * (size_t)ba_num_params(in));
  const double *points = params + kBaCameraSize * in->n;
  const double *weights = points + 3 * in->m;
  double *d_points = grad + kBaCameraSize * in->n;
  double *d_weights = d_points + 3 * in->m;
  for (int i = 0; i < in->p; ++i) {
    int camera = in->obs[2 * i], point = in->obs[2 * i + 1];
    observation_reverse(params + kBaCameraSize * camera, points + 3 * point,
                        weights[i], in->feats + 2 * i,
                        grad + kBaCameraSize * camera, d_points + 3 * point,
                        &d_weights[i]);
  }
  // 0.5 (1 - w^2)^2
  for (int i = 0; i < in->p; ++i)
    d_weights[i] += -2.0 * weights[i] * (1.0 - weights[i] * weights[i]);
}
