#!/usr/bin/env python3
"""Oracle tier: random circuits on qgrad's runtime against PennyLane and Qulacs.

Drives libqgrad_rt.so through ctypes. PennyLane (default.qubit) is the oracle
for gate definitions, states, probabilities, expectation values and the
Jacobian (by backpropagation); Qulacs, fed PennyLane's gate matrices, is an
independent simulator for the states. Everything must agree to 1e-12.

Exits 77 (ctest's skip code) when neither oracle is importable.
"""
import argparse
import ctypes
import sys
import warnings

SKIP = 77
TOL = 1e-12

# autograd warns when it drops the zero imaginary part of a real expectation.
warnings.simplefilter("ignore")

try:
    import numpy as np
except ImportError:
    print("SKIP: numpy is not importable")
    sys.exit(SKIP)
try:
    import pennylane as qml
    from pennylane import numpy as pnp
except ImportError:
    qml = None
try:
    import qulacs
except ImportError:
    qulacs = None

# name -> (wires, params); 0 wires = any number.
GATES = {
    "Identity": (1, 0), "PauliX": (1, 0), "PauliY": (1, 0), "PauliZ": (1, 0),
    "Hadamard": (1, 0), "S": (1, 0), "T": (1, 0), "PhaseShift": (1, 1),
    "RX": (1, 1), "RY": (1, 1), "RZ": (1, 1), "Rot": (1, 3), "CNOT": (2, 0),
    "CY": (2, 0), "CZ": (2, 0), "SWAP": (2, 0), "IsingXX": (2, 1),
    "IsingYY": (2, 1), "IsingXY": (2, 1), "IsingZZ": (2, 1),
    "ControlledPhaseShift": (2, 1), "CRX": (2, 1), "CRY": (2, 1),
    "CRZ": (2, 1), "CRot": (2, 3), "CSWAP": (3, 0), "Toffoli": (3, 0),
    "MultiRZ": (0, 1), "QubitUnitary": (0, 0),
}


