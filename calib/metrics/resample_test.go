package metrics

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/stats"
	"github.com/plumb-eval/plumb/model"
)

// TestResampleMatchesCompute: the metrics of a resample counted by item
// code (ResampleValues, Fixed.Values, Fixed.WithoutAgreement) are
// ComputeValues' and ComputeWithoutAgreement's over the draws, every field
// printed in full (so every value bit for bit), on random preferences with
// ties at ½, values within TieTolerance of it, missing arrangements,
// items judged once or not at all and every gold (out of range too), over
// random resamples with repeats and an index out of range, each Resample
// reused from one resample to the next.
func TestResampleMatchesCompute(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 4))
	levels := []float64{0.1, 0.5, 0.5 + 1e-12, 0.9, 0.3, 0.7, math.NaN()}
	for trial := range 60 {
		n := 1 + rng.IntN(90)
		gold := make([]model.Gold, n)
		rows := make([][4]float64, n)
		for i := range rows {
			gold[i] = model.Gold(rng.IntN(5)) // 4: out of range
			for j := range rows[i] {
				if trial%2 == 0 {
					rows[i][j] = levels[rng.IntN(len(levels))]
				} else if rng.IntN(8) > 0 {
					rows[i][j] = rng.Float64() // the ICCs' sums in earnest
				} else {
					rows[i][j] = math.NaN()
				}
			}
		}
		p := selPrefs(gold, rows...)
		keep := make([]bool, n)
		for i := range keep {
			keep[i] = rng.IntN(3) > 0
		}
		f := NewFixed(p)
		var r Resample
		ws := &work.Space{}
		for range 20 {
			idx := make([]int, rng.IntN(2*n+1))
			for k := range idx {
				idx[k] = rng.IntN(n+1) - rng.IntN(2) // −1 and n: out of range
			}
			r.Set(idx, n)
			want := fmt.Sprintf("%#v", ComputeValues(p, idx, nil))
			if got := fmt.Sprintf("%#v", ResampleValues(p, &r, ws)); got != want {
				t.Fatalf("trial %d idx %v: ResampleValues\n got %s\nwant %s", trial, idx, got, want)
			}
			if got := fmt.Sprintf("%#v", f.Values(&r, ws)); got != want {
				t.Fatalf("trial %d idx %v: Fixed.Values\n got %s\nwant %s", trial, idx, got, want)
			}
			var kept []int
			for _, i := range idx {
				if i >= 0 && i < n && keep[i] {
					kept = append(kept, i)
				}
			}
			want = fmt.Sprintf("%#v", ComputeWithoutAgreement(p, append([]int{}, kept...), "why"))
			if got := fmt.Sprintf("%#v", f.WithoutAgreement(&r, keep, "why")); got != want {
				t.Fatalf("trial %d idx %v: Fixed.WithoutAgreement\n got %s\nwant %s", trial, idx, got, want)
			}
			want = fmt.Sprintf("%#v", ComputeWithoutAgreement(p, idx, "why"))
			if got := fmt.Sprintf("%#v", f.WithoutAgreement(&r, nil, "why")); got != want {
				t.Fatalf("trial %d idx %v: Fixed.WithoutAgreement, nil keep\n got %s\nwant %s", trial, idx, got, want)
			}
		}
	}
}

// TestFleissSumsMatchTable: κ from the sums (kappaSums, as fillAgreement
// counts them row by row) is stats.FleissKappa's on the table of counts.
func TestFleissSumsMatchTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 26))
	for range 200 {
		k := 2 + rng.IntN(3)
		nSub := 1 + rng.IntN(40)
		var s kappaSums
		var counts []int
		var occur [3]bool
		for range nSub {
			var n [3]int64
			for range k {
				c := rng.IntN(3)
				if rng.IntN(4) == 0 {
					c = 0
				}
				n[c]++
				occur[c] = true
			}
			s.add(&n, 1)
			for c := range 3 {
				counts = append(counts, int(n[c]))
			}
		}
		got := s.stat(nSub, k)
		want := kappaStatTable(counts, occur, nSub)
		if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
			t.Fatalf("k %d, %d subjects: got %#v, want %#v", k, nSub, got, want)
		}
	}
}

// kappaStatTable is κ as fillAgreement computed it before its sums:
// stats.FleissKappa on the table of counts, compacted to the categories
// that occur.
func kappaStatTable(counts []int, occur [3]bool, nSub int) calib.Stat {
	var keep []int
	for c, ok := range occur {
		if ok {
			keep = append(keep, c)
		}
	}
	table := make([]int, 0, nSub*len(keep))
	for i := range nSub {
		for _, c := range keep {
			table = append(table, counts[i*3+c])
		}
	}
	kappa, err := stats.FleissKappa(table, len(keep))
	if err != nil {
		return calib.Undefined(nSub, err.Error())
	}
	return calib.Defined(kappa, nSub)
}

// BenchmarkResampleMetrics3000 is one bootstrap resample's metrics of
// 3,000 items × x0..x3 (a draw of 3,000 with repeats): ComputeValues over
// the draws (before), ResampleValues (preferences that change from one
// resample to the next) and Fixed.Values (preferences every resample
// shares), all the same numbers.
func BenchmarkResampleMetrics3000(b *testing.B) {
	full := []model.Arrangement{model.X0, model.X1, model.X2, model.X3}
	p := selRandomPrefs(1, 3000, [][]model.Arrangement{full}, []float64{1})
	rng := rand.New(rand.NewPCG(1, 2))
	idx := make([]int, 3000)
	for k := range idx {
		idx[k] = rng.IntN(3000)
	}
	ws := &work.Space{}
	var r Resample
	f := NewFixed(p)
	b.Run("ComputeValues", func(b *testing.B) {
		for b.Loop() {
			ComputeValues(p, idx, ws)
		}
	})
	b.Run("ResampleValues", func(b *testing.B) {
		for b.Loop() {
			r.Set(idx, 3000)
			ResampleValues(p, &r, ws)
		}
	})
	b.Run("Fixed", func(b *testing.B) {
		for b.Loop() {
			r.Set(idx, 3000)
			f.Values(&r, ws)
		}
	})
}
