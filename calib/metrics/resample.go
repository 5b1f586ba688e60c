package metrics

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
)

// Resample is one bootstrap resample of n items: the indices drawn, with
// repeats, the distinct items among them and how often each was drawn.
// The metrics of a resample computed through it (ResampleValues, Fixed)
// equal ComputeValues' over Idx bit for bit: every count is an integer, so
// an item counted once and multiplied by its multiplicity adds what its
// draws add one by one, and the ICCs, whose sums are not exact, still run
// over Idx in order. A Resample is reused from one resample to the next
// by one goroutine at a time; the zero value is ready to use.
type Resample struct {
	// Idx are the indices drawn, in order.
	Idx []int
	// Items are the distinct indices of Idx in [0, n), in the order of
	// their first draw.
	Items []int
	// Mult[i] is how often item i was drawn (0 for an item not drawn).
	Mult []int32
	hist codeHist
}

// Set makes r the resample idx of n items. Indices out of [0, n) stay in
// Idx and are ignored, as ComputeIn ignores them.
func (r *Resample) Set(idx []int, n int) {
	if len(r.Mult) != n {
		r.Mult = make([]int32, n)
	} else {
		for _, i := range r.Items {
			r.Mult[i] = 0
		}
	}
	r.Idx, r.Items = idx, r.Items[:0]
	for _, i := range idx {
		if i < 0 || i >= n {
			continue
		}
		if r.Mult[i] == 0 {
			r.Items = append(r.Items, i)
		}
		r.Mult[i]++
	}
}

// itemCode packs what metricTally.add reads of one item: the category
// (catOf) of each arrangement in bits 2j and 2j+1 (codeAbsent when the
// item was not judged in it), the gold in bits 8–9 (out-of-range golds as
// GoldNone) and, in bit 10, whether the aggregate decision is the gold.
type itemCode uint16

const (
	codeAbsent = 3
	codeGold   = 8
	codeAggHit = 1 << 10
	codeSpace  = 1 << 11
)

// codeOf is the code of an item with preferences r in the arrangements
// has and gold gold.
func codeOf(r *[model.NumArrangements]float64, has *[model.NumArrangements]bool, gold model.Gold) itemCode {
	g := int(gold)
	if g < 0 || g > 3 {
		g = int(model.GoldNone)
	}
	code := itemCode(g) << codeGold
	var sum float64
	nArr := 0
	for j := range model.NumArrangements {
		if !has[j] {
			code |= codeAbsent << (2 * j)
			continue
		}
		v := r[j]
		code |= itemCode(catOf(v)) << (2 * j)
		sum += v
		nArr++
	}
	if nArr > 0 && (g == int(model.Gold1) || g == int(model.Gold2)) && catOf(sum/float64(nArr)) == g-1 {
		code |= codeAggHit
	}
	return code
}

// addCode counts an item of code c w times: metricTally.add of that item,
// w times over.
func (t *metricTally) addCode(c itemCode, w int) {
	g := int(c>>codeGold) & 3
	var mask, seen, nArr int
	for j := range model.NumArrangements {
		cat := int(c>>(2*j)) & 3
		if cat == codeAbsent {
			continue
		}
		t.cnt[j][g][cat] += w
		seen |= 1 << cat
		mask |= 1 << j
		nArr++
	}
	if nArr == 0 {
		return
	}
	t.items += w
	t.bothOrders += w * oneIf(shownBothWays(mask))
	if nArr >= 2 {
		t.multi += w
		t.maskCount[mask] += w
		t.consistent += w * oneIf(seen&(seen-1) == 0)
	}
	if g == int(model.GoldTie) {
		t.tieGoldItems += w
	}
	if g == int(model.Gold1) || g == int(model.Gold2) {
		t.goldItems += w
		t.aggCorrect += w * oneIf(c&codeAggHit != 0)
	}
}

// codeHist counts the draws of a resample by item code.
type codeHist struct {
	n    [codeSpace]int
	used []itemCode // the codes with n > 0, in the order first counted
}

// add counts w draws of code c.
func (h *codeHist) add(c itemCode, w int) {
	if h.n[c] == 0 {
		h.used = append(h.used, c)
	}
	h.n[c] += w
}

