package figure

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// qualifyStyle adds to the style figures' captions what qualifies their
// numbers (docs/style.md): the length figure names the generator pairs
// where one is the longer, with the pair's φ; the self-preference figure
// says that an own preference without gold mixes bias with quality and
// gives the preference beyond the other judges; a position-dominated
// judge's self-preference and win-rate figures say it is no finding.
func qualifyStyle(figs []Figure, stem string, r *style.Result) []Figure {
	for i := range figs {
		f := &figs[i]
		var add []string
		switch f.Name {
		case stem + ".length":
			for k := range r.Length.GeneratorLonger {
				add = append(add, "Confounded with the generator: "+textsafe.Line(r.Length.GeneratorLonger[k].Sentence())+".")
			}
		case stem + ".selfpref":
			if d := r.PositionDominated; d != nil {
				add = append(add, "Not a finding: "+d.Reason+".")
			}
			if c := r.Self.Caveat; c != "" {
				add = append(add, "Without gold, "+c+".")
			}
			if b := r.Self.BeyondOthers; b != nil && b.Value.OK() {
				add = append(add, fmt.Sprintf("Beyond the other judges (%s), paired by item: %s over %d items.",
					textsafe.Line(strings.Join(b.Judges, ", ")), ciText(b.Value), b.Value.N))
			}
		case stem + ".winrates":
			if d := r.PositionDominated; d != nil {
				add = append(add, "The raw win rates are not findings: "+d.Reason+".")
			}
		}
		if len(add) > 0 {
			f.Caption = strings.TrimSpace(f.Caption) + " " + strings.Join(add, " ")
		}
	}
	return figs
}
