/*===- qgrad_rt.h - C API of the qgrad quantum runtime --------------------===*\
|*                                                                            *|
|* Compiled qgrad programs call these functions to allocate qubits, apply     *|
|* gates, measure, and differentiate expectation values with the adjoint      *|
|* method. The API uses only pointers, int64_t and double.                    *|
|*                                                                            *|
|* Conventions:                                                               *|
|*  - Wire 0 is the most significant bit of an amplitude or outcome index.    *|
|*  - Gates follow PennyLane's definitions, e.g. RX(t) = exp(-i t X / 2).     *|
|*  - Complex numbers are two doubles (re, im); matrices are row-major, and   *|
|*    the first wire of a matrix is the most significant bit of its index.    *|
|*  - Every function that can fail returns an int64_t status (0 = success).  *|
|*    Errors are sticky per context: after a failure every further call on   *|
|*    that context does nothing and fails, until qgrad_rt_clear_error.        *|
|*    Functions returning a double return NaN on failure; functions returning *|
|*    a handle or outcome return -1. The runtime never aborts the process.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef QGRAD_RT_H
#define QGRAD_RT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A simulator device: one state vector, its pending gates, observables, the
 * gate tape, a random generator and the sticky error state. */
typedef struct qgrad_rt_context qgrad_rt_context;

enum { QGRAD_RT_OK = 0, QGRAD_RT_ERROR = 1 };

/* Gate ids. The names (qgrad_rt_gate_id) are PennyLane's. */
enum qgrad_rt_gate {
  QGRAD_RT_IDENTITY = 0,
  QGRAD_RT_PAULI_X,
  QGRAD_RT_PAULI_Y,
  QGRAD_RT_PAULI_Z,
  QGRAD_RT_HADAMARD,
  QGRAD_RT_S,
  QGRAD_RT_T,
  QGRAD_RT_PHASE_SHIFT,
  QGRAD_RT_RX,
  QGRAD_RT_RY,
  QGRAD_RT_RZ,
  QGRAD_RT_ROT,
  QGRAD_RT_CNOT,
  QGRAD_RT_CY,
  QGRAD_RT_CZ,
  QGRAD_RT_SWAP,
  QGRAD_RT_ISING_XX,
  QGRAD_RT_ISING_YY,
  QGRAD_RT_ISING_XY,
  QGRAD_RT_ISING_ZZ,
  QGRAD_RT_CONTROLLED_PHASE_SHIFT,
  QGRAD_RT_CRX,
  QGRAD_RT_CRY,
  QGRAD_RT_CRZ,
  QGRAD_RT_CROT,
  QGRAD_RT_CSWAP,
  QGRAD_RT_TOFFOLI,
  QGRAD_RT_MULTI_RZ,
  QGRAD_RT_QUBIT_UNITARY,
  QGRAD_RT_NUM_GATES
};

/* Named observables. */
enum qgrad_rt_named_observable {
  QGRAD_RT_OBS_IDENTITY = 0,
  QGRAD_RT_OBS_PAULI_X,
  QGRAD_RT_OBS_PAULI_Y,
  QGRAD_RT_OBS_PAULI_Z,
  QGRAD_RT_OBS_HADAMARD,
  QGRAD_RT_NUM_NAMED_OBSERVABLES
};

/* ---- Contexts and errors ------------------------------------------------ */

/* A new context with no qubits. Returns NULL only when memory is exhausted
 * (qgrad_rt_last_error(NULL) then says so). */
qgrad_rt_context *qgrad_rt_context_create(void);

/* Frees the context, its state and its observables. NULL is ignored. */
void qgrad_rt_context_destroy(qgrad_rt_context *ctx);

/* The calling thread's context, created on its first use, for programs
 * that use one device; it lives until the thread exits. Inside an iteration
 * of qgrad_rt_parallel_for it is the context that iteration runs on. */
qgrad_rt_context *qgrad_rt_default_context(void);

/* The message of the context's sticky error, or NULL when there is none.
 * With ctx == NULL: the most recent error raised on this thread by any
 * context (or by a call given a NULL context). The string stays valid until
 * the next failing call or qgrad_rt_clear_error. */
