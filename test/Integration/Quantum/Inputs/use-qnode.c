// Calls a qnode compiled by `qgrad compile` from C; the library brings the
// quantum runtime with it, and its errors are read through the C API.
#include "qgrad_rt.h"

#include <stdio.h>

double _mlir_ciface_main(double x);

int main(void) {
  printf("expval = %.17f\n", _mlir_ciface_main(0.3));
  const char *error = qgrad_rt_last_error(qgrad_rt_default_context());
  printf("error = %s\n", error ? error : "none");
  return 0;
}
