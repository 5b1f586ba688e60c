package likelihood

import (
	"cmp"
	"math"
	"slices"
)

// biasRanker computes a resample's BiasScore without sorting the resample:
// the points are grouped once by LS value (in ascending order) and by their
// (S_m, S_h) pair, so a resample's mid-ranks of LS come from counting how
// often each LS group was drawn, and those of US from sorting only the
// distinct US values drawn (one per (S_m, S_h) pair present). Every rank,
// and every sum over them, is the value and the order of operations of
// stats.Ranks and rankCorr on the resample, so the statistic is the same
// bit for bit (TestBiasRankerBits).
type biasRanker struct {
	pts []Point
	// lsGroup[i] is point i's rank among the distinct LS values; nLS how
	// many there are.
	lsGroup []int
	nLS     int
	// pairGroup[i] is the index of point i's (S_m, S_h) pair in pairSm and
	// pairSh.
	pairGroup      []int
	pairSm, pairSh []float64
}

// newBiasRanker groups pts, or returns nil when a value is not finite (the
// sorting path then handles it as stats.Ranks does).
func newBiasRanker(pts []Point) *biasRanker {
	for _, p := range pts {
		if math.IsNaN(p.LS) || math.IsInf(p.LS, 0) || math.IsNaN(p.Sm) || math.IsInf(p.Sm, 0) ||
			math.IsNaN(p.Sh) || math.IsInf(p.Sh, 0) {
			return nil
		}
	}
	r := &biasRanker{pts: pts, lsGroup: make([]int, len(pts)), pairGroup: make([]int, len(pts))}
	order := make([]int, len(pts))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(pts[a].LS, pts[b].LS) })
	for k, i := range order {
		if k > 0 && cmp.Compare(pts[i].LS, pts[order[k-1]].LS) != 0 {
			r.nLS++
		}
		r.lsGroup[i] = r.nLS
	}
	r.nLS++
	type pair struct{ sm, sh float64 }
	seen := make(map[pair]int)
	for i, p := range pts {
		// +0 for −0: equal under cmp.Compare, so one group (US is then the
		// same value: x − mean is the same for −0 and +0 unless mean is 0,
		// and then ±0 / r compare equal too).
		key := pair{p.Sm + 0, p.Sh + 0}
		g, ok := seen[key]
		if !ok {
			g = len(r.pairSm)
			seen[key] = g
			r.pairSm = append(r.pairSm, p.Sm)
			r.pairSh = append(r.pairSh, p.Sh)
		}
		r.pairGroup[i] = g
	}
	return r
}

// stat is BiasScoreBootstrap's statistic on the resample idx.
func (r *biasRanker) stat(idx []int) []float64 {
	n := len(idx)
	pts := r.pts
	// normalise's min, max and sum of S_m and of S_h, in the same order.
	loM, hiM, sumM := pts[idx[0]].Sm, pts[idx[0]].Sm, 0.0
	loH, hiH, sumH := pts[idx[0]].Sh, pts[idx[0]].Sh, 0.0
	cl := make([]int, r.nLS)
	cp := make([]int, len(r.pairSm))
	for _, i := range idx {
		sm, sh := pts[i].Sm, pts[i].Sh
		loM, hiM = min(loM, sm), max(hiM, sm)
		sumM += sm
		loH, hiH = min(loH, sh), max(hiH, sh)
		sumH += sh
		cl[r.lsGroup[i]]++
		cp[r.pairGroup[i]]++
	}
	rM, rH := hiM-loM, hiH-loH
	if !(rM > 0) || math.IsInf(rM, 0) || !(rH > 0) || math.IsInf(rH, 0) {
		return []float64{math.NaN()}
	}
	meanM, meanH := sumM/float64(n), sumH/float64(n)
	c := float64(n+1) / 2
	// LS: the groups in ascending order, each drawn cl[g] times.
	rankLS := make([]float64, r.nLS)
	pos := 0
	for g, m := range cl {
		if m > 0 {
			rankLS[g] = float64(pos+1+pos+m)/2 - c
			pos += m
		}
	}
	// US: one value per pair drawn, sorted; equal values share their rank.
	us := make([]float64, len(cp))
	present := make([]int, 0, len(cp))
	for g, m := range cp {
		if m > 0 {
			us[g] = 1*(r.pairSm[g]-meanM)/rM - 1*(r.pairSh[g]-meanH)/rH
			present = append(present, g)
		}
	}
	slices.SortFunc(present, func(a, b int) int { return cmp.Compare(us[a], us[b]) })
	rankUS := make([]float64, len(cp))
	pos = 0
	for i := 0; i < len(present); {
		j, m := i+1, cp[present[i]]
		for j < len(present) && cmp.Compare(us[present[j]], us[present[i]]) == 0 {
			m += cp[present[j]]
			j++
		}
		mid := float64(pos+1+pos+m)/2 - c
		for _, g := range present[i:j] {
			rankUS[g] = mid
		}
		pos += m
		i = j
	}
	a := make([]float64, n)
	b := make([]float64, n)
	for k, i := range idx {
		a[k], b[k] = rankLS[r.lsGroup[i]], rankUS[r.pairGroup[i]]
	}
	s := corrOfCentredRanks(a, b, "likelihoods", "US values")
	if !s.OK() {
		return []float64{math.NaN()}
	}
	return []float64{s.Value}
}
