// Package lbfgs is the limited-memory BFGS minimiser of CalibraEval's fit
// in d (calib/calibraeval, Fit's phase 1; docs/methods.md §3): L-BFGS with
// a strong-Wolfe line search (Nocedal & Wright 2006, Alg. 7.4, 3.5 and
// 3.6), a diagonal preconditioner H₀ = γ·diag(h), h_i = 1/max(w_i, floor)
// refreshed at every accepted point, an optional projection of every
// direction onto Σ x_i = const, a cap on the change of any coordinate per
// step, and hooks to stop from outside (Stop) and to accept a candidate
// every Window iterations (Check).
//
// Why not gonum's optimize.LBFGS. The fit needs three things it does not
// give: (1) the preconditioner is the inverse Fisher metric of the
// softmax, diag(1/w_k) with the weights w of the last evaluation, which
// makes a gradient step an exponentiated-gradient step on the increments
// of g; gonum's LBFGS scales H₀ by a scalar only. (2) The objective is
// invariant to adding a constant to d, so every direction is projected
// onto Σ d = 0 (ZeroSum), fused with the two-loop recursion. (3) The fit's
// numbers are pinned to the bit (calib/calibraeval's TestFitPinnedBits):
// the recursion runs in fused kernels (kernels.go, calib/internal/asm)
// whose floating-point operations are exactly those of the unfused gonum
// calls they replaced, and the objective gets max_i x_i from the line
// search's pass.
//
// With h ≡ 1 and no projection Minimise is plain L-BFGS: lbfgs_test.go
// runs it on gonum's optimize/functions standard problems (Moré, Garbow &
// Hillstrom) from their standard starts, the projection on a
// shift-invariant Rosenbrock function, and the preconditioner on a badly
// scaled one.
package lbfgs
