package calibraeval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// TestResamplerMatchesNewNOA checks Resampler.Problem against NewNOA on
// the same resample (the estimation items among idx, with repeats), on
// problems with ties, values of exactly 0, −0 and 1, every objective and
// mixed arrangement sets, one ResampleWork reused throughout: knots,
// counts, terms in order, K, items and errors must be identical, and so
// the fits from the same start, bit for bit.
func TestResamplerMatchesNewNOA(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	var w ResampleWork
	fits := 0
	for trial := range 30 {
		n := 2 + rng.IntN(400)
		pairs := randomPairs(rng, n)
		var est []int
		for i := range n {
			if rng.Float64() < 0.8 {
				est = append(est, i)
			}
		}
		if len(est) == 0 {
			est = []int{0}
		}
		for _, obj := range []Objective{ObjectiveBoth, ObjectiveL1, ObjectiveL2} {
			rs, err := NewResampler(pairs, est, obj)
			if _, err2 := NewNOA(pairs, est, obj); (err == nil) != (err2 == nil) {
				t.Fatalf("trial %d %s: NewResampler error %v, NewNOA's %v", trial, obj, err, err2)
			}
			if err != nil {
				continue
			}
			for range 4 {
				idx := make([]int, 1+rng.IntN(n))
				for k := range idx {
					idx[k] = rng.IntN(n)
				}
				var sub []int
				for _, i := range idx {
					if slices.Contains(est, i) {
						sub = append(sub, i)
					}
				}
				got, err1 := rs.Problem(idx, &w)
				want, err2 := NewNOA(pairs, sub, obj)
				if (err1 == nil) != (err2 == nil) || (err1 != nil && err1.Error() != err2.Error()) {
					t.Fatalf("trial %d %s: errors %v, want %v", trial, obj, err1, err2)
				}
				if err1 != nil {
					continue
				}
				if got.k != want.k || got.m != want.m || got.items != want.items || got.obj != want.obj ||
					!slices.Equal(got.z, want.z) || !slices.Equal(got.count, want.count) ||
					!slices.Equal(got.pos, want.pos) || !slices.Equal(got.con, want.con) ||
					!slices.Equal(got.anc, want.anc) {
					t.Fatalf("trial %d %s: the resample's problem differs from NewNOA's", trial, obj)
				}
				if fits < 10 {
					fits++
					a, errA := got.Fit(FitOptions{Lambda: 0.5}, nil)
					b, errB := want.Fit(FitOptions{Lambda: 0.5}, nil)
					if errA != nil || errB != nil || a.Objective != b.Objective || !slices.Equal(a.D, b.D) || !slices.Equal(a.Curve.G, b.Curve.G) {
						t.Fatalf("trial %d %s: fits differ (%v, %v)", trial, obj, errA, errB)
					}
				}
			}
		}
	}
}

// randomPairs are n items with random arrangement sets (each arrangement
// present with probability 0.8) and P(A) values, among them ties, 0, −0
// and 1.
func randomPairs(rng *rand.Rand, n int) []model.Pair { return randomPairsHas(rng, n, 0.8) }

// randomPairsHas is randomPairs with each arrangement present with
// probability has.
func randomPairsHas(rng *rand.Rand, n int, has float64) []model.Pair {
	pairs := make([]model.Pair, n)
	for i := range pairs {
		p := model.Pair{ID: fmt.Sprint(i), Source: model.SourceProb}
		for _, a := range model.Arrangements {
			p.Has[a] = rng.Float64() < has
			switch r := rng.Float64(); {
			case r < 0.03:
				p.S[a] = 0
			case r < 0.05:
				p.S[a] = math.Copysign(0, -1)
			case r < 0.1:
				p.S[a] = 1
			case r < 0.4:
				p.S[a] = float64(rng.IntN(20)) / 20
			default:
				p.S[a] = rng.Float64()
			}
		}
		pairs[i] = p
	}
	return pairs
}

