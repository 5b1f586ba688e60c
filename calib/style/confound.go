package style

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
)

// LongerShare is the share of a generator pair's items (with known,
// different lengths) above which one generator "is the longer": then the
// longer-response preference over those items is mostly a comparison of
// the two generators (AlpacaEval: gpt4_1106_preview is the longer in most
// of its pairs with alpaca-7b, and better), and the length effect to quote
// is the pair's φ, which conditions on the pair (its GLM's intercept θ
// absorbs the generators' difference).
const LongerShare = 0.90

// LongerGenerator is a generator pair where Model wrote the longer
// response in Share of the N items with known, different lengths.
type LongerGenerator struct {
	Model, Opponent string
	Share           float64
	N               int
	// Slope is φ of the pair's length-controlled GLM (its win-rate row's
	// Slope, with its interval): the length effect within the pair.
	Slope calib.Stat
}

// generatorLonger finds the pairs of p's rows where one generator is the
// longer in more than LongerShare of the items, with the φ of rates (the
// result's win rates, intervals attached).
func (d *data) generatorLonger(p *plan, rates []WinRate) []LongerGenerator {
	var out []LongerGenerator
	for _, r := range p.rows {
		if r.b < 0 {
			continue
		}
		n, aLonger := 0, 0
		for i := range d.items {
			it := &d.items[i]
			ok, first := r.in(it)
			if !ok || !it.hasLen || it.len1 == it.len2 {
				continue
			}
			n++
			if (it.len1 > it.len2) == first {
				aLonger++
			}
		}
		if n == 0 {
			continue
		}
		g := LongerGenerator{Model: d.models[r.a], Opponent: d.models[r.b], Share: float64(aLonger) / float64(n), N: n}
		if g.Share <= LongerShare {
			g.Model, g.Opponent, g.Share = g.Opponent, g.Model, float64(n-aLonger)/float64(n)
		}
		if g.Share <= LongerShare {
			continue
		}
		for _, w := range rates {
			if w.Model == g.Model && w.Opponent == g.Opponent && !w.VsAll {
				g.Slope = w.Slope
			}
		}
		out = append(out, g)
	}
	return out
}

// Sentence says what the confound means for the longer preference, with
// the numbers.
func (g *LongerGenerator) Sentence() string {
	return fmt.Sprintf("%s wrote the longer response in %.1f%% of its %d items with %s (more than %.0f%%): the longer preference there mostly compares the two generators; the length effect within the pair is φ = %s",
		g.Model, 100*g.Share, g.N, g.Opponent, 100*LongerShare, slopeText(g.Slope))
}

// slopeText is φ with its interval, or why it has none.
func slopeText(s calib.Stat) string {
	if !s.OK() {
		return "undefined (" + s.Reason + ")"
	}
	if s.CI == nil {
		return signed2(s.Value)
	}
	return fmt.Sprintf("%s [%s, %s]", signed2(s.Value), signed2(s.CI.Lower), signed2(s.CI.Upper))
}

// signed2 is x with its sign and two decimals, "±0" when it rounds to 0
// (never "-0.00").
func signed2(x float64) string {
	v := fmt.Sprintf("%+.2f", x)
	if v == "+0.00" || v == "-0.00" {
		return "±0"
	}
	return v
}

// flags sets what qualifies the measures once their intervals are in: the
// position dominance, the self-preference's caveat and the generator pairs
// where one is the longer.
func (r *Result) flags(d *data, p *plan, opt Options) {
	r.PositionDominated = PositionDominance(opt.Position)
	r.Length.GeneratorLonger = d.generatorLonger(p, r.WinRates)
	if s := r.Self; s != nil && s.OwnPreference.OK() && !s.BeyondQuality.OK() {
		s.Caveat = fmt.Sprintf("the own preference %.3f mixes self-preference with quality: with no item where gold prefers the other response, a judge that favours its own responses cannot be told from own responses that are better", s.OwnPreference.Value)
		if b := s.BeyondOthers; b != nil && b.Value.OK() && r.PositionDominated == nil {
			s.Caveat += fmt.Sprintf("; the preference beyond the other judges (%+.3f over %d items) separates the two", b.Value.Value, b.Value.N)
		}
	}
}

// setOthers fills the preference beyond the other judges from the match
// m (nil: no other judge) and the full sample's estimate e.
func (s *SelfPreference) setOthers(m *BeyondOthers, e selfEst) {
	if m == nil {
		s.BeyondOthersReason = reasonNoOtherJudge
		return
	}
	b := *m
	b.Value = stat(e.others)
	b.Own, b.Others = e.ownM, e.othersM
	s.BeyondOthers = &b
}
