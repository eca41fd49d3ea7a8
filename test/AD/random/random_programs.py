#!/usr/bin/env python3
"""Random differentiated C programs, each checked against central differences.

Every seed gives one program: a function of a few inputs built from random
statements (straight-line math with libm calls, counted loops, loops with a
data-dependent exit, branches, local arrays rewritten in place, heap
buffers copied with memcpy, heap records holding pointers into the
inputs, row pointers, local structs updated in place through pointers,
loops calling a noinline helper that writes through a pointer, noinline
helpers taking pointers, recursion, a switch, realloc in a loop), whose
gradient __enzyme_autodiff computes; the program compares it with central
differences and prints OK or the mismatching components. Each program is
built at -O0, -O1 and -O2 with the pass plugin and through qgrad-ad. The
seeds are fixed, so a run is reproducible; `--keep` leaves the sources.
With `--mode nested` each program checks the gradient of w . grad f
instead, whose inner gradient is an __enzyme_autodiff call too (reverse
over reverse); with `--mode forward` also the directional derivative along
w by __enzyme_fwddiff, against w . grad f and central differences; with
`--mode vector` three directional derivatives in one call (enzyme_width 3)
against the reverse gradient; with `--mode hvp` the nested check and the Hessian-vector product H w by
__enzyme_fwddiff of the gradient (forward over reverse) against it. A
seed's f is the same in every mode.

Usage: random_programs.py --seeds 1-24 --clang CLANG --plugin SO
       --include DIR --qgrad-ad TOOL --work DIR
"""
import argparse
import concurrent.futures
import os
import random
import subprocess
import sys

UN = ['sin({})', 'cos({})', 'tanh({})', 'exp(0.3*({}))', 'log(1.0 + ({})*({}))', 'sqrt(1.0 + ({})*({}))', 'atan({})', '(({}) * ({}))', '(-({}))', 'fabs({})', 'pow(1.5 + sin({}), 1.7)', 'expm1(0.2*({}))', 'log1p(0.5 + 0.25*sin({}))', 'cbrt(2.0 + cos({}))', 'erf({})', 'hypot({}, 0.7)']
BIN = ['({} + {})', '({} - {})', '({} * {})', '({} / (1.5 + sin({}) * 0.5))', 'fmax({}, {})', 'fmin({}, {})', 'atan2({}, 1.0 + ({})*({}))']

seed_offset = 1_000_003


