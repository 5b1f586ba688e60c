package selection

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// TestDistanceDeltaOracle checks the interval of the change in the distance
// from ½ of the first-position rate (MethodIntervals.DistanceDelta) against
// a direct loop over the same resamples: each resample's items drawn as
// bootstrap.Run draws them (resample b's PCG stream from Seed and b), the
// first-position rates of raw and of Pride (its prior held fixed) counted
// from the probabilities themselves (not through package metrics or
// baseline: A is shown first in x0 and x2, and Pride's choice is A when
// logit s > logit prior(A)), |v − ½| − |raw − ½| taken per resample and its
// 2.5% and 97.5% quantiles read off by R's type 7 rule. On CrossingPairs
// (raw 0.487, Pride 0.511) the signed change's interval excludes 0 and the
// distance's contains it.
func TestDistanceDeltaOracle(t *testing.T) {
	pairs := calibtest.CrossingPairs()
	e := NewEngine("crossing", pairs)
	sel, err := e.Analyze(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	const B, seed = 400, 7
	iv, err := e.Bootstrap(sel, BootstrapOptions{Options: bootstrap.Options{Resamples: B, Seed: seed, Level: 0.95}})
	if err != nil {
		t.Fatal(err)
	}
	if iv.Method(MethodRaw).DistanceDelta != nil {
		t.Errorf("raw has a DistanceDelta")
	}
	mi := iv.Method(MethodPride)
	got, ok := mi.DistanceDelta["first_position_rate"]
	if !ok || got.CI == nil {
		t.Fatalf("Pride: no distance interval (%+v)", got)
	}
	for _, m := range iv.Methods[1:] {
		if _, ok := m.Delta["first_position_rate"]; ok != (len(m.DistanceDelta) == 1) {
			t.Errorf("%s: DistanceDelta %v, want first_position_rate exactly when Delta has it", m.Name, m.DistanceDelta)
		}
	}
	// The oracle: an item's first-shown picks, raw and after Pride.
	logit := func(p float64) float64 { return math.Log(p / (1 - p)) }
	cut := logit(sel.Prior.A)
	raw, pride := make([]float64, len(pairs)), make([]float64, len(pairs))
	for i, p := range pairs {
		for _, a := range []model.Arrangement{model.X0, model.X2} {
			if p.S[a] > 0.5 {
				raw[i]++
			}
			if logit(p.S[a]) > cut {
				pride[i]++
			}
		}
	}
	rates := func(idx []int) (r, v float64) {
		for _, i := range idx {
			r, v = r+raw[i], v+pride[i]
		}
		return r / float64(2*len(idx)), v / float64(2*len(idx))
	}
	full := make([]int, len(pairs))
	for i := range full {
		full[i] = i
	}
	r0, v0 := rates(full)
	if math.Abs(r0-0.487) > 1e-12 || math.Abs(v0-0.511) > 1e-12 {
		t.Fatalf("CrossingPairs: raw %v, Pride %v; want 0.487 and 0.511", r0, v0)
	}
	dist, signed := make([]float64, B), make([]float64, B)
	idx := make([]int, len(pairs))
	for b := range B {
		rng := rand.New(rand.NewPCG(seed^uint64(b)*0x9e3779b97f4a7c15, 0x626f6f7473747270))
		for k := range idx {
			idx[k] = rng.IntN(len(pairs))
		}
		r, v := rates(idx)
		dist[b], signed[b] = math.Abs(v-0.5)-math.Abs(r-0.5), v-r
	}
	q := func(xs []float64, p float64) float64 { // R's type 7
		s := slices.Sorted(slices.Values(xs))
		h := (float64(len(s)) - 1) * p
		lo := math.Floor(h)
		if int(lo)+1 >= len(s) {
			return s[len(s)-1]
		}
		return s[int(lo)] + (h-lo)*(s[int(lo)+1]-s[int(lo)])
	}
	check := func(name string, got bootstrap.Interval, est float64, xs []float64) {
		t.Helper()
		lo, hi := q(xs, 0.025), q(xs, 0.975)
		if got.CI == nil || math.Abs(got.Estimate-est) > 1e-12 || math.Abs(got.CI.Lower-lo) > 1e-12 || math.Abs(got.CI.Upper-hi) > 1e-12 {
			t.Errorf("%s: got %+v %+v, oracle %v [%v, %v]", name, got, got.CI, est, lo, hi)
		}
	}
	check("distance change", got, math.Abs(v0-0.5)-math.Abs(r0-0.5), dist)
	check("signed change", mi.Delta["first_position_rate"], v0-r0, signed)
	t.Logf("signed change %+.4f [%+.4f, %+.4f]; distance change %+.4f [%+.4f, %+.4f]", v0-r0,
		mi.Delta["first_position_rate"].CI.Lower, mi.Delta["first_position_rate"].CI.Upper, got.Estimate, got.CI.Lower, got.CI.Upper)
	if mi.Delta["first_position_rate"].ChangeSign() != +1 || got.ChangeSign() != 0 {
		t.Errorf("CrossingPairs no longer has a signed change outside noise and a distance change within it")
	}
}