class Runtime:
    """The C API of libqgrad_rt.so."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        i64, dbl, ptr = ctypes.c_int64, ctypes.c_double, ctypes.c_void_p
        p_i64 = ctypes.POINTER(i64)
        p_dbl = ctypes.POINTER(dbl)
        sig = {
            "qgrad_rt_context_create": (ptr, []),
            "qgrad_rt_context_destroy": (None, [ptr]),
            "qgrad_rt_last_error": (ctypes.c_char_p, [ptr]),
            "qgrad_rt_allocate": (i64, [ptr, i64]),
            "qgrad_rt_gate_id": (i64, [ctypes.c_char_p]),
            "qgrad_rt_apply": (i64, [ptr, i64, p_dbl, p_i64, i64, i64]),
            "qgrad_rt_obs_named": (i64, [ptr, i64, i64]),
            "qgrad_rt_obs_tensor": (i64, [ptr, p_i64, i64]),
            "qgrad_rt_obs_hamiltonian": (i64, [ptr, p_dbl, p_i64, i64]),
            "qgrad_rt_expval": (dbl, [ptr, i64]),
            "qgrad_rt_var": (dbl, [ptr, i64]),
            "qgrad_rt_probs": (i64, [ptr, p_i64, i64, p_dbl]),
            "qgrad_rt_state": (i64, [ptr, p_dbl]),
            "qgrad_rt_tape_start": (i64, [ptr]),
            "qgrad_rt_tape_stop": (i64, [ptr]),
            "qgrad_rt_tape_num_params": (i64, [ptr]),
            "qgrad_rt_adjoint_jacobian": (i64, [ptr, p_i64, i64, p_dbl, i64]),
        }
        for name, (res, args) in sig.items():
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = res, args
        self.lib = lib

    def __getattr__(self, name):
        return getattr(self.lib, "qgrad_rt_" + name)


def doubles(values):
    arr = np.ascontiguousarray(values, dtype=np.float64)
    return arr, arr.ctypes.data_as(ctypes.POINTER(ctypes.c_double))


def int64s(values):
    arr = np.ascontiguousarray(values, dtype=np.int64)
    return arr, arr.ctypes.data_as(ctypes.POINTER(ctypes.c_int64))


def random_unitary(dim, rng):
    z = rng.normal(size=(dim, dim)) + 1j * rng.normal(size=(dim, dim))
    q, r = np.linalg.qr(z)
    return q * (np.diag(r) / np.abs(np.diag(r)))


def random_circuit(n, length, rng):
    circuit = []
    names = sorted(GATES)
    while len(circuit) < length:
        name = names[rng.integers(len(names))]
        k, num_params = GATES[name]
        if name == "MultiRZ":
            k = int(rng.integers(1, n + 1))
        if name == "QubitUnitary":
            k = int(rng.integers(1, min(n, 3) + 1))
        if k > n:
            continue
        wires = [int(w) for w in rng.permutation(n)[:k]]
        params = list(rng.uniform(-np.pi, np.pi, num_params))
        matrix = random_unitary(2 ** k, rng) if name == "QubitUnitary" else None
        circuit.append((name, params, wires, bool(rng.integers(2)), matrix))
    return circuit


def random_pauli_words(n, rng, count):
    words = []
    for _ in range(count):
        word = {}
        for w in rng.permutation(n)[: int(rng.integers(1, n + 1))]:
            word[int(w)] = "XYZ"[rng.integers(3)]
        words.append((float(rng.normal()), word))
    return words


def run_ours(rt, n, circuit, words, probe_wires):
    ctx = rt.context_create()
    try:
        assert rt.allocate(ctx, n) == 0
        rt.tape_start(ctx)
        for name, params, wires, adjoint, matrix in circuit:
            if matrix is not None:
                params = np.stack([matrix.real, matrix.imag], -1).ravel()
            p_arr, p_ptr = doubles(params if len(params) else [0.0])
            w_arr, w_ptr = int64s(wires)
            gate = rt.gate_id(name.encode())
            if rt.apply(ctx, gate, p_ptr, w_ptr, len(wires), int(adjoint)):
                raise RuntimeError(rt.last_error(ctx).decode())
        rt.tape_stop(ctx)
        terms = []
        for _, word in words:
            factors = [rt.obs_named(ctx, " XYZ".index(p), w)
                       for w, p in sorted(word.items())]
            f_arr, f_ptr = int64s(factors)
            terms.append(rt.obs_tensor(ctx, f_ptr, len(factors)))
        c_arr, c_ptr = doubles([c for c, _ in words])
        t_arr, t_ptr = int64s(terms)
        ham = rt.obs_hamiltonian(ctx, c_ptr, t_ptr, len(terms))
        state = np.zeros(2 * 2 ** n)
        s_ptr = state.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
        rt.state(ctx, s_ptr)
        probs = np.zeros(2 ** len(probe_wires))
        pw_arr, pw_ptr = int64s(probe_wires)
        rt.probs(ctx, pw_ptr, len(probe_wires),
                 probs.ctypes.data_as(ctypes.POINTER(ctypes.c_double)))
        expval, var = rt.expval(ctx, ham), rt.var(ctx, ham)
        num_params = rt.tape_num_params(ctx)
        jac = np.zeros(max(num_params, 1))
        h_arr, h_ptr = int64s([ham])
        if rt.adjoint_jacobian(ctx, h_ptr, 1, jac.ctypes.data_as(
                ctypes.POINTER(ctypes.c_double)), num_params):
            raise RuntimeError(rt.last_error(ctx).decode())
        return (state[0::2] + 1j * state[1::2], probs, expval, var,
                jac[:num_params])
    finally:
        rt.context_destroy(ctx)


def pl_op(name, params, wires, adjoint, matrix):
    if matrix is not None:
        op = qml.QubitUnitary(matrix, wires=wires)
    else:
        op = getattr(qml, name)(*params, wires=wires)
    return qml.adjoint(op) if adjoint else op


def pennylane_reference(n, circuit, words, probe_wires):
    dev = qml.device("default.qubit", wires=n)
    ham = qml.Hamiltonian(
        [c for c, _ in words],
        [qml.prod(*[getattr(qml, "Pauli" + p)(w) for w, p in sorted(wd.items())])
         for _, wd in words])
    counts = [len(p) if m is None else 0 for _, p, _, _, m in circuit]

    def ops(flat):
        k = 0
        for (name, params, wires, adjoint, matrix), c in zip(circuit, counts):
            pl_op(name, [flat[k + i] for i in range(c)] if c else params,
                  wires, adjoint, matrix)
            k += c

    @qml.qnode(dev)
    def state():
        ops([p for (_, ps, _, _, m), c in zip(circuit, counts) for p in ps[:c]])
        return qml.state()

    @qml.qnode(dev)
    def measured():
        ops([p for (_, ps, _, _, m), c in zip(circuit, counts) for p in ps[:c]])
        return qml.probs(wires=probe_wires), qml.expval(ham), qml.var(ham)

    @qml.qnode(dev, diff_method="backprop", interface="autograd")
    def energy(flat):
        ops(flat)
        return qml.expval(ham)

    flat = pnp.array([p for (_, ps, _, _, m), c in zip(circuit, counts)
                      for p in ps[:c]], requires_grad=True)
    probs, expval, var = measured()
    jac = qml.jacobian(energy)(flat) if len(flat) else np.zeros(0)
    return np.asarray(state()), np.asarray(probs), float(expval), float(var), \
        np.asarray(jac)


def qulacs_state(n, circuit):
    state = qulacs.QuantumState(n)
    state.set_zero_state()
    for name, params, wires, adjoint, matrix in circuit:
        if matrix is None:
            matrix = qml.matrix(getattr(qml, name)(*params, wires=wires))
        if adjoint:
            matrix = matrix.conj().T
        targets = [n - 1 - w for w in reversed(wires)]
        qulacs.gate.DenseMatrix(targets, np.asarray(matrix)).update_quantum_state(
            state)
    return state.get_vector()


def check(label, ours, reference, failures):
    err = float(np.max(np.abs(np.asarray(ours) - np.asarray(reference)))) \
        if np.size(reference) else 0.0
    if err > TOL:
        failures.append(f"{label}: max difference {err:.3e}")
    return err


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lib", required=True)
    parser.add_argument("--circuits", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if qml is None and qulacs is None:
        print("SKIP: neither pennylane nor qulacs is importable")
        return SKIP
    if qml is None:
        print("SKIP: qulacs needs pennylane for the gate matrices")
        return SKIP
    rt = Runtime(args.lib)
    rng = np.random.default_rng(args.seed)
    failures, worst = [], 0.0
    for index in range(args.circuits):
        n = int(rng.integers(3, 6))
        circuit = random_circuit(n, 25, rng)
        words = random_pauli_words(n, rng, 3)
        probe = [int(w) for w in rng.permutation(n)[: int(rng.integers(1, n + 1))]]
        ours = run_ours(rt, n, circuit, words, probe)
        ref = pennylane_reference(n, circuit, words, probe)
        for label, a, b in zip(["state", "probs", "expval", "var", "jacobian"],
                               ours, ref):
            worst = max(worst, check(f"circuit {index} {label} vs PennyLane",
                                     a, b, failures))
        if qulacs is not None:
            worst = max(worst, check(f"circuit {index} state vs Qulacs",
                                     ours[0], qulacs_state(n, circuit), failures))
    oracles = "PennyLane" + (" and Qulacs" if qulacs is not None else "")
    print(f"{args.circuits} random circuits against {oracles}: "
          f"worst difference {worst:.3e} (tolerance {TOL:g})")
    for f in failures[:20]:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