const char *qgrad_rt_last_error(const qgrad_rt_context *ctx);

/* Clears the sticky error so the context can be used again. */
void qgrad_rt_clear_error(qgrad_rt_context *ctx);

/* Lets compiled code report its own failure (e.g. a buffer of the wrong
 * size, naming the op and its location): `message` becomes the context's
 * sticky error, unless the context already failed (the first error is
 * kept). Returns QGRAD_RT_ERROR. A NULL message is reported as such. */
int64_t qgrad_rt_fail(qgrad_rt_context *ctx, const char *message);

/* Seeds the generator used by qgrad_rt_measure (default seed 0). */
int64_t qgrad_rt_seed(qgrad_rt_context *ctx, int64_t seed);

/* ---- Qubits and gates --------------------------------------------------- */

/* Replaces the state by num_qubits qubits in |0...0>, and clears the tape.
 * Fails, naming the size, when the state would not fit in memory. */
int64_t qgrad_rt_allocate(qgrad_rt_context *ctx, int64_t num_qubits);

/* The number of allocated qubits, or -1. */
int64_t qgrad_rt_num_qubits(qgrad_rt_context *ctx);

/* The gate id for a PennyLane gate name ("RX", "CNOT", ...), or -1. */
int64_t qgrad_rt_gate_id(const char *name);

/* The name of a gate id, or NULL for an invalid id. */
const char *qgrad_rt_gate_name(int64_t gate);

/* The number of wires a gate acts on; 0 when it takes any number
 * (MultiRZ, QubitUnitary); -1 for an invalid id. */
int64_t qgrad_rt_gate_num_wires(int64_t gate);

/* The number of real parameters of a gate (Rot and CRot: 3; QubitUnitary: 0,
 * its matrix is not a trainable parameter); -1 for an invalid id. */
int64_t qgrad_rt_gate_num_params(int64_t gate);

/* Applies a gate, or its inverse when adjoint != 0.
 *  params: the gate's qgrad_rt_gate_num_params angles; for QubitUnitary the
 *          2^k x 2^k unitary matrix as 2 * 4^k doubles (k = num_wires, at
 *          most 12; it must be unitary to 1e-8).
 *  wires:  num_wires distinct wires in [0, num_qubits).
 * Gates may be queued and fused; every measurement sees all of them. */
int64_t qgrad_rt_apply(qgrad_rt_context *ctx, int64_t gate,
                       const double *params, const int64_t *wires,
                       int64_t num_wires, int64_t adjoint);

/* ---- Observables -------------------------------------------------------- */
/* Observables are handles (>= 0) owned by the context; they stay valid until
 * qgrad_rt_obs_clear or the context is destroyed. Wires are checked when the
 * observable is used. */

/* A named observable (enum qgrad_rt_named_observable) on one wire. */
int64_t qgrad_rt_obs_named(qgrad_rt_context *ctx, int64_t kind, int64_t wire);

/* The named-observable id for "PauliX", "Hadamard", ..., or -1. */
int64_t qgrad_rt_obs_id(const char *name);

/* A Hermitian matrix (2^k x 2^k complex, 2 * 4^k doubles) on k wires. */
int64_t qgrad_rt_obs_hermitian(qgrad_rt_context *ctx, const double *matrix,
                               const int64_t *wires, int64_t num_wires);

/* The tensor product of observables on disjoint wires. */
int64_t qgrad_rt_obs_tensor(qgrad_rt_context *ctx, const int64_t *factors,
                            int64_t num_factors);

/* sum_i coeffs[i] * terms[i]. */
int64_t qgrad_rt_obs_hamiltonian(qgrad_rt_context *ctx, const double *coeffs,
                                 const int64_t *terms, int64_t num_terms);

/* Frees every observable of the context. */
int64_t qgrad_rt_obs_clear(qgrad_rt_context *ctx);

/* ---- Measurements -------------------------------------------------------- */

/* <psi|O|psi>. Pauli strings and sums of them never copy the state. */
double qgrad_rt_expval(qgrad_rt_context *ctx, int64_t obs);

