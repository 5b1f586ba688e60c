package selection

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestPublishedVsConverged compares, on the simulator's three default
// judges with x0, x1, x2 and K = 1,000 (the log of
//
//	plumb simulate --pairs 1000 --scores 0 --verdicts 0 --arrangements x0,x1,x2 --mode logprob
//
// whose judge-tokenA is testdata/published/k1000), the calibrated
// preferences of the published code's fit (default options, every item)
// with those of plumb's converged fit (Analyze, every item, λ =
// 0.5 as in the paper, and λ = 0.05 as in the published code): ICC(2,k),
// RStd and the objective eq. 10 / K. The numbers are logged (go test -v);
// the test checks that the converged fit at the published λ reaches an
// objective at least as low, and that judge-tokenA's P(A) are exactly the
// reference case's.
func TestPublishedVsConverged(t *testing.T) {
	cfg := sim.DefaultConfig()
	cfg.Scores, cfg.Verdicts = 0, 0
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1, model.X2}
	for i := range cfg.Judges {
		cfg.Judges[i].Mode = model.SourceLogprob
	}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	judges, byJudge := calib.SplitByJudge(lg.Pairs)
	ref := calibtest.ReadPublishedData(t, calibtest.PublishedCaseNamed(t, "k1000").Data)
	t.Logf("%-13s %-22s %8s %6s %10s", "judge", "fit", "ICC(2,k)", "RStd", "eq.10/K")
	for _, judge := range judges {
		pairs := byJudge[judge]
		if judge == "judge-tokenA" {
			if len(pairs) != len(ref) {
				t.Fatalf("%s: %d items, reference %d", judge, len(pairs), len(ref))
			}
			for i := range pairs {
				if pairs[i].S != ref[i].S {
					t.Fatalf("%s item %d: P(A) %v, reference %v", judge, i, pairs[i].S, ref[i].S)
				}
			}
		}
		raw := metrics.Compute(calib.RawPrefs(pairs))
		t.Logf("%-13s %-22s %8.3f %6.1f", judge, "raw", raw.ICC2k.Value, raw.RStd.Value)

		pub, err := calibraeval.FitPublished(pairs, calibtest.AllIdx(len(pairs)), calibraeval.DefaultPublishedOptions())
		if err != nil {
			t.Fatal(err)
		}
		pm := metrics.Compute(calib.CalibratedPrefs(pairs, pub.Curve))
		t.Logf("%-13s %-22s %8.3f %6.1f %10.5f", judge, "published (λ=0.05)", pm.ICC2k.Value, pm.RStd.Value, pub.Final.Objective)
		if pm.ICC2k.Reason != "" || pm.ICC2k.Value < -1 || pm.ICC2k.Value > 1 {
			t.Errorf("%s: published ICC(2,k) %+v", judge, pm.ICC2k)
		}
		start := calibraeval.DefaultPublishedOptions()
		start.Epochs = 0
		rank, err := calibraeval.FitPublished(pairs, calibtest.AllIdx(len(pairs)), start)
		if err != nil {
			t.Fatal(err)
		}
		rm := metrics.Compute(calib.CalibratedPrefs(pairs, rank.Curve))
		t.Logf("%-13s %-22s %8.3f %6.1f %10.5f", judge, "its start (rank)", rm.ICC2k.Value, rm.RStd.Value, rank.Final.Objective)

		for _, lam := range []float64{0.5, 0.05} {
			opt := DefaultOptions()
			opt.Lambda = lam
			sel, err := Analyze(judge, pairs, opt)
			if err != nil {
				t.Fatal(err)
			}
			m := sel.Method(MethodCalibraEval)
			if !m.Available {
				t.Fatalf("%s: CalibraEval unavailable: %s", judge, m.Reason)
			}
			name := "converged (λ=0.5)"
			if lam == 0.05 {
				name = "converged (λ=0.05)"
				if sel.Fit.Objective > pub.Final.Objective+1e-12 {
					t.Errorf("%s: converged objective %.6g above the published fit's %.6g", judge, sel.Fit.Objective, pub.Final.Objective)
				}
			}
			flag := ""
			for _, n := range m.Notes {
				if strings.HasPrefix(n, "degenerate fit") {
					flag = "  degenerate: g* ≈ 0.5"
				}
			}
			if m.All.ICC2k.Reason != "" {
				flag += ", ICC undefined"
			}
			t.Logf("%-13s %-22s %8.3f %6.1f %10.5f%s", judge, name, m.All.ICC2k.Value, m.All.RStd.Value, sel.Fit.Objective, flag)
		}
	}
}
