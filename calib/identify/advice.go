package identify

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// interactionAlpha is the level of the model check on the interaction.
const interactionAlpha = 0.001

// maskAll is the arrangement mask of an item judged in all four.
const maskAll = 1<<model.NumArrangements - 1

// maskName names a set of arrangements: "x0..x3", "x0+x2", "x0 only".
func maskName(m uint8) string {
	if m == maskAll {
		return "x0..x3"
	}
	var parts []string
	for _, a := range model.Arrangements {
		if m&(1<<a) != 0 {
			parts = append(parts, a.String())
		}
	}
	if len(parts) == 1 {
		return parts[0] + " only"
	}
	return strings.Join(parts, "+")
}

// maskCount is one arrangement set and the items judged in exactly it.
type maskCount struct {
	mask  uint8
	items int
}

// sortedMasks lists the sets by item count (most first), then by mask.
func sortedMasks(masks map[uint8]int) []maskCount {
	var out []maskCount
	for m, n := range masks {
		out = append(out, maskCount{m, n})
	}
	slices.SortFunc(out, func(a, b maskCount) int {
		if c := cmp.Compare(b.items, a.items); c != 0 {
			return c
		}
		return cmp.Compare(a.mask, b.mask)
	})
	return out
}

// designName is the items' set of arrangements, or "mixed: …" listing the
// three most common sets with their item counts.
func designName(masks map[uint8]int) string {
	ms := sortedMasks(masks)
	switch len(ms) {
	case 0:
		return "no arrangements"
	case 1:
		return maskName(ms[0].mask)
	}
	var parts []string
	for i, m := range ms {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("%d more sets", len(ms)-3))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", maskName(m.mask), m.items))
	}
	return "mixed: " + strings.Join(parts, ", ")
}

// mainMask is the most common set among items judged at least twice, or
// the most common set when there is none.
func mainMask(masks map[uint8]int) uint8 {
	ms := sortedMasks(masks)
	for _, m := range ms {
		if m.mask&(m.mask-1) != 0 {
			return m.mask
		}
	}
	if len(ms) > 0 {
		return ms[0].mask
	}
	return 0
}

// reasonNoPosition says why no item separates position from the rest.
func reasonNoPosition(masks map[uint8]int) string {
	const need = "needs items judged in x0 and x1, x2 and x3, or any three arrangements"
	switch mainMask(masks) {
	case 1<<model.X0 | 1<<model.X2, 1<<model.X1 | 1<<model.X3:
		return "A is always shown first (or always second) here, so position shows only together with the ID; " + need
	case 1<<model.X0 | 1<<model.X3, 1<<model.X1 | 1<<model.X2:
		return "the same response is shown first both times, so a preference for the first shown cannot be told from a preference for that response; " + need
	}
	return need
}

// reasonNoToken says why no item separates the ID from the rest.
func reasonNoToken(masks map[uint8]int) string {
	const need = "needs items judged in x0 and x3, x1 and x2, or any three arrangements"
	switch mainMask(masks) {
	case 1<<model.X0 | 1<<model.X2, 1<<model.X1 | 1<<model.X3:
		return "A is always shown first (or always second) here, so the ID shows only together with position; " + need
	case 1<<model.X0 | 1<<model.X1, 1<<model.X2 | 1<<model.X3:
		return "A names the same response both times, so a preference for A cannot be told from a preference for that response; " + need
	}
	return need
}

// reasonNoCombined says why β + τ is not identified.
func reasonNoCombined() string {
	return "needs items judged in x0 and x2, or in arrangements that identify both effects"
}

// notes are the remarks on how the effects were computed.
func (t *identTally) notes(b *Effects, items int) []string {
	var out []string
	obs := b.Table[ShownFirst][IDA].N + b.Table[ShownFirst][IDB].N
	if t.single > 0 {
		out = append(out, fmt.Sprintf("%d of %d items judged in one arrangement only have no contrast and are left out", t.single, items))
	}
	if t.anti > 0 {
		out = append(out, fmt.Sprintf("%d items judged in x1 and x3 only show token minus position (τ − β) and are left out", t.anti))
	}
	if t.bad > 0 {
		out = append(out, fmt.Sprintf("%d values of P(A) that are not numbers in [0, 1] are left out", t.bad))
	}
	if t.clipped > 0 {
		out = append(out, fmt.Sprintf("%d of %d values of P(A) within 1e-6 of 0 or 1 were clipped to [1e-6, 1 − 1e-6] "+
			"before the logit (as Pride does), which pulls their items' contrasts towards 0", t.clipped, obs))
	}
	switch {
	case b.Scale == ScaleRate && t.hard == items:
		out = append(out, "the records give hard choices, so the effects are pick rates − ½ (a tie counts as half a pick)")
	case b.Scale == ScaleRate:
		out = append(out, fmt.Sprintf("%d of %d records give hard choices, so the effects are pick rates − ½ "+
			"(a probability counts as an expected pick; a tie as half a pick)", t.hard, items))
	}
	if b.Scale == ScaleRate {
		if t.ties > 0 {
			out = append(out, fmt.Sprintf("%d of %d hard choices are ties", t.ties, obs))
		}
	}
	if t.unbalanced {
		out = append(out, "some items have x0 without x2 or x1 without x3 (or the reverse), so some cells of the table show "+
			"only one response of an item and their shares mix in how good it is; the effects use within-item contrasts, so quality does not enter them")
	}
	if in := tIntervalAt(t.inter, "interaction", interactionAlpha); (Effect{Estimate: in, Identified: true}).Significant() {
		out = append(out, fmt.Sprintf("the additive model may not fit: the position effect differs between the two content orders "+
			"(interaction (h0 − h1 − h2 + h3)/4 = %.3f, 99.9%% CI [%.3f, %.3f], %d items), so the effects are averages",
			in.Value, in.CI.Lower, in.CI.Upper, in.N))
	}
	switch {
	case !b.Token.Identified && b.Position.Identified && b.Combined.Identified:
		out = append(out, "τ could be read as (β + τ) − β across different items; plumb uses within-item contrasts only")
	case !b.Position.Identified && b.Token.Identified && b.Combined.Identified:
		out = append(out, "β could be read as (β + τ) − τ across different items; plumb uses within-item contrasts only")
	}
	return out
}

