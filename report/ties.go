package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// tiesMarkdown is the accuracy with ties as a class: the figure papers
// such as PandaLM publish, which the table's accuracies (gold ties left
// out, as CalibraEval does) are not.
type tiesMarkdown struct {
	// gold is the number of items with gold 1, 2 or tie; ties how many
	// of them are ties.
	gold, ties int
	// methods are the methods that have the accuracy, in the table's
	// order.
	methods []tieAccuracy
}

// tieAccuracy is one method's accuracy with ties as a class over n items;
// a collapsed method has none, and the line says "collapsed" as its table
// does.
type tieAccuracy struct {
	name      string
	value     float64
	n         int
	collapsed bool
}

// buildTies returns the accuracy with ties as a class when some item has
// a gold tie (nil otherwise: the same items as acc. (mean)).
func buildTies(sel *selection.Result) *tiesMarkdown {
	raw := sel.Method(selection.MethodRaw)
	if raw == nil || !raw.Available || !raw.All.AccuracyTies.OK() || raw.All.AccuracyTies.N == raw.All.AccuracyMean.N {
		return nil
	}
	out := &tiesMarkdown{gold: raw.All.AccuracyTies.N, ties: raw.All.AccuracyTies.N - raw.All.AccuracyMean.N}
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		switch {
		case mr.Available && mr.Degenerate:
			out.methods = append(out.methods, tieAccuracy{name: mr.Name, collapsed: true})
		case mr.Available && mr.All.AccuracyTies.OK():
			out.methods = append(out.methods, tieAccuracy{name: mr.Name, value: mr.All.AccuracyTies.Value, n: mr.All.AccuracyTies.N})
		}
	}
	return out
}

// writeAccuracyTies writes the accuracy with ties as a class, if any.
func writeAccuracyTies(b *strings.Builder, t *tiesMarkdown) {
	if t == nil {
		return
	}
	parts := make([]string, 0, len(t.methods))
	for _, m := range t.methods {
		if m.collapsed {
			parts = append(parts, present.MethodTitle(m.name)+" "+vocab.Collapsed)
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %.4f (n %d)", present.MethodTitle(m.name), m.value, m.n))
	}
	fmt.Fprintf(b, "\nAccuracy with ties as a class (PandaLM's definition; `accuracy_ties`): over the items with gold 1, 2 or "+
		"tie, a decision is right when it equals the gold, so a tie decision is right on a gold tie; mean over "+
		"arrangements. %d of the %d gold items are ties. %s.\n",
		t.ties, t.gold, strings.Join(parts, "; "))
}
