#!/usr/bin/env python3
"""Malformed inputs: every tool fails cleanly on them (docs/reliability.md).

Takes a fixed set of the repository's own inputs (MLIR programs from test/
and examples/, the OpenQASM files of test/Interop/OpenQASM, the LLVM IR of
test/AD), derives 11 malformed ones from each (truncations at three
offsets; a deleted, a duplicated and a swapped line; a changed type, SSA
name and number; two sets of flipped bytes), adds the hand-written nasty
inputs of Inputs/ and generated ones (1 MB lines, deep nesting), and runs
the matching tools on each (see commands()):

  .mlir  qgrad compile FILE -o /dev/null; qgrad-opt FILE (every third);
         the examples also as qgrad run FILE ARGS (JIT and runtime)
  .qasm  qgrad-translate --import-openqasm FILE or qgrad compile FILE
  .ll    qgrad-ad FILE -o OUT, with or without --no-preopt

An outcome is fine if the tool exits 0 (the mutant is still a valid
program) or exits 1 or 2 with a message that has a location: FILE:LINE:COL,
or the function it is about. Anything else is a failure, listed with the
command that reproduces it: a signal, another exit status, "LLVM ERROR", an
assertion, a stack dump, a message without a location, or a timeout.

Everything is deterministic: the seed files are a fixed list (and sorted
directory listings), and each mutant's random choices come from a Random
seeded with its seed file's name and the mutation's. The mutants are
written to --work, so a listed command can be rerun as it is.

Usage: malformed_inputs.py --src REPO --work DIR [--bin DIR] [--jobs N]
       [--timeout S] [--only SUBSTRING] [-v]
       malformed_inputs.py --write-generated DIR
"""
import argparse
import concurrent.futures
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time

# The seed programs (paths relative to the repository). Chosen to cover the
# dialects (func, arith, scf, tensor, linalg, quantum, gradient), every
# gradient kind and differentiation method, and the error paths the tests
# already know; each is small, so a run stays well under a minute.
MLIR_SEEDS = [
    "examples/hybrid_qnode.mlir",
    "examples/matvec.mlir",
    "examples/sin_times_x.mlir",
    "examples/softmax.mlir",
    "examples/taylor_exp.mlir",
    "examples/vqe.mlir",
    "test/Conversion/GradientToLLVM/callee-out.mlir",
    "test/Conversion/GradientToLLVM/fwdprop.mlir",
    "test/Conversion/QuantumToLLVM/gates.mlir",
    "test/Dialect/Gradient/Transforms/lower-classical.mlir",
    "test/Dialect/Gradient/Transforms/qnode-parameter-shift.mlir",
    "test/Dialect/Quantum/bufferize.mlir",
    "test/Driver/Inputs/add.mlir",
    "test/Driver/Inputs/qnode-gradient.mlir",
    "test/Driver/Inputs/tensor-gradient.mlir",
    "test/Driver/loops.mlir",
    "test/Driver/tensors.mlir",
    "test/Integration/Backprop/callee-calls-function.mlir",
    "test/Integration/Backprop/grad-vector.mlir",
    "test/Integration/Hybrid/dynamic_register.mlir",
    "test/Integration/Hybrid/grad_of_grad.mlir",
    "test/Integration/Hybrid/jvp_hybrid.mlir",
    "test/Integration/Hybrid/vjp.mlir",
    "test/Integration/Quantum/sample-counts.mlir",
    "test/Interop/Catalyst/jacobian_probs.mlir",
    "test/Interop/Catalyst/while_loop_classical.mlir",
]

# Seeds run by `qgrad run` as well, with the arguments their entry takes.
RUN_ARGUMENTS = {
    "examples/hybrid_qnode.mlir": ["0.5"],
    "examples/matvec.mlir": ["[[1,2],[3,4]]", "[1,1]", "[0.5,-0.5]"],
    "examples/sin_times_x.mlir": ["0.5"],
    "examples/softmax.mlir": ["[1, 2, 3]"],
    "examples/taylor_exp.mlir": ["1.0", "20"],
    "examples/vqe.mlir": ["[0.1, 0.2]", "0.3", "3"],
}

# Every .qasm file under these directories and every .ll file of test/AD
# (sorted, so the set is fixed for a given tree).
QASM_DIRS = ["test/Interop/OpenQASM"]
LL_DIRS = ["test/AD"]

# Tokens a "type" mutation swaps, per language.
TYPES = {
    ".mlir": ["f64", "f32", "f16", "i64", "i32", "i1", "index", "!quantum.bit",
              "!quantum.reg", "!quantum.obs", "tensor<2xf64>", "tensor<?xf64>",
              "memref<2xf64>", "none", "complex<f64>", "vector<4xf64>"],
    ".ll": ["double", "float", "half", "i1", "i8", "i32", "i64", "ptr", "void",
            "<2 x double>", "[4 x double]", "{ double, double }", "x86_fp80",
            "label", "metadata"],
    ".qasm": ["qubit", "qreg", "creg", "bit", "float", "angle", "int", "uint",
              "bool", "const", "input", "gate", "measure"],
}

