// Package calib holds the types every calibration method of plumb shares
// (docs/methods.md §1): a judge's preferences for response_1 per item and
// arrangement (Prefs; r_j = s_j in x0 and x1, 1 − s_j in x2 and x3, from
// the observed P(A) s_j), the choice they make (Choice: 1 when r > ½,
// 2 when r < ½, a tie within TieTolerance of ½), a calibration map g*
// (Curve: linear between knots, held constant outside) and the preferences
// it gives (CalibratedPrefs), the seeded estimation set a method learns
// from (EstimationSet), the test for a calibration that collapsed
// (Collapsed), and a statistic with its count or the reason it is
// undefined (Stat), never NaN.
//
// Every method has its own package below calib, which none of them is
// above: metrics (§2), calibraeval (§3), baseline (§4), reporting (§5),
// likelihood (§6), bootstrap (§7) and identify (§1's position and ID
// effects); selection runs them all for one judge. The primitives
// (isotonic regression, ranks, κ, ICCs) are calib/stats.
// docs/architecture.md draws the map. Functions here are pure: no I/O, no
// global state.
package calib
