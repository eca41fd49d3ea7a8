# lit configuration for qgrad's FileCheck suites.
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "qgrad"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".ll", ".c", ".test", ".txt", ".qasm"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.qgrad_obj_root, "test")

llvm_config.use_default_substitutions()
config.environment["PATH"] = os.pathsep.join(
    [config.qgrad_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
)
config.substitutions.append(("%qgrad_lib", config.qgrad_lib_dir))
config.substitutions.append(("%qgrad_src", config.qgrad_src_root))
config.substitutions.append(("%qgrad_include", os.path.join(config.qgrad_src_root, "include")))
if config.qgrad_sanitizers:
    # The sanitizer tier (docs/build.md): qgrad's tools abort on a report, and
    # %clang and %opt preload the sanitizer runtime for the pass plugin.
    for variable in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
        if variable in os.environ:
            config.environment[variable] = os.environ[variable]
    # The options make test-sanitize sets (docs/build.md), also when lit is
    # run by hand.
    config.environment.setdefault("ASAN_OPTIONS", "allow_user_poisoning=0")
    config.environment.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    config.available_features.add("sanitizers")
clang = config.qgrad_test_clang
opt = config.qgrad_test_opt
config.substitutions.append(("%clang", clang))
config.substitutions.append(("%opt", opt))
config.substitutions.append(("%plugin", os.path.join(config.qgrad_lib_dir, "QgradAD.so")))
