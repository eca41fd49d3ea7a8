// Calls the gradient compiled by `qgrad compile` through its C interface.
#include <stdio.h>

double _mlir_ciface_main(double);

int main(void) {
  printf("%.12f\n", _mlir_ciface_main(0.5));
  return 0;
}
