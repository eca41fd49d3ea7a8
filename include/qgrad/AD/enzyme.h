/*===- qgrad/AD/enzyme.h - Enzyme-compatible C interface to the AD engine -===*
 *
 * Include this header from C or C++ and compile with the qgrad AD plugin
 * (clang-22 -fpass-plugin=build/lib/QgradAD.so) or run the module through
 * qgrad-ad. Every call of a function whose name contains __enzyme_autodiff
 * is replaced by a call of a synthesized reverse-mode gradient, one whose
 * name contains __enzyme_fwddiff by forward mode (each active float argument
 * followed by its tangent, each enzyme_dup pointer by its tangent buffer;
 * the call returns the tangent of the result), and __enzyme_augmentfwd /
 * __enzyme_reverse / __enzyme_augmentsize by split reverse mode (see
 * docs/ad-engine.md). C++ declarations may be mangled.
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
 *   enzyme_width, N   (forward mode, right after the function) vector mode:
 *                     every active argument is followed by N tangents or
 *                     shadows, and the call returns the N tangents of the
 *                     result (declare it returning a struct of N doubles).
 * Defaults without a marker: floating-point scalars are enzyme_out, pointers
 * enzyme_dup, integers enzyme_const. A float-valued function is seeded with
 * 1.0. The call returns the derivatives of the enzyme_out arguments in order:
 * one double, or a struct of doubles, as the prototype used at the call site
 * declares (declare your own prototype with another suffix, e.g.
 * __enzyme_autodiff_pair, to get a struct back).
 *
 * Registration globals (define them at file scope, not static):
 *   void *__enzyme_register_gradient_f[3] = {(void *)f, (void *)aug_f,
 *                                            (void *)rev_f};
 *     aug_f takes f's arguments, each duplicated pointer followed by its
 *     shadow, and returns void, a tape (void *), f's result, or a struct
 *     {tape, result}; rev_f takes the same arguments, then the adjoint of
 *     f's result when f returns a float, then the tape, and returns void,
 *     a double, or a struct with the derivatives of f's active scalars.
 *   void *__enzyme_inactivefn[] = {(void *)g, ...};       never differentiated
 *   void *__enzyme_function_like[2] = {(void *)g, "exp"}; g behaves as libm
 *                                                          exp (or "free")
 *   void *__enzyme_allocation_like[4] = {(void *)a, (void *)size_arg_index,
 *                                        (void *)"-1", (void *)free_fn};
 * See docs/ad-engine.md for the full contract.
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
extern int enzyme_width;

double __enzyme_autodiff(void *fn, ...);
double __enzyme_fwddiff(void *fn, ...);

#ifdef __cplusplus
}
#endif

#endif /* QGRAD_AD_ENZYME_H */
