// --pre-ad-passes replaces the O2 before the AD engine by a given pipeline;
// a pipeline that does not parse is an error, and --pre-ad-opt=off still
// skips the stage. d/dx (x^2 sin x) = 2x sin x + x^2 cos x.
// RUN: qgrad run %S/ad-stage.mlir 0.5 --pre-ad-passes='function(sroa,early-cse,instcombine)' | FileCheck %s
// CHECK: {{^}}0.69882117907679{{[0-9]+$}}
// RUN: not qgrad run %S/ad-stage.mlir 0.5 --pre-ad-passes='no-such-pass' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: qgrad: error: invalid pass pipeline 'no-such-pass': unknown pass name 'no-such-pass'
// RUN: qgrad run %S/ad-stage.mlir 0.5 --pre-ad-opt=off --pre-ad-passes='no-such-pass' | FileCheck %s
