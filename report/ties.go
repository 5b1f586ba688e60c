package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/selection"
)

// writeAccuracyTies writes the accuracy with ties as a class when some
// item has a gold tie: the figure papers such as PandaLM publish, which
// the table's accuracies (gold ties left out, as CalibraEval does) are not.
func writeAccuracyTies(b *strings.Builder, sel *selection.Result) {
	raw := sel.Method(selection.MethodRaw)
	if raw == nil || !raw.Available || !raw.All.AccuracyTies.OK() || raw.All.AccuracyTies.N == raw.All.AccuracyMean.N {
		return // no gold tie: the same items as acc. (mean)
	}
	var parts []string
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		if mr.Available && mr.All.AccuracyTies.OK() {
			parts = append(parts, fmt.Sprintf("%s %.4f (n %d)", methodTitles[mr.Name], mr.All.AccuracyTies.Value, mr.All.AccuracyTies.N))
		}
	}
	fmt.Fprintf(b, "\nAccuracy with ties as a class (PandaLM's definition; `accuracy_ties`): over the items with gold 1, 2 or "+
		"tie, a decision is right when it equals the gold, so a tie decision is right on a gold tie; mean over "+
		"arrangements. %d of the %d gold items are ties. %s.\n",
		raw.All.AccuracyTies.N-raw.All.AccuracyMean.N, raw.All.AccuracyTies.N, strings.Join(parts, "; "))
}
