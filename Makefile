# The two set-up commands of README.md. Both are idempotent.
BUILD_DIR ?= build
CMAKE ?= /usr/bin/cmake
JOBS ?= $(shell nproc)

FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 60

.PHONY: deps configure build demo test format clean fuzz fuzz-smoke

deps:
	@./scripts/install-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	$(CMAKE) -S . -B $(BUILD_DIR) -G Ninja \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
	  -DLLVM_USE_LINKER=lld -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS)

demo: build
	./scripts/demo.sh $(BUILD_DIR)

test: build
	./scripts/run-tests.sh $(BUILD_DIR)
	$(MAKE) fuzz-smoke

# libFuzzer targets with ASan and UBSan (fuzz/, docs/reliability.md).
$(FUZZ_DIR)/build.ninja: | deps
	$(CMAKE) -S fuzz -B $(FUZZ_DIR) -G Ninja \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
	  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir

fuzz: $(FUZZ_DIR)/build.ninja
	$(CMAKE) --build $(FUZZ_DIR) -j $(JOBS)

fuzz-smoke: fuzz
	./scripts/fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS)

format:
	git ls-files '*.cpp' '*.h' '*.c' | xargs clang-format-22 -i

clean:
	rm -rf $(BUILD_DIR) $(FUZZ_DIR)
