//===- bench_report.c - The benchmark's text and JSON output -------------===//

#include "bench_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The machine is shared: other work running at the same time slows every
 * measurement, so the report says how busy the machine was. */
static double load_average(void) {
  double load[1];
  return getloadavg(load, 1) == 1 ? load[0] : NAN;
}

static void print_time(FILE *out, const char *label, double seconds,
                       double primal_s) {
  if (isnan(seconds))
    return;
  fprintf(out, "  %-24s %12.4f ms", label, seconds * 1e3);
  if (!isnan(primal_s) && primal_s > 0.0)
    fprintf(out, "  %8.2f x primal", seconds / primal_s);
  fputc('\n', out);
}

static void print_text(FILE *out, const BenchResult *r) {
  fprintf(out, "%s: %d parameters, input %s\n", r->name, r->num_params,
          r->origin);
  fprintf(out, "  %-24s %.17g\n", "objective", r->objective);
  print_time(out, "primal", r->primal_s, NAN);
  if (r->engine_unavailable)
    fprintf(out, "  %-24s UNAVAILABLE: %s\n", "qgrad engine",
            r->engine_unavailable);
  else
    print_time(out, "qgrad engine", r->qgrad_s, r->primal_s);
  print_time(out, "hand-written adjoint", r->hand_s, r->primal_s);
  print_time(out, "ADOL-C gradient()", r->adolc_s, r->primal_s);
  print_time(out, "qgrad forward, 1 tangent", r->forward_s, r->primal_s);
  print_time(out, "ADOL-C fos_forward()", r->adolc_forward_s, r->primal_s);
  print_time(out, "qgrad forward, 8 tangents", r->vector_s, r->primal_s);
  print_time(out, "ADOL-C fov_forward(8)", r->adolc_vector_s, r->primal_s);
  print_time(out, "qgrad Hessian-vector", r->hvp_s, r->primal_s);
  print_time(out, "ADOL-C hess_vec()", r->adolc_hvp_s, r->primal_s);
  if (!isnan(r->hvp_s) && !isnan(r->qgrad_s))
    fprintf(out, "  %-24s %12.2f\n", "Hessian-vector / gradient",
            r->hvp_s / r->qgrad_s);
  fprintf(out, "  %-24s %12.4f ms%s\n", "ADOL-C taping (once)",
          r->adolc_record_s * 1e3,
          r->adolc_spilled ? "  (tape spilled to files)" : "");
  if (!isnan(r->fd_s))
    fprintf(out, "  %-24s %12.4f ms  (%s %d of %d components)\n",
            "central differences", r->fd_s * 1e3,
            r->fd_components < r->num_params ? "scaled up from" : "all",
            r->fd_components, r->num_params);
  if (!isnan(r->qgrad_s) && !isnan(r->adolc_s))
    fprintf(out, "  %-24s %12.2f\n", "ADOL-C / qgrad", r->adolc_s / r->qgrad_s);
  fprintf(out,
          "  %-24s qgrad-hand %.2g  qgrad-ADOL-C %.2g  ADOL-C-hand %.2g"
          "  FD-hand %.2g (%d components)\n",
          "max relative difference", r->qgrad_vs_hand, r->qgrad_vs_adolc,
          r->adolc_vs_hand, r->fd_vs_hand, r->fd_components);
  fprintf(out, "  %-24s qgrad-hand %.2g  ADOL-C-hand %.2g (against grad . v)\n",
          "directional derivative", r->forward_vs_hand,
          r->adolc_forward_vs_hand);
  if (!isnan(r->vector_vs_hand))
    fprintf(out,
            "  %-24s qgrad-hand %.2g  ADOL-C-hand %.2g (largest of %d lanes)\n",
            "8 directional derivatives", r->vector_vs_hand,
            r->adolc_vector_vs_hand, BENCH_LANES);
  if (!isnan(r->hvp_vs_adolc))
    fprintf(out, "  %-24s qgrad-ADOL-C %.2g  qgrad-FD %.2g\n",
            "Hessian-vector product", r->hvp_vs_adolc, r->hvp_vs_fd);
  fprintf(out, "  %-24s %s\n", "gradients agree",
          r->agree ? "yes" : "NO: MISMATCH");
}

void bench_report_text(FILE *out, const BenchResult *results, int count,
                       const BenchOptions *options, double wall_seconds) {
  if (options->timing)
    fprintf(out,
            "qgrad-bench-ad: one thread, CPU time; each is the fastest of %d "
            "batches of >= %.2f s; load average %.2f when the run ended\n",
            options->repetitions, options->min_batch_seconds, load_average());
  else
    fprintf(out, "qgrad-bench-ad --check: correctness only, nothing timed\n");
  fprintf(out, "tolerances: AD gradients %.0e, finite differences %.0e\n\n",
          BENCH_AD_TOLERANCE, BENCH_FD_TOLERANCE);
  for (int i = 0; i < count; ++i) {
    print_text(out, &results[i]);
    fputc('\n', out);
  }
  fprintf(out, "the run took %.1f s (wall clock)\n", wall_seconds);
}

/* JSON has no NaN: unmeasured numbers are null. */
static void json_number(FILE *out, const char *prefix, const char *key,
                        double value, int *first) {
  fprintf(out, "%s\"%s%s\": ", *first ? "" : ", ", prefix, key);
  *first = 0;
  if (isnan(value) || isinf(value))
    fputs("null", out);
  else
    fprintf(out, "%.6g", value);
}

