package metrics

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/stats"
	"github.com/plumb-eval/plumb/model"
)

// iccConf is the confidence level of the ICC intervals in Metrics.
const iccConf = 0.95

// Reasons shared by several metrics.
const (
	reasonNoItems   = "no items"
	ReasonNeedMulti = "needs items judged in at least two arrangements"
	reasonNoGold    = "no item has gold 1 or 2"
	ReasonMalformed = "malformed preferences (slices of different lengths)"
)

// Metrics are the selection-bias metrics of docs/methods.md §2 for one judge's
// preferences. Each is a Stat: a value with the number of units it used, or
// a Reason when it is undefined (or not applicable to a method).
//
// Choices: c_j = Choice(r_j). Accuracy and recall use only items with gold
// 1 or 2 (gold ties are left out, as in the CalibraEval paper); a tie
// choice counts as wrong and as not recalled.
type Metrics struct {
	// N is the number of items used: items judged in at least one arrangement.
	N int

	// Consistency is the share of items judged in at least two arrangements
	// whose choice is the same in all of them (all ties counts as the same).
	// N = such items.
	Consistency calib.Stat
	// FirstPositionRate is the share of non-tie choices, over every item and
	// arrangement, that picked the response shown first
	// (model.Arrangement.FirstShown). N = non-tie choices.
	FirstPositionRate calib.Stat
	// OneOrder is true when no item was shown both ways round (response_1
	// first in one arrangement, response_2 first in another): the
	// first-position rate then mixes position with quality, and Notes says
	// so (OneOrderNote).
	OneOrder bool

	// AgreementSet is the set of arrangements κ and the ICCs use: the
	// judge's most common set among items judged in at least two
	// arrangements (ties go to the larger set, then to the one with the
	// lower arrangements). Subjects are the items judged in at least these
	// arrangements; only these columns are used, so every subject has the
	// same number of raters.
	AgreementSet [model.NumArrangements]bool
	// FleissKappa is Fleiss' κ with items as subjects, AgreementSet as
	// raters and the choices {1, 2, tie} that occur as categories.
	// N = subjects.
	FleissKappa calib.Stat
	// ICC2k, ICC3k, ICC21 and ICC31 are ICC(2,k), ICC(3,k), ICC(2,1) and
	// ICC(3,1) on the subjects × AgreementSet matrix of r_j, with 95%
	// McGraw–Wong intervals when defined. N = subjects.
	ICC2k, ICC3k, ICC21, ICC31 calib.Stat

	// RStd is the mean over arrangements of the population standard
	// deviation of {recall_1, recall_2} × 100, over the arrangements where
	// both recalls are defined. N = items with gold 1 or 2.
	RStd calib.Stat
	// AccuracyMean is the mean over arrangements of the per-arrangement
	// accuracy. N = items with gold 1 or 2.
	AccuracyMean calib.Stat
	// AccuracyAggregate is the accuracy of each item's aggregate decision,
	// Choice(mean of its r_j); a tie decision counts as wrong.
	// N = items with gold 1 or 2.
	AccuracyAggregate calib.Stat
	// AccuracyTies is accuracy with the tie as a third class (PandaLM's
	// definition): over the items with any gold (1, 2 or tie), a choice is
	// right when it equals the gold, so a tie choice is right on a gold
	// tie; the mean over arrangements. N = items with a gold.
	AccuracyTies calib.Stat
	// TieRate is the share of choices, over every item and arrangement,
	// that are ties. N = choices.
	TieRate calib.Stat

	// Accuracy, Recall1 and Recall2 are per arrangement: accuracy on items
	// with gold 1 or 2, P(c_j = 1 | gold 1) and P(c_j = 2 | gold 2).
	Accuracy, Recall1, Recall2 [model.NumArrangements]calib.Stat

	// Notes holds remarks that do not fit a Stat, e.g. why an ICC interval
	// is missing.
	Notes []string
}

