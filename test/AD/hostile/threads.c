// Hostile C: threads created and joined inside the differentiated function
// (docs/ad-coverage.md, "Hostile C").
//
// Differentiated at every level, in both modes: a thread that sees no active
// data (it counts calls in an integer) runs as it is. Refused at every level,
// in both modes, naming pthread_create: a worker that computes an active
// value from a job record holding the input (an active argument), and a
// worker that reads and writes active globals, handed no argument at all.
// Before the fix the second was run as it is and its gradient was silently
// 0 at every level.
//
// RUN: %clang -g -O0 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm -lpthread && timeout 60 %t0 | FileCheck %s
// RUN: %clang -g -O1 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm -lpthread && timeout 60 %t1 | FileCheck %s
// RUN: %clang -g -O2 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm -lpthread && timeout 60 %t2 | FileCheck %s
// RUN: %clang -g -O3 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm -lpthread && timeout 60 %t3 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tq -lm -lpthread && timeout 60 %tq | FileCheck %s
// RUN: %clang -g -O0 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf0 -lm -lpthread && timeout 60 %tf0 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O1 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf1 -lm -lpthread && timeout 60 %tf1 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O2 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf2 -lm -lpthread && timeout 60 %tf2 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O3 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf3 -lm -lpthread && timeout 60 %tf3 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DQGRAD_CHECK_FORWARD -I%qgrad_include -S -emit-llvm %s -o %tf.ll
// RUN: qgrad-ad %tf.ll -o %tf.ad.ll && %clang %tf.ad.ll -o %tfq -lm -lpthread && timeout 60 %tfq | FileCheck %s --check-prefix=FORWARD
//
// RUN: not %clang -g -O0 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O1 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O2 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O3 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DREFUSED -I%qgrad_include -S -emit-llvm %s -o %tr.ll
// RUN: not qgrad-ad %tr.ll -o %tr.ad.ll 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O0 -DREFUSED -DFORWARD_REFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O2 -DREFUSED -DFORWARD_REFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

#include <pthread.h>

static int calls;
static void *count_call(void *arg) {
  (void)arg;
  __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED);
  return NULL;
}

// x^2 sin(x), with a bookkeeping thread on the side.
static double with_bookkeeping(double x) {
  pthread_t t;
  pthread_create(&t, NULL, count_call, NULL);
  double y = x * x * sin(x);
  pthread_join(t, NULL);
  return y;
}

#ifdef REFUSED
typedef struct {
  double in, out;
} Job;

static void *work(void *arg) {
  Job *job = arg;
  job->out = sin(job->in) * job->in;
  return NULL;
}

static double job_record(double x) {
  Job job = {2.0 * x, 0};
  pthread_t t;
  // REFUSE-DAG: threads.c:[[@LINE+1]]:3: in function 'job_record': call to unknown external function 'pthread_create' with an active argument
  pthread_create(&t, NULL, work, &job);
  pthread_join(t, NULL);
  return job.out + x;
}

static double input, output;
static void *global_work(void *arg) {
  (void)arg;
  output = input * input;
  return NULL;
}

static double through_globals(double x) {
  input = 3.0 * x;
  pthread_t t;
  // REFUSE-DAG: threads.c:[[@LINE+1]]:3: in function 'through_globals': call to unknown external function 'pthread_create', which may run 'global_work', a function that reads or writes an active global; the engine cannot differentiate what it runs
  pthread_create(&t, NULL, global_work, NULL);
  pthread_join(t, NULL);
  return output;
}
// REFUSE-DAG: instruction: {{.*}}call i32 @pthread_create(ptr {{.*}}, ptr {{.*}}@work, ptr
// REFUSE-DAG: instruction: {{.*}}call i32 @pthread_create(ptr {{.*}}, ptr {{.*}}@global_work, ptr
// REFUSE-DAG: note: call 'global_work' directly in the differentiated code, or keep active data out of the globals it uses
#endif

int main(void) {
  QgradCheckReport report = qgrad_report_start("threads");
  double x = qgrad_opaque(0.7);
  qgrad_expect_unary(&report, "with_bookkeeping", with_bookkeeping, x,
                     __enzyme_autodiff((void *)with_bookkeeping, x),
                     2.0 * x * sin(x) + x * x * cos(x),
                     qgrad_double_tolerances());
  qgrad_expect_near(&report, "threads ran", calls > 0, 1, 0);
#ifdef REFUSED
  printf("%g %g\n", __enzyme_autodiff((void *)job_record, x),
         __enzyme_autodiff((void *)through_globals, x));
#ifdef FORWARD_REFUSED
  printf("%g %g\n", __enzyme_fwddiff((void *)job_record, x, 1.0),
         __enzyme_fwddiff((void *)through_globals, x, 1.0));
#endif
#endif
  return qgrad_report_finish(&report);
}

// CHECK: threads: PASS: 0 of 4 checks failed (AD vs analytic vs finite differences)
// FORWARD: threads: PASS: 0 of 5 checks failed (AD vs analytic vs finite differences, and forward mode)
