// Package reporting estimates the share θ = P(z = 1) of a binary target
// from a judge's verdicts, correctly, after Lee et al. (docs/methods.md
// §5): a test set of n items with verdicts only (rate p̂) and a
// calibration set of m0 items with z = 0 and m1 with z = 1 (specificity
// q̂0, sensitivity q̂1). The point estimate is Rogan–Gladen's
//
//	θ̂ = clip((p̂ + q̂0 − 1) / (q̂0 + q̂1 − 1), 0, 1)
//
// (undefined when q̂0 + q̂1 ≤ 1: the judge is no better than chance), and
// the (1 − α) interval is Lee et al.'s, with pseudo-counts:
//
//	z = Φ⁻¹(1 − α/2); ñ = n + z², p̃ = (n p̂ + z²/2)/ñ; m̃k = mk + 2, q̃k = (mk q̂k + 1)/m̃k
//	θ̃ = (p̃ + q̃0 − 1)/(q̃0 + q̃1 − 1)
//	dθ = 2z²[θ̃ q̃1(1 − q̃1)/m̃1 − (1 − θ̃) q̃0(1 − q̃0)/m̃0]
//	SE = √(p̃(1 − p̃)/ñ + (1 − θ̃)² q̃0(1 − q̃0)/m̃0 + θ̃² q̃1(1 − q̃1)/m̃1)/(q̃0 + q̃1 − 1)
//	CI = [clip(θ̃ + dθ − z SE), clip(θ̃ + dθ + z SE)]
//
// (RGPoint, RGInterval, rogan.go). Compute turns binary items into the
// sets (unlabelled items are the test set; with every item labelled the
// calibration set is drawn, seeded, and the rest's labels are hidden) and
// compares how a labelling budget m = m0 + m1 could be split: least
// calibration variance at θ̂ (ExactSplit), Lee et al.'s Prop. 2
// (ApproxSplit), Algorithm 1 from a pilot (AdaptiveSplit) and the
// narrowest plug-in interval with a minimum per class (BestSplitMin). Each
// split's interval is checked by simulation (SimCheck, simcheck.go: does
// it cover θ at least 1 − α − CheckSlack of the time at that split's
// class counts?), and the plan recommends the narrowest split that holds
// (plan_labelled.go), or says what to label first.
// BinaryFromVerdicts and PairVerdicts make the items from verdict records
// and from pair records' preferences.
package reporting
