package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/present"
)

// selectionPane is the Selection bias tab: CalibraEval's map g* over the
// observed P(A) and the recall per arrangement, then the components it
// composes (the methods table over every item and over the held-out items,
// the fit-path chart, the position/ID table), the fit's summary and the
// notes. Its knobs are CalibraEval's: λ, the estimation fraction, the
// objective, the seed, the solver and where the path stops.
type selectionPane struct {
	textPane
	all, heldout *methodsTable
	path         *pathChart
	effects      *effectsTable
}

func newSelectionPane(c *common) *selectionPane {
	p := &selectionPane{path: newPathChart(c), effects: newEffectsTable(c)}
	p.textPane = newTextPane(c, paneKnobs[paneSelection], p.draw)
	p.all = newMethodsTable(c, &p.cols, present.AllItems)
	p.all.flash = true
	p.heldout = newMethodsTable(c, &p.cols, present.Heldout)
	return p
}

// draw: CalibraEval's g* against the diagonal over the observed P(A) and
// recall per arrangement raw vs calibrated, the methods tables, the fit
// path, the position/ID table, the fit and the notes.
func (p *selectionPane) draw(w int) []string {
	if wt := p.c.waiting(); wt != nil {
		return wt
	}
	ja := &p.c.cur.ja
	sel := ja.Selection
	if sel == nil {
		return wrap("No selection-bias analysis: "+ja.SelectionReason, w, " ")
	}
	st := &p.c.st
	p.all.SetSize(w, p.h)
	p.heldout.SetSize(w, p.h)
	p.path.SetSize(w, p.h)
	p.effects.SetSize(w, p.h)

	out := collapseHead(st, sel, w)
	if len(out) > 0 {
		out = append(out, "")
	}
	out = append(out, p.curveAndRecall(sel, w)...)
	// The methods table over every item, and over the held-out items.
	out = append(out, "")
	if sel.Preview {
		for _, l := range wrap(fmt.Sprintf("≈ preview: CalibraEval warm-started from the λ %s fit; the exact fit (from the identity, as plumb report) is running and replaces these numbers",
			trimFloat(sel.WarmFrom)), w, " ") {
			out = append(out, st.Computing.Render(l))
		}
	}
	out = append(out, st.heading(fmt.Sprintf("Methods — all %s", vocab.Plural(sel.N, "item")), strings.TrimSpace(p.all.legend()), w)...)
	out = append(out, p.all.Lines(sel)...)
	if raw := sel.Method(selection.MethodRaw); raw != nil && raw.Heldout != nil {
		out = append(out, "")
		out = append(out, st.heading(fmt.Sprintf("Held out — %s outside the estimation set of %d (seed %d)",
			vocab.Plural(sel.HeldoutSize, "item"), sel.EstSize, sel.Options.Seed), "the honest comparison", w)...)
		out = append(out, p.heldout.Lines(sel)...)
	}
	out = append(out, p.conditionsLines(w)...)
	out = append(out, p.path.Lines(sel)...)
	out = append(append(out, ""), p.effects.Lines(sel)...)
	out = append(out, evidenceLines(st, sel, w)...)
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
		out = append(out, wrap(fmt.Sprintf("CalibraEval fit%s: %s after %s; objective %.6f; %s", start, status,
			vocab.Plural(f.Iterations, "iteration"), f.Objective, vocab.Plural(f.Points, "knot")), w, " ")...)
	}
	if notes := append(selectionNotes(sel), present.NoIntervalNotes(sel, p.c.intervals())...); len(notes) > 0 {
		out = append(out, "", st.Heading.Render(" Notes"))
		for _, n := range notes {
			out = append(out, wrap(n, w, "  · ")...)
		}
	}
	return out
}

// curveAndRecall is the map g* (with the observed P(A) histogram) and the
// recall bars: side by side when wide.
func (p *selectionPane) curveAndRecall(sel *selection.Result, w int) []string {
	st := &p.c.st
	raw := sel.Method(selection.MethodRaw)
	ce, ceName := calibratedRow(sel)
	wide := w >= 120
	chartW := w - 2
	if wide {
		chartW = w/2 - 2
	}
	chartH := max(8, min(16, p.h-4))
	var chart []string
	title := st.Heading.Render(" Learned map g*") + st.Faint.Render(" ("+ceName+"; observed P(A) histogram below)")
	if sel.Curve != nil {
		var obs []float64
		if p.c.cur.items != nil {
			obs = p.c.cur.items.Observed
		}
		c := plot.CurveChart(sel.Curve, plot.CurveOptions{Width: chartW, Height: chartH, Observed: obs, HistRows: 2})
		chart = append([]string{title}, indent(strings.Split(st.Chart.Render(c), "\n"), " ")...)
	} else {
		why := "no CalibraEval row"
		if ce != nil {
			why = ce.Reason
		}
		chart = append([]string{title}, wrap("no curve: "+why, chartW, "  ")...)
	}
	barsW := w - 2
	if wide {
		barsW = w - chartW - 6
	}
	bars := append(st.heading("Recall per arrangement", recallLegend(ce, ceName), barsW),
		indent(strings.Split(plot.Bars(recallRows(raw, ce, sel), barsW), "\n"), " ")...)
	var out []string
	if wide {
		out = sideBySide(chart, bars, w, 3)
	} else {
		out = append(chart, "")
		out = append(out, bars...)
	}
	return out
}

// calibratedRow is the CalibraEval row the map and the recall bars show,
// and its name: the converged fit's, or the published code's when only it
// ran (solver published); nil when neither is in the result.
func calibratedRow(sel *selection.Result) (*selection.MethodResult, string) {
	if ce := sel.Method(selection.MethodCalibraEval); ce != nil {
		return ce, "CalibraEval"
	}
	if pub := sel.Method(selection.MethodCalibraEvalPublished); pub != nil {
		return pub, present.MethodTitle(selection.MethodCalibraEvalPublished)
	}
	return nil, "CalibraEval"
}

// recallLegend is the note of the recall bars: the glyphs, or why there
// are no calibrated bars.
func recallLegend(ce *selection.MethodResult, name string) string {
	switch {
	case ce == nil:
		return "█ raw (no CalibraEval row in this analysis)"
	case !ce.Available:
		return "█ raw (no ▒ " + name + ": not available, the notes say why)"
	case ce.Degenerate:
		return "█ raw (" + name + " collapsed: not shown)"
	}
	return "█ raw  ▒ " + name
}

// selectionNotes are the notes under the pane: unavailable methods and
// why, each method's notes (but the collapse note collapseHead shows) and
// flagged values, the analysis' notes.
func selectionNotes(sel *selection.Result) []string {
	var notes []string
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		if !mr.Available {
			notes = append(notes, present.MethodTitle(mr.Name)+": not available — "+mr.Reason)
		}
		for _, n := range mr.Notes {
			if isCollapseNote(sel, mr, n) {
				continue // at the top of the pane (collapseHead)
			}
			notes = append(notes, present.MethodTitle(mr.Name)+": "+n)
		}
		if mr.Available && mr.All.OneOrder {
			notes = append(notes, present.MethodTitle(mr.Name)+": first-pos. rate — "+metrics.OneOrderNote)
		}
		notes = append(notes, flagNotes(mr)...)
	}
	return append(notes, sel.Notes...)
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

// indent prefixes every line.
func indent(lines []string, p string) []string {
	for i := range lines {
		lines[i] = p + lines[i]
	}
	return lines
}
