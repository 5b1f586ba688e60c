package tui

import (
	"slices"

	"github.com/plumb-eval/plumb/calib/style"
)

// The Style pane's knobs (knobDefs' kOpponent, kStylePref and kSelf). All
// are display knobs: they recompute nothing of analysis.Engine's selection,
// reporting and likelihood analysis. The opponent filters the win-rate
// table; the preference is `plumb report --style-pref`
// (analysis.Options.Style.Pref) and picks the style analysis shown, which
// the pipeline computes with analysis.Engine.Style when it is not cached
// (ensureStyle, called for every display knob). The self knob is
// `--self JUDGE=MODEL` for the judge shown (analysis.Options.Style.Self):
// none (the judge is a generator only under its own name) or each
// generator of its records.

// styleResolved is what the Style pane's knobs step through, from the
// analysis on screen.
type styleResolved struct {
	// ready: the point estimates are in (opponents and why are known).
	ready bool
	// opponents are the generators some win-rate row is against, sorted.
	opponents []string
	// judge is the judge shown; generators every generator its win-rate
	// rows name, sorted (the self knob's choices).
	judge      string
	generators []string
	// haveCurve: the calibrated preference can be shown (CalibraEval ran).
	haveCurve bool
	// noWinRates and nothing say why the opponent knob, and both knobs,
	// change nothing ("" when they do).
	noWinRates, nothing string
}

// styleResolved reads what the Style pane's knobs resolve to.
func (c *common) styleResolved() styleResolved {
	var r styleResolved
	if c.cur == nil {
		return r
	}
	curve, _ := styleCurve(&c.cur.ja)
	r.haveCurve = curve != nil
	e := c.currentStyle()
	if e == nil || e.res == nil && e.running {
		return r
	}
	r.ready = true
	if e.res == nil {
		r.nothing = "the judge has no pair records"
		if e.off {
			r.nothing = "the style analysis is off (--style off)"
		}
		if e.err != nil {
			r.nothing = "the style analysis failed"
		}
		r.noWinRates = r.nothing
		return r
	}
	r.judge = c.judgeName()
	for _, w := range e.res.WinRates {
		if !w.VsAll && !slices.Contains(r.opponents, w.Opponent) {
			r.opponents = append(r.opponents, w.Opponent)
		}
		if !slices.Contains(r.generators, w.Model) {
			r.generators = append(r.generators, w.Model)
		}
	}
	slices.Sort(r.opponents)
	slices.Sort(r.generators)
	if len(e.res.WinRates) == 0 {
		r.noWinRates = "no two generators named (model_1, model_2)"
	}
	if len(e.res.WinRates) == 0 && e.res.Length.N == 0 && e.res.Self == nil {
		r.nothing = "no generators or lengths in the records"
	}
	return r
}

// effectiveOpponent is the opponent knob's value when the analysis has it,
// else "" (against all).
func effectiveOpponent(k *knobState, opponents []string) string {
	if slices.Contains(opponents, k.opponent) {
		return k.opponent
	}
	return ""
}

// opponentKnob is the opponent of the Style pane's win-rate table: all
// (each generator against every other) or one generator (every generator
// against it).
func opponentKnob() knobDef {
	return knobDef{label: "opponent", display: true,
		format: func(k *knobState, r resolved) string {
			if o := effectiveOpponent(k, r.style.opponents); o != "" {
				return clean(o)
			}
			return "all"
		},
		step: func(k *knobState, _ *knobDef, dir int, _ float64, r resolved) bool {
			choices := append([]string{""}, r.style.opponents...)
			k.opponent = cycle(choices, effectiveOpponent(k, r.style.opponents), dir)
			return false
		},
		reset: func(k, s *knobState) { k.opponent = s.opponent },
		inactive: func(c *common) string {
			r := c.styleResolved()
			return r.noWinRates
		},
	}
}

// stylePrefs are the preference knob's values, in order.
var stylePrefs = []style.Pref{style.PrefRawX0, style.PrefBalanced, style.PrefCalibrated}

// stylePrefKnob is the preference of the Style pane's measures (the
// length and self-preference measures, LC and the corrected rate): raw
// (x0), position-balanced, or calibrated when CalibraEval ran.
func stylePrefKnob() knobDef {
	return knobDef{label: "preference", flag: "--style-pref", display: true,
		format: func(k *knobState, r resolved) string {
			if k.opt.Style.Pref == style.PrefCalibrated && !r.style.haveCurve {
				return "balanced (no calibrated)"
			}
			return k.opt.Style.Pref.String()
		},
		step: func(k *knobState, _ *knobDef, dir int, _ float64, r resolved) bool {
			choices := stylePrefs
			if !r.style.haveCurve {
				choices = stylePrefs[:2]
			}
			cur := k.opt.Style.Pref
			if !slices.Contains(choices, cur) {
				cur = style.PrefBalanced
			}
			k.opt.Style.Pref = cycle(choices, cur, dir)
			return false
		},
		reset:    func(k, s *knobState) { k.opt.Style.Pref = s.opt.Style.Pref },
		inactive: func(c *common) string { return c.styleResolved().nothing },
	}
}

// selfKnob is `--self JUDGE=MODEL` for the judge shown: none, or each
// generator its records name. A step copies the map (the start's options
// share it), so reset and the other judges' entries stay as they were.
func selfKnob() knobDef {
	return knobDef{label: "self", flag: "--self", display: true,
		format: func(k *knobState, r resolved) string {
			if m, ok := k.opt.Style.Self[r.style.judge]; ok && r.style.judge != "" {
				return clean(m)
			}
			return "none"
		},
		step: func(k *knobState, _ *knobDef, dir int, _ float64, r resolved) bool {
			if r.style.judge == "" || len(r.style.generators) == 0 {
				return false
			}
			cur := k.opt.Style.Self[r.style.judge]
			next := cycle(append([]string{""}, r.style.generators...), cur, dir)
			self := make(map[string]string, len(k.opt.Style.Self)+1)
			for j, m := range k.opt.Style.Self {
				self[j] = m
			}
			delete(self, r.style.judge)
			if next != "" {
				self[r.style.judge] = next
			}
			if len(self) == 0 {
				self = nil
			}
			k.opt.Style.Self = self
			return false
		},
		reset:    func(k, s *knobState) { k.opt.Style.Self = s.opt.Style.Self },
		inactive: func(c *common) string { return c.styleResolved().noWinRates },
	}
}
