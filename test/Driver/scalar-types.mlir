// Every supported scalar type in and out, with --entry.
// RUN: qgrad run %s --entry scalars 1.5 2.25 -7 40000 true 3 | FileCheck %s
// CHECK:      {{^}}3.0000000000000000{{$}}
// CHECK-NEXT: {{^}}4.50000000{{$}}
// CHECK-NEXT: {{^}}-14{{$}}
// CHECK-NEXT: {{^}}80000{{$}}
// CHECK-NEXT: {{^}}false{{$}}
// CHECK-NEXT: {{^}}6{{$}}
// RUN: qgrad run %s --entry scalars 1 2 3 4 0 5 | FileCheck %s --check-prefix=INTS
// INTS:      {{^}}2.0000000000000000{{$}}
// INTS-NEXT: {{^}}4.00000000{{$}}
// INTS:      {{^}}true{{$}}
func.func @scalars(%a: f64, %b: f32, %c: i64, %d: i32, %e: i1, %f: index)
    -> (f64, f32, i64, i32, i1, index) {
  %a2 = arith.addf %a, %a : f64
  %b2 = arith.addf %b, %b : f32
  %c2 = arith.addi %c, %c : i64
  %d2 = arith.addi %d, %d : i32
  %true = arith.constant true
  %e2 = arith.xori %e, %true : i1
  %f2 = arith.addi %f, %f : index
  return %a2, %b2, %c2, %d2, %e2, %f2 : f64, f32, i64, i32, i1, index
}
