package likelihood

import (
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
)

// permutations calls f with every permutation of 0..n−1 (Heap's algorithm).
func permutations(n int, f func([]int)) {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	c := make([]int, n)
	f(p)
	for i := 0; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				p[0], p[i] = p[i], p[0]
			} else {
				p[c[i]], p[i] = p[i], p[c[i]]
			}
			f(p)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

// TestPermutationPValueExact compares the Monte Carlo p-value with the
// exact permutation p-value of the hand example (n = 5), found by
// enumerating all 120 permutations: the share with |ρ| ≥ 0.6. With R =
// 20,000 the Monte Carlo standard error is about 0.0034.
func TestPermutationPValueExact(t *testing.T) {
	ls := []float64{-10, -20, -4, -30, -14}
	us := handWant.us
	obs := rankCorr(ls, us, "", "").Value
	extreme, total := 0, 0
	perm := make([]float64, len(us))
	permutations(len(us), func(p []int) {
		for i, j := range p {
			perm[i] = us[j]
		}
		if math.Abs(rankCorr(ls, perm, "", "").Value) >= math.Abs(obs)-1e-12 {
			extreme++
		}
		total++
	})
	if total != 120 {
		t.Fatalf("%d permutations, want 120", total)
	}
	exact := float64(extreme) / float64(total)
	const r = 20000
	got := PermutationPValue(ls, us, r, 3)
	if !got.OK() || got.N != 5 || math.Abs(got.Value-exact) > 0.015 {
		t.Errorf("p = %+v, exact %v (%d/120)", got, exact, extreme)
	}
}

// TestPermutationPValueNull: under the null (independent normal LS and US)
// the p-values are about uniform. 200 data sets of n = 50 with 200
// permutations each; coarse bounds (binomial sd ≈ 0.015 and 0.035).
func TestPermutationPValueNull(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const sets, n, r = 200, 50, 200
	below05, below50 := 0, 0
	ls, us := make([]float64, n), make([]float64, n)
	for s := range sets {
		for i := range n {
			ls[i], us[i] = rng.NormFloat64(), rng.NormFloat64()
		}
		p := PermutationPValue(ls, us, r, uint64(s))
		if !p.OK() || p.Value < 1.0/(1+r) || p.Value > 1 {
			t.Fatalf("set %d: p = %+v", s, p)
		}
		if p.Value < 0.05 {
			below05++
		}
		if p.Value < 0.5 {
			below50++
		}
	}
	f05, f50 := float64(below05)/sets, float64(below50)/sets
	t.Logf("share of p < 0.05: %v, p < 0.5: %v", f05, f50)
	if f05 < 0.02 || f05 > 0.09 || f50 < 0.4 || f50 > 0.6 {
		t.Errorf("share of p < 0.05: %v (want [0.02, 0.09]); p < 0.5: %v (want [0.4, 0.6])", f05, f50)
	}
}

// TestPermutationPValueDeterministic: the same seed gives the same p at
// any GOMAXPROCS (the data are big enough for the parallel path), and R
// not a multiple of the chunk size works.
func TestPermutationPValueDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 300
	ls, us := make([]float64, n), make([]float64, n)
	for i := range n {
		ls[i] = rng.NormFloat64()
		us[i] = 0.08*ls[i] + rng.NormFloat64()
	}
	const r = 3*permChunk + 17
	if n*r < permSerialWork {
		t.Fatal("test data too small for the parallel path")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var ps []float64
	for _, procs := range []int{1, 2, 3, 8} {
		runtime.GOMAXPROCS(procs)
		p := PermutationPValue(ls, us, r, 42)
		if !p.OK() || p.N != n {
			t.Fatalf("GOMAXPROCS %d: p = %+v", procs, p)
		}
		ps = append(ps, p.Value)
	}
	for _, p := range ps[1:] {
		if p != ps[0] {
			t.Errorf("p depends on GOMAXPROCS: %v", ps)
		}
	}
	// p is a multiple of 1/(1 + R) and other seeds give other draws.
	if k := ps[0] * (1 + r); math.Abs(k-math.Round(k)) > 1e-9 || ps[0] <= 0.01 || ps[0] >= 0.99 {
		t.Errorf("p = %v is not k/(1+R) in the middle", ps[0])
	}
	differ := false
	for seed := uint64(1); seed < 5; seed++ {
		if PermutationPValue(ls, us, r, seed).Value != ps[0] {
			differ = true
		}
	}
	if !differ {
		t.Error("p is the same for every seed")
	}
}

func TestPermutationPValueEdges(t *testing.T) {
	// A perfect monotone relation: no permutation is as extreme (2 of 50!
	// are), so p = 1/(1 + R).
	ls, us := make([]float64, 50), make([]float64, 50)
	for i := range ls {
		ls[i], us[i] = float64(i), -math.Exp(float64(i)/10)
	}
	if p := PermutationPValue(ls, us, 999, 1); !p.OK() || p.Value != 1.0/1000 {
		t.Errorf("p = %+v, want 1/1000", p)
	}
	cases := []struct {
		ls, us []float64
		r      int
		reason string
	}{
		{[]float64{1, 2, 3}, []float64{1, 2}, 10, "ls has 3 values but us has 2"},
		{[]float64{1, 2}, []float64{1, 2}, 10, "at least 3 items"},
		{[]float64{1, 2, 3}, []float64{1, 3, 2}, 0, "at least 1 permutation"},
		{[]float64{1, 1, 1}, []float64{1, 3, 2}, 10, "likelihoods are all equal"},
		{[]float64{1, 2, 3}, []float64{2, 2, 2}, 10, "US values are all equal"},
		{[]float64{1, math.NaN(), 3}, []float64{1, 3, 2}, 10, "non-finite"},
	}
	for _, c := range cases {
		if p := PermutationPValue(c.ls, c.us, c.r, 1); p.OK() || !strings.Contains(p.Reason, c.reason) {
			t.Errorf("PermutationPValue(%v, %v, %d) = %+v, want reason %q", c.ls, c.us, c.r, p, c.reason)
		}
	}
}

// TestLikelihoodPermutationSplit: the one-shot analysis, the cheap analysis
// followed by RunPermutationTests, and PermutationPValue on a result's
// points with PermutationSeed give the same p-values.
func TestLikelihoodPermutationSplit(t *testing.T) {
	scores := calibtest.SimScores(t, 120, []string{"a", "b"}, 5, calibtest.SlopeJudge("j", 0.4))
	full := mustAnalyze(t, scores, Options{Permutations: 300, Seed: 9})
	cheap := mustAnalyze(t, scores, Options{})
	cheap.RunPermutationTests(300, 9)
	for i, b := range append(full.Criteria, full.Total) {
		c := cheap.Total
		if i < len(cheap.Criteria) {
			c = cheap.Criteria[i]
		}
		ls, us := pointsLSUS(b.Points)
		direct := PermutationPValue(ls, us, 300, PermutationSeed(9, b.Criterion))
		if !b.PValue.OK() || b.PValue != c.PValue || b.PValue != direct {
			t.Errorf("%s: p %+v, after cheap analysis %+v, direct %+v", b.Criterion, b.PValue, c.PValue, direct)
		}
	}
	if PermutationSeed(9, "a") == PermutationSeed(9, "b") || PermutationSeed(9, "a") == PermutationSeed(10, "a") {
		t.Error("PermutationSeed does not separate criteria or seeds")
	}
}
