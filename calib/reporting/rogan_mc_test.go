package reporting

import (
	"math/rand/v2"
	"testing"
)

// The paper's simulation setting (Lee et al. 2025, §6: q0 = 0.7, q1 = 0.9,
// n = 1000, m = 500), with a pilot of 10 per class for Algorithm 1.
const (
	mcQ0, mcQ1   = 0.7, 0.9
	mcN, mcM     = 1000, 500
	mcPilot      = 10
	mcReps       = 2000
	mcAlpha      = 0.05
	mcCoverLo    = 0.93
	mcCoverHi    = 0.97
	mcEngineReps = 400
)

// binom draws Binomial(n, p) as a sum of Bernoulli draws.
func binom(r *rand.Rand, n int, p float64) int {
	k := 0
	for range n {
		if r.Float64() < p {
			k++
		}
	}
	return k
}

// TestRGCoverageMonteCarlo reproduces the paper's finding that the 95%
// interval covers θ about 95% of the time (Lee et al. §6.2, Fig. 4) at the
// equal split m0 = m1 = 250, and also with Algorithm 1's split. Counts are
// drawn directly: the test set's positive verdicts ~ Binomial(n, p) with
// p = θq1 + (1 − θ)(1 − q0), which is the law of ẑ when z ~ Bernoulli(θ).
func TestRGCoverageMonteCarlo(t *testing.T) {
	z, _ := rgZ(mcAlpha)
	for _, theta := range []float64{0.1, 0.3, 0.5, 0.7, 0.9} {
		r := rand.New(rand.NewPCG(20251121, uint64(theta*1000)))
		p := theta*mcQ1 + (1-theta)*(1-mcQ0)
		var coverEq, coverAd, undefined int
		for range mcReps {
			pos := binom(r, mcN, p)
			ph := float64(pos) / mcN
			// Equal split.
			k0, k1 := binom(r, mcM/2, mcQ0), binom(r, mcM/2, mcQ1)
			lo, hi, err := rgCI(z, ph, float64(k0)/(mcM/2), float64(k1)/(mcM/2), mcN, mcM/2, mcM/2)
			if err != nil {
				undefined++
			} else if lo <= theta && theta <= hi {
				coverEq++
			}
			// Algorithm 1: pilot, split, then the rest of each class.
			s0, s1 := binom(r, mcPilot, mcQ0), binom(r, mcPilot, mcQ1)
			m0, m1, _ := AdaptiveSplit(mcM, mcPilot, ph, s0, s1)
			k0 = s0 + binom(r, m0-mcPilot, mcQ0)
			k1 = s1 + binom(r, m1-mcPilot, mcQ1)
			lo, hi, err = rgCI(z, ph, float64(k0)/float64(m0), float64(k1)/float64(m1), mcN, m0, m1)
			if err != nil {
				undefined++
			} else if lo <= theta && theta <= hi {
				coverAd++
			}
		}
		if undefined > 0 {
			t.Errorf("θ = %v: %d undefined intervals", theta, undefined)
		}
		for _, c := range []struct {
			name  string
			cover int
		}{{"equal split", coverEq}, {"Algorithm 1", coverAd}} {
			if f := float64(c.cover) / mcReps; f < mcCoverLo || f > mcCoverHi {
				t.Errorf("θ = %v, %s: coverage %.4f outside [%v, %v]", theta, c.name, f, mcCoverLo, mcCoverHi)
			} else {
				t.Logf("θ = %v, %s: coverage %.4f", theta, c.name, f)
			}
		}
	}
}

