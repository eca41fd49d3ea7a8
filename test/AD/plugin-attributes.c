// Enzyme's attributes, recognised by the plugin's clang part whichever way
// clang loads it, at every optimisation level, in C and C++, and through
// qgrad-ad on IR that clang annotated. Each inactive function's body is
// differentiable (x * x): differentiated by mistake, the gradient is wrong.
// The finite differences are of each objective with its inactive parts held
// at their values at the point, which is what "inactive" means.
// RUN: %clang -std=c2x -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0
// RUN: %clang -std=c2x -O1 -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1
// RUN: %clang -std=c2x -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2
// RUN: %clang -std=c2x -O3 -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm && %t3
// Enzyme's command line: -fplugin alone adds the AD passes.
// RUN: %clang -std=c2x -O0 -I%qgrad_include -fplugin=%plugin %s -o %tp0 -lm && %tp0
// RUN: %clang -std=c2x -O2 -I%qgrad_include -fplugin=%plugin %s -o %tp2 -lm && %tp2
// RUN: %clang -std=c2x -O2 -I%qgrad_include -fplugin=%plugin -fpass-plugin=%plugin %s -o %tpp -lm && %tpp
// RUN: %clang -x c++ -std=c++20 -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %tcxx -lm && %tcxx
// The clang part alone annotates; qgrad-ad differentiates the IR.
// RUN: %clang -std=c2x -O0 -Xclang -disable-O0-optnone -I%qgrad_include -fplugin=%qgrad_lib/QgradADClang.so -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tad -lm && %tad
// No warning: every spelling is known.
// RUN: %clang -std=c2x -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o /dev/null 2>&1 | count 0
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

__attribute__((enzyme_inactive)) double square_gnu(double x) { return x * x; }
[[enzyme::inactive]] double square_scoped(double x) { return x * x; }
[[enzyme_inactive]] double square_plain(double x) { return x * x; }
__attribute__((enzyme_inactive_noblock)) double square_noblock(double x) {
  return x * x;
}
__attribute__((annotate("enzyme_inactive"))) double square_annotated(double x) {
  return x * x;
}
// A hint: accepted, no effect on the derivative.
__attribute__((enzyme_nofree)) double cube(double x) { return x * x * x; }

// Behaves like exp; its body (through a volatile pointer) could not be
// differentiated, so only the attribute makes the gradient possible.
static double (*volatile hidden_exp)(double) = exp;
__attribute__((enzyme_function_like("exp"), noinline)) double my_exp(double x) {
  return hidden_exp(x);
}

// A global scratch cell registered inactive: what goes through it carries
// no derivative.
__attribute__((enzyme_inactive)) double scratch;

static double frozen; // the inactive parts' value at the point

static double inactive_calls(double x) {
  return x * (square_gnu(x) + square_scoped(x) + square_plain(x) +
              square_noblock(x) + square_annotated(x));
}
static double inactive_calls_frozen(double x) { return x * frozen; }

static double through_scratch(double x) {
  scratch = x * x;
  return x * scratch + cube(x);
}
static double through_scratch_frozen(double x) {
  return x * frozen + x * x * x;
}

static double like_exp(double x) { return my_exp(2.0 * x) * x; }

int main(void) {
  QgradCheckReport report = qgrad_report_start("plugin-attributes");
  double x = qgrad_opaque(1.5);

  frozen = 5.0 * x * x;
  double ad = __enzyme_autodiff((void *)inactive_calls, x);
  qgrad_expect_unary(&report, "inactive functions", inactive_calls_frozen, x,
                     ad, frozen, qgrad_double_tolerances());

  frozen = x * x;
  ad = __enzyme_autodiff((void *)through_scratch, x);
  qgrad_expect_unary(&report, "inactive global", through_scratch_frozen, x, ad,
                     frozen + 3.0 * x * x, qgrad_double_tolerances());

  ad = __enzyme_autodiff((void *)like_exp, x);
  qgrad_expect_unary(&report, "function_like exp", like_exp, x, ad,
                     exp(2.0 * x) * (2.0 * x + 1.0),
                     qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
