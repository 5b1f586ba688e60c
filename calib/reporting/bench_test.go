package reporting

import (
	"testing"
)

// BenchmarkComputeReporting measures a correct-reporting analysis of 3,000
// verdicts (the demo's size per judge ×3): 2,100 unlabelled test items and
// a pool of 900 labelled ones, all used (automatic budget, so BestSplit
// scans 899 splits).
func BenchmarkComputeReporting(b *testing.B) {
	items := repItems(1, 2100, 630, 270, 0.3, 0.85, 0.85, true)
	opt := DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(items, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRGInterval measures one interval.
func BenchmarkRGInterval(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := RGInterval(0.4, 0.7, 0.9, 1000, 250, 250, 0.05); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimCheck measures one split's coverage check (CheckSims
// simulated data sets) at the demo's size: 684 test items, m = 316.
func BenchmarkSimCheck(b *testing.B) {
	z, _ := rgZ(0.05)
	b.ReportAllocs()
	for b.Loop() {
		cp := &checkParams{z: z, alpha: 0.05, theta: 0.3, q0: 0.58, q1: 0.956, n: 684, seed: 1}
		cp.check(226, 90)
	}
}
