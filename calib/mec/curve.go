package mec

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// Draws is how many subsamples each point of the K curve averages.
const Draws = 200

// Point is the K curve at K samples per arrangement (FairEval's Figure 3),
// each statistic the mean over Draws subsamples of the kept samples.
type Point struct {
	K int
	// MEC is MEC's accuracy against gold (in x0), MECBPC MEC + BPC's
	// (Agreement.Accuracy; N = items with a verdict and gold).
	MEC, MECBPC calib.Stat
	// Conflict is the share of items judged in x0 and x2 whose MEC verdicts
	// in the two orders differ (the orders disagree). N = such items.
	Conflict calib.Stat
}

// rng is a SplitMix64 stream.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	return mathx.SplitMix64(r.s)
}

// intn returns a number in [0, n) (n ≥ 1; the modulo bias is below 2^-50
// for the small n used here).
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// subsample returns k of the samples (all when there are at most k),
// drawn without replacement into buf.
func subsample(list [][2]float64, k int, r *rng, buf [][2]float64) [][2]float64 {
	buf = append(buf[:0], list...)
	if len(buf) <= k {
		return buf
	}
	for i := range k {
		j := i + r.intn(len(buf)-i)
		buf[i], buf[j] = buf[j], buf[i]
	}
	return buf[:k]
}

// Curve computes the K curve at K = 1, 3, 5, … up to the most samples an
// arrangement of an item has (and that number itself), drawing each
// point's subsamples from seed. Items with fewer samples use all they have.
func Curve(items []Scores, gold []model.Gold, seed uint64) []Point {
	maxK := 0
	for i := range items {
		for _, a := range model.Arrangements {
			maxK = max(maxK, len(items[i][a]))
		}
	}
	var out []Point
	for k := 1; k <= maxK; k += 2 {
		out = append(out, curvePoint(items, gold, k, seed))
		if k < maxK && k+2 > maxK {
			out = append(out, curvePoint(items, gold, maxK, seed))
		}
	}
	return out
}

// curvePoint is one point of Curve.
func curvePoint(items []Scores, gold []model.Gold, k int, seed uint64) Point {
	r := rng{s: mathx.SplitMix64(seed ^ uint64(k)<<32)}
	sub := make([]Scores, len(items))
	var bufs [model.NumArrangements][][2]float64
	var accM, accB, conf [2]float64 // sum of values, count of defined draws
	nM, nB, nC := 0, 0, 0
	for range Draws {
		for i := range items {
			for _, a := range model.Arrangements {
				bufs[a] = subsample(items[i][a], k, &r, bufs[a])
				sub[i][a] = append(sub[i][a][:0], bufs[a]...)
			}
		}
		if ag := agreeWith(Prefs(sub, gold, NameMEC, 0), gold); ag.Accuracy.OK() {
			accM[0] += ag.Accuracy.Value
			accM[1]++
			nM = ag.Accuracy.N
		}
		if ag := agreeWith(Prefs(sub, gold, NameMECBPC, 0), gold); ag.Accuracy.OK() {
			accB[0] += ag.Accuracy.Value
			accB[1]++
			nB = ag.Accuracy.N
		}
		if c, n := conflicts(sub); n > 0 {
			conf[0] += c
			conf[1]++
			nC = n
		}
	}
	return Point{K: k, MEC: meanStat(accM, nM, "no item has both an x0 verdict and gold"),
		MECBPC:   meanStat(accB, nB, "no item has both orders' samples and gold"),
		Conflict: meanStat(conf, nC, "no item has samples in both x0 and x2")}
}

// meanStat is sum[0] / sum[1] over n items, or undefined with why.
func meanStat(sum [2]float64, n int, why string) calib.Stat {
	if sum[1] == 0 {
		return calib.Undefined(0, why)
	}
	return calib.Defined(sum[0]/sum[1], n)
}

// conflicts returns the share of items with samples in x0 and x2 whose
// MEC verdicts there differ, and how many such items there are.
func conflicts(items []Scores) (float64, int) {
	n, c := 0, 0
	for i := range items {
		v0, ok0 := OrderVerdict(items[i][model.X0])
		v2, ok2 := OrderVerdict(items[i][model.X2])
		if !ok0 || !ok2 {
			continue
		}
		n++
		if v0 != v2 {
			c++
		}
	}
	if n == 0 {
		return 0, 0
	}
	return float64(c) / float64(n), n
}

// agreeWith is AgainstGold of p's verdicts.
func agreeWith(p calib.Prefs, gold []model.Gold) Agreement {
	v, has := Verdicts(p)
	return AgainstGold(v, has, gold)
}