# What a "number" mutation puts in place of a number.
BAD_NUMBERS = ["99999999999999999999999999999999999999", "1e999999",
               "-9223372036854775809", "18446744073709551616", "4294967296",
               "2147483648", "-1", "0", "0x", "1.5.5", "nan", "-", "1e",
               "0xFFFFFFFFFFFFFFFFFFFF", "3.", ".e3"]

NUMBER = re.compile(rb"(?<![\w.%@#])-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)(?![\w])")
SSA = {
    ".mlir": re.compile(rb"%[A-Za-z_][\w$.]*|%\d+"),
    ".ll": re.compile(rb"[%@][A-Za-z_.$][\w.$]*|%\d+"),
    ".qasm": re.compile(rb"\b(?!OPENQASM|include|qreg|creg|qubit|bit|gate|measure|input|float|barrier)[a-z_]\w*\b"),
}

# Messages that must never appear, whatever the exit status.
FORBIDDEN = ["LLVM ERROR", "Assertion", "assertion failed", "Stack dump",
             "PLEASE submit a bug report", "UNREACHABLE executed",
             "Segmentation fault", "terminate called", "AddressSanitizer",
             "UndefinedBehaviorSanitizer", "runtime error:"]

# A message is located if it names FILE:LINE:COL, or the function it is
# about (the AD engine's "in function 'f'", the driver's "entry function
# 'main'", "no function named 'main'").
LOCATED = [
    re.compile(r"[^\s:]+:\d+:\d+:"),
    re.compile(r"\bfunction (named )?'[^']+'"),
]
UNLOCATED = re.compile(r"<unknown>:0:|loc\(unknown\)")


def mutants(rel, data, ext):
    """The (name, bytes) mutants of one seed; each has its own Random."""
    out = []

    def rng(name):
        return random.Random(f"{rel}:{name}")

    n = len(data)
    if n == 0:
        return out
    for frac in (0.3, 0.7):
        out.append((f"trunc{int(frac * 100)}", data[: int(n * frac)]))
    out.append(("truncr", data[: rng("truncr").randrange(n)]))

    lines = data.split(b"\n")
    code = [i for i, l in enumerate(lines)
            if l.strip() and not l.lstrip().startswith((b"//", b";"))]
    if code:
        i = rng("del").choice(code)
        out.append(("del", b"\n".join(lines[:i] + lines[i + 1:])))
        i = rng("dup").choice(code)
        out.append(("dup", b"\n".join(lines[: i + 1] + lines[i:])))
        # A line and the next change places: uses before definitions.
        i = rng("swap").choice(code)
        if i + 1 < len(lines):
            out.append(("swap", b"\n".join(lines[:i] + [lines[i + 1], lines[i]] +
                                           lines[i + 2:])))

    def replace_one(name, pattern, choices):
        r = rng(name)
        found = list(pattern.finditer(data))
        if not found:
            return
        m = r.choice(found)
        new = r.choice(choices(m.group(0), found))
        out.append((name, data[: m.start()] + new + data[m.end():]))

    types = [t.encode() for t in TYPES[ext]]
    type_pattern = re.compile(
        b"|".join(re.escape(t) + (rb"(?![\w<])" if t[-1:].isalnum() else b"")
                  for t in sorted(types, key=len, reverse=True)))
    replace_one("type", type_pattern,
                lambda old, _: [t for t in types if t != old])
    replace_one("ssa", SSA[ext],
                lambda old, found: [m.group(0) for m in found
                                    if m.group(0) != old] +
                [old[:1] + b"undefined_name"])
    replace_one("num", NUMBER, lambda old, _: [b.encode() for b in BAD_NUMBERS])
    for k in range(2):
        r = rng(f"flip{k}")
        b = bytearray(data)
        for _ in range(r.randint(1, 4)):
            b[r.randrange(n)] = r.randrange(256)
        out.append((f"flip{k}", bytes(b)))
    return out


# Mutants that keep a valid program's values: `qgrad run` executes these
# only. A changed number, name or byte can make a valid program index a
# tensor out of bounds or loop for 2^63 iterations; qgrad compiles such a
# program as written (MLIR's tensor and memref accesses are unchecked, as
# C's are), so what it does when run is the program's fault, not qgrad's.
RUN_MUTANTS = ("trunc", "del", "dup", "swap", "type")