// Compute computes every selection-bias metric over all items of p
// (docs/methods.md §2).
func Compute(p calib.Prefs) Metrics { return ComputeIn(p, nil, nil) }

// ComputeSubset computes the metrics over the items idx of p only,
// without copying p (nil or empty idx: no items). Indices out of range are
// ignored.
func ComputeSubset(p calib.Prefs, idx []int) Metrics {
	if idx == nil {
		idx = []int{}
	}
	return ComputeIn(p, idx, nil)
}

// metricTally holds the one-pass counts behind Metrics.
type metricTally struct {
	items      int
	multi      int
	consistent int
	goldItems  int
	aggCorrect int
	// tieGoldItems counts the items with gold tie (AccuracyTies' N with
	// goldItems).
	tieGoldItems int
	// bothOrders counts the items shown both ways round (bothOrdersMask).
	bothOrders int
	maskCount  [1 << model.NumArrangements]int
	// cnt[j][g][c] counts the choices in arrangement j of items with gold g
	// (model.Gold, 0..3) that fall in category c (catOf).
	cnt [model.NumArrangements][4][3]int
}

// metricCounts holds the counts Metrics reads, summed from metricTally.cnt.
type metricCounts struct {
	choices, ties, nonTie, first int
	arr                          [model.NumArrangements]int // items judged in j
	gold1, gold2                 [model.NumArrangements]int // with gold 1 (2), judged in j
	hit1, hit2                   [model.NumArrangements]int // of those, c_j = 1 (2)
}

// oneIf is 1 for true and 0 for false (compiled without a branch).
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}

// catOf is the category index of Choice(r): 0 for response 1, 1 for
// response 2, 2 for a tie (within TieTolerance of 0.5; NaN, like Choice,
// is a tie). It has no branch, which matters for the random choices of
// real data.
func catOf(r float64) int {
	lt, gt := oneIf(r <= 0.5-calib.TieTolerance), oneIf(r >= 0.5+calib.TieTolerance)
	return lt + 2*(1-lt-gt)
}

// ComputeIn is Compute over idx (nil = all items), with the
// work arrays of κ and the ICCs from ws (nil: allocated).
func ComputeIn(p calib.Prefs, idx []int, ws *work.Space) Metrics {
	return metricsOf(p, idx, ws, withIntervals)
}

// ComputeValues is ComputeIn without the ICCs' confidence intervals (their
// F quantiles are most of ComputeIn's time): every value, N and Reason
// equals ComputeIn's bit for bit; the ICCs have no CI, no note about a
// missing one, and a Flag only for a value outside [−1, 1]. It is for
// loops over many resamples that read only the values (the selection
// bootstrap).
func ComputeValues(p calib.Prefs, idx []int, ws *work.Space) Metrics {
	return metricsOf(p, idx, ws, valuesOnly)
}

// ComputeCounts is ComputeIn without Fleiss' κ and the ICCs (whose
// F-distribution intervals are most of ComputeIn's time): consistency,
// first-position rate, accuracy, recalls, RStd and the tie rate equal
// ComputeIn's; κ and the ICCs are undefined with their N and the reason
// "not computed", and AgreementSet is empty. It is for loops over many
// resamples that read only those counted metrics.
func ComputeCounts(p calib.Prefs, idx []int) Metrics { return metricsOf(p, idx, nil, countsOnly) }

// agreementWork says how much of κ and the ICCs metricsOf computes.
type agreementWork int

const (
	// withIntervals computes κ and the ICCs with their intervals.
	withIntervals agreementWork = iota
	// valuesOnly computes κ and the ICCs without the ICCs' intervals.
	valuesOnly
	// countsOnly sets κ and the ICCs undefined with their N (the
	// subjects), for callers that replace them with markNotApplicable
	// anyway (BPC, discard) or read only the counted metrics.
	countsOnly
)

