package identify

import (
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
	"gonum.org/v1/gonum/stat/distuv"
)

// The scales of Effects.
const (
	// ScaleLogit: effects are logit bonuses, as in the simulator's model
	// logit P(A)_j = c_j·u + β·f_j + τ (model/sim).
	ScaleLogit = "logit"
	// ScaleRate: effects are pick rates minus ½ (P(pick the first shown) −
	// ½, P(pick A) − ½), for hard choices.
	ScaleRate = "rate"
)

// Alpha is the level of the effects' intervals: 1 − Alpha = 95%.
const Alpha = 0.05

// identClip bounds P(A) before the logit, as Pride does (calib/baseline):
// [1e-6, 1 − 1e-6].
const identClip = 1e-6

// identZero is the size below which an effect counts as zero (round-off),
// so that an exact 0 computed as 1e-17 with a 1e-17-wide interval is never
// called a bias.
const identZero = 1e-9

// Rows and columns of Effects.Table.
const (
	ShownFirst  = 0
	ShownSecond = 1
	IDA         = 0
	IDB         = 1
)

// Cell is one cell of the position × ID table: how often the judge
// picked the answer shown in that place with that ID.
type Cell struct {
	// Share is the mean over the observations of P(the judge picks this
	// answer): its probability of the cell's ID (p_a, logprobs), or 1, 0
	// or ½ (tie) for hard choices. Meaningless when N = 0.
	Share float64
	// N counts the observations (item × arrangement) that show an answer
	// in this cell; 0 when the design never does.
	N int
}

// Effect is one bias effect estimated from within-item contrasts.
type Effect struct {
	// Estimate is the mean over items of the per-item contrast, with a
	// (1 − Alpha) Student-t interval (df = items − 1) from the
	// contrasts' spread. N = items used. Undefined, with a reason, when
	// fewer than 2 items have the arrangements it needs.
	Estimate calib.Stat
	// Identified reports whether any item was judged in arrangements that
	// separate this effect from item quality; Reason says why not.
	Identified bool
	Reason     string
}

// Significant reports whether the effect is estimated and its interval
// excludes 0 (an estimate within 1e-9 of 0 is round-off and never
// significant).
func (e Effect) Significant() bool {
	s := e.Estimate
	if !e.Identified || !s.OK() || s.CI == nil || math.Abs(s.Value) <= identZero {
		return false
	}
	return s.CI.Lower > 0 || s.CI.Upper < 0
}

// Effects says what a judge's arrangements can identify about its
// selection bias, and estimates it: the position effect (prefers whatever
// is shown first), the token effect (prefers the ID A wherever it is), and
// their sum (prefers A when A is shown first — all that x0 and x2 show).
type Effects struct {
	// Design names the arrangements the items were judged in: "x0..x3",
	// "x0+x2", "x0 only", or "mixed: …" with item counts.
	Design string
	// Scale is ScaleLogit (every record gave probabilities) or ScaleRate
	// (some record gave hard choices).
	Scale string
	// Position is β (first-shown bonus), Token is τ (bonus of A), and
	// Combined is β + τ (the bonus of "A shown first").
	Position, Token, Combined Effect
	// Table is [ShownFirst|ShownSecond][IDA|IDB]: pick shares over every
	// observation (not within-item contrasts; see Notes when a cell shows
	// only one response of some items).
	Table [2][2]Cell
	// Advice is one plain sentence: what the effects mean for the choice
	// of correction, or what to collect next.
	Advice string
	// Notes holds remarks: clipped probabilities, ties, items left out,
	// a poor fit of the additive model.
	Notes []string
}

// Clone returns a copy that shares no slices with b.
func (b Effects) Clone() Effects {
	c := b
	c.Notes = slices.Clone(b.Notes)
	for _, e := range []*Effect{&c.Position, &c.Token, &c.Combined} {
		if e.Estimate.CI != nil {
			ci := *e.Estimate.CI
			e.Estimate.CI = &ci
		}
	}
	return c
}

