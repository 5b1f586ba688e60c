package likelihood

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/calibtest"
)

// BenchmarkLikelihoodAnalysis is the cheap part: 1,000 score records
// (one criterion), no permutation test. Goal ≤ ~2 ms.
func BenchmarkLikelihoodAnalysis(b *testing.B) {
	scores := calibtest.SimScores(b, 1000, []string{"overall"}, 1, calibtest.SlopeJudge("j", 0.4))
	opt := Options{}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Analyze("j", scores, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLikelihoodAnalysis3x1000 is the cheap part on 1,000 items × 3
// criteria (3,000 records, four results).
func BenchmarkLikelihoodAnalysis3x1000(b *testing.B) {
	scores := calibtest.SimScores(b, 1000, []string{"a", "b", "c"}, 1, calibtest.SlopeJudge("j", 0.4))
	opt := Options{}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Analyze("j", scores, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLikelihoodPermutations is the whole judge with the test: 1,000
// items × 3 criteria, each of the four results (3 criteria + total) tested
// with 10,000 permutations. Goal ≤ 200 ms on 2 cores.
func BenchmarkLikelihoodPermutations(b *testing.B) {
	scores := calibtest.SimScores(b, 1000, []string{"a", "b", "c"}, 1, calibtest.SlopeJudge("j", 0.4))
	opt := DefaultOptions()
	for b.Loop() {
		if _, err := Analyze("j", scores, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPermutationPValue is one test: 1,000 items, 10,000 permutations.
func BenchmarkPermutationPValue(b *testing.B) {
	scores := calibtest.SimScores(b, 1000, []string{"a"}, 1, calibtest.SlopeJudge("j", 0.4))
	l, err := Analyze("j", scores, Options{})
	if err != nil {
		b.Fatal(err)
	}
	ls, us := pointsLSUS(l.Criteria[0].Points)
	for b.Loop() {
		PermutationPValue(ls, us, 10000, 1)
	}
}

func pointsLSUS(pts []Point) (ls, us []float64) {
	for _, p := range pts {
		ls = append(ls, p.LS)
		us = append(us, p.US)
	}
	return ls, us
}

// BenchmarkBiasScoreBootstrap is the BiasScore interval of 1,000 items × 3
// criteria and their total: 1,000 resamples each, one core, ranked by
// counting (biasRanker).
func BenchmarkBiasScoreBootstrap(b *testing.B) { benchBiasBootstrap(b, false) }

// BenchmarkBiasScoreBootstrapSorted is the same with a sort per resample
// (sortedBiasStat), the ranker's oracle.
func BenchmarkBiasScoreBootstrapSorted(b *testing.B) { benchBiasBootstrap(b, true) }

func benchBiasBootstrap(b *testing.B, sorted bool) {
	scores := calibtest.SimScores(b, 1000, []string{"a", "b", "c"}, 1, calibtest.SlopeJudge("j", 0.4))
	l, err := Analyze("j", scores, Options{})
	if err != nil {
		b.Fatal(err)
	}
	opt := bootstrap.Options{Resamples: 1000, Seed: 1, Level: 0.95, Workers: 1}
	for b.Loop() {
		for _, r := range append(l.Criteria, l.Total) {
			stat := sortedBiasStat(r.Points)
			if !sorted {
				stat = newBiasRanker(r.Points).stat
			}
			if _, err := bootstrap.Run(len(r.Points), []string{"bias_score"}, stat, opt); err != nil {
				b.Fatal(err)
			}
		}
	}
}
