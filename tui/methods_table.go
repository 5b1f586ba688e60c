package tui

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/report"
)

// methodsTable is the Selection pane's methods × metrics table (raw,
// CalibraEval, the baselines), over every item or over the held-out items
// (pick chooses the metrics), each change from raw marked by its sign on
// wide terminals and, over every item, by the bootstrap's ▲/▼/= (the
// legend says how far the bootstrap has got). It moves sideways with its
// pane's other tables (cols).
type methodsTable struct {
	c    *common
	cols *columns
	pick func(*selection.MethodResult) *metrics.Metrics
	w    int
}

// newMethodsTable returns the table of the metrics pick chooses, moved
// sideways by cols.
func newMethodsTable(c *common, cols *columns, pick func(*selection.MethodResult) *metrics.Metrics) *methodsTable {
	return &methodsTable{c: c, cols: cols, pick: pick}
}

// allItems and heldoutItems pick a method's metrics over every item and
// over the items outside the estimation set.
func allItems(r *selection.MethodResult) *metrics.Metrics     { return &r.All }
func heldoutItems(r *selection.MethodResult) *metrics.Metrics { return r.Heldout }

// SetSize gives the table its width (its height is its rows').
func (t *methodsTable) SetSize(w, _ int) { t.w = w }

// Lines draws the table of sel.
func (t *methodsTable) Lines(sel *selection.Result) []string {
	cols := report.SelectionColumns()
	withDelta := t.w >= 140
	head := []string{" method"}
	for _, c := range cols {
		head = append(head, c.Title)
	}
	head = append(head, "n")
	raw := t.pick(sel.Method(selection.MethodRaw))
	var rows [][]string
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		title := " " + report.MethodTitle(mr.Name)
		mt := t.pick(mr)
		if mr.Name == selection.MethodDiscard {
			title = " discard incons."
			if k := mr.KeptFor(mt); k != nil && k.OK() {
				title += fmt.Sprintf(" (%.0f%%)", 100*k.Value)
			}
		}
		row := []string{title}
		if mr.Available && mt != nil && mr.Degenerate {
			rows = append(rows, t.collapsedRow(title, len(cols), mt.N))
			continue
		}
		if !mr.Available || mt == nil {
			for range cols {
				row = append(row, "— ") // under the digits, not the change glyph
			}
			rows = append(rows, append(row, "—"))
			continue
		}
		for _, c := range cols {
			s := c.Get(mt)
			cell := fmtStat(s, c.Decimals)
			if s.OK() && s.Flag != "" {
				cell += report.FlagMark // a value that cannot be right: no change glyph
			} else if s.OK() && mr.Name != selection.MethodRaw && raw != nil {
				if r := c.Get(raw); r.OK() && r.Flag == "" {
					g := ""
					if mt == &mr.All { // the intervals are over all items
						g = t.intervalGlyph(mr.Name, c, r.Value, s.Value)
					}
					if g == "" {
						g = " " // no mark: its column stays, so digits line up with raw's
					}
					if withDelta {
						cell += " " + signedDelta(s.Value-r.Value, c.Decimals)
					}
					cell += g
				}
			} else {
				cell += " " // the glyph's column: digits line up in every row
			}
			row = append(row, cell)
		}
		rows = append(rows, append(row, fmt.Sprint(mt.N)))
	}
	return t.cols.fit(&t.c.st, head, rows, prioOf(head, methodsPrio), t.w)
}

// collapsedRow is a collapsed method's row: greyed, "collapsed" in every
// metric cell, no change from raw and no ▲/▼.
func (t *methodsTable) collapsedRow(title string, cols, n int) []string {
	st := &t.c.st
	row := []string{st.Collapsed.Render(title + " (collapsed)")}
	for range cols {
		row = append(row, st.Collapsed.Render("collapsed"))
	}
	return append(row, st.Collapsed.Render(fmt.Sprint(n)))
}

// intervalGlyph marks a method's change from raw in the all-items table:
// ▲ (better) or ▼ (worse) when the change's bootstrap interval excludes 0,
// "=" when it contains 0 (within noise), and nothing when there are no
// intervals (yet, or --bootstrap 0).
func (t *methodsTable) intervalGlyph(method string, c report.Column, raw, v float64) string {
	iv := t.c.intervals()
	if iv == nil {
		if t.c.boot.running {
			return " " // the mark's place, so the table does not shift when it comes
		}
		return ""
	}
	mi := iv.Method(method)
	if mi == nil {
		return ""
	}
	d, ok := mi.Delta[report.BootKey(c)]
	if !ok {
		return ""
	}
	switch report.IntervalChange(c.Better, d, raw, v) {
	case +1:
		return t.c.st.Better.Render("▲")
	case -1:
		return t.c.st.Worse.Render("▼")
	}
	return "="
}

// legend is the caption of the all-items table: what the marks mean, or
// how far the bootstrap has got.
func (t *methodsTable) legend() string {
	c := t.c
	switch iv := c.intervals(); {
	case iv != nil && iv.Options.Resamples == 0 && len(iv.Notes) > 0:
		return "  no ▲/▼ marks: " + iv.Notes[0]
	case iv != nil:
		return "  ▲ better ▼ worse = within noise (change's 95% CI)"
	case c.boot.running:
		pct := 0
		if c.boot.total > 0 {
			pct = 100 * c.boot.done / c.boot.total
		}
		return fmt.Sprintf("  bootstrap %d%%… (▲/▼ marks follow)", pct)
	case c.boot.err != nil:
		return "  no intervals: " + c.boot.err.Error()
	case c.cur != nil && c.cur.opt.Bootstrap.Resamples <= 0:
		return "  no ▲/▼ marks: intervals are off (--bootstrap 0)"
	}
	return ""
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
