//===- bench_ad_main.c - qgrad-bench-ad: the AD engine's benchmark -------===//
//
// For each objective: the primal, qgrad's generated gradient, a hand-written
// adjoint, ADOL-C's taped gradient and central finite differences, timed on
// one thread and cross-checked. Exits non-zero when the gradients disagree.
//
//===----------------------------------------------------------------------===//

#include "bench_compare.h"
#include "bench_golden.h"
#include "bench_measure.h"
#include "bench_objectives.h"
#include "bench_report.h"
#include "bench_timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef QGRAD_ADBENCH_DIR
#define QGRAD_ADBENCH_DIR ""
#endif

typedef enum Mode { kFull, kQuick, kCheck } Mode;

typedef struct Arguments {
  Mode mode;
  int json;
  int require_engine;
  const char *only;     /* NULL: every objective */
  const char *data_dir; /* NULL: generate every input */
} Arguments;

static void usage(FILE *out) {
  fputs("usage: qgrad-bench-ad [--json] [--quick | --check] "
        "[--data DIR | --no-data]\n"
        "  --json     print one JSON object instead of the table\n"
        "  --quick    small generated inputs, short timings\n"
        "  --check    small generated inputs and ADBench's golden values,\n"
        "             correctness only (nothing timed)\n"
        "  --data DIR ADBench inputs (default " QGRAD_ADBENCH_DIR ")\n"
        "  --no-data  generate every input from the fixed seed\n"
        "  --only NAME  run one objective (gmm, ba or lstm)\n"
        "  --require-engine  fail when the engine's gradient of an objective\n"
        "             is unavailable\n",
        out);
}

static int is_directory(const char *path) {
  struct stat info;
  return path && *path && stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

static int parse_arguments(int argc, char **argv, Arguments *args) {
  args->mode = kFull;
  args->json = 0;
  args->require_engine = 0;
  args->only = NULL;
  args->data_dir = QGRAD_ADBENCH_DIR;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (strcmp(arg, "--json") == 0) {
      args->json = 1;
    } else if (strcmp(arg, "--quick") == 0) {
      args->mode = kQuick;
    } else if (strcmp(arg, "--check") == 0) {
      args->mode = kCheck;
    } else if (strcmp(arg, "--only") == 0 && i + 1 < argc) {
      args->only = argv[++i];
    } else if (strcmp(arg, "--require-engine") == 0) {
      args->require_engine = 1;
    } else if (strcmp(arg, "--no-data") == 0) {
      args->data_dir = NULL;
    } else if (strcmp(arg, "--data") == 0 && i + 1 < argc) {
      args->data_dir = argv[++i];
      if (!is_directory(args->data_dir)) {
        fprintf(stderr, "qgrad-bench-ad: error: --data %s: not a directory\n",
                args->data_dir);
        return -1;
      }
    } else if (strcmp(arg, "--help") == 0) {
      usage(stdout);
      exit(0);
    } else {
      fprintf(stderr, "qgrad-bench-ad: error: unknown argument '%s'\n", arg);
      usage(stderr);
      return -1;
    }
  }
  if (!is_directory(args->data_dir))
    args->data_dir = NULL;
  return 0;
}

static BenchOptions options_for(Mode mode) {
  BenchOptions options = {1, 0.2, 3, 64};
  if (mode == kQuick) {
    options.min_batch_seconds = 0.02;
    options.repetitions = 3;
    options.fd_components = 0;
  } else if (mode == kCheck) {
    options.timing = 0;
    options.fd_components = 0;
  }
  return options;
}

/* The full run reads ADBench's file when there is one; small runs and runs
 * without the data generate the input. */
static int load_problem(const BenchObjective *objective, const Arguments *args,
                        BenchProblem *problem) {
  memset(problem, 0, sizeof *problem);
  if (args->mode == kFull && args->data_dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", args->data_dir, objective->data_file);
    return objective->load(problem, path);
  }
  objective->generate(problem, args->mode == kFull ? kBenchFull : kBenchSmall);
  return 0;
}

int main(int argc, char **argv) {
  double start = bench_wall_seconds();
  Arguments args;
  if (parse_arguments(argc, argv, &args) != 0)
    return 2;
  BenchOptions options = options_for(args.mode);
  BenchResult results[16];
  BenchProblem problems[16];
  int count = 0, failures = 0;
  for (int i = 0; i < bench_num_objectives && count < 16; ++i) {
    if (args.only && strcmp(args.only, bench_objectives[i].name) != 0)
      continue;
    if (load_problem(&bench_objectives[i], &args, &problems[count]) != 0)
      return 1;
    bench_measure(&problems[count], (short)(count + 1), &options,
                  &results[count]);
    failures += !results[count].agree;
    ++count;
  }
  if (count == 0) {
    fprintf(stderr, "qgrad-bench-ad: error: no objective named '%s'\n",
            args.only);
    return 2;
  }
  FILE *notes = args.json ? stderr : stdout;
  if (args.mode == kCheck) {
    // The comparison must be able to fail, or every check above is void.
    int broken = bench_compare_self_test(BENCH_AD_TOLERANCE);
    fprintf(notes, "comparison self-test: %s\n", broken ? "FAILED" : "ok");
    failures += broken;
  }
  if (args.mode == kCheck && !args.only) {
    if (args.data_dir)
      failures += bench_check_golden(args.data_dir, notes);
    else
      fputs("golden values skipped: no ADBench data directory\n", notes);
  }

  if (args.json)
    bench_report_json(stdout, results, count, &options,
                      bench_wall_seconds() - start);
  else
    bench_report_text(stdout, results, count, &options,
                      bench_wall_seconds() - start);
  for (int i = 0; i < count; ++i)
    if (args.require_engine && results[i].engine_unavailable) {
      fprintf(stderr, "qgrad-bench-ad: error: %s: no engine gradient: %s\n",
              results[i].name, results[i].engine_unavailable);
      ++failures;
    }
  for (int i = 0; i < count; ++i)
    if (!results[i].agree)
      fprintf(stderr,
              "qgrad-bench-ad: error: %s: the gradients disagree (see the "
              "relative differences above)\n",
              results[i].name);
  for (int i = 0; i < count; ++i)
    bench_problem_destroy(&problems[i]);
  return failures ? 1 : 0;
}
