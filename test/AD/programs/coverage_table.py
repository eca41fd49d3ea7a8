#!/usr/bin/env python3
"""Prints the coverage table of docs/ad-coverage.md from a lit run.

Usage: coverage_table.py BUILD_DIR
Runs lit over BUILD_DIR/test/AD/programs and prints one Markdown row per
program: its name, what it covers (the comment above its RUN line) and the
result in each build configuration.
"""
import os
import re
import subprocess
import sys

# build_configurations imports lit, which Debian ships outside sys.path.
sys.path.append("/usr/lib/llvm-22/utils/lit")
from build_configurations import BUILD_COMMANDS

SOURCE_DIR = os.path.dirname(os.path.abspath(__file__))


def description(program):
    lines = []
    with open(os.path.join(SOURCE_DIR, program + ".c")) as source:
        for line in source:
            if not line.startswith("//") or "RUN:" in line:
                break
            lines.append(line[2:].strip())
    return " ".join(lines).replace("|", "\\|")


RESULT_LINE = re.compile(r"^(\w+): qgrad :: AD/programs/(\w+)\.c/([\w-]+) ")


def results(build_dir):
    """{(program, configuration): lit result code} for every test."""
    run = subprocess.run(
        ["lit-22", "--print-result-after=all", "--test-output=off",
         "--no-progress-bar", os.path.join(build_dir, "test", "AD", "programs")],
        capture_output=True, text=True, check=False,
    )
    outcomes = {}
    for line in run.stdout.splitlines():
        match = RESULT_LINE.match(line)
        if match:
            code, program, configuration = match.groups()
            outcomes[(program, configuration)] = code
    return outcomes


def main():
    outcomes = results(sys.argv[1])
    programs = sorted({program for program, _ in outcomes})
    configurations = list(BUILD_COMMANDS)
    print("| program | covers | " + " | ".join(configurations) + " |")
    print("|---|---|" + "---|" * len(configurations))
    for program in programs:
        cells = [outcomes.get((program, c), "?") for c in configurations]
        print(f"| {program} | {description(program)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
