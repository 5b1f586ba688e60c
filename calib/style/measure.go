package style

import (
	"math"
	"slices"

	"github.com/plumb-eval/plumb/model"
)

// The measures on a sample of items (a list of indices into data.items,
// with repeats on a bootstrap resample). Each gives an est: a value over n
// items, or the reason it has none. The full sample and every resample go
// through the same code, so point estimates and intervals agree.

// est is one measure on one sample.
type est struct {
	v      float64
	n      int
	reason string
}

// value is v, or NaN (undefined on this resample) when there is a reason.
func (e est) value() float64 {
	if e.reason != "" {
		return math.NaN()
	}
	return e.v
}

// meanEst is the mean of sum over n items, or the reason none.
func meanEst(sum float64, n int, none string) est {
	if n == 0 {
		return est{reason: none}
	}
	return est{v: sum / float64(n), n: n}
}

// Reasons of undefined measures.
const (
	reasonNoUnequal    = "no item has two responses of known, different lengths"
	reasonNoGoldShort  = "no item with known, different lengths has gold preferring the shorter response"
	reasonNoOwn        = "no item has exactly one response written by the judge's generator"
	reasonNoOwnGold    = "no item with exactly one own response has gold preferring the other"
	reasonNoCalibrated = "no calibrated preferences were given"
	reasonNoLengthsRow = "no item of this pair has both lengths known"
)

// noCalibratedReason is the reason of the calibrated win rates when opt
// gives no calibrated preferences: opt.CalibratedReason's when it has one.
func noCalibratedReason(opt Options) string {
	if opt.CalibratedReason == "" {
		return reasonNoCalibrated
	}
	return "no calibrated preferences: " + opt.CalibratedReason
}

// lengthEst holds the length measures of a sample.
type lengthEst struct {
	longer      [4]est // by prefKind: the mean preference for the longer response
	goldShorter est    // the preference for the longer when gold prefers the shorter
	slope       est    // φ of the GLM on Δ = len_1 − len_2
	glm         LengthGLM
	glmErr      error
}

// lengths computes the length measures on idx, the longer-response
// preference for each of kinds.
func (d *data) lengths(idx []int, kinds []prefKind) lengthEst {
	var out lengthEst
	var sum [4]float64
	var n [4]int
	nGold, nLen := 0, 0
	sumGold := 0.0
	for _, i := range idx {
		if it := &d.items[i]; it.hasLen && it.hasSrc {
			nLen++
		}
	}
	delta, p := make([]float64, 0, nLen), make([]float64, 0, nLen)
	for _, i := range idx {
		it := &d.items[i]
		if !it.hasLen {
			continue
		}
		if it.hasSrc {
			delta = append(delta, float64(it.len1-it.len2))
			p = append(p, it.src)
		}
		if it.len1 == it.len2 {
			continue
		}
		first := it.len1 > it.len2 // response_1 is the longer
		for _, k := range kinds {
			if !it.has(k) {
				continue
			}
			r := it.pref(k)
			if !first {
				r = 1 - r
			}
			sum[k] += r
			n[k]++
		}
		if it.hasSrc && ((it.gold == model.Gold1 && !first) || (it.gold == model.Gold2 && first)) {
			r := it.src
			if !first {
				r = 1 - r
			}
			sumGold += r
			nGold++
		}
	}
	for _, k := range kinds {
		out.longer[k] = meanEst(sum[k], n[k], reasonNoUnequal)
	}
	out.goldShorter = meanEst(sumGold, nGold, reasonNoGoldShort)
	if len(delta) == 0 {
		out.glmErr = errGLMFew
	} else {
		out.glm, out.glmErr = FitLengthGLM(delta, p)
	}
	out.slope = slopeEst(out.glm, out.glmErr)
	return out
}

// slopeEst is φ of a fit.
func slopeEst(g LengthGLM, err error) est {
	switch {
	case err != nil:
		return est{n: g.N, reason: err.Error()}
	case g.PhiReason != "":
		return est{n: g.N, reason: g.PhiReason}
	}
	return est{v: g.Phi, n: g.N}
}

// lcEst is σ(θ) of a fit.
func lcEst(g LengthGLM, err error) est {
	if err != nil {
		return est{n: g.N, reason: err.Error()}
	}
	return est{v: g.LC(), n: g.N}
}

// selfEst holds the self-preference measures of a sample.
type selfEst struct {
	own, beyond est
	// others is the preference beyond the other judges (others.go), and
	// ownM, othersM its two means, when the plan has other judges.
	others        est
	ownM, othersM float64
}

// self computes the preference for generator s's own response on idx.
func (d *data) self(idx []int, s int) selfEst {
	var sum, sumG, sumO, sumOwn float64
	n, nG, nO := 0, 0, 0
	for _, i := range idx {
		it := &d.items[i]
		if (it.m1 == s) == (it.m2 == s) || !it.hasSrc {
			continue
		}
		r := it.src
		if it.m2 == s {
			r = 1 - r
		}
		sum += r
		n++
		if it.hasOther {
			sumOwn += r
			sumO += it.other
			nO++
		}
		if (it.gold == model.Gold1 && it.m2 == s) || (it.gold == model.Gold2 && it.m1 == s) {
			sumG += r
			nG++
		}
	}
	out := selfEst{own: meanEst(sum, n, reasonNoOwn), beyond: meanEst(sumG, nG, reasonNoOwnGold),
		others: meanEst(sumOwn-sumO, nO, reasonNoOthers)}
	if nO > 0 {
		out.ownM, out.othersM = sumOwn/float64(nO), sumO/float64(nO)
	}
	return out
}

