package sim

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// TestSharedNoise: an error every judge shares moves no other draw (the
// items' gaps and golds are the same with and without it, from their own
// stream), and it correlates the judges' errors as its variance says:
// with Skill 1, ItemNoise σ and SharedNoise s, two judges' errors
// u − δ have correlation s²/(s² + σ²) (0.5 for s = σ = 1).
func TestSharedNoise(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 4000, 0, 0
	cfg.Judges = []Judge{{Name: "a", Skill: 1, ItemNoise: 1, Mode: model.SourceProb}, {Name: "b", Skill: 1, ItemNoise: 1, Mode: model.SourceProb}}
	plain, err := Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.SharedNoise = 1
	shared, err := Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var ea, eb []float64
	for i := range shared.Pairs {
		p, q := &plain.Pairs[i], &shared.Pairs[i]
		if p.Gold != q.Gold || p.Truth.Value("delta") != q.Truth.Value("delta") {
			t.Fatalf("pair %s: gold or δ moved with the shared noise", q.ID)
		}
		e := mathx.Logit(q.Truth.Value("p1")) - q.Truth.Value("delta")
		if q.Judge == "a" {
			ea = append(ea, e)
		} else {
			eb = append(eb, e)
		}
	}
	var sab, saa, sbb float64
	for i := range ea {
		sab, saa, sbb = sab+ea[i]*eb[i], saa+ea[i]*ea[i], sbb+eb[i]*eb[i]
	}
	r := sab / math.Sqrt(saa*sbb)
	if math.Abs(r-0.5) > 0.05 { // sd of r ≈ (1 − ρ²)/√n ≈ 0.012
		t.Errorf("correlation of the judges' errors %.3f, want 0.5", r)
	}
}
