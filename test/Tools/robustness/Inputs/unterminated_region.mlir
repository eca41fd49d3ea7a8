func.func @main(%x: f64) -> f64 {
  %y = scf.execute_region -> f64 {
    scf.yield %x : f64
