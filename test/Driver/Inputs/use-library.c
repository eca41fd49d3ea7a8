// Calls a library written by `qgrad compile` through its documented C
// interface: scalars by value, a rank-1 memref as a descriptor by pointer,
// a memref result through a pointer to the descriptor to fill.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double *allocated;
  double *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} MemRef1D;

double _mlir_ciface_norm(double, double);
void _mlir_ciface_scale(MemRef1D *result, MemRef1D *input, double factor);

int main(void) {
  printf("norm = %.17f\n", _mlir_ciface_norm(3.0, 4.0));
  double data[3] = {1.0, 2.0, 3.0};
  MemRef1D input = {data, data, 0, {3}, {1}};
  MemRef1D result;
  _mlir_ciface_scale(&result, &input, 2.5);
  printf("scaled = [%g, %g, %g]\n", result.aligned[0], result.aligned[1],
         result.aligned[2]);
  free(result.allocated);
  return 0;
}
