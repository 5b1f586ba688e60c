package reporting

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// The coverage check of a split (docs/analysis.md, "Reporting a verdict
// rate correctly"): does the interval hold at that split's class counts?
const (
	// CheckSims is the number of data sets simulated per split. The
	// simulated coverage's Monte Carlo standard error is then at most
	// √(0.25/2000) ≈ 0.011, and ≈ 0.007 near 0.9; a check costs about
	// 0.3 ms (BenchmarkSimCheck: 2,000 draws from tabulated binomial laws
	// and 2,000 intervals), so the named splits of a judge take 1–3 ms
	// when the TUI's budget knob moves.
	CheckSims = 2000
	// CheckSlack is how far below the nominal level 1 − α a split's
	// simulated coverage may fall and still hold: 0.05, so a 95% interval
	// must cover in at least 90% of the simulations. That is about seven
	// Monte Carlo standard errors below 95%, so a split whose interval is
	// right is not flagged by chance (the paper's setting, m = 500 split
	// equally, simulates at 95%), while a class of 10 labels with a
	// specificity of 0.2 (a TriviaQA-like judge: 79%) is.
	CheckSlack = 0.05
	// checkSeedSalt mixes the split into the check's random stream.
	checkSeedSalt = 0x636f766572616765 // "coverage"
)

// SimCheck is the coverage check of one split: CheckSims data sets
// simulated at the drawn set's plug-in rates (newCheckParams: q̂0, q̂1
// kept half a label off 0 and 1, the θ they give with p̂, and the test size
// n), each with the split's m0 and m1, and the interval computed on each. The random stream is seeded by Options.Seed and the split
// (PCG(seed, checkSeedSalt ⊕ (m0·2³² + m1))), so a split's check does not
// depend on which other splits are checked.
type SimCheck struct {
	// Coverage is the share of the simulated intervals that contain the
	// simulated θ;
	// a simulated data set whose interval is undefined (q̂0 + q̂1 ≤ 1 on it)
	// counts as not covering.
	Coverage float64
	// MedianWidth is the median width of the simulated intervals, an
	// undefined one counting as 1 (it excludes no rate).
	MedianWidth float64
	// Sims is the number of simulated data sets (CheckSims).
	Sims int
	// MinCoverage is the coverage the interval must reach to hold:
	// 1 − α − CheckSlack.
	MinCoverage float64
}

// Holds reports whether the simulated coverage reaches MinCoverage. A nil
// check (a split not checked) holds.
func (c *SimCheck) Holds() bool { return c == nil || c.Coverage >= c.MinCoverage }

// checkParams are the plug-in rates and the seed a Result's checks share.
type checkParams struct {
	z, alpha     float64
	theta        float64
	q0, q1       float64
	n            int
	seed         uint64
	cache        map[[2]int]*SimCheck
	test         *binomialTable // the test set's positives, shared by every split
	sortedWidths []float64      // scratch
}

// newCheckParams are the checks' rates for the drawn calibration set: the
// plug-in q̂0 and q̂1, except that a rate of 0 or 1 on mk labels is moved
// half a label from the edge (1/(2mk)), so that it still varies in the
// simulation (at q̂1 = 1 on 5 labels the plug-in would draw 5 of 5 every
// time and find any split sound, even m1 = 1); and θ = clip((p̂ + q0 −
// 1)/(q0 + q1 − 1)), which is θ̂ when no rate moved. nil (no check) when
// those rates are no better than chance.
func newCheckParams(z float64, opt Options, c *reportCounts) *checkParams {
	q0, q1 := offEdge(c.q0, c.m0), offEdge(c.q1, c.m1)
	theta, err := RGPoint(c.p, q0, q1)
	if err != nil {
		return nil
	}
	return &checkParams{z: z, alpha: opt.Alpha, theta: theta, q0: q0, q1: q1, n: c.n, seed: opt.Seed}
}

// offEdge moves a rate of 0 or 1 estimated on m items half an item from
// the edge.
func offEdge(q float64, m int) float64 {
	h := 0.5 / float64(max(m, 1))
	return min(max(q, h), 1-h)
}

// check returns the split's SimCheck, computed once per split; nil when
// there are no rates to simulate at (cp is nil) or a class has more than
// bestSplitMax items (a class that large is not too small, and its table
// would cost more than the search).
func (cp *checkParams) check(m0, m1 int) *SimCheck {
	if cp == nil || m0 > bestSplitMax || m1 > bestSplitMax {
		return nil
	}
	key := [2]int{m0, m1}
	if c, ok := cp.cache[key]; ok {
		return c
	}
	c := simulateCoverage(cp, m0, m1)
	if cp.cache == nil {
		cp.cache = map[[2]int]*SimCheck{}
	}
	cp.cache[key] = c
	return c
}