// identTally collects the per-item contrasts.
type identTally struct {
	pos, tok, comb, inter []float64
	anti                  int // items whose only contrast is τ − β (x1 and x3)
	single                int // items judged in one arrangement
	masks                 map[uint8]int
	clipped, ties, bad    int
	hard                  int // records with hard choices
	unbalanced            bool
}

// Bias estimates a judge's position and token effects from the
// arrangements present (docs/analysis.md, "Position or ID?"). Per item, with
// h_j = logit(P(A) in x_j) (logit scale; logprobs records use lA − lB
// exactly when both are finite, other records clip P(A) to [1e-6, 1 − 1e-6] first, as Pride does)
// or h_j = P(A) − ½ (rate scale, when any record gives hard choices), the
// simulator's model h_j = c_j·u + β·f_j + τ (c = +1 when A is response_1,
// f = +1 when A is shown first) gives, with the item's quality u
// cancelling:
//
//	β:     (h0 − h1)/2 from x0 and x1,  (h2 − h3)/2 from x2 and x3
//	τ:     (h0 + h3)/2 from x0 and x3,  (h1 + h2)/2 from x1 and x2
//	β + τ: (h0 + h2)/2 from x0 and x2, or β̂ + τ̂ of the item
//
// An item with both pairs of a kind takes their mean (with all four
// arrangements: β̂ = (h0 − h1 + h2 − h3)/4, τ̂ = Σh/4, the least-squares
// fit). Any three arrangements identify both. x1 and x3 alone give only
// τ − β and are left out (counted in Notes). Each effect is the mean of
// its per-item contrasts over the items that have one, with a 95%
// Student-t interval. On the rate scale the same contrasts are
// P(pick the first shown) − ½, P(pick A) − ½ and P(pick A when first) − ½.
// With all four arrangements the interaction (h0 − h1 − h2 + h3)/4, zero
// under the additive model, is tested too, and a note says when its 99.9%
// interval excludes 0 (a strict level, so that a fitting judge rarely gets
// the note by chance).
func Bias(pairs []model.Pair) Effects {
	b := Effects{Scale: ScaleLogit}
	for i := range pairs {
		if pairs[i].Source == model.SourceChoice {
			b.Scale = ScaleRate
			break
		}
	}
	t := identTally{masks: map[uint8]int{},
		pos: make([]float64, 0, len(pairs)), tok: make([]float64, 0, len(pairs)),
		comb: make([]float64, 0, len(pairs)), inter: make([]float64, 0, len(pairs))}
	var cellSum [2][2]float64
	for i := range pairs {
		p := &pairs[i]
		var h [model.NumArrangements]float64
		var has [model.NumArrangements]bool
		var mask uint8
		for _, a := range model.Arrangements {
			if !p.Has[a] {
				continue
			}
			s := p.S[a]
			if math.IsNaN(s) || s < 0 || s > 1 {
				t.bad++
				continue
			}
			has[a] = true
			mask |= 1 << a
			h[a] = t.transform(p, a, b.Scale)
			// The table: x0, x2 show A first and B second; x1, x3 the reverse.
			rowA := ShownFirst
			if a.PositionSwapped() {
				rowA = ShownSecond
			}
			cellSum[rowA][IDA] += s
			cellSum[1-rowA][IDB] += 1 - s
			b.Table[rowA][IDA].N++
			b.Table[1-rowA][IDB].N++
		}
		if p.Source == model.SourceChoice {
			t.hard++
		}
		if mask == 0 {
			continue
		}
		t.masks[mask]++
		if has[model.X0] != has[model.X2] || has[model.X1] != has[model.X3] {
			t.unbalanced = true
		}
		t.add(&h, &has)
	}
	for r := range 2 {
		for c := range 2 {
			if n := b.Table[r][c].N; n > 0 {
				b.Table[r][c].Share = cellSum[r][c] / float64(n)
			}
		}
	}
	b.Design = designName(t.masks)
	b.Position = effectOf(t.pos, "position", reasonNoPosition(t.masks))
	b.Token = effectOf(t.tok, "token", reasonNoToken(t.masks))
	b.Combined = effectOf(t.comb, "position + token", reasonNoCombined())
	b.Notes = t.notes(&b, len(pairs))
	b.Advice = advice(&b, t.masks)
	return b
}

