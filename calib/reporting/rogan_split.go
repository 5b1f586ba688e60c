package reporting

import (
	"errors"
	"fmt"
	"math"
)

// rgEps is the ε of the split rules: the official code's default eps, the
// clamp of θ in ExactSplit and of q1 in ApproxSplit, and the p̂ below which
// the official allocation code switches to its special case.
const rgEps = 1e-6

// ExactSplit is the split of a calibration budget m = m0 + m1 that
// minimises the calibration part of the variance of θ̂ (docs/methods.md §5):
// m0 = m√A/(√A + √B), A = (1 − θ)² q0(1 − q0), B = θ² q1(1 − q1), rounded
// half to even. θ is clamped to [ε, 1 − ε] (ε = 1e-6) with a note, since the
// rule degenerates at θ ∈ {0, 1}. When A = B = 0 (q0 and q1 are 0 or 1) every
// split has the same calibration variance and the budget is split equally,
// with a note. When m ≥ 2 each class gets at least one item (with a note if
// the rule gave it none). Bad input (m < 0, a rate that is not a
// probability) gives (0, 0) and a note saying why.
func ExactSplit(m int, theta, q0, q1 float64) (m0, m1 int, note string) {
	if m < 0 {
		return 0, 0, fmt.Sprintf("cannot split a budget of %d", m)
	}
	if err := rgCheckRates(theta, q0, q1); err != nil {
		return 0, 0, "cannot compute the least calibration variance split: " + err.Error()
	}
	var notes []string
	if t := min(max(theta, rgEps), 1-rgEps); t != theta {
		notes = append(notes, fmt.Sprintf("θ̂ = %g is at the edge of [0, 1], where the rule degenerates; it uses θ = %g", theta, t))
		theta = t
	}
	sa := math.Sqrt((1 - theta) * (1 - theta) * q0 * (1 - q0))
	sb := math.Sqrt(theta * theta * q1 * (1 - q1))
	if sa+sb == 0 {
		m0 = m / 2
		notes = append(notes, "q̂0 and q̂1 are each 0 or 1, so every split has the same calibration variance; the budget is split equally")
	} else {
		m0 = int(math.RoundToEven(float64(m) * sa / (sa + sb)))
	}
	if m >= 2 && (m0 < 1 || m0 > m-1) {
		m0 = min(max(m0, 1), m-1)
		notes = append(notes, "the rule gives the whole budget to one class; each class keeps at least one item")
	}
	return m0, m - m0, joinNotes(notes)
}

// ApproxSplit is the paper's approximate optimal split (Prop. 2):
// m1 = round_half_even(m/(1 + (1/p − 1)√κ)), κ = (1 − q0)/(1 − q1), with q1
// clamped to 1 − ε, and m1 clamped to [0, m]; m0 = m − m1. It equals the
// official allocate_calibration_sample(m, p, q0, q1, m_pilot=0), except
// when p < ε: the official code then gives the whole budget to z = 1 items,
// the opposite of the formula's limit, and ApproxSplit follows the formula
// (m1 → 0 as p → 0) and says so in the note. Bad input gives (0, 0) and a
// note saying why.
func ApproxSplit(m int, p, q0, q1 float64) (m0, m1 int, note string) {
	if m < 0 {
		return 0, 0, fmt.Sprintf("cannot split a budget of %d", m)
	}
	if err := rgCheckRates(p, q0, q1); err != nil {
		return 0, 0, "cannot compute the Prop. 2 approximation: " + err.Error()
	}
	kappa := (1 - q0) / (1 - min(q1, 1-rgEps))
	m1, note = rgAllocate(m, 0, p, kappa)
	return m - m1, m1, note
}

// AdaptiveSplit is Algorithm 1 of Lee et al. (docs/methods.md §5): after a pilot
// of mPilot labelled items per class, of which succ0 (z = 0) and succ1
// (z = 1) got the right verdict, q̃k = (succk + 1)/(mPilot + 2),
// κ̂ = (1 − q̃0)/(1 − q̃1), m1* = round_half_even(m/(1 + (1/p − 1)√κ̂)),
// m1 = min(max(m1*, mPilot), m − mPilot) and m0 = m − m1, where p is the
// verdict rate on the test set. The pilot items count toward m0 and m1.
//
// κ̂ is computed as (mPilot − succ0 + 1)/(mPilot − succ1 + 1), the same
// ratio without rounding error (the official code's form). When p < ε the
// official code gives the whole budget beyond the pilot to z = 1 items, the
// opposite of the formula's limit; AdaptiveSplit follows the formula and
// says so in the note. With mPilot = 0, q̃0 = q̃1 = 1/2 and κ̂ = 1. When the
// pilot alone exceeds the budget (2·mPilot > m) the note says so. Bad input
// (negative counts, more successes than pilot items, p not a probability)
// gives (0, 0) and a note saying why.
func AdaptiveSplit(m, mPilot int, p float64, succ0, succ1 int) (m0, m1 int, note string) {
	switch {
	case m < 0 || mPilot < 0:
		return 0, 0, fmt.Sprintf("cannot split a budget of %d with a pilot of %d per class", m, mPilot)
	case succ0 < 0 || succ0 > mPilot || succ1 < 0 || succ1 > mPilot:
		return 0, 0, fmt.Sprintf("pilot successes %d and %d are not counts out of %d", succ0, succ1, mPilot)
	case !(p >= 0 && p <= 1):
		return 0, 0, fmt.Sprintf("cannot compute Algorithm 1's split: verdict rate p̂ = %v is not a probability in [0, 1]", p)
	}
	kappa := float64(mPilot-succ0+1) / float64(mPilot-succ1+1)
	m1, note = rgAllocate(m, mPilot, p, kappa)
	if mPilot > m-mPilot {
		note = joinNotes([]string{note, fmt.Sprintf("the pilot of %d items per class exceeds the budget of %d", mPilot, m)})
	}
	return m - m1, m1, note
}