// simulateCoverage draws CheckSims data sets at the plug-in rates: the test
// set's positive verdicts ~ Binomial(n, p) with p = θq1 + (1 − θ)(1 − q0),
// the right verdicts of each class ~ Binomial(mk, qk); and computes the
// interval on each.
func simulateCoverage(cp *checkParams, m0, m1 int) *SimCheck {
	rng := rand.New(rand.NewPCG(cp.seed, checkSeedSalt^(uint64(m0)<<32|uint64(uint32(m1)))))
	if cp.test == nil {
		cp.test = newBinomialTable(cp.n, cp.theta*cp.q1+(1-cp.theta)*(1-cp.q0))
	}
	right0, right1 := newBinomialTable(m0, cp.q0), newBinomialTable(m1, cp.q1)
	widths := cp.sortedWidths[:0]
	covered := 0
	for range CheckSims {
		ph := float64(cp.test.draw(rng)) / float64(cp.n)
		q0 := float64(right0.draw(rng)) / float64(m0)
		q1 := float64(right1.draw(rng)) / float64(m1)
		lo, hi, err := rgCI(cp.z, ph, q0, q1, cp.n, m0, m1)
		if err != nil {
			widths = append(widths, 1)
			continue
		}
		if lo <= cp.theta && cp.theta <= hi {
			covered++
		}
		widths = append(widths, hi-lo)
	}
	slices.Sort(widths)
	cp.sortedWidths = widths
	med := widths[CheckSims/2]
	if CheckSims%2 == 0 {
		med = (widths[CheckSims/2-1] + widths[CheckSims/2]) / 2
	}
	return &SimCheck{
		Coverage: float64(covered) / CheckSims, MedianWidth: med, Sims: CheckSims,
		MinCoverage: minCoverage(cp.alpha),
	}
}

// binomialTable draws Binomial(N, p) by inverting its distribution
// function: cdf[i] = P(X ≤ lo + i) over lo..hi, the mode ± 12 standard
// deviations (+ 12), beyond which the probability is below 1e-30.
type binomialTable struct {
	lo  int
	cdf []float64
}

// newBinomialTable tabulates Binomial(n, p) from its mode outwards with
// the ratio pmf(k + 1)/pmf(k) = (n − k)/(k + 1) · p/(1 − p), starting from
// the mode's probability (computed with log-gamma, so large n does not
// underflow).
func newBinomialTable(n int, p float64) *binomialTable {
	switch {
	case n <= 0 || p <= 0:
		return &binomialTable{lo: 0, cdf: []float64{1}}
	case p >= 1:
		return &binomialTable{lo: n, cdf: []float64{1}}
	}
	fn := float64(n)
	mode := min(int(math.Floor((fn+1)*p)), n)
	sd := math.Sqrt(fn * p * (1 - p))
	lo := max(0, mode-int(12*sd)-12)
	hi := min(n, mode+int(12*sd)+12)
	pmf := make([]float64, hi-lo+1)
	lg := func(x float64) float64 { v, _ := math.Lgamma(x); return v }
	pmf[mode-lo] = math.Exp(lg(fn+1) - lg(float64(mode)+1) - lg(fn-float64(mode)+1) +
		float64(mode)*math.Log(p) + (fn-float64(mode))*math.Log1p(-p))
	odds := p / (1 - p)
	for k := mode; k < hi; k++ {
		pmf[k+1-lo] = pmf[k-lo] * (fn - float64(k)) / float64(k+1) * odds
	}
	for k := mode; k > lo; k-- {
		pmf[k-1-lo] = pmf[k-lo] * float64(k) / (fn - float64(k) + 1) / odds
	}
	sum := 0.0
	for i, v := range pmf {
		sum += v
		pmf[i] = sum
	}
	for i := range pmf {
		pmf[i] /= sum
	}
	return &binomialTable{lo: lo, cdf: pmf}
}

// draw is one draw: the first k whose cdf reaches a uniform number.
func (b *binomialTable) draw(r *rand.Rand) int {
	u := r.Float64()
	i, _ := slices.BinarySearch(b.cdf, u)
	return b.lo + min(i, len(b.cdf)-1)
}

// Warning says that the split's interval does not hold, with the numbers
// behind it; "" when it holds.
func (c *SimCheck) Warning() string {
	if c == nil || c.Holds() {
		return ""
	}
	return fmt.Sprintf("too small to hold: at its m0, m1 the interval covers θ in %.1f%% of %d data sets simulated at the plug-in rates "+
		"(seeded by --seed and the split), below the %.0f%% the check asks; their median width is %.3f",
		100*c.Coverage, c.Sims, 100*c.MinCoverage, c.MedianWidth)
}

// minCoverage is 1 − α − CheckSlack, rounded to 12 decimals so that 0.90
// is 0.90 and not 0.8999999999999999.
func minCoverage(alpha float64) float64 {
	return math.Round((1-alpha-CheckSlack)*1e12) / 1e12
}
