"""A lit test format that runs each coverage program in every build
configuration of the AD engine, one lit test per configuration.

It lives in a module rather than in lit.local.cfg because lit sends test
formats to its worker processes by pickling, which needs an importable class.
"""
import copy

import lit.Test
import lit.TestRunner
import lit.formats

# A hang in the engine or in generated code must fail the test, not stall
# the suite: every step runs under coreutils timeout (seconds).
COMPILE_TIMEOUT = 300
RUN_TIMEOUT = 60

COMPILE_C = f"timeout {COMPILE_TIMEOUT} %clang -std=c11 -Wall -Wextra -Werror" \
    " -I%qgrad_include"
QGRAD_AD = f"timeout {COMPILE_TIMEOUT} qgrad-ad"
LINK_IR = f"timeout {COMPILE_TIMEOUT} %clang"

# Configuration name -> the commands that build %s into the executable %t.
# Without the engine, values prepared only for the __enzyme_autodiff calls go
# unused; that is expected there.
BUILD_COMMANDS = {
    "fd-only": f"{COMPILE_C} -Wno-unused -Wno-unused-parameter -O0"
    " -DQGRAD_NO_AD %s -o %t -lm",
    "plugin-O0": f"{COMPILE_C} -O0 -fpass-plugin=%plugin %s -o %t -lm",
    # -O1 keeps lifetime markers and other shapes that -O2 optimises away
    # (a silent wrong gradient was found only there).
    "plugin-O1": f"{COMPILE_C} -O1 -fpass-plugin=%plugin %s -o %t -lm",
    "plugin-O2": f"{COMPILE_C} -O2 -fpass-plugin=%plugin %s -o %t -lm",
    "plugin-O3": f"{COMPILE_C} -O3 -fpass-plugin=%plugin %s -o %t -lm",
    # Forward mode: the checker also differentiates every checked function
    # with __enzyme_fwddiff (check.h, QGRAD_CHECK_FORWARD).
    "forward-O0": f"{COMPILE_C} -O0 -DQGRAD_CHECK_FORWARD"
    " -fpass-plugin=%plugin %s -o %t -lm",
    "forward-O1": f"{COMPILE_C} -O1 -DQGRAD_CHECK_FORWARD"
    " -fpass-plugin=%plugin %s -o %t -lm",
    "forward-O2": f"{COMPILE_C} -O2 -DQGRAD_CHECK_FORWARD"
    " -fpass-plugin=%plugin %s -o %t -lm",
    # Vector forward mode: the same checks with three tangents per call
    # (enzyme_width, 3).
    "vector-O0": f"{COMPILE_C} -O0 -DQGRAD_CHECK_FORWARD"
    " -DQGRAD_CHECK_VECTOR_FORWARD -fpass-plugin=%plugin %s -o %t -lm",
    "vector-O2": f"{COMPILE_C} -O2 -DQGRAD_CHECK_FORWARD"
    " -DQGRAD_CHECK_VECTOR_FORWARD -fpass-plugin=%plugin %s -o %t -lm",
    "forward-qgrad-ad": f"{COMPILE_C} -O0 -Xclang -disable-O0-optnone"
    f" -DQGRAD_CHECK_FORWARD -S -emit-llvm %s -o %t.ll && {QGRAD_AD} %t.ll"
    f" -o %t.ad.ll && {LINK_IR} %t.ad.ll -o %t -lm",
    "qgrad-ad": f"{COMPILE_C} -O0 -Xclang -disable-O0-optnone -S -emit-llvm %s"
    f" -o %t.ll && {QGRAD_AD} %t.ll -o %t.ad.ll && {LINK_IR} %t.ad.ll -o %t -lm",
}

# How a program's RUN line runs what %{ad_build} built.
RUN_COMMAND = f"timeout {RUN_TIMEOUT} %t"


class ConfiguredProgramTest(lit.Test.Test):
    """One configuration of one program: its name in the suite ends with the
    configuration, while %s and the RUN lines still come from the program."""

    def getSourcePath(self):
        return self.file_path


class EveryBuildConfiguration(lit.formats.ShTest):
    """Expands program.c into the tests program.c/<configuration>; the test's
    RUN lines see the configuration's build as %{ad_build} and the run of
    the result as %{ad_run}, and XFAIL or REQUIRES lines see the
    configuration as the feature ad-<configuration>."""

    def getTestsForPath(self, suite, path_in_suite, lit_config, local_config):
        # `lit --param ad_configurations=plugin-O2,qgrad-ad` keeps only those
        # configurations (the sanitizer tier's CI subset, docs/build.md).
        wanted = lit_config.params.get("ad_configurations")
        names = [name for name in BUILD_COMMANDS
                 if not wanted or name in wanted.split(",")]
        for test in super().getTestsForPath(
            suite, path_in_suite, lit_config, local_config
        ):
            for name in names:
                test_config = copy.copy(local_config)
                test_config.available_features = set(
                    local_config.available_features
                ) | {"ad-" + name}
                yield ConfiguredProgramTest(
                    suite,
                    path_in_suite + (name,),
                    test_config,
                    file_path=test.getSourcePath(),
                )

    def execute(self, test, lit_config):
        build = ("%{ad_build}", BUILD_COMMANDS[test.path_in_suite[-1]])
        run = ("%{ad_run}", RUN_COMMAND)
        return lit.TestRunner.executeShTest(
            test, lit_config, self.execute_external, [build, run]
        )