// rgAllocate returns m1 = min(max(round_half_even(m/(1 + (1/p − 1)√κ)),
// mPilot), m − mPilot), floored at 0, following the formula for every p in
// [0, 1] (at p = 0 the formula's limit: m1* = 0 unless κ = 0). The note
// records where the official code differs.
func rgAllocate(m, mPilot int, p, kappa float64) (m1 int, note string) {
	var star float64
	switch {
	case p == 0 && kappa != 0:
		star = 0 // the limit of m/(1 + (1/p − 1)√κ) as p → 0
	case p == 0:
		star = float64(m) // κ = 0: m1* = m for every p > 0
	default:
		star = float64(m) / (1 + (1/p-1)*math.Sqrt(kappa))
	}
	m1 = int(math.RoundToEven(min(star, float64(m))))
	m1 = max(min(max(m1, mPilot), m-mPilot), 0)
	if p < rgEps && m1 != m-mPilot {
		note = fmt.Sprintf("p̂ = %g < 1e-6: the official code (allocate_calibration_sample) gives all of the budget "+
			"beyond the pilot to z = 1 items; plumb follows the formula, whose limit gives them to z = 0 items", p)
	}
	return m1, note
}

// BestSplit finds by brute force the split of a budget m (m0 = 1..m−1,
// m1 = m − m0) with the narrowest RGInterval at the given rates, test size
// n and alpha; on ties the smallest m0 wins. Splits at which the interval
// is undefined (e.g. q̃0 + q̃1 ≤ 1) are skipped. It fails when m < 2 or no
// split has an interval. Unlike ExactSplit it accounts for the smoothing
// of the interval, which depends on the split; the two differ by a few
// percent of m (rogan_gladen_optimal.json: −18 to +8 items) at a cost of
// at most ~1% in width. It is BestSplitMin with a minimum of 1 per class.
func BestSplit(p, q0, q1 float64, n, m int, alpha float64) (m0, m1 int, width float64, err error) {
	return BestSplitMin(p, q0, q1, n, m, alpha, 1)
}

// BestSplitMin is BestSplit over the splits that give each class at least
// minPer items (minPer below 1 counts as 1; above ⌊m/2⌋ as ⌊m/2⌋). The
// search plugs rates estimated elsewhere into the interval, whose
// smoothing (q̃ = (m q̂ + 1)/(m + 2)) pulls a rate towards 1/2 the harder
// the fewer items a class has: at m0 = 1 a specificity of 0.15 enters as
// 0.38, so the search "finds" a narrow interval by starving a class whose
// rate it then could not estimate. The report uses the Algorithm 1 pilot
// size (default 10 per class, the paper's) as the minimum: the same
// number of labels per class Algorithm 1 itself insists on.
func BestSplitMin(p, q0, q1 float64, n, m int, alpha float64, minPer int) (m0, m1 int, width float64, err error) {
	z, err := rgZ(alpha)
	if err != nil {
		return 0, 0, 0, err
	}
	if m < 2 {
		return 0, 0, 0, fmt.Errorf("best split: a budget of %d cannot give both classes an item", m)
	}
	minPer = min(max(minPer, 1), m/2)
	var first error
	best := math.Inf(1)
	for k := minPer; k <= m-minPer; k++ {
		lo, hi, err := rgCI(z, p, q0, q1, n, k, m-k)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		if w := hi - lo; w < best {
			best, m0 = w, k
		}
	}
	if m0 == 0 {
		if first == nil {
			first = errors.New("no split has an interval")
		}
		return 0, 0, 0, fmt.Errorf("best split: %w", first)
	}
	return m0, m - m0, best, nil
}

// joinNotes joins the non-empty notes with "; ".
func joinNotes(notes []string) string {
	out := ""
	for _, n := range notes {
		if n == "" {
			continue
		}
		if out != "" {
			out += "; "
		}
		out += n
	}
	return out
}
