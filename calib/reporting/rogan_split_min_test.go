package reporting

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// TestBestSplitMinPerClass: on LLMBar FairEval ChatGPT's rates (issue 10,
// item 16: p̂ = 31/33, q̂0 = 2/13, q̂1 = 19/20, n = 33, m = 33) the
// unrestricted search starves z = 0 (m0 = 1, where the smoothing lifts
// q̃0 from 0.15 to 0.38); with a minimum per class it cannot, and the
// width it reports is RGInterval's at the split it picks.
func TestBestSplitMinPerClass(t *testing.T) {
	p, q0, q1, n, m := 31.0/33, 2.0/13, 19.0/20, 33, 33
	if m0, _, _, err := BestSplit(p, q0, q1, n, m, 0.05); err != nil || m0 != 1 {
		t.Fatalf("unrestricted best m0 = %d (%v); the issue saw 1", m0, err)
	}
	for _, minPer := range []int{5, 10, 16, 40} {
		m0, m1, w, err := BestSplitMin(p, q0, q1, n, m, 0.05, minPer)
		want := min(minPer, m/2)
		if err != nil || m0 < want || m1 < want || m0+m1 != m {
			t.Errorf("min %d: split %d/%d (%v)", minPer, m0, m1, err)
			continue
		}
		lo, hi, _ := RGInterval(p, q0, q1, n, m0, m1, 0.05)
		if w != hi-lo {
			t.Errorf("min %d: width %v, want %v", minPer, w, hi-lo)
		}
	}
	// minPer ≤ 1 is the unrestricted search.
	a0, _, aw, _ := BestSplitMin(p, q0, q1, n, m, 0.05, 0)
	b0, _, bw, _ := BestSplit(p, q0, q1, n, m, 0.05)
	if a0 != b0 || aw != bw {
		t.Errorf("min 0: %d %v, want %d %v", a0, aw, b0, bw)
	}
}

// TestReportingBestRespectsPilot: the engine's best split gives each class
// at least the pilot size, says so in BestMinPerClass, and no split label
// calls a split optimal.
func TestReportingBestRespectsPilot(t *testing.T) {
	items := repItems(3, 2000, 600, 400, 0.2, 0.7, 0.9, true)
	for _, pilot := range []int{10, 60} {
		res, err := Compute(items, Options{Budget: 300, Split: 0.5, Seed: 5, Pilot: pilot})
		if err != nil {
			t.Fatal(err)
		}
		b := res.Splits.Best
		if res.BestMinPerClass != pilot || b.M0 < pilot || b.M1 < pilot {
			t.Errorf("pilot %d: min %d, best %d/%d", pilot, res.BestMinPerClass, b.M0, b.M1)
		}
		m0, _, w, _ := BestSplitMin(res.PHat.Value, res.Q0Hat.Value, res.Q1Hat.Value, res.TestSize, 300, 0.05, pilot)
		if b.M0 != m0 || b.Width.Value != w {
			t.Errorf("pilot %d: best %+v, want m0 %d width %v", pilot, b, m0, w)
		}
	}
	for _, l := range []string{vocab.SplitCurrent, vocab.SplitEqual, vocab.SplitLeastVar, vocab.SplitProp2, vocab.SplitAdaptive, vocab.SplitNarrowest} {
		if strings.Contains(strings.ToLower(l), "optim") {
			t.Errorf("label %q calls a split optimal", l)
		}
	}
}

// TestNoteStarvedSplits: a named split narrower than the search's best
// because it starves a class gets a note; one that keeps the minimum, or
// is wider, does not.
func TestNoteStarvedSplits(t *testing.T) {
	r := &Result{BestMinPerClass: 10}
	r.Splits.Best = SplitWidth{M0: 10, M1: 23, Width: calib.Defined(1, 33)}
	r.Splits.Exact = SplitWidth{M0: 5, M1: 28, Width: calib.Defined(0.9688, 33)}
	r.Splits.Approx = SplitWidth{M0: 7, M1: 26, Width: calib.Defined(1, 33)}
	r.noteStarvedSplits()
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "(m0 = 5, m1 = 28)") || !strings.Contains(r.Notes[0], vocab.SplitLeastVar) {
		t.Errorf("notes %q", r.Notes)
	}
	r.Notes = nil
	r.Splits.Exact = SplitWidth{M0: 12, M1: 21, Width: calib.Defined(0.9, 33)}
	r.noteStarvedSplits()
	if len(r.Notes) != 0 {
		t.Errorf("notes %q for a split that keeps the minimum", r.Notes)
	}
}
