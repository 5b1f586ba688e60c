package calib

import "testing"

// BenchmarkFitPublished3000 fits the published code on K = 3,000 items
// (x0, x1, x2; testdata/published/k3000: N = 9,000 parameters, 47 batches),
// the input on which the published script was timed:
//
//	go test ./calib/ -run XXX -bench FitPublished3000
//
// Measured on the shared 2-core machine: FitPublished ≈ MS ms per fit;
// the script (/usr/bin/python3 CalibraEval.py, Python 3.11.2) took PYS s of
// wall time, of which its iso_regression was PYI s (cProfile): ≈ X× faster.
func BenchmarkFitPublished3000(b *testing.B) {
	c := publishedCaseNamed(b, "k3000")
	pairs := readPublishedData(b, c.Data)
	est := allIndexes(len(pairs))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := FitPublished(pairs, est, c.options()); err != nil {
			b.Fatal(err)
		}
	}
}
