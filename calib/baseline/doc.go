// Package baseline holds the corrections plumb compares CalibraEval with
// (docs/methods.md §4):
//
//   - Pride (Zheng et al.): from the estimation items judged in x0 and x2,
//     prior_i(A) ∝ exp(mean(log s₀, log s₂)), prior_i(B) ∝
//     exp(mean(log(1 − s₀), log(1 − s₂))), normalised and averaged over
//     items (probabilities clipped to [10⁻⁶, 1 − 10⁻⁶]); every P(A) is then
//     debiased, P(A) ∝ s/prior(A), P(B) ∝ (1 − s)/prior(B) (PridePrefs);
//   - BPC, Balanced Position Calibration (Wang et al.): the preference
//     averaged over arrangements that show the other response first, x0
//     with x1 and x2 with x3, otherwise x0 with x2 or x1 with x3
//     (BPCPrefs); agreement among its outputs is perfect by construction,
//     so only accuracy, recalls, RStd and the tie rate apply (BPCMetrics);
//   - CC, DC and BC (Zhao et al. 2021, Fei et al. 2023, Zhou et al. 2024):
//     a prior P(A) p_a per arrangement — the mean P(A) of the content-free
//     probes (CC), of the domain-context probes (DC) or of the estimation
//     items (BC) judged in a — and every P(A) s in a mapped to
//     (s/p_a)/(s/p_a + (1 − s)/(1 − p_a)) (ProbePrefsIn, BCPrefsIn,
//     ArrPrior);
//   - discard inconsistent: the items whose choice is the same in every
//     arrangement, their accuracy, RStd and tie rate, and the share kept
//     (DiscardMetrics, ConsistentItems).
//
// Their metrics are calib/metrics'.
package baseline
