package present

import (
	"fmt"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
)

// methodTitles are the Markdown names of the methods.
var methodTitles = map[string]string{
	selection.MethodRaw:                  "raw",
	selection.MethodCalibraEval:          "CalibraEval",
	selection.MethodCalibraEvalPublished: "CalibraEval (published code)",
	selection.MethodPride:                "Pride",
	selection.MethodBPC:                  "BPC",
	selection.MethodDiscard:              "discard inconsistent",
}

// MethodTitle is the display name of a method of selection.MethodNames().
func MethodTitle(name string) string {
	if t, ok := methodTitles[name]; ok {
		return t
	}
	return name
}

// Column is one column of the methods table, shared by the Markdown report
// and the TUI so both show the same metrics the same way.
type Column struct {
	Title    string
	Get      func(m *metrics.Metrics) calib.Stat
	Decimals int
	// Better is +1 when higher is better, −1 when lower is better and 0
	// when 0.5 is fair (the first-position rate).
	Better int
}

var selectionColumns = []Column{
	{"consistency", func(m *metrics.Metrics) calib.Stat { return m.Consistency }, 3, +1},
	{"first-pos. rate", func(m *metrics.Metrics) calib.Stat { return m.FirstPositionRate }, 3, 0},
	{"Fleiss κ", func(m *metrics.Metrics) calib.Stat { return m.FleissKappa }, 3, +1},
	{"ICC(2,k)", func(m *metrics.Metrics) calib.Stat { return m.ICC2k }, 3, +1},
	{"ICC(3,k)", func(m *metrics.Metrics) calib.Stat { return m.ICC3k }, 3, +1},
	{"RStd", func(m *metrics.Metrics) calib.Stat { return m.RStd }, 2, -1},
	{"acc. (mean)", func(m *metrics.Metrics) calib.Stat { return m.AccuracyMean }, 3, +1},
	{"acc. (aggregate)", func(m *metrics.Metrics) calib.Stat { return m.AccuracyAggregate }, 3, +1},
}

// SelectionColumns returns the columns of the methods table, in order.
func SelectionColumns() []Column { return slices.Clone(selectionColumns) }

// SelectionTitles are the titles of selectionColumns, in order.
func SelectionTitles() []string {
	t := make([]string, len(selectionColumns))
	for i, c := range selectionColumns {
		t[i] = c.Title
	}
	return t
}

// FlagMark follows a value that cannot be right (calib.Stat.Flag) in the
// Markdown report and the TUI; a note says why.
const FlagMark = "†"

// FlagNotes are the notes for a method's flagged values in the methods
// tables (all items, and held out when shown).
func FlagNotes(name string, mr *selection.MethodResult, heldout bool) []string {
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
