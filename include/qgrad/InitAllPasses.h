//===- InitAllPasses.h - Register the passes qgrad uses ---------*- C++ -*-===//

#ifndef QGRAD_INITALLPASSES_H
#define QGRAD_INITALLPASSES_H

namespace qgrad {

/// Registers the upstream passes of the dialects qgrad uses (for textual
/// pipelines in qgrad-opt and the driver) and qgrad's own passes.
void registerAllPasses();

} // namespace qgrad

#endif // QGRAD_INITALLPASSES_H
