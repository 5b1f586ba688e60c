package style

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/plumb-eval/plumb/internal/mathx"
)

// glmCase is one case of testdata/glm_reference.json.
type glmCase struct {
	Name           string
	Delta, P       []float64
	Theta, Phi, SD float64
}

// TestFitLengthGLMReference checks FitLengthGLM against an independent
// implementation. testdata/glm_reference.json was made once (Debian's
// python3-statsmodels 0.13.5, numpy 1.24.2; CI does not need them) by a
// short script: three data sets (200 continuous preferences with a length
// effect, drawn with Python's random.Random(20240421); 150 hard choices 0,
// ½, 1 on integer lengths; 6 hand-written items), each fitted with
// sm.GLM(p, [1, tanh(Δ/sd)], family=Binomial()).fit(tol=1e-14), sd =
// numpy's std(ddof=1); the file holds the data and statsmodels' θ, φ, sd.
func TestFitLengthGLMReference(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "glm_reference.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ref struct{ Cases []glmCase }
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	if len(ref.Cases) != 3 {
		t.Fatalf("%d reference cases, want 3", len(ref.Cases))
	}
	for _, c := range ref.Cases {
		g, err := FitLengthGLM(c.Delta, c.P)
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		for _, v := range []struct {
			what      string
			got, want float64
		}{{"θ", g.Theta, c.Theta}, {"φ", g.Phi, c.Phi}, {"sd", g.SD, c.SD}} {
			if math.Abs(v.got-v.want) > 1e-8*(1+math.Abs(v.want)) {
				t.Errorf("%s: %s = %.12g, statsmodels %.12g", c.Name, v.what, v.got, v.want)
			}
		}
	}
}

// TestFitLengthGLMEdges: the fits that cannot be made say why, and a fit
// without any length difference is θ alone.
func TestFitLengthGLMEdges(t *testing.T) {
	if _, err := FitLengthGLM([]float64{3}, []float64{0.5}); err != errGLMFew {
		t.Errorf("one item: %v", err)
	}
	if _, err := FitLengthGLM([]float64{5, 5, 5}, []float64{0.2, 0.9, 0.4}); err != errGLMConstant {
		t.Errorf("constant Δ: %v", err)
	}
	g, err := FitLengthGLM([]float64{0, 0, 0, 0}, []float64{0.2, 0.9, 0.4, 0.5})
	if err != nil || g.PhiReason == "" || math.Abs(g.LC()-0.5) > 1e-15 || g.NearZero != 4 {
		t.Errorf("Δ = 0 throughout: %+v, %v (want LC = mean preference 0.5, φ undefined)", g, err)
	}
	// Every preference 1: the maximum is at θ = ∞.
	if _, err := FitLengthGLM([]float64{1, 2, 3}, []float64{1, 1, 1}); err != errGLMSeparated {
		t.Errorf("all ones: %v", err)
	}
	// Separated by the sign of Δ: φ runs off to infinity.
	if _, err := FitLengthGLM([]float64{-2, -1, 1, 2}, []float64{0, 0, 1, 1}); err != errGLMSeparated {
		t.Errorf("separated: %v", err)
	}
	// A known fit: p_i = σ(θ + φ tanh(Δ_i/sd)) exactly.
	delta := []float64{-300, -120, -10, 0, 40, 150, 260, 700}
	sd := sampleSD(delta)
	p := make([]float64, len(delta))
	for i, d := range delta {
		p[i] = mathx.Sigmoid(-0.7 + 1.3*math.Tanh(d/sd))
	}
	g, err = FitLengthGLM(delta, p)
	if err != nil || math.Abs(g.Theta+0.7) > 1e-10 || math.Abs(g.Phi-1.3) > 1e-10 || math.Abs(g.LC()-mathx.Sigmoid(-0.7)) > 1e-10 {
		t.Errorf("exact data: θ %v φ %v, %v; want −0.7, 1.3", g.Theta, g.Phi, err)
	}
}

func sampleSD(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	ss := 0.0
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return math.Sqrt(ss / float64(len(x)-1))
}
