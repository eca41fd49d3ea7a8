# The two set-up commands of README.md. Both are idempotent.
BUILD_DIR ?= build
CMAKE ?= /usr/bin/cmake
JOBS ?= $(shell nproc)

# The sanitizer tier: every qgrad target with ASan, UBSan and libFuzzer's
# coverage instrumentation; it also builds the fuzzers (docs/build.md).
SANITIZE_DIR ?= build-sanitize
FUZZ_SECONDS ?= 60

.PHONY: deps configure build demo test format clean fuzz fuzz-smoke \
        test-sanitize sanitize-build

deps:
	@./scripts/install-deps.sh
	@./scripts/install-python-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	$(CMAKE) -S . -B $(BUILD_DIR) -G Ninja \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
	  -DLLVM_USE_LINKER=lld -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
	  $$([ -x .venv/bin/python ] && echo -DPython_EXECUTABLE=$(CURDIR)/.venv/bin/python)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS)

demo: build
	./scripts/demo.sh $(BUILD_DIR)

# make test runs the sanitizer tier too, with three of the twelve builds of
# each AD coverage program (docs/build.md): the whole tier takes about 20
# minutes on 2 cores, the subset fits CI's time with the rest.
SANITIZE_CI_LIT_ARGS ?= --param ad_configurations=plugin-O1,forward-O2,qgrad-ad

test: build
	./scripts/run-tests.sh $(BUILD_DIR)
	$(MAKE) test-sanitize SANITIZE_LIT_ARGS="$(SANITIZE_CI_LIT_ARGS)"
	$(MAKE) fuzz-smoke

$(SANITIZE_DIR)/build.ninja: | deps
	$(CMAKE) -S . -B $(SANITIZE_DIR) -G Ninja \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
	  -DLLVM_USE_LINKER=lld -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
	  -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" \
	  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" \
	  -DQGRAD_SANITIZERS=address,undefined,fuzzer-no-link

sanitize-build: $(SANITIZE_DIR)/build.ninja
	$(CMAKE) --build $(SANITIZE_DIR) -j $(JOBS)

# Every lit and ctest test on the instrumented build; a report fails its test.
# LLVM's headers poison the slabs of its bump allocators for ASan, which the
# uninstrumented libLLVM/libMLIR then hand out without unpoisoning: that
# poisoning is off (a false use-after-poison otherwise, docs/build.md).
export ASAN_OPTIONS ?= allow_user_poisoning=0
export UBSAN_OPTIONS ?= print_stacktrace=1
# libomp's own per-thread structures are never freed (scripts/lsan.supp).
export LSAN_OPTIONS ?= suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0
test-sanitize: sanitize-build
	LIT_ARGS="$(SANITIZE_LIT_ARGS)" ./scripts/run-tests.sh $(SANITIZE_DIR)

# libFuzzer targets (fuzz/, docs/reliability.md), built in the sanitizer tier.
fuzz: sanitize-build

fuzz-smoke: fuzz
	./scripts/fuzz.sh $(SANITIZE_DIR) $(FUZZ_SECONDS)

format:
	git ls-files '*.cpp' '*.h' '*.c' | xargs clang-format-22 -i

clean:
	rm -rf $(BUILD_DIR) $(SANITIZE_DIR)
