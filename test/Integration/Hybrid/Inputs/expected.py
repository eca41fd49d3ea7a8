#!/usr/bin/env python3
"""The values the CHECK lines of test/Integration/Hybrid expect, from the
closed forms written in each program's header (plain math, no simulator and
no qgrad output). Run it to print, per program, the digits to check: the
value truncated to 13 significant digits, or fewer when a rounding error of
1e-13 (relative) could change the last digit."""
from math import cos, sin, exp, sqrt, tanh, pi

PROGRAMS = {}

def program(fn):
    PROGRAMS[fn.__name__] = fn
    return fn

def prefix(v, most=13, least=10):
    """The leading characters of v as qgrad prints it (%#.17g) that no error
    below 1e-13 * max(1, |v|) changes, cut to at most `most` significant
    digits; fails when fewer than `least` digits are stable."""
    tol = 1e-13 * max(1.0, abs(v))
    texts = ["%#.17g" % w for w in (v - tol, v, v + tol)]
    common = texts[1]
    for t in texts:
        n = 0
        while n < min(len(t), len(common)) and t[n] == common[n]:
            n += 1
        common = common[:n]
    out, significant = "", 0
    for ch in common:
        if ch.isdigit() and (significant or ch != "0"):
            if significant == most:
                break
            significant += 1
        out += ch
    if significant < least:
        raise ValueError("only %d stable digits in %r" % (significant, v))
    return out

@program
def ps_rx2x_rysin(x=0.5):
    return [-2 * sin(2 * x) * cos(sin(x)) - cos(2 * x) * sin(sin(x)) * cos(x)]

@program
def ps_cos_of_expval(x=0.5):
    e = cos(2 * x) * cos(sin(x))
    return [-sin(e) * ps_rx2x_rysin(x)[0]]

@program
def adjoint_rx_y(x=0.9):
    return [-cos(x)]

@program
def probs_ry(p=0.8):
    return [-sin(p) / 2, sin(p) / 2]

@program
def loop_runtime_n(x=0.3, n=4):
    k = 1.5 * n * (n - 1) / 2
    return [-k * sin(k * x)]

@program
def two_qnodes_methods(x=0.6):
    return [-sin(x) * sin(2 * x) + 2 * cos(x) * cos(2 * x)]

@program
def tensor_argmap(v=(0.4, 0.3, 1.1)):
    # <Z0> after RX(a) RZ(c) RY(b), a = v0, b = 2 v1, c = v2:
    # cos a cos b - sin a sin b sin c
    a, b, c = v[0], 2 * v[1], v[2]
    return [-sin(a) * cos(b) - cos(a) * sin(b) * sin(c),
            2 * (-cos(a) * sin(b) - sin(a) * cos(b) * sin(c)),
            -sin(a) * sin(b) * cos(c)]

@program
def diff_arg_indices(x=0.4, y=1.3):
    # cos x cos y: both partials, then d/dy alone
    return [-sin(x) * cos(y), -cos(x) * sin(y), -cos(x) * sin(y)]

@program
def value_and_grad(x=0.35):
    # cos^2 x and its derivative -sin 2x
    return [cos(x) ** 2, -sin(2 * x)]

@program
def jvp(v=(0.7, -0.2), t=(1.5, 0.5)):
    # f = cos v0 cos v1, f' . t
    return [cos(v[0]) * cos(v[1]),
            -sin(v[0]) * cos(v[1]) * t[0] - cos(v[0]) * sin(v[1]) * t[1]]

@program
def vjp(x=1.1, c=(0.5, -2.0)):
    # (cos x, -sin x) and c0 (-sin x) + c1 (-cos x)
    return [cos(x), -sin(x), -c[0] * sin(x) - c[1] * cos(x)]

@program
def fd_method(x=0.55):
    # <X0> after RY(x) RZ(x) = sin x cos x; derivative cos 2x (twice)
    return [cos(2 * x), cos(2 * x)]

@program
def hermitian(x=0.8):
    # RX(x)|0> = (c, -i s); H = [[1.5, 0.3 - 0.4i], [0.3 + 0.4i, -0.5]]:
    # <H> = 0.5 + cos x + 2 c s Im(H01) = 0.5 + cos x - 0.4 sin x
    return [-sin(x) - 0.4 * cos(x)]

