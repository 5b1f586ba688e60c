package report

import (
	"fmt"
	"io"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// manyJudges is a log of n judges with 3 pair and 3 verdict items each (issue 10:
// 10k judges took 16.5 s, 1k 0.7 s — quadratic).
func manyJudges(n int) *model.Log {
	lg := &model.Log{Files: []model.FileInfo{{Name: "many.jsonl", Pairs: 3 * n, Verdicts: 3 * n}}}
	for j := range n {
		for i := range 3 {
			h := i != 1
			lg.Pairs = append(lg.Pairs, model.Pair{ID: fmt.Sprintf("p%d", i), Judge: fmt.Sprintf("judge-%05d", j),
				Has: [model.NumArrangements]bool{true, true}, S: [model.NumArrangements]float64{0.3 + 0.1*float64(i), 0.6 - 0.1*float64(i)}})
			lg.Verdicts = append(lg.Verdicts, model.Verdict{ID: fmt.Sprintf("v%d", i), Judge: fmt.Sprintf("judge-%05d", j), Verdict: i == 0, Human: &h})
		}
	}
	return lg
}

// BenchmarkManyJudges: time per report must grow linearly with the number
// of judges (compare ns/op of judges=1000 and judges=10000: about 10×).
func BenchmarkManyJudges(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("judges=%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				lg := manyJudges(n)
				b.StartTimer()
				an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions()})
				if err != nil {
					b.Fatal(err)
				}
				if err := WriteMarkdown(io.Discard, an); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