def generated_inputs():
    """Nasty inputs too big to keep in the tree: (name, bytes)."""
    mb = 1 << 20
    long_name = b"x" * mb
    deep = 50000  # past the tools' limit of 1000 levels, and past the stack

    def regions(depth):
        return (b"func.func @f() {\n" + b"scf.execute_region {\n" * depth +
                b"scf.yield\n}\n" * depth + b"return\n}\n")

    def struct_type(depth):
        return b"{ " * depth + b"double" + b" }" * depth

    return [
        # A 1 MB line: a name, a string, a number.
        ("long_name.mlir", b"func.func @" + long_name + b"() {\n  return\n}\n"),
        ("long_string.mlir", b'func.func @f() attributes {s = "' + long_name +
         b'"} {\n  return\n}\n'),
        ("long_number.mlir", b"func.func @f() -> f64 {\n  %c = arith.constant " +
         b"9" * mb + b".0 : f64\n  return %c : f64\n}\n"),
        ("long_name.qasm", b"OPENQASM 2.0;\nqreg " + long_name + b"[2];\n"),
        ("long_angle.qasm", b"OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\n"
         b"rx(" + b"1" * mb + b") q[0];\n"),
        ("long_name.ll", b"define void @" + long_name + b"() {\n  ret void\n}\n"),
        # Deep nesting: regions, attributes, types, parentheses; and regions
        # and types just inside the limit, which must still work.
        ("deep_regions.mlir", regions(deep)),
        ("nested_regions_900.mlir", regions(900)),
        ("deep_array_attr.mlir", b"func.func @f() attributes {a = " +
         b"[" * deep + b"]" * deep + b"} {\n  return\n}\n"),
        ("deep_tuple_type.mlir", b"func.func private @f(" + b"tuple<" * deep +
         b"f64" + b">" * deep + b")\n"),
        ("deep_parens.qasm", b"OPENQASM 2.0;\ninclude \"qelib1.inc\";\n"
         b"qreg q[1];\nrx(" + b"(" * deep + b"1" + b")" * deep + b") q[0];\n"),
        ("deep_struct_type.ll", b"@g = global " + struct_type(deep) +
         b" zeroinitializer\n"),
        ("nested_struct_type_900.ll", b"@g = global " + struct_type(900) +
         b" zeroinitializer\n"),
        ("deep_array_type.ll", b"@g = external global " + b"[1 x " * deep +
         b"i8" + b"]" * deep + b"\n"),
        # Brackets in comments and strings are no nesting.
        ("brackets_in_text.mlir", b"// " + b"(" * deep + b"\n"
         b'func.func @f() attributes {s = "' + b"[" * deep + b'"} {\n'
         b"  return\n}\n"),
        ("brackets_in_text.ll", b"; " + b"{" * deep + b"\n"
         b'@s = constant [2 x i8] c"((" ; ' + b"<" * deep + b"\n"),
    ]


def commands(tools, path, ext, rel, turn, kind, out_dir):
    """The command lines that check one input. Where two tools read the
    language, a mutant's turn picks: every mutant is compiled by qgrad and
    every third printed by qgrad-opt; OpenQASM mutants alternate between
    qgrad-translate and qgrad compile; LLVM IR ones between qgrad-ad with
    and without its O2 run before AD. Seeds and nasty inputs get all."""
    if ext == ".mlir":
        cmds = [[tools["qgrad"], "compile", path, "-o", os.devnull]]
        if turn % 3 == 0 or kind in ("seed", "nasty"):
            cmds.append([tools["qgrad-opt"], path])
        if rel in RUN_ARGUMENTS and kind.startswith(("seed",) + RUN_MUTANTS):
            cmds.append([tools["qgrad"], "run", path, "--", *RUN_ARGUMENTS[rel]])
        return cmds
    if ext == ".qasm":
        translate = [tools["qgrad-translate"], "--import-openqasm", path]
        compile_ = [tools["qgrad"], "compile", path, "-o", os.devnull]
        if kind in ("seed", "nasty"):
            return [translate, compile_]
        return [translate if turn % 2 else compile_]
    # The AD engine sees the input as written (--no-preopt) or after O2.
    cmd = [tools["qgrad-ad"], path, "-o",
           os.path.join(out_dir, os.path.basename(path) + ".out.ll")]
    if kind in ("seed", "nasty"):
        return [cmd, cmd + ["--no-preopt"]]
    return [cmd + ["--no-preopt"]] if turn % 2 else [cmd]


