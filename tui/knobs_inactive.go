package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// inactiveMark precedes a knob that changes nothing for the judge shown.
const inactiveMark = "⊘ "

// inactive says why knob id changes nothing for the judge on screen with
// the other knobs as they are ("" when it may change something):
//
//   - the verdict source, when the verdict rate is of the judge's verdict
//     records (it picks the verdict of pair records);
//   - the objective and "stop at" under the published solver (its loss is
//     its own; the fit path is the converged solver's);
//   - λ, the objective, the solver and "stop at" when the judge's pair
//     records give hard choices, which CalibraEval cannot calibrate (the
//     estimation fraction and the seed still choose the held-out items).
func (c *common) inactive(id knobID) string {
	if why := knobDefs[id].inactiveReason(c); why != "" {
		return why // a knob's own rule (the Style pane's knobs)
	}
	so := c.knobs.opt.Selection
	switch id {
	case kVerdictFrom:
		if r := c.cur; r != nil && r.err == nil && r.judge == c.judgeName() && r.ja.Target == analysis.TargetVerdict {
			return "the verdict rate is of the judge's verdict records; the verdict source picks the verdict of pair records (--target pair)"
		}
		return ""
	case kLambda, kObjective, kSolver, kStopAt:
		if n, total := c.hardChoices(); n > 0 {
			return fmt.Sprintf("CalibraEval needs probabilities; %d of %d pair records give hard choices", n, total)
		}
	}
	switch {
	case id == kObjective && so.Solver == selection.SolverPublished:
		return "the published solver minimises the published code's own loss"
	case id == kStopAt && !so.Solver.Converged():
		return "the fit path is the converged solver's (solver converged or both)"
	}
	return ""
}

// hardKey names the records hardChoices counted.
type hardKey struct {
	eng          *analysis.Engine
	judge, group string
}

// hardCount is what hardChoices counted for a hardKey.
type hardCount struct {
	key      hardKey
	n, total int
}

// hardChoices counts the pair records of the judge on screen (under the
// group filter) that give hard choices, and all of them; counted once per
// engine, judge and group, at the end of every Update (View only reads
// the count).
func (c *common) hardChoices() (n, total int) {
	if c.eng == nil {
		return 0, 0
	}
	k := hardKey{c.eng, c.judgeName(), c.knobs.opt.Group}
	if c.hard.key == k {
		return c.hard.n, c.hard.total
	}
	pairs, _, _ := c.eng.Records(k.judge, k.group)
	for i := range pairs {
		if pairs[i].Source == model.SourceChoice {
			n++
		}
	}
	c.hard = hardCount{key: k, n: n, total: len(pairs)}
	return n, len(pairs)
}

// inactiveNotes are the lines that head a pane whose knobs include ones
// that change nothing for the judge shown: each reason once, after the
// knobs it holds for.
func inactiveNotes(c *common, ids []knobID, w int) []string {
	var reasons []string
	knobs := map[string][]string{}
	for _, id := range ids {
		why := c.inactive(id)
		if why == "" {
			continue
		}
		if _, ok := knobs[why]; !ok {
			reasons = append(reasons, why)
		}
		knobs[why] = append(knobs[why], labelOf(id, &c.knobs))
	}
	var out []string
	for _, why := range reasons {
		verb := "changes"
		if len(knobs[why]) > 1 {
			verb = "change"
		}
		for _, l := range wrap(fmt.Sprintf("%s %s nothing here: %s", strings.Join(knobs[why], ", "), verb, why), w, " "+inactiveMark) {
			out = append(out, c.st.Faint.Render(l))
		}
	}
	return out
}
