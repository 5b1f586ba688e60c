package panel

import (
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// pairs compares every pair of judges and, for each judge with
// calibrated preferences, its raw and calibrated choices, and corrects
// their McNemar p-values together by Holm's method.
func pairs(in Input, choices Table, kappa [][]calib.Stat, opt Options) []Pair {
	judges, gold := in.Judges, in.Gold
	k := len(judges)
	var out []Pair
	var ps []float64
	var at []int
	add := func(p Pair) {
		if p.McNemar.OK() {
			ps = append(ps, p.McNemar.Value)
			at = append(at, len(out))
		}
		out = append(out, p)
	}
	for a := 0; a < k; a++ {
		ra, ka := correct(choices, gold, a)
		for b := a + 1; b < k; b++ {
			rb, kb := correct(choices, gold, b)
			var ca, cb []bool
			for i := range ra {
				if ka[i] && kb[i] {
					ca, cb = append(ca, ra[i]), append(cb, rb[i])
				}
			}
			seed := mathx.SplitMix64(opt.Bootstrap.Seed + uint64(len(out)) + 1)
			p := comparePair(judges[a], judges[b], ca, cb, opt.Bootstrap, seed)
			p.Kappa = kappa[a][b]
			add(p)
		}
	}
	cols := make([][]column, k)
	for j := range judges {
		cols[j] = judgeColumns(in, choices, j)
	}
	// raw against CalibraEval, then raw against Pride, for every judge,
	// then every other pair of one judge's methods.
	for _, name := range []string{CalibratedName, PrideName} {
		for j := range judges {
			for b := 1; b < len(cols[j]); b++ {
				if cols[j][b].name == name {
					add(columnPair(judges[j], cols[j][0], cols[j][b], gold, opt.Bootstrap, mathx.SplitMix64(opt.Bootstrap.Seed+uint64(len(out))+1)))
				}
			}
		}
	}
	for j := range judges {
		for a := 0; a < len(cols[j]); a++ {
			for b := a + 1; b < len(cols[j]); b++ {
				if a == 0 && (cols[j][b].name == CalibratedName || cols[j][b].name == PrideName) {
					continue
				}
				add(columnPair(judges[j], cols[j][a], cols[j][b], gold, opt.Bootstrap, mathx.SplitMix64(opt.Bootstrap.Seed+uint64(len(out))+1)))
			}
		}
	}
	for i, h := range Holm(ps) {
		p := &out[at[i]]
		p.Holm = calib.Defined(h, p.N)
		p.Survives = h < opt.Alpha
	}
	for i := range out {
		if !out[i].Holm.OK() {
			out[i].Holm = calib.Undefined(out[i].N, out[i].McNemar.Reason)
		}
	}
	slices.SortStableFunc(out, byHolm)
	return out
}

// The names of a judge's calibrated choices in a pair of methods.
const (
	CalibratedName = "CalibraEval"
	PrideName      = "Pride"
)

// column is one method's choices of one judge (choiceValue), has where it
// gives one.
type column struct {
	name string
	v    []float64
	has  []bool
}

// methodsOf is judge j's methods of in (nil when none).
func methodsOf(in Input, j int) []Method {
	if in.Methods == nil {
		return nil
	}
	return in.Methods[j]
}

// judgeColumns are judge j's methods: raw first, then CalibraEval and
// Pride where it has their preferences (on the items it judged), then
// in.Methods[j].
func judgeColumns(in Input, choices Table, j int) []column {
	n := len(choices.V)
	raw := column{name: "raw", v: make([]float64, n), has: make([]bool, n)}
	for i := range choices.V {
		raw.v[i], raw.has[i] = choices.V[i][j], choices.Has[i][j]
	}
	cols := []column{raw}
	for _, m := range []struct {
		name string
		ps   []*calib.Prefs
	}{{CalibratedName, in.Calibrated}, {PrideName, in.Pride}} {
		if m.ps == nil || m.ps[j] == nil {
			continue
		}
		c := column{name: m.name, v: make([]float64, n), has: make([]bool, n)}
		for i := range c.v {
			if r, ok := Balanced(*m.ps[j], i); ok && raw.has[i] {
				c.v[i], c.has[i] = choiceValue(r), true
			}
		}
		cols = append(cols, c)
	}
	for _, m := range methodsOf(in, j) {
		c := column{name: m.Name, v: make([]float64, n), has: make([]bool, n)}
		for i, g := range m.Choice {
			switch g {
			case model.Gold1:
				c.v[i], c.has[i] = 1, true
			case model.Gold2:
				c.v[i], c.has[i] = 2, true
			case model.GoldTie:
				c.v[i], c.has[i] = 0, true
			}
		}
		cols = append(cols, c)
	}
	return cols
}

// columnPair compares two of judge's methods over the items both give a
// choice with gold 1 or 2 (Cohen's κ over every item both give one).
func columnPair(judge string, a, b column, gold []model.Gold, bo bootstrap.Options, seed uint64) Pair {
	t := Table{V: make([][]float64, len(a.v)), Has: make([][]bool, len(a.v))}
	for i := range a.v {
		t.V[i], t.Has[i] = make([]float64, 2), make([]bool, 2)
		if a.has[i] && b.has[i] {
			t.V[i][0], t.V[i][1] = a.v[i], b.v[i]
			t.Has[i][0], t.Has[i][1] = true, true
		}
	}
	ra, ka := correct(t, gold, 0)
	rb, _ := correct(t, gold, 1)
	var ca, cb []bool
	for i := range ra {
		if ka[i] {
			ca, cb = append(ca, ra[i]), append(cb, rb[i])
		}
	}
	p := comparePair(judge+" · "+a.name, judge+" · "+b.name, ca, cb, bo, seed)
	p.Judge, p.Kappa = judge, Cohen(t, 0, 1)
	return p
}

// comparePair compares two judges' correctness on the same items.
func comparePair(a, b string, ca, cb []bool, bo bootstrap.Options, seed uint64) Pair {
	n := len(ca)
	p := Pair{A: a, B: b, N: n}
	if n == 0 {
		why := "no item both judged has gold 1 or 2"
		p.AccuracyA, p.AccuracyB, p.Diff = calib.Undefined(0, why), calib.Undefined(0, why), calib.Undefined(0, why)
		p.McNemar = calib.Undefined(0, why)
		return p
	}
	var sa, sb int
	for i := range ca {
		sa, sb = sa+b2i(ca[i]), sb+b2i(cb[i])
		switch {
		case ca[i] && !cb[i]:
			p.B10++
		case !ca[i] && cb[i]:
			p.B01++
		}
	}
	p.AccuracyA = calib.Defined(float64(sa)/float64(n), n)
	p.AccuracyB = calib.Defined(float64(sb)/float64(n), n)
	p.Diff = calib.Defined(float64(sa-sb)/float64(n), n)
	p.McNemar = calib.Defined(McNemarExact(p.B10, p.B01), n)
	p.Diff.CI = diffInterval(ca, cb, bo, seed)
	return p
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// diffInterval is the paired percentile bootstrap interval of
// mean(ca) − mean(cb) over items (nil without resamples or with fewer than
// two items).
func diffInterval(ca, cb []bool, bo bootstrap.Options, seed uint64) *calib.Interval {
	if bo.Resamples <= 0 || len(ca) < 2 {
		return nil
	}
	bo.Seed, bo.Kind = seed, bootstrap.Percentile
	stat := func(idx []int) []float64 {
		d := 0
		for _, i := range idx {
			d += b2i(ca[i]) - b2i(cb[i])
		}
		return []float64{float64(d) / float64(len(idx))}
	}
	iv, err := bootstrap.Run(len(ca), []string{"diff"}, stat, bo)
	if err != nil || iv[0].CI == nil {
		return nil
	}
	return iv[0].CI
}

// alphaIntervals sets α's bootstrap intervals over items, and returns
// notes on what could not be done.
func alphaIntervals(r *Result, choices, prefs Table, bo bootstrap.Options) []string {
	if bo.Resamples <= 0 {
		return nil
	}
	if r.Items < 2 {
		return []string{"α: no bootstrap interval (fewer than 2 items)"}
	}
	bo.Kind = bootstrap.Percentile
	stat := func(idx []int) []float64 {
		out := []float64{math.NaN(), math.NaN()}
		if s := alphaOf(choices, Nominal, idx, -1); s.OK() {
			out[0] = s.Value
		}
		if s := alphaOf(prefs, Interval, idx, -1); s.OK() {
			out[1] = s.Value
		}
		return out
	}
	iv, err := bootstrap.Run(r.Items, []string{"nominal", "interval"}, stat, bo)
	if err != nil {
		return []string{"α: no bootstrap interval (" + err.Error() + ")"}
	}
	var notes []string
	for k, st := range []*calib.Stat{&r.AlphaNominal, &r.AlphaInterval} {
		if iv[k].CI != nil && st.OK() {
			st.CI = iv[k].CI
		} else if st.OK() && iv[k].Reason != "" {
			notes = append(notes, "α "+[]string{"nominal", "interval"}[k]+": no bootstrap interval ("+iv[k].Reason+")")
		}
	}
	return notes
}