// TestAdaptiveNarrowerMonteCarlo checks the paper's claim (§6.3) that
// Algorithm 1's split gives intervals no wider on average than the equal
// split, at θ = 0.2 and θ = 0.9 (where the optimal split is far from equal).
func TestAdaptiveNarrowerMonteCarlo(t *testing.T) {
	z, _ := rgZ(mcAlpha)
	for _, theta := range []float64{0.2, 0.9} {
		r := rand.New(rand.NewPCG(7, uint64(theta*1000)))
		p := theta*mcQ1 + (1-theta)*(1-mcQ0)
		var sumEq, sumAd float64
		for range mcReps {
			ph := float64(binom(r, mcN, p)) / mcN
			s0, s1 := binom(r, mcPilot, mcQ0), binom(r, mcPilot, mcQ1)
			// Both designs share the pilot.
			k0, k1 := s0+binom(r, mcM/2-mcPilot, mcQ0), s1+binom(r, mcM/2-mcPilot, mcQ1)
			lo, hi, err := rgCI(z, ph, float64(k0)/(mcM/2), float64(k1)/(mcM/2), mcN, mcM/2, mcM/2)
			if err != nil {
				t.Fatalf("equal split: %v", err)
			}
			sumEq += hi - lo
			m0, m1, _ := AdaptiveSplit(mcM, mcPilot, ph, s0, s1)
			k0, k1 = s0+binom(r, m0-mcPilot, mcQ0), s1+binom(r, m1-mcPilot, mcQ1)
			lo, hi, err = rgCI(z, ph, float64(k0)/float64(m0), float64(k1)/float64(m1), mcN, m0, m1)
			if err != nil {
				t.Fatalf("Algorithm 1 (%d, %d): %v", m0, m1, err)
			}
			sumAd += hi - lo
		}
		eq, ad := sumEq/mcReps, sumAd/mcReps
		t.Logf("θ = %v: mean width equal %.5f, Algorithm 1 %.5f", theta, eq, ad)
		if ad > eq {
			t.Errorf("θ = %v: Algorithm 1 mean width %.5f > equal split %.5f", theta, ad, eq)
		}
	}
}

// TestReportingCoverageEngine runs the full engine on simulated items in
// the paper's setting (fewer replications): unlabelled test items with a
// known true z, a labelled pool with 250 items of each class, budget 500
// at the equal split. Its interval must equal RGInterval on the drawn
// counts, and cover the test set's true θ in most replications.
func TestReportingCoverageEngine(t *testing.T) {
	const theta = 0.3
	r := rand.New(rand.NewPCG(99, 1))
	items := make([]BinaryItem, mcN+mcM)
	covered := 0
	for rep := range mcEngineReps {
		for i := range items {
			var zi int8
			if i < mcN {
				zi = boolInt8(r.Float64() < theta)
			} else {
				zi = boolInt8(i >= mcN+mcM/2)
			}
			q := mcQ1
			if zi == 0 {
				q = 1 - mcQ0 // P(ẑ = 1 | z = 0)
			}
			it := BinaryItem{Pred: r.Float64() < q, Gold: -1, Truth: zi}
			if i >= mcN {
				it.Gold, it.Truth = zi, -1
			}
			items[i] = it
		}
		res, err := Compute(items, Options{Budget: mcM, Split: 0.5, Seed: uint64(rep)})
		if err != nil {
			t.Fatal(err)
		}
		if res.M0 != mcM/2 || res.M1 != mcM/2 || res.TestSize != mcN || res.Covered == nil || len(res.Notes) != 0 {
			t.Fatalf("rep %d: m0 %d, m1 %d, n %d, covered %v, notes %q", rep, res.M0, res.M1, res.TestSize, res.Covered, res.Notes)
		}
		lo, hi, err := RGInterval(res.PHat.Value, res.Q0Hat.Value, res.Q1Hat.Value, mcN, mcM/2, mcM/2, mcAlpha)
		if err != nil || lo != res.Lower.Value || hi != res.Upper.Value {
			t.Fatalf("rep %d: engine [%v, %v], direct [%v, %v] %v", rep, res.Lower.Value, res.Upper.Value, lo, hi, err)
		}
		if *res.Covered {
			covered++
		}
	}
	// The interval targets the population θ; the test set's own θ varies
	// less, so its coverage is at least nominal. 400 replications: a
	// binomial sd of ~1.1%.
	f := float64(covered) / mcEngineReps
	t.Logf("engine coverage of the test set's θ: %.4f", f)
	if f < 0.92 {
		t.Errorf("engine coverage %.3f < 0.92", f)
	}
}
