package tui

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
)

// knobID names a knob. Every analysis knob is also a flag of `plumb
// report` (knobDef.flag), so the report reproduces the screen: the
// reproduce commands print the options with report's codec
// (analysis.Options.Args). The order is the status line's.
type knobID int

const (
	kLambda knobID = iota
	kEstFrac
	kObjective
	kSeed
	kBudget
	kSplit
	kAlpha
	kVerdictFrom
	kTopK
	kCriterion
	kSolver
	kStopAt
	kOpponent
	kStylePref
	kSelf
	numKnobs
)

// knobDef is a knob, declared once: its label, its steps, how its value is
// formatted (get), stepped and reset (set), whether a change recomputes
// the analysis, where the status line shows it, and the flag that sets
// it. Adding a knob is adding a row to knobDefs (and its place in
// paneKnobs); its option's flag is report's (analysis.RegisterFlags,
// analysis.Options.Args).
type knobDef struct {
	label string
	// name, when set, is the label for the knob values k (nil: label).
	name func(k *knobState) string
	// flag sets the knob: a flag of `plumb report` (the criterion's is
	// `plumb tui`'s, and the reproduce command leaves it out).
	flag string
	// small and big are the steps of a numeric knob (0 for a choice); lo
	// and hi its range.
	small, big float64
	lo, hi     float64
	// display marks a display choice (the criterion): a change
	// recomputes nothing, the panes change at once.
	display bool
	// status is the knob's item of the status line (nil: not there).
	status *statusSlot

	// format formats the value for the knob bar and the status line; r is
	// what the automatic values resolved to in the last result.
	format func(k *knobState, r resolved) string
	// step moves the value dir steps of delta (±small or ±big). It reports
	// whether the analysis must be recomputed.
	step func(k *knobState, d *knobDef, dir int, delta float64, r resolved) bool
	// reset sets the value back to start's.
	reset func(k, start *knobState)
	// inactive, when set, says why the knob changes nothing for what is
	// on screen ("" when it does); the knob bar shows it greyed with the
	// reason and a step changes nothing.
	inactive func(c *common) string
}

// inactiveReason is why knob d changes nothing now ("" when it does).
func (d *knobDef) inactiveReason(c *common) string {
	if d.inactive == nil {
		return ""
	}
	return d.inactive(c)
}

// statusSlot is where a knob sits in the status line: the text before its
// value, its group and its rank (statusPart).
type statusSlot struct {
	prefix      string
	group, rank int
}

// shown returns d with its place in the status line.
func (d knobDef) shown(prefix string, group, rank int) knobDef {
	d.status = &statusSlot{prefix: prefix, group: group, rank: rank}
	return d
}

