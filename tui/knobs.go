package tui

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/report"
)

// knobID names a knob. Every analysis knob is also a flag of `plumb
// report` (flagName), so the report reproduces the screen.
type knobID int

const (
	kLambda knobID = iota
	kEstFrac
	kObjective
	kSeed
	kCriterion
	kTopK
	kBudget
	kSplit
	kAlpha
	kVerdictFrom
	kSolver
	kStopAt
)

// knobDef describes a knob: its label, its flag, and its steps.
type knobDef struct {
	label string
	flag  string
	// small and big are the steps of a numeric knob (0 for a choice).
	small, big float64
	lo, hi     float64
}

var knobDefs = [...]knobDef{
	kLambda:      {label: "λ", flag: "--lambda", small: 0.05, big: 0.25, lo: 0, hi: calibraeval.MaxLambda},
	kEstFrac:     {label: "est. fraction", flag: "--est-frac", small: 0.05, big: 0.25, lo: 0.05, hi: 1},
	kObjective:   {label: "objective", flag: "--objective"},
	kSeed:        {label: "seed", flag: "--seed", small: 1, big: 10, lo: 0, hi: math.MaxUint32},
	kCriterion:   {label: "criterion", flag: "--criterion"},
	kTopK:        {label: "k", flag: "--k", small: 1, big: 5, lo: 1, hi: 100},
	kBudget:      {label: "budget m", flag: "--budget", small: 10, big: 100, lo: 2, hi: math.MaxInt32},
	kSplit:       {label: "split m0/m", flag: "--split", small: 0.05, big: 0.25, lo: 0.05, hi: 0.95},
	kAlpha:       {label: "α", flag: "--alpha", small: 0.01, big: 0.05, lo: 0.01, hi: 0.5},
	kVerdictFrom: {label: "verdict from", flag: "--verdict-from"},
	kSolver:      {label: "solver", flag: "--solver"},
	kStopAt:      {label: "stop at", flag: "--stop-at", small: 1, big: 5},
}

// paneKnobs lists the knobs each pane shows and steps, in order.
var paneKnobs = [numPanes][]knobID{
	paneSelection:  {kLambda, kEstFrac, kObjective, kSeed, kSolver, kStopAt},
	paneLikelihood: {kCriterion, kTopK},
	paneReporting:  {kBudget, kSplit, kAlpha, kVerdictFrom},
}

var (
	objectives   = []calibraeval.Objective{calibraeval.ObjectiveBoth, calibraeval.ObjectiveL1, calibraeval.ObjectiveL2}
	verdictFroms = []reporting.VerdictFrom{reporting.VerdictRawX0, reporting.VerdictAggregate, reporting.VerdictCalibrated, reporting.VerdictBPC}
	solvers      = []selection.Solver{selection.SolverConverged, selection.SolverPublished, selection.SolverBoth}
)

// knobState is every knob's value: the analysis options and the display
// choices that are not analysis options.
type knobState struct {
	opt report.Options
	// criterion is the likelihood criterion shown ("" = the first).
	criterion string
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
}

// value formats a knob's current value for the knob bar and status line.
func (k *knobState) value(id knobID, r resolved) string {
	o := &k.opt
	switch id {
	case kLambda:
		return trimFloat(o.Selection.Lambda)
	case kEstFrac:
		return trimFloat(o.Selection.EstFrac)
	case kObjective:
		return o.Selection.Objective.String()
	case kSeed:
		return fmt.Sprint(o.Selection.Seed)
	case kCriterion:
		if k.criterion == "" {
			if len(r.criteria) > 0 {
				return clean(r.criteria[0])
			}
			return "—"
		}
		return clean(k.criterion)
	case kTopK:
		return fmt.Sprint(topK(o.Likelihood.TopK))
	case kBudget:
		if o.Reporting.Budget == 0 {
			if r.budget > 0 {
				return fmt.Sprintf("auto (%d)", r.budget)
			}
			return "auto"
		}
		return fmt.Sprint(o.Reporting.Budget)
	case kSplit:
		if o.Reporting.Split == 0 {
			if r.haveSplit {
				return fmt.Sprintf("pool (%.2f)", r.split)
			}
			return "pool"
		}
		return trimFloat(o.Reporting.Split)
	case kAlpha:
		return trimFloat(o.Reporting.Alpha)
	case kVerdictFrom:
		return o.VerdictFrom.String()
	case kSolver:
		return o.Selection.Solver.String()
	case kStopAt:
		return stopValue(o.Selection.StopAt, r.pathPoints)
	}
	return ""
}