// metricsOf is ComputeIn, with as much of κ and the ICCs as agree says.
func metricsOf(p calib.Prefs, idx []int, ws *work.Space, agree agreementWork) Metrics {
	var m Metrics
	n := len(p.R)
	if len(p.Has) != n || len(p.Gold) != n {
		m.setAll(ReasonMalformed)
		return m
	}
	count := n
	if idx != nil {
		count = len(idx)
	}
	var t metricTally
	for k := 0; k < count; k++ {
		i := k
		if idx != nil {
			i = idx[k]
			if i < 0 || i >= n {
				continue
			}
		}
		t.add(&p.R[i], &p.Has[i], p.Gold[i])
	}
	if m.fromTally(&t, agree) {
		m.fillAgreement(p, idx, &t, nil, ws, agree == withIntervals)
	}
	return m
}

// fromTally sets N and every counted metric from t, and reports whether
// κ and the ICCs are still to compute (agree is not countsOnly and some
// item was judged); otherwise they are set here.
func (m *Metrics) fromTally(t *metricTally, agree agreementWork) bool {
	m.N = t.items
	if t.items == 0 {
		m.setAll(reasonNoItems)
		return false
	}
	m.fillCounts(t)
	if agree == countsOnly {
		_, nSub := agreementSubjects(t)
		m.setAgreement(calib.Undefined(nSub, reasonNotComputed))
		return false
	}
	return true
}

// reasonNotComputed marks κ and the ICCs that metricsOf skipped; the
// caller replaces them.
const reasonNotComputed = "not computed"

// agreementSubjects returns the agreement mask (agreementMask) and the
// number of items whose arrangement set contains it (0 for mask 0): the
// N of κ and the ICCs.
func agreementSubjects(t *metricTally) (mask, nSub int) {
	mask = agreementMask(t)
	if mask == 0 {
		return 0, 0
	}
	for sup := range len(t.maskCount) {
		if sup&mask == mask {
			nSub += t.maskCount[sup]
		}
	}
	return mask, nSub
}

// add counts one item.
func (t *metricTally) add(r *[model.NumArrangements]float64, has *[model.NumArrangements]bool, gold model.Gold) {
	g := int(gold)
	if g < 0 || g > 3 {
		g = int(model.GoldNone)
	}
	var mask, seen, nArr int
	var sum float64
	for j := range model.NumArrangements {
		if !has[j] {
			continue
		}
		v := r[j]
		c := catOf(v)
		t.cnt[j][g][c]++
		seen |= 1 << c
		mask |= 1 << j
		sum += v
		nArr++
	}
	if nArr == 0 {
		return
	}
	t.items++
	t.bothOrders += oneIf(shownBothWays(mask))
	if nArr >= 2 {
		t.multi++
		t.maskCount[mask]++
		t.consistent += oneIf(seen&(seen-1) == 0)
	}
	if g == int(model.GoldTie) {
		t.tieGoldItems++
	}
	if g == int(model.Gold1) || g == int(model.Gold2) {
		t.goldItems++
		t.aggCorrect += oneIf(catOf(sum/float64(nArr)) == g-1)
	}
}

// derive sums the per-cell counts.
func (t *metricTally) derive() metricCounts {
	var d metricCounts
	for j := range model.NumArrangements {
		f := model.Arrangement(j).FirstShown() - 1 // category of the first shown
		for g := range 4 {
			for c := range 3 {
				n := t.cnt[j][g][c]
				d.arr[j] += n
				if c == 2 {
					d.ties += n
				} else if c == f {
					d.first += n
				}
			}
		}
		d.gold1[j] = t.cnt[j][1][0] + t.cnt[j][1][1] + t.cnt[j][1][2]
		d.gold2[j] = t.cnt[j][2][0] + t.cnt[j][2][1] + t.cnt[j][2][2]
		d.hit1[j] = t.cnt[j][1][0]
		d.hit2[j] = t.cnt[j][2][1]
		d.choices += d.arr[j]
	}
	d.nonTie = d.choices - d.ties
	return d
}