@program
def tensor_obs(x=0.3, y=0.9):
    # RX(x) (x) RX(y), CNOT(0, 1), <X0 Z1> = -sin x sin y
    return [-cos(x) * sin(y), -sin(x) * cos(y)]

@program
def hamiltonian_2q(x=0.5, y=-0.8):
    # RY(x) (x) RY(y), CNOT: <0.4 Z0 - 0.7 Z1 + 0.25 X0 X1>
    #   = 0.4 cos x - 0.7 cos x cos y + 0.25 sin x
    return [-0.4 * sin(x) + 0.7 * sin(x) * cos(y) + 0.25 * cos(x),
            0.7 * cos(x) * sin(y)]

@program
def vqe_4q(t=(0.3, -0.6, 1.2, 0.45)):
    # RY(t_k) on wire k, CNOT ladder 0-1-2-3, H = 0.5 Z0 + 0.3 Z0 Z1 - 0.2 Z3 + 0.8 X3:
    # E = 0.5 c0 + 0.3 c1 - 0.2 c0 c1 c2 c3 + 0.8 s3
    c = [cos(a) for a in t]
    s = [sin(a) for a in t]
    prod = c[0] * c[1] * c[2] * c[3]
    return [-0.5 * s[0] + 0.2 * s[0] * c[1] * c[2] * c[3],
            -0.3 * s[1] + 0.2 * c[0] * s[1] * c[2] * c[3],
            0.2 * c[0] * c[1] * s[2] * c[3],
            0.2 * c[0] * c[1] * c[2] * s[3] + 0.8 * c[3]]

@program
def probs_2q(x=0.6, y=1.4):
    # RY(x) on 0, CNOT, RY(y) on 1; probs [cx^2 cy^2, cx^2 sy^2, sx^2 sy^2, sx^2 cy^2]
    # with cx = cos(x/2) etc.; Jacobian rows (d/dx, d/dy), row-major 4x2
    cx, sx, cy, sy = cos(x / 2) ** 2, sin(x / 2) ** 2, cos(y / 2) ** 2, sin(y / 2) ** 2
    dx, dy = sin(x) / 2, sin(y) / 2
    return [-dx * cy, -cx * dy, -dx * sy, cx * dy,
            dx * sy, sx * dy, dx * cy, -sx * dy]

@program
def crx(x=0.7):
    # RY(x) on 0, CRX(2x) on (0, 1), <Z1> = cos^2(x/2) + sin^2(x/2) cos 2x
    return [-sin(x) / 2 + sin(x) / 2 * cos(2 * x) - 2 * sin(x / 2) ** 2 * sin(2 * x)]

@program
def cry(x=0.9, y=2.1):
    # RY(y) on 0, CRY(x) on (0, 1), <X1> = sin^2(y/2) sin x
    return [sin(y / 2) ** 2 * cos(x), sin(y) / 2 * sin(x)]

@program
def crz(x=1.3):
    # RY(2.0) on 0, H on 1, CRZ(x): <X1> = cos^2(1) + sin^2(1) cos x
    return [-sin(1.0) ** 2 * sin(x)]

@program
def crot(v=(0.3, 1.1, -0.7)):
    # RY(1.1) on 0, H on 1, CRot(phi, theta, omega):
    # <X1> = cos^2(0.55) + sin^2(0.55) (cos phi cos theta cos omega - sin phi sin omega)
    p, t, w = v
    k = sin(0.55) ** 2
    return [k * (-sin(p) * cos(t) * cos(w) - cos(p) * sin(w)),
            k * (-cos(p) * sin(t) * cos(w)),
            k * (-cos(p) * cos(t) * sin(w) - sin(p) * cos(w))]

@program
def rot(p=0.4, t=-0.9, w=1.7):
    # H, Rot(phi, theta, omega): <X0> = cos phi cos theta cos omega - sin phi sin omega
    return [-sin(p) * cos(t) * cos(w) - cos(p) * sin(w),
            -cos(p) * sin(t) * cos(w),
            -cos(p) * cos(t) * sin(w) - sin(p) * cos(w)]

@program
def ising_xx(x=0.6):
    # RY(0.7) on 0, RX(0.4) on 1, IsingXX(x): <Z1> = cos x cos 0.4 - sin x sin 0.7 sin 0.4
    return [-sin(x) * cos(0.4) - cos(x) * sin(0.7) * sin(0.4)]

