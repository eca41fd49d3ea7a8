/*===- qgrad/AD/enzyme.h - Enzyme-compatible C interface to the AD engine -===*
 *
 * Include this header from C or C++ and compile with the qgrad AD plugin
 * (clang-22 -fpass-plugin=build/lib/QgradAD.so) or run the module through
 * qgrad-ad. Every call of a function whose name starts with __enzyme_autodiff
 * is replaced by a call of a synthesized reverse-mode gradient.
 *
 * Activity markers: pass one of these before an argument to say how it is
 * treated. Only the marker global's name matters, never its value, so the
 * globals need not be defined anywhere; the engine removes every use.
 *   enzyme_const      the argument is not differentiated;
 *   enzyme_dup        a pointer followed by its shadow; gradients are ADDED
 *                     into the shadow memory (zero it first);
 *   enzyme_dupnoneed  like enzyme_dup, but the primal values written through
 *                     the pointer need not be computed (output buffers whose
 *                     shadow holds the incoming cotangent);
 *   enzyme_out        an active scalar whose derivative is returned.
 * Defaults without a marker: floating-point scalars are enzyme_out, pointers
 * enzyme_dup, integers enzyme_const. A float-valued function is seeded with
 * 1.0. The call returns the derivatives of the enzyme_out arguments in order:
 * one double, or a struct of doubles, as the prototype used at the call site
 * declares (declare your own prototype with another suffix, e.g.
 * __enzyme_autodiff_pair, to get a struct back).
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_AD_ENZYME_H
#define QGRAD_AD_ENZYME_H

#ifdef __cplusplus
extern "C" {
#endif

extern int enzyme_const;
extern int enzyme_dup;
extern int enzyme_dupnoneed;
extern int enzyme_out;

double __enzyme_autodiff(void *fn, ...);

#ifdef __cplusplus
}
#endif

#endif /* QGRAD_AD_ENZYME_H */