// fillCounts sets every metric that the one-pass counts determine.
func (m *Metrics) fillCounts(t *metricTally) {
	d := t.derive()
	if t.multi > 0 {
		m.Consistency = calib.Defined(float64(t.consistent)/float64(t.multi), t.multi)
	} else {
		m.Consistency = calib.Undefined(0, ReasonNeedMulti)
	}
	if d.nonTie > 0 {
		m.FirstPositionRate = calib.Defined(float64(d.first)/float64(d.nonTie), d.nonTie)
		if t.bothOrders == 0 {
			m.OneOrder = true
			m.Notes = append(m.Notes, "first_position_rate: "+OneOrderNote)
		}
	} else {
		m.FirstPositionRate = calib.Undefined(0, "every choice is a tie")
	}
	m.TieRate = calib.Defined(float64(d.ties)/float64(d.choices), d.choices)
	m.fillAccuracyTies(t)

	var accSum, stdSum float64
	var accN, stdN int
	for j := range model.NumArrangements {
		name := model.Arrangement(j).String()
		g1, g2 := d.gold1[j], d.gold2[j]
		switch {
		case d.arr[j] == 0:
			why := "no item judged in " + name
			m.Accuracy[j], m.Recall1[j], m.Recall2[j] = calib.Undefined(0, why), calib.Undefined(0, why), calib.Undefined(0, why)
			continue
		case g1+g2 == 0:
			m.Accuracy[j] = calib.Undefined(0, "no item with gold 1 or 2 judged in "+name)
		default:
			a := float64(d.hit1[j]+d.hit2[j]) / float64(g1+g2)
			m.Accuracy[j] = calib.Defined(a, g1+g2)
			accSum += a
			accN++
		}
		if g1 > 0 {
			m.Recall1[j] = calib.Defined(float64(d.hit1[j])/float64(g1), g1)
		} else {
			m.Recall1[j] = calib.Undefined(0, "no item with gold 1 judged in "+name)
		}
		if g2 > 0 {
			m.Recall2[j] = calib.Defined(float64(d.hit2[j])/float64(g2), g2)
		} else {
			m.Recall2[j] = calib.Undefined(0, "no item with gold 2 judged in "+name)
		}
		if g1 > 0 && g2 > 0 {
			d := m.Recall1[j].Value - m.Recall2[j].Value
			if d < 0 {
				d = -d
			}
			stdSum += d / 2 * 100
			stdN++
		}
	}
	switch {
	case t.goldItems == 0:
		m.RStd = calib.Undefined(0, reasonNoGold)
		m.AccuracyMean = calib.Undefined(0, reasonNoGold)
		m.AccuracyAggregate = calib.Undefined(0, reasonNoGold)
		return
	case stdN == 0:
		m.RStd = calib.Undefined(t.goldItems, "needs items with gold 1 and items with gold 2 judged in the same arrangement")
	default:
		m.RStd = calib.Defined(stdSum/float64(stdN), t.goldItems)
	}
	m.AccuracyMean = calib.Defined(accSum/float64(accN), t.goldItems)
	m.AccuracyAggregate = calib.Defined(float64(t.aggCorrect)/float64(t.goldItems), t.goldItems)
}

// agreementMask picks the most common arrangement set among items judged in
// at least two arrangements (ties: larger set, then lower bits).
func agreementMask(t *metricTally) int {
	best, bestN := 0, 0
	for mask := range len(t.maskCount) {
		c := t.maskCount[mask]
		if c == 0 || bits.OnesCount(uint(mask)) < 2 {
			continue
		}
		if c > bestN || (c == bestN && bits.OnesCount(uint(mask)) > bits.OnesCount(uint(best))) {
			best, bestN = mask, c
		}
	}
	return best
}