@program
def ising_yy(x=0.6):
    # RX(0.7) on 0, RY(0.4) on 1, IsingYY(x): <Z1> = cos x cos 0.4 + sin x sin 0.7 sin 0.4
    return [-sin(x) * cos(0.4) + cos(x) * sin(0.7) * sin(0.4)]

@program
def ising_zz(x=0.6):
    # RY(0.7) on 0, H then PhaseShift(0.4) on 1, IsingZZ(x):
    # <X1> = cos x cos 0.4 - sin x cos 0.7 sin 0.4
    return [-sin(x) * cos(0.4) - cos(x) * cos(0.7) * sin(0.4)]

@program
def ising_xy(x=0.6):
    # RY(0.9) on 0, IsingXY(x): <Z1> = cos^2(0.45) + sin^2(0.45) cos x
    return [-sin(0.45) ** 2 * sin(x)]

@program
def multirz(x=0.5, y=0.8):
    # H on 0, RY(y) on 1, RY(0.3) on 2, MultiRZ(x) on all: <Y0> = sin x cos y cos 0.3
    return [cos(x) * cos(y) * cos(0.3), -sin(x) * sin(y) * cos(0.3)]

@program
def phaseshift(x=0.25):
    # H, PhaseShift(x): (<X0>, <Y0>) = (cos x, sin x)
    return [-sin(x), cos(x)]

@program
def controlled_phaseshift(x=1.2, y=0.5):
    # RY(y) on 0, H on 1, ControlledPhaseShift(x): <Y1> = sin^2(y/2) sin x
    return [sin(y / 2) ** 2 * cos(x), sin(y) / 2 * sin(x)]

@program
def scf_if_qnode_positive(x=0.7):
    # x > 0: RX(x), <Z0> = cos x
    return [-sin(x)]

@program
def scf_if_qnode_negative(x=-0.4):
    # x <= 0: RY(2x), <Z0> = cos 2x
    return [-2 * sin(2 * x)]

@program
def preprocess_tensors(w=(0.5, -0.3, 1.2), x=0.8):
    # angles t0 = w0 x + w1, t1 = sin(w2 x); loss cos t0 cos t1
    t0, t1 = w[0] * x + w[1], sin(w[2] * x)
    d0, d1 = -sin(t0) * cos(t1), -cos(t0) * sin(t1)
    c = cos(w[2] * x)
    return [d0 * x, d0, d1 * c * x, d0 * w[0] + d1 * c * w[2]]

@program
def postprocess_expvals(x=0.9, y=0.4):
    # e0 = cos x, e1 = sin x, e2 = cos y; L = e0^2 + e1 e2 + exp(e2)
    return [-sin(2 * x) + cos(x) * cos(y),
            -sin(x) * sin(y) - sin(y) * exp(cos(y))]

@program
def classical_loop(x=0.8, n=7):
    # sum_{k=1}^{n} sin(k x) / k + tanh(x) sqrt(x)
    dirichlet = sin(n * x / 2) * cos((n + 1) * x / 2) / sin(x / 2)
    t = tanh(x)
    return [dirichlet + (1 - t * t) * sqrt(x) + t / (2 * sqrt(x))]

@program
def classical_while(x=2.0):
    # Newton's iteration for sqrt(x); derivative 1 / (2 sqrt x)
    return [1 / (2 * sqrt(x))]

@program
def qnode_loop_calls(x=0.3):
    # sum_{k=1}^{3} cos(k x)
    return [-sum(k * sin(k * x) for k in (1, 2, 3))]

@program
def best_method(x=0.65):
    # probs[1] of RY(x) = sin^2(x/2) (parameter shift) times <Z0> of RX(x) = cos x (adjoint)
    return [sin(x) / 2 * cos(x) - sin(x / 2) ** 2 * sin(x)]

@program
def classical_jvp_vjp(v=(0.6, -1.5, 0.9), t=(1.3, 0.7, -0.4), c=(0.7, -1.1)):
    # f(v) = [sin(v0) v1, v2 exp(v0)];
    # J = [[cos(v0) v1, sin v0, 0], [v2 exp(v0), 0, exp(v0)]]
    J = [[cos(v[0]) * v[1], sin(v[0]), 0.0], [v[2] * exp(v[0]), 0.0, exp(v[0])]]
    jvp = [sum(J[i][j] * t[j] for j in range(3)) for i in range(2)]
    vjp = [sum(c[i] * J[i][j] for i in range(2)) for j in range(3)]
    return jvp + vjp