var knobDefs = [numKnobs]knobDef{
	// λ is the λ of the solver on screen: the published code's
	// (--published-lambda) when only it runs, else the converged fit's.
	kLambda: knobDef{label: "λ", flag: "--lambda", small: 0.05, big: 0.25, lo: 0, hi: calibraeval.MaxLambda,
		name: func(k *knobState) string {
			if k.opt.Selection.Solver == selection.SolverPublished {
				return "published λ"
			}
			return "λ"
		},
		format: func(k *knobState, _ resolved) string { return trimFloat(*lambdaOf(&k.opt)) },
		step: func(k *knobState, d *knobDef, _ int, delta float64, _ resolved) bool {
			f := lambdaOf(&k.opt)
			*f = clampStep(*f, delta, d)
			return true
		},
		// Both λs: the one on screen and the other solver's.
		reset: func(k, s *knobState) {
			k.opt.Selection.Lambda, k.opt.Selection.PublishedLambda = s.opt.Selection.Lambda, s.opt.Selection.PublishedLambda
		},
	}.shown("λ ", 1, rankLambda),
	kEstFrac: floatKnob("est. fraction", "--est-frac", 0.05, 0.25, 0.05, 1,
		func(o *analysis.Options) *float64 { return &o.Selection.EstFrac }).shown("est ", 1, rankEstFrac),
	kObjective: choiceKnob("objective", "--objective", objectives,
		func(o *analysis.Options) *calibraeval.Objective { return &o.Selection.Objective }).shown("", 1, rankObjective),
	kSeed: knobDef{label: "seed", flag: "--seed", small: 1, big: 10, lo: 0, hi: math.MaxUint32,
		format: func(k *knobState, _ resolved) string { return fmt.Sprint(k.opt.Selection.Seed) },
		step: func(k *knobState, d *knobDef, _ int, delta float64, _ resolved) bool {
			o := &k.opt // one seed for every analysis
			o.Selection.Seed = uint64(clampStep(float64(o.Selection.Seed), delta, d))
			o.Reporting.Seed, o.Likelihood.Seed = o.Selection.Seed, o.Selection.Seed
			return true
		},
		reset: func(k, s *knobState) {
			o, so := &k.opt, &s.opt
			o.Selection.Seed, o.Reporting.Seed, o.Likelihood.Seed = so.Selection.Seed, so.Reporting.Seed, so.Likelihood.Seed
		},
	}.shown("seed ", 1, rankSeed),
	kBudget: knobDef{label: "budget m", flag: "--budget", small: 10, big: 100, lo: 2, hi: math.MaxInt32,
		format: func(k *knobState, r resolved) string {
			if k.opt.Reporting.Budget == 0 {
				if r.budget > 0 {
					return fmt.Sprintf("auto (%d)", r.budget)
				}
				return "auto"
			}
			return fmt.Sprint(k.opt.Reporting.Budget)
		},
		step: func(k *knobState, d *knobDef, _ int, delta float64, r resolved) bool {
			o := &k.opt
			cur := o.Reporting.Budget
			if cur == 0 { // auto: step from the value in use
				cur = r.budget
			}
			hi := d.hi
			if r.poolSize > 0 {
				hi = float64(r.poolSize)
			}
			o.Reporting.Budget = int(math.Max(d.lo, math.Min(hi, float64(cur)+delta)))
			return true
		},
		reset: func(k, s *knobState) { k.opt.Reporting.Budget = s.opt.Reporting.Budget },
	}.shown("m ", 2, rankBudget),
	kSplit: knobDef{label: "split m0/m", flag: "--split", small: 0.05, big: 0.25, lo: 0.05, hi: 0.95,
		format: func(k *knobState, r resolved) string {
			if k.opt.Reporting.Split == 0 {
				if r.haveSplit {
					return fmt.Sprintf("pool (%.2f)", r.split)
				}
				return "pool"
			}
			return trimFloat(k.opt.Reporting.Split)
		},
		step: func(k *knobState, d *knobDef, _ int, delta float64, r resolved) bool {
			o := &k.opt
			cur := o.Reporting.Split
			if cur == 0 { // the pool's split: step from the value in use
				cur = 0.5
				if r.haveSplit {
					cur = r.split
				}
			}
			o.Reporting.Split = clampStep(cur, delta, d)
			return true
		},
		reset: func(k, s *knobState) { k.opt.Reporting.Split = s.opt.Reporting.Split },
	}.shown("split ", 2, rankSplit),
	kAlpha: floatKnob("α", "--alpha", 0.01, 0.05, 0.01, 0.5,
		func(o *analysis.Options) *float64 { return &o.Reporting.Alpha }).shown("α ", 2, rankAlpha),
	kVerdictFrom: choiceKnob("verdict from", "--verdict-from", verdictFroms,
		func(o *analysis.Options) *reporting.VerdictFrom { return &o.VerdictFrom }).shown("", 2, rankVerdictFrom),
	kTopK: {label: "k", flag: "--k", small: 1, big: 5, lo: 1, hi: 100,
		format: func(k *knobState, _ resolved) string { return fmt.Sprint(topK(k.opt.Likelihood.TopK)) },
		step: func(k *knobState, d *knobDef, _ int, delta float64, _ resolved) bool {
			k.opt.Likelihood.TopK = int(clampStep(float64(topK(k.opt.Likelihood.TopK)), delta, d))
			return true
		},
		reset: func(k, s *knobState) { k.opt.Likelihood.TopK = s.opt.Likelihood.TopK },
	},
	kCriterion: {label: "criterion", flag: "--criterion", display: true,
		format: func(k *knobState, r resolved) string {
			if k.criterion == "" {
				if len(r.criteria) > 0 {
					return clean(r.criteria[0])
				}
				return "—"
			}
			return clean(k.criterion)
		},
		step: func(k *knobState, _ *knobDef, dir int, _ float64, r resolved) bool {
			if len(r.criteria) == 0 {
				return false
			}
			cur := k.criterion
			if cur == "" {
				cur = r.criteria[0]
			}
			k.criterion = cycle(r.criteria, cur, dir)
			return false
		},
		reset: func(k, s *knobState) { k.criterion = s.criterion },
	},
	kSolver: {label: "solver", flag: "--solver",
		format: func(k *knobState, _ resolved) string { return k.opt.Selection.Solver.String() },
		step: func(k *knobState, _ *knobDef, dir int, _ float64, _ resolved) bool {
			so := &k.opt.Selection
			so.Solver = cycle(solvers, so.Solver, dir)
			if !so.Solver.Converged() {
				so.StopAt = selection.StopEnd // the path is the converged fit's
			}
			return true
		},
		reset: func(k, s *knobState) {
			k.opt.Selection.Solver, k.opt.Selection.PublishedLambda = s.opt.Selection.Solver, s.opt.Selection.PublishedLambda
		},
	},
	kOpponent:  opponentKnob(),
	kStylePref: stylePrefKnob(),
	kSelf:      selfKnob(),
	kStopAt: {label: "stop at", flag: "--stop-at", small: 1, big: 5,
		format: func(k *knobState, r resolved) string { return stopValue(k.opt.Selection.StopAt, r.pathPoints) },
		step: func(k *knobState, _ *knobDef, _ int, delta float64, r resolved) bool {
			so := &k.opt.Selection
			next, ok := stepStop(so.StopAt, int(delta), r.pathPoints)
			if !ok || !so.Solver.Converged() {
				return false
			}
			so.StopAt = next
			return true
		},
		reset: func(k, s *knobState) { k.opt.Selection.StopAt = s.opt.Selection.StopAt },
	},
}