/* <psi|O^2|psi> - <psi|O|psi>^2. */
double qgrad_rt_var(qgrad_rt_context *ctx, int64_t obs);

/* Writes the 2^num_wires probabilities of the outcomes of the given wires
 * into out (the first wire is the most significant outcome bit). wires ==
 * NULL means all wires in order. */
int64_t qgrad_rt_probs(qgrad_rt_context *ctx, const int64_t *wires,
                       int64_t num_wires, double *out);

/* Writes the 2^num_qubits amplitudes as 2 * 2^num_qubits doubles. */
int64_t qgrad_rt_state(qgrad_rt_context *ctx, double *out);

/* Draws `shots` samples of the given wires (NULL: all wires) from a generator
 * seeded with `seed`; writes shots x num_wires bits (0 or 1) row-major. The
 * same seed gives the same samples. The state is not changed. */
int64_t qgrad_rt_sample(qgrad_rt_context *ctx, const int64_t *wires,
                        int64_t num_wires, int64_t shots, int64_t seed,
                        int64_t *out);

/* Like qgrad_rt_sample, but writes 2^num_wires counts indexed by outcome. */
int64_t qgrad_rt_counts(qgrad_rt_context *ctx, const int64_t *wires,
                        int64_t num_wires, int64_t shots, int64_t seed,
                        int64_t *out);

/* Measures one wire in the computational basis and collapses the state.
 * postselect = 0 or 1 forces that outcome (an error if its probability is
 * zero); -1 draws it from the context's generator. Returns the outcome, or
 * -1 on failure. A tape that records a measurement cannot be differentiated.
 */
int64_t qgrad_rt_measure(qgrad_rt_context *ctx, int64_t wire,
                         int64_t postselect);

/* ---- Gate tape and adjoint Jacobian -------------------------------------- */

/* Starts recording the applied gates (clearing any previous tape). */
int64_t qgrad_rt_tape_start(qgrad_rt_context *ctx);

/* Stops recording. The tape is kept for qgrad_rt_adjoint_jacobian. */
int64_t qgrad_rt_tape_stop(qgrad_rt_context *ctx);

/* The number of gate parameters on the tape (Rot and CRot count 3), or -1. */
int64_t qgrad_rt_tape_num_params(qgrad_rt_context *ctx);

/* d<O_j>/d theta_p for the observables obs[0..num_obs) and every parameter
 * of the tape, in tape order, written row-major into jac (num_obs x
 * num_params doubles; num_params must equal qgrad_rt_tape_num_params). The
 * state must be the one the tape ended in. One backward sweep, with memory
 * for 1 + num_obs state vectors whatever the number of parameters. */
int64_t qgrad_rt_adjoint_jacobian(qgrad_rt_context *ctx, const int64_t *obs,
                                  int64_t num_obs, double *jac,
                                  int64_t num_params);

/* ---- Parallel loops ------------------------------------------------------ */

/* body(closure, i) for i = 0 .. n - 1, where every iteration is an
 * independent computation writing its own outputs (compiled code uses it
 * for the shifted circuit evaluations of a gradient). Iteration 0 runs on
 * the calling thread first; when the registers it allocated have fewer
 * than 14 qubits (below the kernels' own OpenMP threshold) and more than
 * one thread is configured, the others run on qgrad_rt_num_threads()
 * threads. Inside an iteration qgrad_rt_default_context() is ctx on the
 * calling thread and a worker context (of that thread, cleared of errors
 * before every iteration) on the others. Otherwise, and for a loop inside
 * an iteration, the iterations run in order on the caller, on ctx.
 * Results do not depend on the number of threads as long as each iteration
 * depends only on its inputs (no qgrad_rt_measure draws).
 * Errors: the error of the lowest failing iteration (the one a serial run
 * stops at) becomes ctx's sticky error; iterations above it may be skipped.
 * Returns QGRAD_RT_OK or QGRAD_RT_ERROR (also when ctx had failed before). */
int64_t qgrad_rt_parallel_for(qgrad_rt_context *ctx, int64_t n,
                              void (*body)(void *closure, int64_t i),
                              void *closure);

