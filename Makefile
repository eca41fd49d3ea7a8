# The two set-up commands of README.md. Both are idempotent.
BUILD_DIR ?= build
CMAKE ?= /usr/bin/cmake
JOBS ?= $(shell nproc)

.PHONY: deps configure build demo test format clean

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

format:
	git ls-files '*.cpp' '*.h' '*.c' | xargs clang-format-22 -i

clean:
	rm -rf $(BUILD_DIR)