// TestStartFromOwnFit: a problem started from its own converged fit's
// curve starts at that fit (the same g at every knot, to rounding), and
// its warm fit ends where the cold one did.
func TestStartFromOwnFit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	pairs := randomPairs(rng, 300)
	est := make([]int, len(pairs))
	for i := range est {
		est[i] = i
	}
	p, err := NewNOA(pairs, est, ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	cold, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := p.StartFrom(cold.Curve, 0.5)
	g0, g1 := p.G(cold.D), p.G(start.D)
	for k := range g0 {
		if math.Abs(g0[k]-g1[k]) > 1e-12 {
			t.Fatalf("g(z_%d): start %v, fit %v", k, g1[k], g0[k])
		}
	}
	warm, err := p.Fit(FitOptions{Lambda: 0.5}, start)
	if err != nil {
		t.Fatal(err)
	}
	if d := math.Abs(warm.Objective - cold.Objective); d > 1e-9*math.Abs(cold.Objective) {
		t.Errorf("warm fit from the cold fit: objective %v, cold %v", warm.Objective, cold.Objective)
	}
	if warm.Iterations > 3 {
		t.Errorf("warm fit from its own fit took %d iterations", warm.Iterations)
	}
}

// TestResamplerPrefs: the rows of a resample's items equal
// calib.CalibratedPrefs of the resample's fit, bit for bit (values on and
// off the knots, held-out items, 0 and 1, missing arrangements).
func TestResamplerPrefs(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	var w ResampleWork
	checked := 0
	for trial := range 20 {
		n := 20 + rng.IntN(300)
		pairs := randomPairs(rng, n)
		var est []int
		for i := range n {
			if rng.Float64() < 0.7 {
				est = append(est, i)
			}
		}
		for _, obj := range []Objective{ObjectiveBoth, ObjectiveL1, ObjectiveL2} {
			rs, err := NewResampler(pairs, est, obj)
			if err != nil {
				continue
			}
			idx := make([]int, n)
			for k := range idx {
				idx[k] = rng.IntN(n)
			}
			noa, err := rs.Problem(idx, &w)
			if err != nil {
				continue
			}
			fit, err := noa.Fit(FitOptions{Lambda: 0.5}, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := calib.CalibratedPrefs(pairs, fit.Curve)
			got := calib.PrefsIn(n, nil)
			rs.Prefs(idx, fit.Curve, &w, &got)
			for _, i := range idx {
				for a := range model.NumArrangements {
					if math.Float64bits(got.R[i][a]) != math.Float64bits(want.R[i][a]) || got.Has[i] != want.Has[i] || got.Gold[i] != want.Gold[i] {
						t.Fatalf("trial %d %s: item %d arrangement %d: %v, want %v", trial, obj, i, a, got.R[i][a], want.R[i][a])
					}
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d rows checked", checked)
	}
}

// TestResamplerStart: the resample's warm start read off the full
// problem's knots is NOA.StartFrom's g (to rounding: StartFrom floors
// every increment at 1e-20), and the fits from the two end at the same
// objective.
func TestResamplerStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 8))
	var w ResampleWork
	for trial := range 10 {
		n := 50 + rng.IntN(300)
		pairs := randomPairs(rng, n)
		est := make([]int, n)
		for i := range est {
			est[i] = i
		}
		rs, err := NewResampler(pairs, est, ObjectiveBoth)
		if err != nil {
			t.Fatal(err)
		}
		full, err := NewNOA(pairs, est, ObjectiveBoth)
		if err != nil {
			t.Fatal(err)
		}
		fit, err := full.Fit(FitOptions{Lambda: 0.5}, nil)
		if err != nil {
			t.Fatal(err)
		}
		rs.SetStart(fit.Curve)
		idx := make([]int, n)
		for k := range idx {
			idx[k] = rng.IntN(n)
		}
		noa, err := rs.Problem(idx, &w)
		if err != nil {
			t.Fatal(err)
		}
		got, want := rs.Start(&w, 0.5), noa.StartFrom(fit.Curve, 0.5)
		g := noa.G(want.D)
		for k := range g {
			if math.Abs(got.g[k]-g[k]) > 1e-12 {
				t.Fatalf("trial %d: g(z_%d) %v, StartFrom's %v", trial, k, got.g[k], g[k])
			}
		}
		a, errA := noa.Fit(FitOptions{Lambda: 0.5}, got)
		b, errB := noa.Fit(FitOptions{Lambda: 0.5}, want)
		if errA != nil || errB != nil || math.Abs(a.Objective-b.Objective) > 1e-9*math.Abs(b.Objective) {
			t.Fatalf("trial %d: fits from Start and StartFrom: %v, %v (%v, %v)", trial, a.Objective, b.Objective, errA, errB)
		}
	}
}
