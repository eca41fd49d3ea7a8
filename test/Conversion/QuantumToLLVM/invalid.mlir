// RUN: qgrad-opt %s --convert-quantum-to-llvm -split-input-file -verify-diagnostics

func.func @tensor_form(%a: !quantum.bit) -> tensor<2xf64> {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @+1 {{'quantum.probs' op still has tensor semantics; run one-shot bufferization before convert-quantum-to-llvm}}
  %p = quantum.probs %c : tensor<2xf64>
  return %p : tensor<2xf64>
}

// -----

func.func @tensor_matrix(%a: !quantum.bit, %m: tensor<2x2xcomplex<f64>>) -> f64 {
  // expected-error @+1 {{'quantum.hermitian' op still has tensor semantics}}
  %h = quantum.hermitian(%m : tensor<2x2xcomplex<f64>>) %a : !quantum.obs
  %e = quantum.expval %h : f64
  return %e : f64
}

// -----

func.func @strided(%a: !quantum.bit, %buf: memref<2xf64, strided<[2]>>) {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @+1 {{'quantum.probs' op needs a contiguous buffer with the identity layout, got 'memref<2xf64, strided<[2]>>'}}
  quantum.probs %c in(%buf : memref<2xf64, strided<[2]>>)
  return
}

// -----

func.func @observable_sample(%a: !quantum.bit, %buf: memref<100xf64>) {
  %z = quantum.namedobs %a[PauliZ] : !quantum.obs
  // expected-error @+1 {{'quantum.sample' op can only be lowered on a quantum.compbasis defined in the same function}}
  quantum.sample %z in(%buf : memref<100xf64>)
  return
}

// -----

func.func @basis_argument(%c: !quantum.obs, %buf: memref<2xf64>) {
  // expected-error @+1 {{'quantum.probs' op can only be lowered on a quantum.compbasis defined in the same function}}
  quantum.probs %c in(%buf : memref<2xf64>)
  return
}

// -----

func.func @counts_without_shots(%a: !quantum.bit, %ev: memref<2xf64>, %n: memref<2xi64>) {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @+1 {{'quantum.counts' op needs a number of shots: put `quantum.device shots(...)` before it in the same function}}
  quantum.counts %c in(%ev : memref<2xf64>, %n : memref<2xi64>)
  return
}

// -----

func.func @bad_postselect(%a: !quantum.bit) -> i1 {
  // expected-error @+1 {{'quantum.measure' op postselect must be the integer 0 or 1, got 2 : i64}}
  %m, %b = quantum.measure %a {postselect = 2 : i64} : i1, !quantum.bit
  return %m : i1
}

// -----

// expected-error @+1 {{'quantum.alloc' op must be inside a func.func to be lowered}}
%r = quantum.alloc( 1) : !quantum.reg

// -----

func.func @two_registers() {
  // expected-note @+1 {{the live register}}
  %r = quantum.alloc( 1) : !quantum.reg
  // expected-error @+1 {{'quantum.alloc' op allocates while another register is alive; the runtime simulates one register at a time}}
  %s = quantum.alloc( 1) : !quantum.reg
  quantum.dealloc %s : !quantum.reg
  quantum.dealloc %r : !quantum.reg
  return
}

// -----

func.func @inner() -> f64 {
  %r = quantum.alloc( 1) : !quantum.reg
  %q = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %z = quantum.namedobs %q[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @nested() -> f64 {
  // expected-note @+1 {{the live register}}
  %r = quantum.alloc( 1) : !quantum.reg
  // expected-error @+1 {{'func.call' op calls a function that allocates qubits while another register is alive}}
  %e = call @inner() : () -> f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

// -----

// Sequential registers and allocation in a loop body are fine.
func.func @sequential(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = quantum.alloc( 1) : !quantum.reg
  quantum.dealloc %r : !quantum.reg
  scf.for %i = %c0 to %n step %c1 {
    %s = quantum.alloc( 2) : !quantum.reg
    quantum.dealloc %s : !quantum.reg
  }
  return
}