// transform is h_j: the logit of P(A) (clipped, counted) or P(A) − ½.
func (t *identTally) transform(p *model.Pair, a model.Arrangement, scale string) float64 {
	s := p.S[a]
	if scale == ScaleRate {
		if p.Source == model.SourceChoice && s == 0.5 {
			t.ties++
		}
		return s - 0.5
	}
	if p.Source == model.SourceLogprob {
		la, lb := p.Logprobs[a][0], p.Logprobs[a][1]
		// The exact logit, however large; a token missing from the top-k
		// (−Inf) falls through to the clipped P(A).
		if d := la - lb; !math.IsNaN(d) && !math.IsInf(d, 0) {
			return d
		}
	}
	c := min(max(s, identClip), 1-identClip)
	if c != s {
		t.clipped++
	}
	return math.Log(c) - math.Log1p(-c)
}

// add records one item's contrasts.
func (t *identTally) add(h *[model.NumArrangements]float64, has *[model.NumArrangements]bool) {
	x0, x1, x2, x3 := model.X0, model.X1, model.X2, model.X3
	var pos, tok float64
	np, nt := 0, 0
	if has[x0] && has[x1] {
		pos, np = pos+(h[x0]-h[x1])/2, np+1
	}
	if has[x2] && has[x3] {
		pos, np = pos+(h[x2]-h[x3])/2, np+1
	}
	if has[x0] && has[x3] {
		tok, nt = tok+(h[x0]+h[x3])/2, nt+1
	}
	if has[x1] && has[x2] {
		tok, nt = tok+(h[x1]+h[x2])/2, nt+1
	}
	n := 0
	for _, v := range has {
		if v {
			n++
		}
	}
	switch {
	case n == 1:
		t.single++
	case n == 2 && has[x1] && has[x3]:
		t.anti++
	}
	if np > 0 {
		pos /= float64(np)
		t.pos = append(t.pos, pos)
	}
	if nt > 0 {
		tok /= float64(nt)
		t.tok = append(t.tok, tok)
	}
	switch {
	case np > 0 && nt > 0:
		t.comb = append(t.comb, pos+tok)
	case has[x0] && has[x2]:
		t.comb = append(t.comb, (h[x0]+h[x2])/2)
	}
	if n == 4 {
		t.inter = append(t.inter, (h[x0]-h[x1]-h[x2]+h[x3])/4)
	}
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// tInterval is the mean of xs with its (1 − Alpha) Student-t
// interval, mean ± t(1 − α/2; n − 1)·sd/√n; undefined below 2 values.
func tInterval(xs []float64, what string) calib.Stat { return tIntervalAt(xs, what, Alpha) }

// tIntervalAt is tInterval at level 1 − alpha.
func tIntervalAt(xs []float64, what string, alpha float64) calib.Stat {
	n := len(xs)
	if n < 2 {
		return calib.Undefined(n, fmt.Sprintf("needs at least 2 items with a %s contrast, have %d", what, n))
	}
	m := mean(xs)
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	se := math.Sqrt(ss/float64(n-1)) / math.Sqrt(float64(n))
	q := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1 - alpha/2)
	st := calib.Defined(m, n)
	if st.OK() && !math.IsNaN(se) && !math.IsInf(se, 0) {
		st.CI = &calib.Interval{Lower: m - q*se, Upper: m + q*se, Level: 1 - alpha}
	}
	return st
}

// effectOf turns per-item contrasts into an Effect; reason is why the
// design cannot identify it (used when no item has a contrast).
func effectOf(xs []float64, what, reason string) Effect {
	if len(xs) == 0 {
		return Effect{Estimate: calib.Undefined(0, reason), Reason: reason}
	}
	return Effect{Estimate: tInterval(xs, what), Identified: true}
}
