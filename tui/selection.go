package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/report"
)

// renderSelection: CalibraEval's g* against the diagonal over the observed
// P(A), recall per arrangement raw vs calibrated, and the methods table.
func (m *Model) renderSelection(w int) []string {
	if wt := m.c.waiting(); wt != nil {
		return wt
	}
	ja := &m.c.cur.ja
	sel := ja.Selection
	if sel == nil {
		return wrap("No selection-bias analysis: "+ja.SelectionReason, w, " ")
	}
	st := m.c.st
	raw := sel.Method(selection.MethodRaw)
	ce := sel.Method(selection.MethodCalibraEval)

	// The chart and the recall bars: side by side when wide.
	wide := w >= 120
	chartW := w - 2
	if wide {
		chartW = w/2 - 2
	}
	chartH := max(8, min(16, m.bodyHeight(m.panes[m.pane])-4))
	var chart []string
	title := st.Heading.Render(" Learned map g*") + st.Faint.Render(" (CalibraEval; observed P(A) histogram below)")
	if sel.Curve != nil {
		var obs []float64
		if m.c.cur.items != nil {
			obs = m.c.cur.items.observed
		}
		c := plot.CurveChart(sel.Curve, plot.CurveOptions{Width: chartW, Height: chartH, Observed: obs, HistRows: 2})
		chart = append([]string{title}, indent(strings.Split(st.Chart.Render(c), "\n"), " ")...)
	} else {
		chart = append([]string{title}, wrap("no curve: "+ce.Reason, chartW, "  ")...)
	}
	barsW := w - 2
	if wide {
		barsW = w - chartW - 6
	}
	legend := "  █ raw  ▒ CalibraEval"
	if ce != nil && ce.Degenerate {
		legend = "  █ raw  (CalibraEval collapsed: not shown)"
	}
	bars := append([]string{st.Heading.Render(" Recall per arrangement") + st.Faint.Render(legend)},
		indent(strings.Split(plot.Bars(recallRows(raw, ce, sel), barsW), "\n"), " ")...)
	var out []string
	if wide {
		out = sideBySide(chart, bars, w, 3)
	} else {
		out = append(chart, "")
		out = append(out, bars...)
	}

	// The methods table over every item, and over the held-out items.
	out = append(out, "")
	if sel.Preview {
		for _, l := range wrap(fmt.Sprintf("≈ preview: CalibraEval warm-started from the λ %s fit; the exact fit (from the identity, as plumb report) is running and replaces these numbers",
			trimFloat(sel.WarmFrom)), w, " ") {
			out = append(out, st.Computing.Render(l))
		}
	}
	out = append(out, m.c.st.heading(fmt.Sprintf("Methods — all %s", plural(sel.N, "item")), strings.TrimSpace(m.methodsLegend()), w)...)
	out = append(out, m.methodsTable(sel, w, func(r *selection.MethodResult) *metrics.Metrics { return &r.All })...)
	if raw != nil && raw.Heldout != nil {
		out = append(out, "")
		out = append(out, m.c.st.heading(fmt.Sprintf("Held out — %s outside the estimation set of %d (seed %d)",
			plural(sel.HeldoutSize, "item"), sel.EstSize, sel.Options.Seed), "the honest comparison", w)...)
		out = append(out, m.methodsTable(sel, w, func(r *selection.MethodResult) *metrics.Metrics { return r.Heldout })...)
	}
	out = append(out, m.pathBlock(sel, w)...)
	out = append(append(out, ""), m.biasEffectsBlock(sel, w)...)
	if f := sel.Fit; f != nil {
		status := "converged"
		if !f.Converged {
			status = "did not converge (" + f.Status + ")"
		}
		out = append(out, "")
		start := ""
		if sel.WarmStarted {
			start = fmt.Sprintf(" (warm start from λ %s)", trimFloat(sel.WarmFrom))
		}
		out = append(out, wrap(fmt.Sprintf("CalibraEval fit%s: %s after %d iterations; objective %.6f; %d knots", start, status, f.Iterations, f.Objective, f.Points), w, " ")...)
	}
	var notes []string
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		if !mr.Available {
			notes = append(notes, report.MethodTitle(mr.Name)+": not available — "+mr.Reason)
		}
		for _, n := range mr.Notes {
			notes = append(notes, report.MethodTitle(mr.Name)+": "+n)
		}
		notes = append(notes, flagNotes(mr)...)
	}
	notes = append(notes, sel.Notes...)
	if len(notes) > 0 {
		out = append(out, "", st.Heading.Render(" Notes"))
		for _, n := range notes {
			out = append(out, wrap(n, w, "  · ")...)
		}
	}
	return out
}

// recallRows are the recall bars: per arrangement present, recall of gold
// 1 and gold 2, raw (█) and calibrated (▒).
func recallRows(raw, ce *selection.MethodResult, sel *selection.Result) []plot.BarRow {
	var rows []plot.BarRow
	for a := range model.NumArrangements {
		if sel.Arrangements[a] == 0 {
			continue
		}
		for g, get := range []func(*metrics.Metrics) calib.Stat{
			func(x *metrics.Metrics) calib.Stat { return x.Recall1[a] },
			func(x *metrics.Metrics) calib.Stat { return x.Recall2[a] },
		} {
			label := fmt.Sprintf("%s gold %d", model.Arrangement(a), g+1)
			rows = append(rows, barRow(label+" raw", get(&raw.All), '█'))
			if ce != nil && ce.Available && !ce.Degenerate {
				rows = append(rows, barRow(label+" cal", get(&ce.All), '▒'))
			}
		}
	}
	return rows
}

func barRow(label string, s calib.Stat, g rune) plot.BarRow {
	r := plot.BarRow{Label: label, Glyph: g}
	if s.OK() {
		r.Value = s.Value
	} else {
		r.Missing = "n/a"
	}
	return r
}

// methodsTable is the methods × metrics table with each change from raw
// marked by its sign (wide terminals) and a better/worse glyph.
func (m *Model) methodsTable(sel *selection.Result, w int, pick func(*selection.MethodResult) *metrics.Metrics) []string {
	cols := report.SelectionColumns()
	withDelta := w >= 140
	head := []string{" method"}
	for _, c := range cols {
		head = append(head, c.Title)
	}
	head = append(head, "n")
	raw := pick(sel.Method(selection.MethodRaw))
	var rows [][]string
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		title := " " + report.MethodTitle(mr.Name)
		mt := pick(mr)
		if mr.Name == selection.MethodDiscard {
			title = " discard incons."
			if k := mr.KeptFor(mt); k != nil && k.OK() {
				title += fmt.Sprintf(" (%.0f%%)", 100*k.Value)
			}
		}
		row := []string{title}
		if mr.Available && mt != nil && mr.Degenerate {
			rows = append(rows, m.collapsedRow(title, len(cols), mt.N))
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
						g = m.intervalGlyph(mr.Name, c, r.Value, s.Value)
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
	return m.fitTable(head, rows, prioOf(head, methodsPrio), w)
}

// indent prefixes every line.
func indent(lines []string, p string) []string {
	for i := range lines {
		lines[i] = p + lines[i]
	}
	return lines
}
