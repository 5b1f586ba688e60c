package reporting

import (
	"strings"
	"testing"
)

// coverageItems builds a test set of n unlabelled items, pos of them with a
// positive verdict and truth (true z) ones of them 1, and a calibration
// pool of m0 items with z = 0 (right0 judged 0) and m1 with z = 1 (right1
// judged 1).
func coverageItems(n, pos, ones, m0, right0, m1, right1 int) []BinaryItem {
	var items []BinaryItem
	for i := range n {
		items = append(items, BinaryItem{Pred: i < pos, Gold: -1, Truth: int8(min(1, max(0, ones-i)))})
	}
	for i := range m0 {
		items = append(items, BinaryItem{Pred: i >= right0, Gold: 0, Truth: 0})
	}
	for i := range m1 {
		items = append(items, BinaryItem{Pred: i < right1, Gold: 1, Truth: 1})
	}
	return items
}

// TestUninformativeIntervalClaimsNoCoverage reproduces issue 19 item 4: a
// judge barely better than chance (q̂0 + q̂1 = 1.03, as JudgeBench's
// claude-3-haiku) gets θ̂ = 0 with the interval [0, 1], and the report
// said the true θ was "covered". Such an interval excludes no rate: it is
// flagged uninformative, with the number behind it, and no coverage is
// claimed. An interval narrower than [0, 1] still claims coverage.
func TestUninformativeIntervalClaimsNoCoverage(t *testing.T) {
	r, err := Compute(coverageItems(100, 40, 57, 100, 53, 100, 50), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !r.ThetaHat.OK() || r.ThetaHat.CI == nil || r.Lower.Value != 0 || r.Upper.Value != 1 {
		t.Fatalf("θ̂ %+v, CI [%v, %v]: the case needs the interval [0, 1]", r.ThetaHat, r.Lower, r.Upper)
	}
	if r.TrueTheta == nil {
		t.Fatal("the test set's truth is known but TrueTheta is nil")
	}
	if r.Covered != nil {
		t.Errorf("covered = %v for the interval [0, 1]; want no claim (nil)", *r.Covered)
	}
	for _, want := range []string{"all of [0, 1]", "q̂0 + q̂1 − 1 = 0.030", "m0 = 100 and m1 = 100"} {
		if !strings.Contains(r.Uninformative, want) {
			t.Errorf("uninformative = %q, want it to contain %q", r.Uninformative, want)
		}
	}

	good, err := Compute(coverageItems(100, 40, 38, 100, 90, 100, 90), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if good.Uninformative != "" || good.Covered == nil || !*good.Covered {
		t.Errorf("a good judge: uninformative %q, covered %v; want an informative interval that covers θ", good.Uninformative, good.Covered)
	}
}

// TestNoIntervalNoCoverage: when θ̂ is undefined (q̂0 + q̂1 ≤ 1, as LLMBar
// FairEval's PaLM2) there is no interval, so Covered is nil — no claim —
// even though the true θ is known.
func TestNoIntervalNoCoverage(t *testing.T) {
	r, err := Compute(coverageItems(60, 50, 40, 12, 1, 20, 18), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if r.ThetaHat.OK() || r.TrueTheta == nil || r.Covered != nil || r.Uninformative != "" {
		t.Errorf("θ̂ %+v, true θ %v, covered %v, uninformative %q; want no θ̂, the true θ and no claim",
			r.ThetaHat, r.TrueTheta, r.Covered, r.Uninformative)
	}
}