// fillAgreement sets Fleiss' κ and the ICCs. κ's sums come from h, the
// items' codes counted (nil: counted here, row by row). Its work array
// comes from ws (nil: allocated) and goes back to it.
func (m *Metrics) fillAgreement(p calib.Prefs, idx []int, t *metricTally, h *codeHist, ws *work.Space, intervals bool) {
	mask, nSub := agreementSubjects(t)
	if mask == 0 {
		m.setAgreement(calib.Undefined(0, ReasonNeedMulti))
		return
	}
	var cols [model.NumArrangements]int
	k := 0
	for j := range model.NumArrangements {
		if mask&(1<<j) != 0 {
			m.AgreementSet[j] = true
			cols[k] = j
			k++
		}
	}
	// Subjects: items whose arrangement set contains mask. The array is
	// cleared as a fresh one would be; the ICCs keep none of it.
	x := ws.Floats(k * nSub)
	defer ws.PutFloats(x)
	clear(x)
	var ks kappaSums
	row := 0
	count := len(p.R)
	if idx != nil {
		count = len(idx)
	}
	if h != nil && k == model.NumArrangements && idx != nil {
		row, count = gatherAll(p, idx, x, nSub), 0 // every arrangement: whole rows
	}
	for q := 0; q < count && row < nSub; q++ {
		i := q
		if idx != nil {
			i = idx[q]
			if i < 0 || i >= len(p.R) {
				continue
			}
		}
		has := &p.Has[i]
		ok := true
		for _, j := range cols[:k] {
			if !has[j] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		xr := x[row*k : row*k+k]
		for c, j := range cols[:k] {
			xr[c] = p.R[i][j]
		}
		if h == nil {
			var n [3]int64
			for _, r := range xr {
				n[catOf(r)]++
			}
			ks.add(&n, 1)
		}
		row++
	}
	if h != nil {
		ks = h.kappaSums(cols[:k])
	}
	m.FleissKappa = ks.stat(nSub, k)
	m.fillICC(x, nSub, k, intervals)
}

// gatherAll copies into x, row by row, the preferences of the first nSub
// draws of idx judged in every arrangement (the loop of fillAgreement when
// the agreement set is all of them), and returns the rows it filled.
func gatherAll(p calib.Prefs, idx []int, x []float64, nSub int) int {
	all := [model.NumArrangements]bool{true, true, true, true}
	row := 0
	for _, i := range idx {
		if row == nSub {
			break
		}
		if i < 0 || i >= len(p.R) || p.Has[i] != all {
			continue
		}
		*(*[model.NumArrangements]float64)(x[row*model.NumArrangements:]) = p.R[i]
		row++
	}
	return row
}

// kappaSums are the sums Fleiss' κ reads (stats.FleissKappaSums): Σ n_ic²
// and the count of each category (catOf) over the subjects' ratings.
type kappaSums struct {
	sumSq int64
	cat   [3]int64
}

// add counts a subject's category counts n, w times.
func (s *kappaSums) add(n *[3]int64, w int64) {
	for c, v := range n {
		s.sumSq += w * v * v
		s.cat[c] += w * v
	}
}

// stat is Fleiss' κ over the categories that occur, of nSub subjects with
// k ratings each: stats.FleissKappa's value on the table of counts, bit
// for bit (its integer sums are the same).
func (s *kappaSums) stat(nSub, k int) calib.Stat {
	var col [3]int64
	nCat := 0
	for _, tot := range s.cat {
		if tot > 0 {
			col[nCat] = tot
			nCat++
		}
	}
	kappa, err := stats.FleissKappaSums(nSub, int64(k), s.sumSq, col[:nCat])
	if err != nil {
		return calib.Undefined(nSub, err.Error())
	}
	return calib.Defined(kappa, nSub)
}

// fillICC sets the four ICCs from stats.ICC, or from stats.ICCValues
// without intervals.
func (m *Metrics) fillICC(x []float64, n, k int, intervals bool) {
	var res stats.ICCResult
	var err error
	if intervals {
		res, err = stats.ICC(x, n, k, iccConf)
	} else {
		res, err = stats.ICCValues(x, n, k)
	}
	if err != nil {
		s := calib.Undefined(n, err.Error())
		m.ICC2k, m.ICC3k, m.ICC21, m.ICC31 = s, s, s, s
		return
	}
	m.ICC2k = m.iccStat("ICC(2,k)", res.ICC2_k, n)
	m.ICC3k = m.iccStat("ICC(3,k)", res.ICC3_k, n)
	m.ICC21 = m.iccStat("ICC(2,1)", res.ICC2_1, n)
	m.ICC31 = m.iccStat("ICC(3,1)", res.ICC3_1, n)
}

// iccStat turns an ICCValue into a Stat with its interval, noting a
// missing interval.
func (m *Metrics) iccStat(name string, v stats.ICCValue, n int) calib.Stat {
	if v.Reason != "" {
		return calib.Undefined(n, v.Reason)
	}
	s := calib.Defined(v.Value, n)
	if !s.OK() {
		return s
	}
	switch v.CIReason {
	case "":
		s.CI = &calib.Interval{Lower: v.Lower, Upper: v.Upper, Level: iccConf}
	case stats.ReasonNoInterval:
	default:
		m.Notes = append(m.Notes, fmt.Sprintf("%s: no confidence interval (%s)", name, v.CIReason))
	}
	s.Flag = iccFlag(s, n)
	return s
}

// setAgreement sets κ and the ICCs to s.
func (m *Metrics) setAgreement(s calib.Stat) {
	m.FleissKappa, m.ICC2k, m.ICC3k, m.ICC21, m.ICC31 = s, s, s, s, s
}

// setAll makes every metric undefined with the same reason.
func (m *Metrics) setAll(reason string) {
	s := calib.Undefined(0, reason)
	m.Consistency, m.FirstPositionRate = s, s
	m.setAgreement(s)
	m.RStd, m.AccuracyMean, m.AccuracyAggregate, m.TieRate, m.AccuracyTies = s, s, s, s, s
	for j := range model.NumArrangements {
		m.Accuracy[j], m.Recall1[j], m.Recall2[j] = s, s, s
	}
}

// ComputeWithoutAgreement is the metrics that apply to preferences that
// are not one judge's choices across arrangements (an aggregation such as
// BPC's, or the consistent items a method keeps) over the items idx (nil =
// all): accuracy, recalls, RStd and the tie rate. The agreement metrics
// (consistency, first-position rate, κ, the ICCs) are not applicable and
// carry reason; AgreementSet is empty.
func ComputeWithoutAgreement(p calib.Prefs, idx []int, reason string) Metrics {
	m := metricsOf(p, idx, nil, countsOnly) // κ and the ICCs are replaced below
	m.markNotApplicable(reason)
	m.AgreementSet = [model.NumArrangements]bool{}
	return m
}

// markNotApplicable replaces the agreement metrics (consistency, first-position
// rate, κ and the ICCs) with an undefined Stat carrying reason; the counts
// are kept.
func (m *Metrics) markNotApplicable(reason string) {
	for _, s := range []*calib.Stat{&m.Consistency, &m.FirstPositionRate, &m.FleissKappa, &m.ICC2k, &m.ICC3k, &m.ICC21, &m.ICC31} {
		*s = calib.Undefined(s.N, reason)
	}
	m.Notes = nil
}

// Clone returns a copy of m that shares no pointers with it.
func (m Metrics) Clone() Metrics {
	c := m
	c.Notes = slices.Clone(m.Notes)
	for _, s := range []*calib.Stat{&c.FleissKappa, &c.ICC2k, &c.ICC3k, &c.ICC21, &c.ICC31} {
		if s.CI != nil {
			ci := *s.CI
			s.CI = &ci
		}
	}
	return c
}
