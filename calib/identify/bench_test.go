package identify

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model/demo"
)

// BenchmarkIdentifyBias: one demo judge (3000 items × 4 arrangements).
func BenchmarkIdentifyBias(b *testing.B) {
	log, err := demo.Log()
	if err != nil {
		b.Fatal(err)
	}
	_, by := calib.SplitByJudge(log.Pairs)
	ps := by["judge-tokenA"]
	b.ReportAllocs()
	for b.Loop() {
		Bias(ps)
	}
}