// tally is the metricTally of the counted draws.
func (h *codeHist) tally() metricTally {
	var t metricTally
	for _, c := range h.used {
		t.addCode(c, h.n[c])
	}
	return t
}

// kappaSums are the sums of Fleiss' κ over the counted items judged in
// every arrangement of cols.
func (h *codeHist) kappaSums(cols []int) kappaSums {
	var s kappaSums
	for _, c := range h.used {
		var n [3]int64
		ok := true
		for _, j := range cols {
			cat := int(c>>(2*j)) & 3
			if cat == codeAbsent {
				ok = false
				break
			}
			n[cat]++
		}
		if ok {
			s.add(&n, int64(h.n[c]))
		}
	}
	return s
}

// reset empties h.
func (h *codeHist) reset() {
	for _, c := range h.used {
		h.n[c] = 0
	}
	h.used = h.used[:0]
}

// ResampleValues is ComputeValues(p, r.Idx, ws), bit for bit, reading
// only the rows of p that r drew (each once for the counts).
func ResampleValues(p calib.Prefs, r *Resample, ws *work.Space) Metrics {
	n := len(p.R)
	if len(p.Has) != n || len(p.Gold) != n || len(r.Mult) != n {
		return ComputeValues(p, r.Idx, ws)
	}
	h := &r.hist
	defer h.reset()
	for _, i := range r.Items {
		h.add(codeOf(&p.R[i], &p.Has[i], p.Gold[i]), int(r.Mult[i]))
	}
	return valuesOfHist(p, r, ws, valuesOnly)
}

// valuesOfHist finishes the metrics of the resample r of p from the draws
// counted in r.hist.
func valuesOfHist(p calib.Prefs, r *Resample, ws *work.Space, agree agreementWork) Metrics {
	var m Metrics
	t := r.hist.tally()
	if m.fromTally(&t, agree) {
		m.fillAgreement(p, r.Idx, &t, &r.hist, ws, false)
	}
	return m
}

// Fixed holds preferences that stay the same from one resample to the
// next (raw judgments, a method whose fit is held fixed), with each item's
// counts packed once, so that a resample's metrics count each drawn item's
// code instead of reading its preferences again.
type Fixed struct {
	p    calib.Prefs
	code []itemCode // nil when p is malformed
}

// NewFixed packs the items of p; p must not change afterwards.
func NewFixed(p calib.Prefs) *Fixed {
	f := &Fixed{p: p}
	n := len(p.R)
	if len(p.Has) != n || len(p.Gold) != n {
		return f
	}
	f.code = make([]itemCode, n)
	for i := range n {
		f.code[i] = codeOf(&p.R[i], &p.Has[i], p.Gold[i])
	}
	return f
}

// Values is ComputeValues(p, r.Idx, ws), bit for bit.
func (f *Fixed) Values(r *Resample, ws *work.Space) Metrics {
	if f.code == nil || len(r.Mult) != len(f.code) {
		return ComputeValues(f.p, r.Idx, ws)
	}
	h := &r.hist
	defer h.reset()
	for _, i := range r.Items {
		h.add(f.code[i], int(r.Mult[i]))
	}
	return valuesOfHist(f.p, r, ws, valuesOnly)
}

// WithoutAgreement is ComputeWithoutAgreement(p, kept, reason), bit for
// bit, where kept are the draws of r.Idx whose item has keep[i] (nil keep:
// every draw).
func (f *Fixed) WithoutAgreement(r *Resample, keep []bool, reason string) Metrics {
	if f.code == nil || len(r.Mult) != len(f.code) {
		kept := []int{}
		for _, i := range r.Idx {
			if i >= 0 && i < len(f.p.R) && (keep == nil || keep[i]) {
				kept = append(kept, i)
			}
		}
		return ComputeWithoutAgreement(f.p, kept, reason)
	}
	h := &r.hist
	defer h.reset()
	for _, i := range r.Items {
		if keep == nil || keep[i] {
			h.add(f.code[i], int(r.Mult[i]))
		}
	}
	m := valuesOfHist(f.p, r, nil, countsOnly)
	m.markNotApplicable(reason)
	m.AgreementSet = [model.NumArrangements]bool{}
	return m
}