// lambdaOf is the λ the λ knob steps: the published code's when only it
// runs (solver published), else the converged fit's.
func lambdaOf(o *analysis.Options) *float64 {
	if o.Selection.Solver == selection.SolverPublished {
		return &o.Selection.PublishedLambda
	}
	return &o.Selection.Lambda
}

// labelOf is knob id's label for the knob values k.
func labelOf(id knobID, k *knobState) string {
	if d := &knobDefs[id]; d.name != nil {
		return d.name(k)
	}
	return knobDefs[id].label
}

// floatKnob is a numeric analysis knob on one field of the options.
func floatKnob(label, flag string, small, big, lo, hi float64, field func(*analysis.Options) *float64) knobDef {
	return knobDef{label: label, flag: flag, small: small, big: big, lo: lo, hi: hi,
		format: func(k *knobState, _ resolved) string { return trimFloat(*field(&k.opt)) },
		step: func(k *knobState, d *knobDef, _ int, delta float64, _ resolved) bool {
			f := field(&k.opt)
			*f = clampStep(*f, delta, d)
			return true
		},
		reset: func(k, s *knobState) { *field(&k.opt) = *field(&s.opt) },
	}
}

// choiceKnob is an analysis knob that cycles through choices.
func choiceKnob[T interface {
	comparable
	String() string
}](label, flag string, choices []T, field func(*analysis.Options) *T) knobDef {
	return knobDef{label: label, flag: flag,
		format: func(k *knobState, _ resolved) string { return (*field(&k.opt)).String() },
		step: func(k *knobState, _ *knobDef, dir int, _ float64, _ resolved) bool {
			f := field(&k.opt)
			*f = cycle(choices, *f, dir)
			return true
		},
		reset: func(k, s *knobState) { *field(&k.opt) = *field(&s.opt) },
	}
}