// step moves a knob by dir (±1) small or big steps. It reports whether the
// analysis options changed (a display knob like the criterion does not
// need a recompute).
func (k *knobState) step(id knobID, dir int, big bool, r resolved) (recompute bool) {
	d := knobDefs[id]
	inc := d.small
	if big {
		inc = d.big
	}
	delta := float64(dir) * inc
	o := &k.opt
	switch id {
	case kLambda:
		o.Selection.Lambda = clampStep(o.Selection.Lambda, delta, d)
	case kEstFrac:
		o.Selection.EstFrac = clampStep(o.Selection.EstFrac, delta, d)
	case kObjective:
		o.Selection.Objective = cycle(objectives, o.Selection.Objective, dir)
	case kSeed:
		o.Selection.Seed = uint64(clampStep(float64(o.Selection.Seed), delta, d))
		o.Reporting.Seed = o.Selection.Seed
		o.Likelihood.Seed = o.Selection.Seed
	case kCriterion:
		if len(r.criteria) == 0 {
			return false
		}
		cur := k.criterion
		if cur == "" {
			cur = r.criteria[0]
		}
		k.criterion = cycle(r.criteria, cur, dir)
		return false
	case kTopK:
		o.Likelihood.TopK = int(clampStep(float64(topK(o.Likelihood.TopK)), delta, d))
	case kBudget:
		cur := o.Reporting.Budget
		if cur == 0 {
			cur = r.budget
		}
		hi := d.hi
		if r.poolSize > 0 {
			hi = float64(r.poolSize)
		}
		o.Reporting.Budget = int(math.Max(d.lo, math.Min(hi, float64(cur)+delta)))
	case kSplit:
		cur := o.Reporting.Split
		if cur == 0 {
			cur = 0.5
			if r.haveSplit {
				cur = r.split
			}
		}
		o.Reporting.Split = clampStep(cur, delta, d)
	case kAlpha:
		o.Reporting.Alpha = clampStep(o.Reporting.Alpha, delta, d)
	case kVerdictFrom:
		o.VerdictFrom = cycle(verdictFroms, o.VerdictFrom, dir)
	case kSolver:
		o.Selection.Solver = cycle(solvers, o.Selection.Solver, dir)
		if !o.Selection.Solver.Converged() {
			o.Selection.StopAt = selection.StopEnd // the path is the converged fit's
		}
	case kStopAt:
		next, ok := stepStop(o.Selection.StopAt, int(delta), r.pathPoints)
		if !ok || !o.Selection.Solver.Converged() {
			return false
		}
		o.Selection.StopAt = next
	}
	return true
}

// reset sets a knob back to its value in start.
func (k *knobState) reset(id knobID, start knobState) {
	o, s := &k.opt, &start.opt
	switch id {
	case kLambda:
		o.Selection.Lambda = s.Selection.Lambda
	case kEstFrac:
		o.Selection.EstFrac = s.Selection.EstFrac
	case kObjective:
		o.Selection.Objective = s.Selection.Objective
	case kSeed:
		o.Selection.Seed, o.Reporting.Seed, o.Likelihood.Seed = s.Selection.Seed, s.Reporting.Seed, s.Likelihood.Seed
	case kCriterion:
		k.criterion = start.criterion
	case kTopK:
		o.Likelihood.TopK = s.Likelihood.TopK
	case kBudget:
		o.Reporting.Budget = s.Reporting.Budget
	case kSplit:
		o.Reporting.Split = s.Reporting.Split
	case kAlpha:
		o.Reporting.Alpha = s.Reporting.Alpha
	case kVerdictFrom:
		o.VerdictFrom = s.VerdictFrom
	case kSolver:
		o.Selection.Solver, o.Selection.PublishedLambda = s.Selection.Solver, s.Selection.PublishedLambda
	case kStopAt:
		o.Selection.StopAt = s.Selection.StopAt
	}
}

// clampStep adds delta to v, rounds to the step's grid (so repeated
// steps do not accumulate float error) and clamps to the knob's range.
func clampStep(v, delta float64, d knobDef) float64 {
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
