package analysis

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// panelTruth returns, for three judges whose view of an item is
// u_k = δ + s·h + σ·e_k (δ ~ N(0, 1), h, e_k ~ N(0, 1) independent) and
// whose choice is u_k's sign, the true accuracy of one judge,
// ½ + arcsin(ρ)/π with ρ = 1/√(1 + s² + σ²) (the bivariate normal's
// quadrant probability), and of their majority vote,
// E[p³ + 3p²(1 − p)] with p = Φ(sign(δ)·(δ + s·h)/σ) (the judges are
// independent given δ and h), by a midpoint rule on [−8, 8]².
func panelTruth(s, sigma float64) (judge, majority float64) {
	judge = 0.5 + math.Asin(1/math.Sqrt(1+s*s+sigma*sigma))/math.Pi
	const n, lim = 1600, 8.0
	step := 2 * lim / n
	phi := func(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }
	for a := 0; a < n; a++ {
		d := -lim + (float64(a)+0.5)*step
		for b := 0; b < n; b++ {
			h := -lim + (float64(b)+0.5)*step
			if s == 0 && b > 0 {
				break
			}
			w := phi(d) * step
			z := d
			if s != 0 {
				w *= phi(h) * step
				z += s * h
			}
			p := 0.5 * math.Erfc(-math.Copysign(1, d)*z/sigma/math.Sqrt2)
			majority += w * (p*p*p + 3*p*p*(1-p))
		}
	}
	return judge, majority
}

// TestPanelSimulatedGain: three simulated judges with independent errors
// (σ = 1.5) and three with the same total error, mostly shared (s = 1.2,
// σ = 0.9): each judge is as accurate in both (0.687), but the majority
// vote gains 0.062 over a judge in the first and 0.017 in the second. The
// panel's measured accuracies match these known truths within 4 standard
// errors, and Krippendorff's α is higher where the judges share their
// error (they agree, without being right more often).
func TestPanelSimulatedGain(t *testing.T) {
	const items = 8000
	run := func(s, sigma float64) (judges []float64, maj, alpha float64) {
		cfg := sim.DefaultConfig()
		cfg.Pairs, cfg.Scores, cfg.Verdicts = items, 0, 0
		cfg.GoldShare, cfg.TieBand, cfg.Spread, cfg.SharedNoise = 1, 0, 1, s
		cfg.Arrangements = []model.Arrangement{model.X0, model.X2}
		cfg.Judges = nil
		for k := 0; k < 3; k++ {
			cfg.Judges = append(cfg.Judges, sim.Judge{Name: fmt.Sprintf("j%d", k), Skill: 1, ItemNoise: sigma, Mode: model.SourceChoice})
		}
		lg, err := sim.Collect(cfg)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEngine(lg)
		var jas []JudgeAnalysis
		for _, j := range e.Judges() {
			jas = append(jas, JudgeAnalysis{Judge: j})
		}
		r, err := e.Panel(context.Background(), jas, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range r.Accuracy {
			judges = append(judges, a.Value)
		}
		return judges, r.Majority.AccuracyAggregate.Value, r.AlphaNominal.Value
	}
	se := func(p float64) float64 { return math.Sqrt(p * (1 - p) / items) }
	var alphas [2]float64
	var gains [2]float64
	for i, c := range []struct{ s, sigma float64 }{{0, 1.5}, {1.2, 0.9}} {
		tj, tm := panelTruth(c.s, c.sigma)
		judges, maj, alpha := run(c.s, c.sigma)
		for k, a := range judges {
			if math.Abs(a-tj) > 4*se(tj) {
				t.Errorf("s %g σ %g: judge %d accuracy %.4f, truth %.4f", c.s, c.sigma, k, a, tj)
			}
		}
		if math.Abs(maj-tm) > 4*se(tm) {
			t.Errorf("s %g σ %g: majority accuracy %.4f, truth %.4f", c.s, c.sigma, maj, tm)
		}
		alphas[i], gains[i] = alpha, tm-tj
		t.Logf("s %g σ %g: judge truth %.4f measured %.4f; majority truth %.4f measured %.4f; α %.3f", c.s, c.sigma, tj, judges, tm, maj, alpha)
	}
	if !(gains[0] > gains[1]+0.02) {
		t.Errorf("truth: the gain with independent errors %.4f should exceed the gain with shared ones %.4f", gains[0], gains[1])
	}
	if !(alphas[1] > alphas[0]) {
		t.Errorf("α with shared errors %.3f should exceed α with independent ones %.3f", alphas[1], alphas[0])
	}
}
