// Package calibraeval is CalibraEval's learned calibration map g
// (docs/methods.md §3): one increasing map from a judge's observed P(A) to
// a debiased P(A) under which the calibrated preferences r_j = g(s_j)
// (x0, x1) or 1 − g(s_j) (x2, x3) agree across arrangements. Over the K
// items of the estimation set it minimises
//
//	L(g)/K = (1/K) Σ_i [ Σ_{(j,l) position swap} (r_j − r_l)²
//	                     + Σ_{(j,l) content swap} ((r_j − r_l)² − λ (g(s_j) − g(s_l))²) ]
//
// (the paper's eq. 10; an item with no content-swap pair adds eq. 20's
// −λ(g(s_j) − ½)² per position-swap pair; Objective picks the terms),
// parametrised as the paper's NOA: on the pooled, merged knots
// 0 = z_0 < … < z_M = 1,
//
//	g(z_k) = Σ_{i≤k} e^{d_i} / Σ_{i≤M} e^{d_i},   Σ d_i = 0,
//
// linear between knots and made non-decreasing by isotonic regression,
// with the exact gradient ∂(L/K)/∂d_k = w_k (Σ_{j≥k} G_j − Σ_j G_j g(z_j))
// in O(K + M) (w_k = e^{d_k}/Σe^d, G_j = ∂(L/K)/∂g(z_j)).
//
// NOA.Fit minimises it to convergence: L-BFGS in d picks the basin
// (calib/internal/lbfgs; on quantile bins of the knots for large
// problems), then majorise–minimise steps in g with a PAVA projection and
// a Newton step on flat pieces reach the flat parts of g exactly; every
// 10 iterations the first phase tries the exact constant map, where a
// collapsing fit ends. FitPublished instead reproduces the published
// script's one epoch of mini-batch SGD (CSHaitao/CalibraEval at
// PublishedCommit). NOA.Path traces the fit path from the identity to the
// converged fit: point k minimises L/K + μ·dist(g)², dist the
// root-mean-square distance of g from the identity over the data, for μ
// from +∞ down to 0, spaced evenly in distance. Resampler builds a
// bootstrap resample's problem from the full one's knots and terms (NewNOA's
// problem exactly), and Resampler.Start with NOA.FitCurve re-fits it from
// the full data's fit (a warm start: the second phase alone).
//
// A fit's answers are pinned to the bit (TestFitPinnedBits): speed work
// must not change one.
package calibraeval
