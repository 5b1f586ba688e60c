// Package metrics computes the selection-bias metrics of docs/methods.md
// §2 for one judge's preferences (calib.Prefs), each a calib.Stat with its
// count or the reason it is undefined:
//
//   - position consistency: the share of items judged in at least two
//     arrangements whose choice is the same in all of them;
//   - first-position rate: the share of non-tie choices that picked the
//     response shown first (0.5 is fair);
//   - Fleiss' κ, items as subjects and arrangements as raters:
//     P_i = (Σ_c n_ic² − r)/(r(r − 1)), P̄ = mean P_i, p_c = Σ_i n_ic/(N r),
//     P_e = Σ_c p_c², κ = (P̄ − P_e)/(1 − P_e);
//   - ICC(2,k) = (MSR − MSE)/(MSR + (MSC − MSE)/n), ICC(3,k) = (MSR − MSE)/MSR,
//     ICC(2,1) = (MSR − MSE)/(MSR + (k − 1)MSE + k(MSC − MSE)/n) and
//     ICC(3,1) = (MSR − MSE)/(MSR + (k − 1)MSE) on the items × arrangements
//     matrix, with McGraw & Wong's 95% intervals (calib/stats); κ and the
//     ICCs use the judge's most common set of arrangements;
//   - RStd: per arrangement |recall_1 − recall_2|/2 × 100, averaged;
//   - accuracy (mean over arrangements, of the aggregate decision, and with
//     ties as a class), recalls and the tie rate.
//
// Compute and ComputeSubset are the entry points; ComputeIn takes its
// arrays from a calib/internal/work Space, ComputeCounts skips κ and the
// ICCs for resampling loops that do not read them, and ComputeWithoutAgreement
// serves the baselines whose outputs agree by construction. Collapse marks
// every metric of a collapsed calibration undefined.
package metrics
