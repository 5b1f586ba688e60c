package sim

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestProbePriorQuadrature checks the expected probe P(A) against mpmath
// (Python, 30 digits): mp.quad of σ(m + sd·z)·φ(z) over the real line for a
// judge with τ = 1.2, β = 0.4, inoise 1 and noise 0.3, so m = 1.6 in x0
// (A first) and 0.8 in x1, sd = 0.3 for CC and √1.09 for DC.
func TestProbePriorQuadrature(t *testing.T) {
	j := DefaultJudge("j")
	j.TokenBias, j.PosBias, j.ItemNoise, j.Noise = 1.2, 0.4, 1, 0.3
	for _, c := range []struct {
		kind model.ProbeKind
		a    model.Arrangement
		want float64
	}{
		{model.ProbeCC, model.X0, 0.82790600595168199},
		{model.ProbeCC, model.X1, 0.68644059601429601},
		{model.ProbeCC, model.X2, 0.82790600595168199},
		{model.ProbeDC, model.X0, 0.79015285860292441},
		{model.ProbeDC, model.X3, 0.6581710473415151},
	} {
		if got := ProbePrior(&j, c.kind, c.a); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s %s: %.17g, want %.17g", c.kind, c.a, got, c.want)
		}
	}
	j.Noise = 0
	if got := ProbePrior(&j, model.ProbeCC, model.X0); got != 1/(1+math.Exp(-1.6)) {
		t.Errorf("no noise: %v, want σ(1.6)", got)
	}
}

// TestProbesOptIn: without Probes the log has none and every other record
// is as before; with them, each judge gets ProbeSamples probes of each
// kind, in the configured arrangements, whose mean approaches the truth.
func TestProbesOptIn(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 50, 0, 10
	plain, err := Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Probes, cfg.ProbeSamples = []model.ProbeKind{model.ProbeCC, model.ProbeDC}, 400
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1, model.X2, model.X3}
	with, err := Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Probes) != 0 || len(with.Probes) != 2*400*len(cfg.Judges) || cfg.Records() != len(with.Pairs)+len(with.Verdicts)+len(with.Probes) {
		t.Fatalf("%d and %d probes, %d records", len(plain.Probes), len(with.Probes), cfg.Records())
	}
	for i := range plain.Pairs {
		if plain.Pairs[i].S != with.Pairs[i].S {
			t.Fatalf("pair %d changed with probes", i)
		}
	}
	// The first judge's CC probes: their mean within 4 standard errors of
	// the truth.
	var sum, ss float64
	for _, p := range with.Probes[:400] {
		sum += p.S[model.X1]
		ss += p.S[model.X1] * p.S[model.X1]
	}
	mean := sum / 400
	se := math.Sqrt((ss/400 - mean*mean) / 400)
	truth := ProbePrior(&cfg.Judges[0], model.ProbeCC, model.X1)
	if got, _ := with.Probes[0].Truth.Get("prior_x1"); got != truth || math.Abs(mean-truth) > 4*se {
		t.Errorf("CC x1: mean %.4f (se %.4f), truth %.4f (record says %v)", mean, se, truth, got)
	}
	cfg.Probes = []model.ProbeKind{"zz"}
	if err := cfg.Validate(); err == nil {
		t.Error("probe kind zz accepted")
	}
}