/* What iteration i of a loop writes: the `count` doubles
 * base[i * iteration_stride + e * stride], e = 0 .. count - 1 (column i of
 * a Jacobian: count rows, stride the row stride, iteration_stride the
 * column stride). */
typedef struct qgrad_rt_loop_output {
  double *base;
  int64_t count;
  int64_t stride;
  int64_t iteration_stride;
} qgrad_rt_loop_output;

/* qgrad_rt_parallel_for whose iterations write only the num_outputs
 * regions of `outputs` (and memory of their own). On a distributed ctx
 * (qgrad_rt_mpi_init) whose register has at most
 * QGRAD_RT_MPI_SPREAD_QUBITS qubits (default 20; 0 never spreads), the
 * iterations are spread over the ranks: rank r runs the r-th contiguous
 * block of them on worker contexts that hold whole registers (on
 * qgrad_rt_num_threads() threads below 14 qubits), then every rank receives
 * every iteration's outputs. Each iteration then computes what it computes
 * in one process, so the outputs are bit-identical to a one-process run
 * (below 14 qubits; from 14 the kernels' reductions follow each process's
 * thread count). The register size is that of ctx's last allocation of at
 * least one qubit (the unshifted evaluation before the loop; compiled code
 * releases a register by allocating 0); before any such allocation, and on
 * a context that is not distributed, this is
 * qgrad_rt_parallel_for. Errors: every rank gets the error of the lowest
 * failing iteration. Every rank must make the same call. */
int64_t qgrad_rt_parallel_for_outputs(qgrad_rt_context *ctx, int64_t n,
                                      void (*body)(void *closure, int64_t i),
                                      void *closure, int64_t num_outputs,
                                      const qgrad_rt_loop_output *outputs);

/* The number of threads qgrad_rt_parallel_for uses: the last
 * qgrad_rt_set_num_threads(n > 0), else omp_get_max_threads()
 * (OMP_NUM_THREADS, or the number of cores). */
int64_t qgrad_rt_num_threads(void);

/* Sets that number for every thread; 0 restores the default; 1 runs every
 * loop serially. */
void qgrad_rt_set_num_threads(int64_t threads);

/* ---- Distributed contexts (MPI) ------------------------------------------ */
/* A distributed context splits each register over the ranks of
 * MPI_COMM_WORLD (a power of two of them; registers of fewer than
 * log2(ranks) + 4 qubits are simulated whole on every rank). Every rank runs
 * the same program and makes the same calls; every rank gets every result
 * (expval, probs, samples, the gathered state, Jacobians). See
 * docs/runtime.md, "Distribution". */

/* 1 when the runtime was built with MPI, else 0. */
int64_t qgrad_rt_mpi_available(void);

/* Initialises MPI unless the program did (MPI_Finalize then runs at exit)
 * and makes the calling thread's qgrad_rt_default_context() distributed. Fails (with
 * qgrad_rt_last_error(NULL)) when the runtime has no MPI or the number of
 * ranks is not a power of two. The first qgrad_rt_default_context() of the
 * process (the main thread's) does this by itself when the environment
 * variable QGRAD_RT_MPI is 1 and the process was started by mpirun. Worker
 * contexts of qgrad_rt_parallel_for are never distributed. */
int64_t qgrad_rt_mpi_init(void);

/* A new distributed context (initialising MPI if needed), or NULL on
 * failure (qgrad_rt_last_error(NULL) says why). */
qgrad_rt_context *qgrad_rt_context_create_distributed(void);

/* This process's rank and the number of ranks: 0 and 1 when MPI is not
 * initialised. */
int64_t qgrad_rt_mpi_rank(void);
int64_t qgrad_rt_mpi_size(void);

/* The number of ranks the context's register is split over: 1 when it is
 * held whole (no register, a context that is not distributed, or a register
 * too small to split); -1 on failure. */
int64_t qgrad_rt_num_ranks(qgrad_rt_context *ctx);

#ifdef __cplusplus
}
#endif

#endif /* QGRAD_RT_H */
