package selection

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// probeLog simulates a token- and position-biased judge (τ = 1.2, β = 0.4)
// with CC and DC probes.
func probeLog(t *testing.T) (*model.Log, *sim.Judge) {
	t.Helper()
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 2000, 0, 0
	cfg.Probes = []model.ProbeKind{model.ProbeCC, model.ProbeDC}
	cfg.ProbeSamples = 200
	j := sim.DefaultJudge("tok")
	j.TokenBias, j.PosBias = 1.2, 0.4
	cfg.Judges = []sim.Judge{j}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return lg, &cfg.Judges[0]
}

// TestArrPriorRowsRecoverSimulator: on a simulated judge whose P(A) is
// σ(±u + β·f_a + τ + noise), the CC and DC priors estimated from the
// probes hold the simulator's true prior (sim.ProbePrior, the expected
// probe P(A)) within their 95% intervals in every arrangement, and CC, DC
// and BC each raise Fleiss' κ and ICC(2,k) and lower RStd from raw.
func TestArrPriorRowsRecoverSimulator(t *testing.T) {
	lg, j := probeLog(t)
	e := NewEngine("tok", lg.Pairs)
	e.SetProbes(lg.Probes)
	sel, err := e.Analyze(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for kind, q := range map[model.ProbeKind]*baseline.ArrPrior{model.ProbeCC: sel.CCPrior, model.ProbeDC: sel.DCPrior} {
		if q == nil {
			t.Fatalf("%s: no prior", kind)
		}
		for _, a := range model.Arrangements {
			truth := sim.ProbePrior(j, kind, a)
			iv, ok := q.Interval(a, 0.95)
			if !ok || q.N[a] != 200 || !(iv.Lower <= truth && truth <= iv.Upper) {
				t.Errorf("%s %s: estimate %.4f [%.4f, %.4f] (n %d), truth %.4f", kind, a, q.P[a], iv.Lower, iv.Upper, q.N[a], truth)
			}
		}
	}
	raw := sel.Method(MethodRaw).All
	for _, name := range []string{MethodCC, MethodDC, MethodBC} {
		m := sel.Method(name)
		if m == nil || !m.Available || m.Degenerate {
			t.Fatalf("%s: %+v", name, m)
		}
		if !(m.All.FleissKappa.Value > raw.FleissKappa.Value+0.1 && m.All.ICC2k.Value > raw.ICC2k.Value && m.All.RStd.Value < raw.RStd.Value/2) {
			t.Errorf("%s did not improve on raw: κ %.3f vs %.3f, ICC(2,k) %.3f vs %.3f, RStd %.2f vs %.2f", name,
				m.All.FleissKappa.Value, raw.FleissKappa.Value, m.All.ICC2k.Value, raw.ICC2k.Value, m.All.RStd.Value, raw.RStd.Value)
		}
	}
	// Without probes the rows say why.
	plain, err := NewEngine("tok", lg.Pairs).Analyze(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if m := plain.Method(MethodCC); m.Available || m.Reason != "no CC probes in the log" {
		t.Errorf("CC without probes: %+v", m)
	}
}

// TestArrPriorBootstrap: the bootstrap gives CC, DC and BC intervals and
// their changes from raw, re-estimating BC's prior with Refit and noting
// that the probes' priors are held fixed.
func TestArrPriorBootstrap(t *testing.T) {
	lg, _ := probeLog(t)
	e := NewEngine("tok", lg.Pairs)
	e.SetProbes(lg.Probes)
	sel, err := e.Analyze(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var bcKappa [2]float64 // BC's κ interval's lower bound without and with Refit
	for r, refit := range []bool{false, true} {
		bs, err := e.Bootstrap(sel, BootstrapOptions{Options: bootstrap.Options{Resamples: 60, Seed: 3, Level: 0.95}, Refit: refit})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{MethodCC, MethodDC, MethodBC} {
			mi := bs.Method(name)
			if mi == nil {
				t.Fatalf("refit %v: no %s intervals", refit, name)
			}
			v, d := mi.Value["fleiss_kappa"], mi.Delta["fleiss_kappa"]
			if name == MethodBC && v.CI != nil {
				bcKappa[r] = v.CI.Lower
			}
			if v.Valid != 60 || d.Valid != 60 || v.CI == nil || d.CI == nil || d.CI.Lower <= 0 {
				t.Errorf("refit %v %s: κ %+v, change %+v (want an interval above 0)", refit, name, v, d)
			}
		}
		found := 0
		for _, n := range bs.Notes {
			if n == "cc: the probes' prior is held fixed (the item bootstrap does not resample the probes)" ||
				n == "dc: the probes' prior is held fixed (the item bootstrap does not resample the probes)" {
				found++
			}
		}
		if found != 2 {
			t.Errorf("refit %v: notes %q", refit, bs.Notes)
		}
	}
	// Re-estimating b_j per resample moves BC's interval (same resamples).
	if bcKappa[0] == bcKappa[1] {
		t.Errorf("BC's κ interval is the same with and without Refit (%v)", bcKappa)
	}
}
