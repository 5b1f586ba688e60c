package report

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
)

// FlagMark follows a value that cannot be right (calib.Stat.Flag) in the
// Markdown report and the TUI; a note says why.
const FlagMark = "†"

// flagNotes are the notes for a method's flagged values in the methods
// tables (all items, and held out when shown).
func flagNotes(name string, mr *selection.MethodResult, heldout bool) []string {
	var out []string
	add := func(where string, m *metrics.Metrics) {
		if m == nil || mr.Degenerate {
			return
		}
		for _, c := range selectionColumns {
			if st := c.Get(m); st.OK() && st.Flag != "" {
				out = append(out, fmt.Sprintf("%s %s: %s = %.*f%s — %s; no change from raw is shown",
					FlagMark, name, c.Title, c.Decimals, st.Value, where, st.Flag))
			}
		}
	}
	add("", &mr.All)
	if heldout {
		add(" (held out)", mr.Heldout)
	}
	return out
}