static void json_string(FILE *out, const char *prefix, const char *key,
                        const char *value, int *first) {
  fprintf(out, "%s\"%s%s\": ", *first ? "" : ", ", prefix, key);
  *first = 0;
  if (!value) {
    fputs("null", out);
    return;
  }
  fputc('"', out);
  for (const char *c = value; *c; ++c) {
    if (*c == '"' || *c == '\\')
      fprintf(out, "\\%c", *c);
    else if ((unsigned char)*c < 0x20)
      fprintf(out, "\\u%04x", *c);
    else
      fputc(*c, out);
  }
  fputc('"', out);
}

static double ratio(double numerator, double denominator) {
  return denominator > 0.0 ? numerator / denominator : NAN;
}

typedef struct JsonField {
  const char *key;
  double value;
} JsonField;

static void json_result(FILE *out, const BenchResult *r, int *first) {
  char prefix[64];
  snprintf(prefix, sizeof prefix, "%s_", r->name);
  json_string(out, prefix, "input", r->origin, first);
  const JsonField fields[] = {
      {"num_params", r->num_params},
      {"objective", r->objective},
      {"primal_s", r->primal_s},
      {"qgrad_s", r->qgrad_s},
      {"grad_over_primal", ratio(r->qgrad_s, r->primal_s)},
      {"hand_s", r->hand_s},
      {"hand_over_primal", ratio(r->hand_s, r->primal_s)},
      {"adolc_s", r->adolc_s},
      {"adolc_over_primal", ratio(r->adolc_s, r->primal_s)},
      {"adolc_record_s", r->adolc_record_s},
      {"adolc_over_ours", ratio(r->adolc_s, r->qgrad_s)},
      {"fd_s", r->fd_s},
      {"fd_components", r->fd_components},
      {"qgrad_vs_hand", r->qgrad_vs_hand},
      {"qgrad_vs_adolc", r->qgrad_vs_adolc},
      {"adolc_vs_hand", r->adolc_vs_hand},
      {"fd_vs_hand", r->fd_vs_hand},
      {"forward_s", r->forward_s},
      {"forward_over_primal", ratio(r->forward_s, r->primal_s)},
      {"adolc_forward_s", r->adolc_forward_s},
      {"adolc_forward_over_primal", ratio(r->adolc_forward_s, r->primal_s)},
      {"forward_vs_hand", r->forward_vs_hand},
      {"adolc_forward_vs_hand", r->adolc_forward_vs_hand},
      {"vector_s", r->vector_s},
      {"vector_over_primal", ratio(r->vector_s, r->primal_s)},
      {"adolc_vector_s", r->adolc_vector_s},
      {"adolc_vector_over_primal", ratio(r->adolc_vector_s, r->primal_s)},
      {"vector_vs_hand", r->vector_vs_hand},
      {"adolc_vector_vs_hand", r->adolc_vector_vs_hand},
      {"hvp_s", r->hvp_s},
      {"hvp_over_gradient", ratio(r->hvp_s, r->qgrad_s)},
      {"adolc_hvp_s", r->adolc_hvp_s},
      {"adolc_hvp_over_ours", ratio(r->adolc_hvp_s, r->hvp_s)},
      {"hvp_vs_adolc", r->hvp_vs_adolc},
      {"hvp_vs_fd", r->hvp_vs_fd},
  };
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; ++i)
    json_number(out, prefix, fields[i].key, fields[i].value, first);
  json_string(out, prefix, "engine_unavailable", r->engine_unavailable, first);
  fprintf(out, ", \"%sagree\": %s", prefix, r->agree ? "true" : "false");
}

void bench_report_json(FILE *out, const BenchResult *results, int count,
                       const BenchOptions *options, double wall_seconds) {
  int first = 1;
  fputc('{', out);
  const BenchResult *gmm = NULL;
  int all_agree = 1, engine_available = 1;
  for (int i = 0; i < count; ++i) {
    engine_available &= results[i].engine_unavailable == NULL;
    if (strcmp(results[i].name, "gmm") == 0)
      gmm = &results[i];
    all_agree &= results[i].agree;
  }
  json_number(out, "", "gmm_grad_over_primal",
              gmm ? ratio(gmm->qgrad_s, gmm->primal_s) : NAN, &first);
  json_number(out, "", "adolc_over_ours",
              gmm ? ratio(gmm->adolc_s, gmm->qgrad_s) : NAN, &first);
  fprintf(out, ", \"all_agree\": %s, \"engine_available\": %s",
          all_agree ? "true" : "false", engine_available ? "true" : "false");
  json_number(out, "", "ad_tolerance", BENCH_AD_TOLERANCE, &first);
  json_number(out, "", "fd_tolerance", BENCH_FD_TOLERANCE, &first);
  json_number(out, "", "min_batch_s", options->min_batch_seconds, &first);
  json_number(out, "", "repetitions", options->repetitions, &first);
  json_number(out, "", "load_average", load_average(), &first);
  json_number(out, "", "run_wall_s", wall_seconds, &first);
  for (int i = 0; i < count; ++i)
    json_result(out, &results[i], &first);
  fputs("}\n", out);
}