class Gen:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        self.n = self.r.randint(2, 6)
        self.lines = []
        self.helpers = []
        self.tmp = 0
        self.in_helper = False
    def leaf(self, vars_):
        r = self.r
        c = r.random()
        if c < 0.6 and vars_:
            return r.choice(vars_)
        if c < 0.8 and not self.in_helper:
            return f'x[{r.randrange(self.n)}]'
        return f'{r.uniform(-2, 2):.3f}'
    def expr(self, vars_, depth):
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(vars_)
        if r.random() < 0.5:
            f = r.choice(UN)
            a = self.expr(vars_, depth - 1)
            return f.format(*([a] * f.count('{}')))
        f = r.choice(BIN)
        a = self.expr(vars_, depth - 1); b = self.expr(vars_, depth - 1)
        args = [a, b] + [b] * (f.count('{}') - 2)
        return f.format(*args)
    def new(self):
        self.tmp += 1
        return f't{self.tmp}'
    def stmt(self, vars_, indent):
        r = self.r
        k = r.random()
        pad = '  ' * indent
        if k < 0.30 and r.random() < 0.35:
            # less common shapes: recursion, a switch, realloc (float math
            # is left to the coverage programs: central differences of
            # single-precision values are too coarse to be a reference)
            v = self.new()
            kind = r.randrange(3)
            if kind == 0:
                self.lines.append(f'{pad}double {v} = recurse({self.expr(vars_, 2)}, {r.randint(0, 4)});')
            elif kind == 1:
                i = f'q{self.tmp}'
                self.lines.append(f'{pad}double {v} = 0.0;')
                self.lines.append(f'{pad}for (int {i} = 0; {i} < {r.randint(2, 5)}; ++{i}) {{')
                self.lines.append(f'{pad}  switch ({i} % 3) {{')
                self.lines.append(f'{pad}  case 0: {v} += {self.expr(vars_, 1)}; break;')
                self.lines.append(f'{pad}  case 1: {v} *= cos({self.expr(vars_, 1)}); break;')
                self.lines.append(f'{pad}  default: {v} -= 0.5 * {v} * {v}; break;')
                self.lines.append(f'{pad}  }}')
                self.lines.append(f'{pad}}}')
            else:
                b = f'g{self.tmp}'; i = f'u{self.tmp}'; m = r.randint(2, 5)
                self.lines.append(f'{pad}double *{b} = malloc(sizeof(double));')
                self.lines.append(f'{pad}{b}[0] = {self.expr(vars_, 1)};')
                self.lines.append(f'{pad}for (int {i} = 1; {i} < {m}; ++{i}) {{')
                self.lines.append(f'{pad}  {b} = realloc({b}, ({i} + 1) * sizeof(double));')
                self.lines.append(f'{pad}  {b}[{i}] = sin({b}[{i} - 1]) + {self.expr(vars_, 1)};')
                self.lines.append(f'{pad}}}')
                self.lines.append(f'{pad}double {v} = {b}[{m - 1}] * {b}[0];')
                self.lines.append(f'{pad}free({b});')
            vars_.append(v)
        elif k < 0.35:
            v = self.new()
            self.lines.append(f'{pad}double {v} = {self.expr(vars_, 3)};')
            vars_.append(v)
        elif k < 0.5:
            # accumulate loop, counted
            v = self.new(); i = f'i{self.tmp}'
            m = r.randint(1, 5)
            self.lines.append(f'{pad}double {v} = 0.0;')
            self.lines.append(f'{pad}for (int {i} = 0; {i} < {m}; ++{i}) {{')
            inner = vars_ + [f'(double){i}']
            self.lines.append(f'{pad}  {v} = {v} * 0.5 + {self.expr(inner + [v], 2)};')
            self.lines.append(f'{pad}}}')
            vars_.append(v)
        elif k < 0.6:
            # while loop with data-dependent exit
            v = self.new(); c = f'c{self.tmp}'
            self.lines.append(f'{pad}double {v} = {self.expr(vars_, 2)};')
            self.lines.append(f'{pad}int {c} = 0;')
            self.lines.append(f'{pad}while (fabs({v}) < 3.0 && {c} < 7) {{')
            self.lines.append(f'{pad}  {v} = {v} * 1.3 + 0.4 + 0.1 * {self.expr(vars_, 1)};')
            self.lines.append(f'{pad}  ++{c};')
            self.lines.append(f'{pad}}}')
            vars_.append(v)
        elif k < 0.72:
            v = self.new()
            a = self.expr(vars_, 2); b = self.expr(vars_, 2)
            self.lines.append(f'{pad}double {v};')
            self.lines.append(f'{pad}if ({a} > {self.leaf(vars_)}) {v} = {b}; else {v} = {self.expr(vars_, 2)};')
            vars_.append(v)
        elif k < 0.80:
            # local array written then read in place
            v = self.new(); a = f'a{self.tmp}'; m = r.randint(2, 5); i = f'j{self.tmp}'
            self.lines.append(f'{pad}double {a}[{m}];')
            self.lines.append(f'{pad}for (int {i} = 0; {i} < {m}; ++{i}) {a}[{i}] = {self.expr(vars_ + [f"(double){i}"], 2)};')
            self.lines.append(f'{pad}for (int {i} = 1; {i} < {m}; ++{i}) {a}[{i}] = {a}[{i}] * 0.7 + sin({a}[{i} - 1]);')
            self.lines.append(f'{pad}double {v} = {a}[{m - 1}] + {a}[0];')
            vars_.append(v)
        elif k < 0.85:
            # heap buffer + memcpy
            v = self.new(); b = f'b{self.tmp}'; c = f'd{self.tmp}'; m = r.randint(2, 4)
            self.lines.append(f'{pad}double *{b} = malloc({m} * sizeof(double));')
            self.lines.append(f'{pad}double *{c} = malloc({m} * sizeof(double));')
            for j in range(m):
                self.lines.append(f'{pad}{b}[{j}] = {self.expr(vars_, 2)};')
            self.lines.append(f'{pad}memcpy({c}, {b}, {m} * sizeof(double));')
            self.lines.append(f'{pad}double {v} = {c}[0] * {c}[{m - 1}] + {b}[{m // 2}];')
            self.lines.append(f'{pad}free({b}); free({c});')
            vars_.append(v)
        elif k < 0.87 and r.random() < 0.5:
            v = self.new()
            if r.random() < 0.5:
                # heap records holding pointers into x (pointer shadows
                # in memory)
                t = f'r{self.tmp}'; m = r.randint(2, 4); i = f'e{self.tmp}'
                self.lines.append(f'{pad}Ref *{t} = malloc({m} * sizeof(Ref));')
                self.lines.append(f'{pad}for (int {i} = 0; {i} < {m}; ++{i}) {{ {t}[{i}].w = {self.expr(vars_ + [f"(double){i}"], 1)}; {t}[{i}].src = &x[({i} * 7) % {self.n}]; }}')
                self.lines.append(f'{pad}double {v} = 0.0;')
                self.lines.append(f'{pad}for (int {i} = 0; {i} < {m}; ++{i}) {v} += {t}[{i}].w * sin(*{t}[{i}].src);')
                self.lines.append(f'{pad}free({t});')
            else:
                # row pointers into local arrays
                a = f'ra{self.tmp}'; b = f'rb{self.tmp}'; rows = f'rw{self.tmp}'
                self.lines.append(f'{pad}double {a}[2] = {{{self.expr(vars_, 1)}, {self.expr(vars_, 1)}}}, {b}[2] = {{{self.expr(vars_, 1)}, 0.5}};')
                self.lines.append(f'{pad}double *{rows}[2] = {{{a}, {b}}};')
                self.lines.append(f'{pad}double {v} = {rows}[0][1] * {rows}[1][0] + cos({rows}[{r.randrange(2)}][0]);')
            vars_.append(v)
        elif k < 0.89:
            # a loop whose body calls a noinline helper that writes through
            # a pointer (augmented calls inside a loop, next to libm calls)
            v = self.new(); a = f'w{self.tmp}'; o = f'o{self.tmp}'
            m = r.randint(2, 4); i = f'k{self.tmp}'
            self.lines.append(f'{pad}double {a}[{m}], {o}[{m}];')
            self.lines.append(f'{pad}for (int {i} = 0; {i} < {m}; ++{i}) {a}[{i}] = {self.expr(vars_ + [f"(double){i}"], 2)};')
            self.lines.append(f'{pad}double {v} = 0.0;')
            self.lines.append(f'{pad}for (int {i} = 0; {i} < {r.randint(1, 3)}; ++{i}) {{')
            self.lines.append(f'{pad}  blend({o}, {a}, {m}, {self.expr(vars_ + [v], 1)});')
            self.lines.append(f'{pad}  {v} += exp(-{o}[{m - 1}] * {o}[{m - 1}]) + {o}[0];')
            self.lines.append(f'{pad}  {a}[0] = {o}[{m - 1}];')
            self.lines.append(f'{pad}}}')
            vars_.append(v)
        elif k < 0.96:
            # a local struct updated in place through a pointer (its slot
            # lives across the calls, with lifetime markers at -O1)
            v = self.new(); s = f's{self.tmp}'
            self.lines.append(f'{pad}Pair {s} = {{{{{self.expr(vars_, 1)}, {self.expr(vars_, 1)}}}}};')
            for _ in range(r.randint(1, 3)):
                self.lines.append(f'{pad}rotate(&{s}, {self.expr(vars_, 1)});')
            self.lines.append(f'{pad}double {v} = {s}.v[0] * {s}.v[0] - {s}.v[1];')
            vars_.append(v)
        else:
            # noinline helper with pointer argument
            h = f'helper{len(self.helpers)}'
            v = self.new()
            self.in_helper = True
            body = self.expr(['p[0]', 'p[1]', 'q'], 3)
            self.in_helper = False
            self.helpers.append(f'__attribute__((noinline)) static double {h}(const double *p, double q) {{ return {body}; }}')
            a = f'h{self.tmp}'
            self.lines.append(f'{pad}double {a}[2] = {{{self.expr(vars_, 2)}, {self.expr(vars_, 2)}}};')
            self.lines.append(f'{pad}double {v} = {h}({a}, {self.expr(vars_, 1)});')
            vars_.append(v)
    def program(self, mode='reverse'):
        """The program's text. Modes: reverse, the gradient of f; nested,
        the gradient of w . grad f, whose inner gradient is itself an
        __enzyme_autodiff call (a Hessian-vector product by reverse over
        reverse); forward, the directional derivative of f along w by
        __enzyme_fwddiff, checked against the reverse gradient's w . grad f
        too."""
        nested = mode in ('nested', 'hvp')

        vars_ = []
        for _ in range(self.r.randint(3, 8)):
            self.stmt(vars_, 1)
        ret = ' + '.join(f'0.{self.r.randint(1,9)} * {v}' for v in vars_[-3:])
        # Inputs get a fourth decimal, so none equals a constant of the
        # program (three decimals) at a kink of fmax or fmin.
        xs = ', '.join(f'{self.r.uniform(-1.5, 1.5):.3f}7' for _ in range(self.n))
        # The weights come from a generator of their own, so that a seed's
        # program is the same in both modes.
        weights = random.Random(seed_offset + self.seed)
        ws = ', '.join(f'{weights.uniform(-1, 1):.3f}' for _ in range(self.n))
        # Forward over reverse: the Hessian-vector product H w is the
        # tangent of grad f along w, which must equal the gradient of
        # w . grad f (reverse over reverse) and its central differences.
        hessian = f'''
static void gradient(const double *x, double *g) {{
  for (int i = 0; i < {self.n}; ++i)
    g[i] = 0.0;
  __enzyme_autodiff((void *)f, x, g);
}}''' if mode == 'hvp' else ''
        objective = 'directional' if nested else 'f'
        hvp = f'''
  double v[{self.n}] = {{{ws}}}, g[{self.n}], hv[{self.n}] = {{0}};
  __enzyme_fwddiff((void *)gradient, x, v, g, hv);
  for (int i = 0; i < {self.n}; ++i)
    if (!(fabs(hv[i] - dx[i]) <= 1e-9 * (1.0 + fabs(dx[i])))) {{
      printf("MISMATCH hvp %d forward-over-reverse %.12g reverse-over-reverse %.12g\\n", i, hv[i], dx[i]);
      return 1;
    }}''' if mode == 'hvp' else ''
        # Forward mode: the directional derivative along w, which must
        # equal w . grad f from reverse mode and the central difference
        # along w; the check below then runs on that single direction.
        forward = f'''
  double w[{self.n}] = {{{ws}}};
  double tangent = __enzyme_fwddiff((void *)f, x, w);
  double along = 0.0;
  for (int i = 0; i < {self.n}; ++i)
    along += w[i] * dx[i];
  double hw = 1e-6, xp[{self.n}], xm[{self.n}];
  for (int i = 0; i < {self.n}; ++i) {{
    xp[i] = x[i] + hw * w[i];
    xm[i] = x[i] - hw * w[i];
  }}
  double fdw = (f(xp) - f(xm)) / (2 * hw);
  if (!(fabs(tangent - along) <= 1e-9 * (1.0 + fabs(along)))) {{
    printf("MISMATCH forward %.12g reverse %.12g\\n", tangent, along);
    return 1;
  }}
  if (isfinite(fdw) && fabs(fdw) < 1e4 &&
      !(fabs(tangent - fdw) <= 1e-5 * (1.0 + fabs(fdw)))) {{
    printf("MISMATCH forward %.12g fd %.12g\\n", tangent, fdw);
    return 1;
  }}''' if mode == 'forward' else ''
        # Vector forward mode: three tangents in one call (w, e_0, e_n-1),
        # each equal to its direction . grad f from reverse mode.
        vector = f'''
  typedef struct {{ double lane[3]; }} Lanes;
  Lanes __enzyme_fwddiff_lanes(void *, ...);
  double w[{self.n}] = {{{ws}}}, e0[{self.n}] = {{1.0}}, en[{self.n}] = {{0}};
  en[{self.n - 1}] = 1.0;
  Lanes lanes = __enzyme_fwddiff_lanes((void *)f, enzyme_width, 3, x, w, e0, en);
  double along[3] = {{0.0, dx[0], dx[{self.n - 1}]}};
  for (int i = 0; i < {self.n}; ++i)
    along[0] += w[i] * dx[i];
  for (int k = 0; k < 3; ++k)
    if (!(fabs(lanes.lane[k] - along[k]) <= 1e-9 * (1.0 + fabs(along[k])))) {{
      printf("MISMATCH vector lane %d forward %.12g reverse %.12g\\n", k, lanes.lane[k], along[k]);
      return 1;
    }}''' if mode == 'vector' else ''
        directional = f'''
static double directional(double *x) {{
  static const double w[{self.n}] = {{{ws}}};
  double g[{self.n}] = {{0}};
  __enzyme_autodiff((void *)f, x, g);
  double s = 0.0;
  for (int i = 0; i < {self.n}; ++i)
    s += w[i] * g[i];
  return s;
}}''' if nested else ''
        return f'''#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <qgrad/AD/enzyme.h>
typedef struct {{ double v[2]; }} Pair;
typedef struct {{ double w; const double *src; }} Ref;
static void rotate(Pair *p, double t) {{
  const double m[2][2] = {{{{cos(t), -sin(t)}}, {{sin(t), cos(t)}}}};
  Pair out;
  for (int r = 0; r < 2; ++r) {{
    out.v[r] = 0.0;
    for (int c = 0; c < 2; ++c)
      out.v[r] += m[r][c] * p->v[c];
  }}
  *p = out;
}}
__attribute__((noinline)) static double recurse(double v, int depth) {{
  return depth == 0 ? v : sin(recurse(0.9 * v, depth - 1)) + 0.5 * v;
}}
__attribute__((noinline)) static void blend(double *dst, const double *src,
                                            int n, double k) {{
  for (int i = 0; i < n; ++i)
    dst[i] = src[i] * k + sin(src[n - 1 - i]);
}}
{chr(10).join(self.helpers)}
static double f(double *x) {{
{chr(10).join(self.lines)}
  return {ret};
}}{directional}{hessian}
int main(void) {{
  double x[{self.n}] = {{{xs}}}, dx[{self.n}] = {{0}};
  __enzyme_autodiff((void *){objective}, x, dx);{forward}{vector}{hvp}
  int bad = 0;
  for (int i = 0; i < {self.n}; ++i) {{
    double h = 1e-6 * (1.0 + fabs(x[i])), keep = x[i];
    x[i] = keep + h; double up = {objective}(x);
    x[i] = keep - h; double down = {objective}(x);
    x[i] = keep;
    double fd = (up - down) / (2 * h);
    if (!isfinite(fd) || !isfinite(up) || !isfinite(down) || fabs(fd) > 1e4) {{ printf("SKIP %d\\n", i); continue; }}
    double tol = 1e-5 * (1.0 + fabs(fd));
    if (!(fabs(fd - dx[i]) <= tol)) {{ printf("MISMATCH %d ad %.12g fd %.12g\\n", i, dx[i], fd); bad = 1; }}
  }}
  if (!bad) printf("OK\\n");
  return bad;
}}
'''


