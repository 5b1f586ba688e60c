package tui

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/report"
)

// collapsedRow is a collapsed method's row of the methods table: greyed,
// "collapsed" in every metric cell, no change from raw and no ▲/▼.
func (m *Model) collapsedRow(title string, cols, n int) []string {
	row := []string{m.c.st.Collapsed.Render(title + " (collapsed)")}
	for range cols {
		row = append(row, m.c.st.Collapsed.Render("collapsed"))
	}
	return append(row, m.c.st.Collapsed.Render(fmt.Sprint(n)))
}

// flagNotes explains the flagged values (report.FlagMark) of a method's
// table over every item and over the held-out items.
func flagNotes(mr *selection.MethodResult) []string {
	if !mr.Available || mr.Degenerate {
		return nil
	}
	var out []string
	for _, part := range []struct {
		where string
		m     *metrics.Metrics
	}{{"", &mr.All}, {" (held out)", mr.Heldout}} {
		if part.m == nil {
			continue
		}
		for _, c := range report.SelectionColumns() {
			if s := c.Get(part.m); s.OK() && s.Flag != "" {
				out = append(out, fmt.Sprintf("%s %s: %s = %.*f%s — %s", report.FlagMark, report.MethodTitle(mr.Name),
					c.Title, c.Decimals, s.Value, part.where, s.Flag))
			}
		}
	}
	return out
}

// fmtFlagged is fmtStat with report.FlagMark after a value that cannot be
// right (the Selection pane's notes say why).
func fmtFlagged(s calib.Stat, dec int) string {
	if s.OK() && s.Flag != "" {
		return fmtStat(s, dec) + report.FlagMark
	}
	return fmtStat(s, dec)
}