@program
def fd_of_grad(x=0.4):
    # the exact first derivative of cos x (the second, -cos x, is checked to 1e-6)
    return [-sin(x)]

@program
def dynamic_register(x=0.4, ns=(3, 5)):
    # d/dx prod_{k<n} cos((k + 1) x), for each n of the RUN lines
    out = []
    for n in ns:
        total = 0.0
        for j in range(n):
            term = -(j + 1) * sin((j + 1) * x)
            for k in range(n):
                if k != j:
                    term *= cos((k + 1) * x)
            total += term
        out.append(total)
    return out

@program
def while_qnode(x=0.25, n=3):
    # RX((i + 1) x) for i < n: cos(k x), k = n (n + 1) / 2
    k = n * (n + 1) / 2
    return [-k * sin(k * x)]

def _hamiltonian_terms(x):
    # Inputs/hamiltonian_terms.mlir: (A, B, C, D) and d/d(p, q, b)
    p, q, b = x
    sp, cp, sq, cq, sb, cb = sin(p), cos(p), sin(q), cos(q), sin(b), cos(b)
    values = [cp * cq, -cp * sq * sb, -cp * cq * sb, cp * cq * cb]
    slopes = [[-sp * cq, -cp * sq, 0.0],
              [sp * sq * sb, -cp * cq * sb, -cp * sq * cb],
              [sp * cq * sb, cp * sq * sb, -cp * cq * cb],
              [-sp * cq * cb, -cp * sq * cb, -cp * cq * sb]]
    return values, slopes

def _hamiltonian_energy(x, w):
    # E = sum c_i T_i with c = 2 w + sin(w): (E, dE/dx, dE/dw)
    t, dt = _hamiltonian_terms(x)
    c = [2 * v + sin(v) for v in w]
    e = sum(c[i] * t[i] for i in range(3))
    gx = [sum(c[i] * dt[i][j] for i in range(3)) for j in range(3)]
    gw = [(2 + cos(w[i])) * t[i] for i in range(3)]
    return e, gx, gw

@program
def hamiltonian_coeffs_grad(x=(0.4, -0.9, 1.3), w=(0.3, -0.5, 0.8)):
    _, gx, gw = _hamiltonian_energy(x, w)
    return gx + gw

@program
def hamiltonian_coeffs_loss(x=(0.4, -0.9, 1.3), w=(0.3, -0.5, 0.8)):
    # value_and_grad of cos(E): the value, then -sin(E) dE
    e, gx, gw = _hamiltonian_energy(x, w)
    return [cos(e)] + [-sin(e) * g for g in gx + gw]

@program
def hamiltonian_coeffs_jvp_vjp(x=(0.4, -0.9, 1.3), w=(0.3, -0.5, 0.8),
                               t=(0.7, -0.2, 0.5, 1.1, 0.3, -0.6),
                               g=(0.9, -1.4, 0.6)):
    # R = (E, D, F = w0 w1 A + 0.5 C): J t, then g J
    _, gx, gw = _hamiltonian_energy(x, w)
    values, slopes = _hamiltonian_terms(x)
    a = values[0]
    jacobian = [gx + gw,
                slopes[3] + [0.0, 0.0, 0.0],
                [w[0] * w[1] * slopes[0][j] + 0.5 * slopes[2][j] for j in range(3)]
                + [w[1] * a, w[0] * a, 0.0]]
    jvp = [sum(row[m] * t[m] for m in range(6)) for row in jacobian]
    vjp = [sum(g[k] * jacobian[k][m] for k in range(3)) for m in range(6)]
    return jvp + vjp

@program
def hamiltonian_coeffs_arg(x=0.7, c=(0.3, -1.2)):
    # RY(x), <c0 Z + c1 X> = c0 cos x + c1 sin x
    return [c[1] * cos(x) - c[0] * sin(x), cos(x), sin(x)]

if __name__ == "__main__":
    for name, fn in PROGRAMS.items():
        print(name, " ".join(prefix(v) for v in fn()))
