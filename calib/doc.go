// Package calib computes every statistic and calibration method plumb shows:
// agreement (Fleiss' κ, ICC), recall imbalance, accuracy, CalibraEval's NOA
// calibration curve, the Pride, BPC and discard-inconsistent baselines, and
// the primitives under them (isotonic regression, ranks, Spearman's ρ).
//
// Functions here are pure: they take model records or plain numbers and
// return values; they do no I/O and hold no global state, and randomness
// comes from an explicit seed. Formulas follow docs/methods.md; each
// exported function's doc comment says which section. Nothing here imports
// plot or tui. A statistic that cannot be computed is a Stat with a Reason,
// never NaN.
package calib