// row is a win-rate row computed directly: generator a against b, or
// against every other generator when b < 0 (unnamed opponents included).
// Rows of b against a are its mirror images.
type row struct {
	a, b int
	n    int // items in the full sample
}

// rowEst holds one row's measures on a sample.
type rowEst struct {
	raw, bal, cal est
	lc, slope     est
	glm           LengthGLM
	glmErr        error
	n             int
}

// in reports whether item it belongs to row r, and whether a wrote
// response_1.
func (r *row) in(it *item) (ok, first bool) {
	switch {
	case it.m1 == it.m2:
		return false, false
	case it.m1 == r.a:
		return r.b < 0 || it.m2 == r.b, true
	case it.m2 == r.a:
		return r.b < 0 || it.m1 == r.b, false
	}
	return false, false
}

// rows computes every row's measures on idx. A row a against b that
// holds every item of a (a met no other generator: two generators, or
// a model against one baseline) is the row a against all, item for item
// in the same order, so it takes that row's measures instead of fitting
// the same GLM again.
func (d *data) rows(rows []row, idx []int) []rowEst {
	out := make([]rowEst, len(rows))
	for k := range rows {
		r := &rows[k]
		if j := sameAsVsAll(rows, k); j >= 0 {
			out[k] = out[j]
			continue
		}
		var sRaw, sBal, sCal float64
		n, nCal := 0, 0
		delta, p := make([]float64, 0, r.n), make([]float64, 0, r.n)
		for _, i := range idx {
			it := &d.items[i]
			ok, first := r.in(it)
			if !ok {
				continue
			}
			raw, bal, cal, src := it.raw, it.bal, it.cal, it.src
			la, lb := it.len1, it.len2
			if !first {
				raw, bal, cal, src = 1-raw, 1-bal, 1-cal, 1-src
				la, lb = lb, la
			}
			n++
			sRaw += raw
			sBal += bal
			if it.hasCal {
				sCal += cal
				nCal++
			}
			if it.hasLen && it.hasSrc {
				delta = append(delta, float64(la-lb))
				p = append(p, src)
			}
		}
		e := &out[k]
		e.n = n
		e.raw = meanEst(sRaw, n, "no items")
		e.bal = meanEst(sBal, n, "no items")
		e.cal = meanEst(sCal, nCal, reasonNoCalibrated)
		if len(delta) == 0 {
			e.lc, e.slope = est{reason: reasonNoLengthsRow}, est{reason: reasonNoLengthsRow}
			e.glmErr = errGLMFew
			continue
		}
		e.glm, e.glmErr = FitLengthGLM(delta, p)
		e.lc, e.slope = lcEst(e.glm, e.glmErr), slopeEst(e.glm, e.glmErr)
	}
	return out
}

// sameAsVsAll returns the index of the row a against all that holds
// the same items as rows[k], a against b, or -1: row a against b's items
// are among a against all's, so equal counts on the full sample mean the
// same items on every resample of it.
func sameAsVsAll(rows []row, k int) int {
	r := rows[k]
	if r.b < 0 {
		return -1
	}
	for j := range k {
		if q := rows[j]; q.a == r.a && q.b < 0 && q.n == r.n {
			return j
		}
	}
	return -1
}

// bins splits the items with known, different lengths into at most nb
// bins (0: DefaultLengthBins) of about equal counts by |Δ| (equal |Δ| stay
// in one bin), with the mean preference for the longer response in each.
func (d *data) bins(nb int) []LengthBin {
	if nb == 0 {
		nb = DefaultLengthBins
	}
	type entry struct {
		abs           int
		raw, bal, src float64
		hasSrc        bool
	}
	var es []entry
	for i := range d.items {
		it := &d.items[i]
		if !it.hasLen || it.len1 == it.len2 {
			continue
		}
		e := entry{abs: it.len1 - it.len2, raw: it.raw, bal: it.bal, src: it.src, hasSrc: it.hasSrc}
		if e.abs < 0 {
			e.abs, e.raw, e.bal, e.src = -e.abs, 1-e.raw, 1-e.bal, 1-e.src
		}
		es = append(es, e)
	}
	if len(es) == 0 {
		return nil
	}
	slices.SortStableFunc(es, func(a, b entry) int { return a.abs - b.abs })
	var out []LengthBin
	start := 0
	for k := 1; k <= nb && start < len(es); k++ {
		end := len(es) * k / nb
		if end <= start {
			continue
		}
		for end < len(es) && es[end].abs == es[end-1].abs {
			end++
		}
		b := LengthBin{Lo: es[start].abs, Hi: es[end-1].abs, N: end - start}
		nSrc := 0
		for _, e := range es[start:end] {
			b.Raw += e.raw
			b.Balanced += e.bal
			if e.hasSrc {
				b.Pref += e.src
				nSrc++
			}
		}
		b.Raw /= float64(b.N)
		b.Balanced /= float64(b.N)
		if nSrc > 0 {
			b.Pref /= float64(nSrc)
			b.HasPref = true
		}
		out = append(out, b)
		start = end
	}
	return out
}