def classify(cmd, timeout):
    """Runs cmd: (exit status or None after a timeout, None if the outcome
    is fine or else the reason it is not, the message)."""
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"timeout after {timeout} s", ""
    err = p.stderr.decode("utf-8", "replace")
    status = p.returncode
    for word in FORBIDDEN:
        if word in err:
            return status, f"'{word}' in the message (exit {status})", err
    if status < 0:
        return status, f"killed by signal {-status}", err
    if status == 0:
        return status, None, err
    if status not in (1, 2):
        return status, f"exit status {status}", err
    if not err.strip():
        return status, f"exit {status} without a message", err
    if UNLOCATED.search(err):
        return status, f"exit {status}, a message with an unknown location", err
    if not any(p.search(err) for p in LOCATED):
        return status, f"exit {status}, a message without a location", err
    return status, None, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", help="the repository's root")
    ap.add_argument("--work", help="where mutants are written")
    ap.add_argument("--write-generated", metavar="DIR",
                    help="only write the generated nasty inputs to DIR "
                    "(for tests of single ones)")
    ap.add_argument("--bin", help="the tools' directory (default: PATH)")
    ap.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 2))
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--only", help="run only inputs whose name contains this")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print every run and its outcome")
    args = ap.parse_args()
    if args.write_generated:
        os.makedirs(args.write_generated, exist_ok=True)
        for name, data in generated_inputs():
            with open(os.path.join(args.write_generated, name), "wb") as f:
                f.write(data)
        return 0
    if not args.src or not args.work:
        ap.error("--src and --work are required")

    tools = {}
    for name in ("qgrad", "qgrad-opt", "qgrad-translate", "qgrad-ad"):
        found = (os.path.join(args.bin, name) if args.bin
                 else shutil.which(name))
        if not found or not os.access(found, os.X_OK):
            sys.exit(f"malformed_inputs.py: cannot find {name}")
        tools[name] = found

    seeds = list(MLIR_SEEDS)
    for kind, dirs in ((".qasm", QASM_DIRS), (".ll", LL_DIRS)):
        for d in dirs:
            for root, subdirs, files in os.walk(os.path.join(args.src, d)):
                subdirs.sort()
                for f in sorted(files):
                    if f.endswith(kind):
                        seeds.append(os.path.relpath(os.path.join(root, f),
                                                     args.src))
    os.makedirs(args.work, exist_ok=True)

    # (rel, path, ext, turn, kind): every input file to check; kind is
    # "seed", the mutation's name, or "nasty".
    inputs = []

    def add(rel, name, data, ext, kind, turn=0):
        path = os.path.join(args.work, name)
        if args.only and args.only not in name:
            return
        with open(path, "wb") as f:
            f.write(data)
        inputs.append((rel, path, ext, turn, kind))

    # A mutant's turn (its position among its seed's, plus the seed's
    # number) picks the tool where two read the language, so that each
    # mutation kind meets each tool across the seeds.
    for number, rel in enumerate(seeds):
        with open(os.path.join(args.src, rel), "rb") as f:
            data = f.read()
        ext = os.path.splitext(rel)[1]
        stem = rel.replace("/", "_")[: -len(ext)]
        add(rel, stem + ext, data, ext, "seed")
        for k, (name, mutant) in enumerate(mutants(rel, data, ext)):
            add(rel, f"{stem}.{name}{ext}", mutant, ext, name, number + k)

    inputs_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs")
    for f in sorted(os.listdir(inputs_dir)):
        with open(os.path.join(inputs_dir, f), "rb") as fh:
            data = fh.read()
        ext = os.path.splitext(f)[1]
        # A file of no language (binary garbage) is given to every tool.
        for e in ([ext] if ext in TYPES else list(TYPES)):
            add(f, "Inputs_" + os.path.splitext(f)[0] + e, data, e, "nasty")
    for name, data in generated_inputs():
        add(name, "generated_" + name, data, os.path.splitext(name)[1], "nasty")

    runs = [(cmd, path) for rel, path, ext, turn, kind in inputs
            for cmd in commands(tools, path, ext, rel, turn, kind, args.work)]
    start = time.monotonic()
    failures = []
    statuses = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda run: classify(run[0], args.timeout), runs)
        for (cmd, path), (status, reason, err) in zip(runs, results):
            statuses[status] = statuses.get(status, 0) + 1
            line = " ".join(shlex.quote(c) for c in cmd)
            if args.verbose:
                print(f"{status}: {reason or 'ok'}: {line}")
                for l in err.splitlines()[:3]:
                    print(f"    {l[:300]}")
            if reason:
                failures.append((reason, line, err))
    for reason, line, err in failures:
        print(f"FAILURE: {reason}: {line}")
        for l in err.splitlines()[:5]:
            print(f"    {l[:300]}")
    seconds = time.monotonic() - start
    counts = ", ".join(f"exit {s}: {n}" if s is not None else f"timeout: {n}"
                       for s, n in sorted(statuses.items(),
                                          key=lambda kv: str(kv[0])))
    print(f"outcomes: {counts} ({len(inputs)} inputs, {seconds:.0f} s)")
    print(f"malformed inputs: {len(runs)} runs, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