def build_and_run(args, seed):
    """The failures of one seed's program, as lines."""
    work = os.path.join(args.work, f"seed{seed}")
    os.makedirs(work, exist_ok=True)
    source = os.path.join(work, "p.c")
    with open(source, "w") as out:
        out.write(Gen(seed).program(args.mode))
    c = [args.clang, "-std=c11", f"-I{args.include}"]
    builds = {
        f"plugin-{level}": [
            c + [f"-{level}", f"-fpass-plugin={args.plugin}", source, "-o",
                 os.path.join(work, level), "-lm"]
        ]
        for level in ("O0", "O1", "O2")
    }
    ll = os.path.join(work, "p.ll")
    ad = os.path.join(work, "p.ad.ll")
    builds["qgrad-ad"] = [
        c + ["-O0", "-Xclang", "-disable-O0-optnone", "-S", "-emit-llvm",
             source, "-o", ll],
        [args.qgrad_ad, ll, "-o", ad],
        [args.clang, ad, "-o", os.path.join(work, "ad"), "-lm"],
    ]
    executables = {"plugin-O0": "O0", "plugin-O1": "O1", "plugin-O2": "O2",
                   "qgrad-ad": "ad"}
    failures = []
    for name, steps in builds.items():
        for step in steps:
            done = subprocess.run(step, capture_output=True, text=True,
                                  timeout=300)
            if done.returncode != 0:
                failures.append(f"seed {seed} {name}: build failed: "
                                + done.stderr.strip().splitlines()[-1:][0]
                                if done.stderr.strip() else "")
                break
        else:
            run = subprocess.run([os.path.join(work, executables[name])],
                                 capture_output=True, text=True, timeout=60)
            if run.returncode != 0 or "OK" not in run.stdout:
                failures.append(f"seed {seed} {name}: "
                                + " ".join(run.stdout.split("\n")[:3]))
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", required=True, help="FIRST-LAST")
    parser.add_argument("--clang", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--include", required=True)
    parser.add_argument("--qgrad-ad", required=True, dest="qgrad_ad")
    parser.add_argument("--work", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--mode", default="reverse",
                        choices=["reverse", "nested", "forward", "vector", "hvp"],
                        help="reverse: grad f; nested: grad (w . grad f) by "
                        "a nested __enzyme_autodiff; forward: the "
                        "directional derivative by __enzyme_fwddiff; vector: three "
                        "at once (enzyme_width 3); hvp: "
                        "nested, and H w by __enzyme_fwddiff of the gradient")
    parser.add_argument("--print", action="store_true",
                        help="print the program of the first seed and stop")
    args = parser.parse_args()
    first, last = (int(s) for s in args.seeds.split("-"))
    if args.print:
        print(Gen(first).program(args.mode))
        return 0
    seeds = range(first, last + 1)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda s: build_and_run(args, s), seeds))
    failures = [line for lines in results for line in lines]
    for line in failures:
        print(line)
    print(f"random programs: {len(seeds)} programs, {4 * len(seeds)} builds, "
          f"{len(failures)} failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
