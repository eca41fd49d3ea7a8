/*===- bench_lanes.h - Vector forward mode at the engine's entry calls -----===*
 *
 * The *_qgrad.c files ask the engine for BENCH_LANES tangents in one
 * __enzyme_fwddiff call (enzyme_width): each active pointer is followed by
 * one shadow per lane, and the call returns the lanes' tangents.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_BENCH_LANES_H
#define QGRAD_BENCH_AD_BENCH_LANES_H

#include "bench_problem.h"

/* One tangent per lane. */
typedef struct {
  double lane[BENCH_LANES];
} BenchLanes;
BenchLanes __enzyme_fwddiff_lanes(void *, ...);
extern int enzyme_width;
/* The shadows of a pointer argument: `offset` into each lane's direction. */
#define BENCH_LANE_SHADOWS(v, offset)                                          \
  (v)[0] + (offset), (v)[1] + (offset), (v)[2] + (offset), (v)[3] + (offset),  \
      (v)[4] + (offset), (v)[5] + (offset), (v)[6] + (offset),                 \
      (v)[7] + (offset)

#endif