// paneKnobs lists the knobs each pane shows and steps, in order.
var paneKnobs = [numPanes][]knobID{
	paneSelection:  {kLambda, kEstFrac, kObjective, kSeed, kSolver, kStopAt},
	paneLikelihood: {kCriterion, kTopK},
	paneReporting:  {kBudget, kSplit, kAlpha, kVerdictFrom},
	paneStyle:      {kOpponent, kStylePref, kSelf},
}

var (
	objectives   = []calibraeval.Objective{calibraeval.ObjectiveBoth, calibraeval.ObjectiveL1, calibraeval.ObjectiveL2}
	verdictFroms = []reporting.VerdictFrom{reporting.VerdictRawX0, reporting.VerdictAggregate, reporting.VerdictCalibrated, reporting.VerdictBPC}
	solvers      = []selection.Solver{selection.SolverConverged, selection.SolverPublished, selection.SolverBoth}
)

// knobState is every knob's value: the analysis options and the display
// choices that are not analysis options.
type knobState struct {
	opt analysis.Options
	// criterion is the likelihood criterion shown ("" = the first).
	criterion string
	// opponent is the Style pane's win-rate opponent ("" = against all);
	// the preference of its measures is opt.Style.Pref (--style-pref).
	opponent string
}

// resolved holds what the last result says the automatic knobs resolved to,
// so that stepping "auto" starts from the value in use.
type resolved struct {
	budget    int
	split     float64
	criteria  []string
	poolSize  int
	haveSplit bool
	// pathPoints is the number of points of the fit path on screen (0:
	// none yet).
	pathPoints int
	// style is what the Style pane's knobs step through.
	style styleResolved
}

// value formats a knob's current value for the knob bar and status line.
func (k *knobState) value(id knobID, r resolved) string { return knobDefs[id].format(k, r) }

// step moves a knob by dir (±1) small or big steps. It reports whether the
// analysis options changed (a display knob like the criterion does not
// need a recompute).
func (k *knobState) step(id knobID, dir int, big bool, r resolved) (recompute bool) {
	d := &knobDefs[id]
	inc := d.small
	if big {
		inc = d.big
	}
	return d.step(k, d, dir, float64(dir)*inc, r)
}

// reset sets a knob back to its value in start.
func (k *knobState) reset(id knobID, start knobState) { knobDefs[id].reset(k, &start) }

// clampStep adds delta to v, rounds to the step's grid (so repeated
// steps do not accumulate float error) and clamps to the knob's range.
func clampStep(v, delta float64, d *knobDef) float64 {
	v = math.Round((v+delta)*1e6) / 1e6
	return math.Max(d.lo, math.Min(d.hi, v))
}

// cycle returns the element dir steps from cur in xs, wrapping around.
func cycle[T comparable](xs []T, cur T, dir int) T {
	i := 0
	for j, x := range xs {
		if x == cur {
			i = j
		}
	}
	n := len(xs)
	return xs[((i+dir)%n+n)%n]
}

func topK(k int) int {
	if k <= 0 {
		return likelihood.DefaultTopK
	}
	return k
}

// trimFloat formats a knob value with up to 4 decimals and no trailing
// zeros.
func trimFloat(v float64) string {
	s := fmt.Sprintf("%.4f", v)
	for s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	if s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}

// stopValue formats the stop-at knob: "end" or "i/n".
func stopValue(s selection.PathStop, points int) string {
	i, ok := s.Point()
	if !ok {
		return "end"
	}
	if points > 0 {
		return fmt.Sprintf("%d/%d", i, points-1)
	}
	return fmt.Sprint(i)
}

// stepStop moves the stop by delta points: left from the end goes to the
// point before the last (the last is the end itself), right past the last
// point returns to the end. It reports false when no path is known yet.
func stepStop(s selection.PathStop, delta, points int) (selection.PathStop, bool) {
	if points < 2 {
		return s, false
	}
	i, ok := s.Point()
	if !ok {
		i = points - 1
	}
	i += delta
	switch {
	case i >= points-1:
		return selection.StopEnd, true
	case i < 0:
		i = 0
	}
	return selection.StopAtPoint(i), true
}
