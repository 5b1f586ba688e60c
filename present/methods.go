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
	selection.MethodCC:                   "CC",
	selection.MethodDC:                   "DC",
	selection.MethodBC:                   "BC",
	selection.MethodBPC:                  "BPC",
	selection.MethodDiscard:              "discard inconsistent",
	selection.MethodMEC:                  "MEC",
	selection.MethodBPCScores:            "BPC (scores)",
	selection.MethodMECBPC:               "MEC + BPC",
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

// FlagNote is a flagged value of a methods table (FlagMark after it),
// for the note that says why it cannot be right.
type FlagNote struct {
	// Method is the method's display name (MethodTitle), Column the
	// column's title and Value the value at the column's decimals.
	Method, Column, Value string
	// Heldout says the value is over the held-out items.
	Heldout bool
	// Flag is why the value cannot be right (calib.Stat.Flag).
	Flag string
}

// String is the note as both surfaces write it, e.g. "† CalibraEval:
// ICC(2,k) = 1.204 (held out) — outside [−1, 1]".
func (n FlagNote) String() string {
	where := ""
	if n.Heldout {
		where = " (held out)"
	}
	return fmt.Sprintf("%s %s: %s = %s%s — %s", FlagMark, n.Method, n.Column, n.Value, where, n.Flag)
}

// FlagNotes are a method's flagged values in the methods tables: over
// every item and, when heldout, over the held-out items (none for a
// collapsed method, whose cells read "collapsed").
func FlagNotes(mr *selection.MethodResult, heldout bool) []FlagNote {
	var out []FlagNote
	add := func(held bool, m *metrics.Metrics) {
		if m == nil || mr.Degenerate {
			return
		}
		for _, c := range selectionColumns {
			if st := c.Get(m); st.OK() && st.Flag != "" {
				out = append(out, FlagNote{Method: MethodTitle(mr.Name), Column: c.Title,
					Value: FmtStat(st, c.Decimals), Heldout: held, Flag: st.Flag})
			}
		}
	}
	add(false, &mr.All)
	if heldout {
		add(true, mr.Heldout)
	}
	return out
}
