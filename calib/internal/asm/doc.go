// Package asm holds calib's kernels that have amd64 assembly (the
// floating-point kernels of CalibraEval's fit and the permutation test's
// four-lane shuffle), in the style of gonum's internal/asm/f64: each
// kernel's doc comment gives its equivalent Go loop, the assembly is built
// on amd64 unless the noasm, gccgo or safe build tag is set, and
// everywhere else (and with -tags noasm) the same Go loops run instead.
// The tests check the assembly against the Go loops bit for bit.
//
// The kernels and who uses them:
//
//   - AxpyToDot: p = src + α·x fused with qᵀp, summed in the four lanes of
//     gonum's amd64 DotUnitary (calib/internal/lbfgs, the two-loop
//     recursion).
//   - ExpSum: w_i = e^{d_i − max} and Σ w_i, two exponentials at a time
//     with ExpNonPos's operations (calib/calibraeval, the softmax of every
//     objective evaluation).
//   - PermSteps4: four Fisher–Yates shuffles at once, math/rand/v2's PCG
//     (PCGStep) in the four lanes of an AVX-512 vector (calib/likelihood,
//     the permutation test's integer loop). It is used only on a CPU with
//     AVX-512 F, DQ and VL (HavePermSteps4, checked at start-up).
//
// The numbers do not depend on which one runs: the assembly performs the
// Go loops' floating-point operations in the same order. What does depend
// on the build is KernelsMatchGonum: gonum's own floats.Dot sums in four
// lanes only in its amd64 assembly, which the fused kernels of
// calib/internal/lbfgs reproduce; with noasm (gonum's too) the L-BFGS
// phase agrees with the unfused operations only to rounding, so pinned fit
// bits are checked on the default amd64 build only.
//
// PermSteps4 works on integers, so its results never depend on the build.
package asm