// collect names the arrangements missing from the main design: any one
// of them, added to two, separates position from the ID.
func collect(masks map[uint8]int) string {
	m := mainMask(masks)
	var miss []string
	for _, a := range model.Arrangements {
		if m&(1<<a) == 0 {
			name := a.String()
			if a == model.X2 {
				name += " (contents swapped)"
			}
			miss = append(miss, name)
		}
	}
	return strings.Join(miss, " or ")
}

// SmallEffect is the size below which a detected effect counts as small:
// 0.2 on the logit scale (about 5 points of P(A) near ½) and 0.05 on the
// rate scale.
func SmallEffect(scale string) float64 {
	if scale == ScaleRate {
		return 0.05
	}
	return 0.2
}

// EffectSize classifies an effect for the advice.
type EffectSize int

// The effect sizes.
const (
	SizeNone  EffectSize = iota // not identified, not estimated, or its CI includes 0
	SizeSmall                   // detected, and its CI lies within ±SmallEffect
	SizeLarge                   // detected, and not small
)

// Size classifies the effect on the given scale.
func (e Effect) Size(scale string) EffectSize {
	if !e.Significant() {
		return SizeNone
	}
	d := SmallEffect(scale)
	if ci := e.Estimate.CI; ci.Lower > -d && ci.Upper < d {
		return SizeSmall
	}
	return SizeLarge
}

// advice is one plain sentence on what the effects mean for the choice of
// correction, or on what to collect next. Detected effects whose interval
// lies within ±SmallEffect are called small rather than a bias to correct.
func advice(b *Effects, masks map[uint8]int) string {
	P, T, C := b.Position, b.Token, b.Combined
	est := func(e Effect) bool { return e.Identified && e.Estimate.OK() }
	sp, st, sc := P.Size(b.Scale), T.Size(b.Scale), C.Size(b.Scale)
	small := fmt.Sprintf("within ±%g on the %s scale", SmallEffect(b.Scale), b.Scale)
	switch {
	case !P.Identified && !T.Identified && !C.Identified:
		return "each item was judged in one arrangement only, so no bias can be identified: collect x2 (contents swapped, " +
			"as FastChat-style tools do) to see position and ID together, or all four arrangements to separate them"
	case !est(P) && !est(T) && !est(C):
		return "too few items were judged in the arrangements an effect needs to estimate any bias: collect more"
	case est(P) && est(T):
		switch {
		case sp == SizeLarge && st == SizeLarge:
			return "the judge favours both the first-shown answer and the ID A: average over both orders (BPC) for the " +
				"position and calibrate P(A) (CalibraEval or Pride) for the ID, or average all four arrangements"
		case sp == SizeLarge:
			return "this judge's bias is positional: use BPC (average over both orders); no map of P(A), " +
				"CalibraEval's included, can remove it"
		case st == SizeLarge:
			return "this judge's bias is towards the ID A, not the position: a map of P(A) (CalibraEval or Pride) can remove it"
		case sp == SizeSmall || st == SizeSmall:
			return "position and ID bias are detectable but small (" + small + "): a correction changes little"
		}
		return "no detectable bias (both CIs include 0)"
	case est(P):
		switch sp {
		case SizeLarge:
			return "this judge's bias is positional: use BPC (average over both orders), since no map of P(A), CalibraEval's " +
				"included, can remove it; the ID bias is invisible here: collect " + collect(masks) + " to see it"
		case SizeSmall:
			return "the position bias is detectable but small (" + small + "); the ID bias is invisible here: collect " +
				collect(masks) + " to see it"
		}
		return "no detectable position bias (CI includes 0); the ID bias is invisible here: collect " + collect(masks) +
			" to see it"
	case est(T):
		switch st {
		case SizeLarge:
			return "this judge favours the ID A (a map of P(A), CalibraEval's or Pride's, can remove it); position bias is " +
				"invisible here: collect " + collect(masks) + " to see it"
		case SizeSmall:
			return "the ID bias is detectable but small (" + small + "); position bias is invisible here: collect " +
				collect(masks) + " to see it"
		}
		return "no detectable ID bias (CI includes 0); position bias is invisible here: collect " + collect(masks) + " to see it"
	}
	switch sc {
	case SizeLarge:
		return "position and ID are confounded here (A is always shown first): collect " + collect(masks) +
			" to separate them; calibrating P(A) (CalibraEval or Pride) removes them only together"
	case SizeSmall:
		return "the bias towards A shown first is detectable but small (" + small + "), and position and ID are " +
			"confounded here: collect " + collect(masks) + " to separate them"
	}
	return "no detectable bias towards A shown first (CI includes 0), but opposite position and ID biases would cancel " +
		"here: collect " + collect(masks) + " to separate them"
}
