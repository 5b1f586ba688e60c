package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
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
	// last is the result drawn last and prev the one before it with
	// other options (same judge and group), for lambdaNote.
	last, prev *selection.Result
	lastOf     [2]string
	// flash puts lambdaNote in the status line too, once per result
	// (flashed).
	flash   bool
	flashed *selection.Result
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
	cols := present.SelectionColumns()
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
		title := " " + present.MethodTitle(mr.Name)
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
			cell := present.FmtStat(s, c.Decimals)
			if s.OK() && s.Flag != "" {
				cell += present.FlagMark // a value that cannot be right: no change glyph
			} else if s.OK() && mr.Name != selection.MethodRaw && raw != nil {
				if r := c.Get(raw); r.OK() && r.Flag == "" {
					g, dec := "", c.Decimals
					if mt == &mr.All { // the intervals are over all items
						g = t.intervalGlyph(mr.Name, c, r.Value, s.Value)
						if d, ok := t.delta(mr.Name, c); ok {
							dec = present.ChangeDecimals(d, s.Value-r.Value, dec) // a marked change never reads ±0
						}
					}
					if g == "" {
						g = " " // no mark: its column stays, so digits line up with raw's
					}
					if withDelta {
						cell += " " + present.Signed(s.Value-r.Value, dec)
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
	t.track(sel)
	out := t.cols.fit(&t.c.st, head, rows, prioOf(head, methodsPrio), t.w)
	if note, short := t.lambdaNote(sel, cols); note != "" {
		for _, l := range wrap(note, t.w, "  ") {
			out = append(out, t.c.st.Faint.Render(l))
		}
		if t.flash && !sel.Preview && t.flashed != sel {
			// The status line says it too, in one line: at 80×24 the
			// table is below the fold while λ is stepped.
			t.flashed = sel
			t.c.setFlash("%s", short)
		}
	}
	return out
}

// track remembers sel as the result drawn last; the one drawn before it
// becomes prev when sel has other options for the same judge and group
// (a preview and its exact fit, or the path attached, keep prev).
func (t *methodsTable) track(sel *selection.Result) {
	if sel == t.last || t.c.cur == nil {
		return
	}
	of := [2]string{t.c.cur.judge, t.c.cur.opt.Group}
	switch {
	case t.last == nil || of != t.lastOf:
		t.prev = nil
	case t.last.Options != sel.Options:
		t.prev = t.last
	}
	t.last, t.lastOf = sel, of
}

// lambdaNote says when the last λ step changed no number in the columns
// the table shows (at 80 columns: consistency, first-position rate, κ,
// RStd and accuracy, which move only when a calibrated choice flips),
// and which hidden columns it did change (ICC(2,k) and ICC(3,k) follow
// the calibrated preferences themselves), in full and in one line of the
// table's width: "" otherwise, when the options differ in more than λ,
// or when λ changes nothing for the judge anyway (common.inactive).
func (t *methodsTable) lambdaNote(sel *selection.Result, cols []present.Column) (note, short string) {
	prev := t.prev
	if prev == nil || t.c.inactive(kLambda) != "" {
		return "", ""
	}
	a := prev.Options
	a.Lambda = sel.Options.Lambda
	if a != sel.Options || prev.Options.Lambda == sel.Options.Lambda {
		return "", ""
	}
	var hidden []string
	for ci, c := range cols {
		changed := false
		for i := range sel.Methods {
			mr := &sel.Methods[i]
			pm := prev.Method(mr.Name)
			if pm == nil || t.cellValue(mr, c) != t.cellValue(pm, c) {
				changed = true
			}
		}
		if !changed {
			continue
		}
		if slices.Contains(t.cols.shown, ci+1) {
			return "", "" // a column shown changed
		}
		hidden = append(hidden, c.Title)
	}
	from, to := trimFloat(prev.Options.Lambda), trimFloat(sel.Options.Lambda)
	if len(hidden) == 0 {
		note = fmt.Sprintf("λ %s → %s changed no number of this table at the digits shown", from, to)
		return note, fmt.Sprintf("λ %s changed no number of the methods table", to)
	}
	note = fmt.Sprintf("λ %s → %s changed none of the columns shown; %s changed (> shows them)", from, to, strings.Join(hidden, ", "))
	short = fmt.Sprintf("λ %s: no column shown changed; %s did (> shows them)", to, strings.Join(hidden, ", "))
	if len([]rune(short)) >= t.w-1 {
		short = fmt.Sprintf("λ %s: no column shown changed; %d hidden did (> shows them)", to, len(hidden))
	}
	return note, short
}

// cellValue is what the table shows of column c for a method, without
// its change from raw.
func (t *methodsTable) cellValue(mr *selection.MethodResult, c present.Column) string {
	mt := t.pick(mr)
	switch {
	case !mr.Available || mt == nil:
		return "—"
	case mr.Degenerate:
		return "collapsed"
	}
	return present.FmtStat(c.Get(mt), c.Decimals)
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
// intervals (yet, or --bootstrap 0) or the change has none (a blank keeps
// the column; the pane's notes say why).
func (t *methodsTable) intervalGlyph(method string, c present.Column, raw, v float64) string {
	iv := t.c.intervals()
	if iv == nil {
		if t.c.boot.running {
			return " " // the mark's place, so the table does not shift when it comes
		}
		return ""
	}
	d, ok := t.delta(method, c)
	if !ok {
		return ""
	}
	if !present.HasInterval(d) {
		return " "
	}
	fixed := present.FixedFitMark(iv, method)
	if fixed == "" && len(iv.Fixed) > 0 {
		fixed = " " // the note's place, so marked changes line up
	}
	switch present.IntervalChange(c.Better, d, raw, v) {
	case +1:
		return t.c.st.Better.Render(vocab.BetterSym) + fixed
	case -1:
		return t.c.st.Worse.Render(vocab.WorseSym) + fixed
	}
	return vocab.WithinNoiseSym + fixed
}

// delta is the bootstrap interval of a method's change from raw on c's
// metric (false when there are no intervals, or none for it).
func (t *methodsTable) delta(method string, c present.Column) (bootstrap.Interval, bool) {
	return present.DeltaOf(t.c.intervals(), method, c)
}

// legend is the caption of the all-items table: what the marks mean, or
// how far the bootstrap has got.
func (t *methodsTable) legend() string {
	c := t.c
	switch iv := c.intervals(); {
	case iv != nil && iv.Options.Resamples == 0 && len(iv.Notes) > 0:
		return "  no ▲/▼ marks: " + iv.Notes[0]
	case iv != nil:
		l := fmt.Sprintf("  %s %s %s %s %s %s (change's 95%% CI)", vocab.BetterSym, vocab.Better, vocab.WorseSym, vocab.Worse,
			vocab.WithinNoiseSym, vocab.WithinNoise)
		if c.cur != nil && len(present.NoIntervalNotes(c.cur.ja.Selection, iv)) > 0 {
			l += "; blank: " + vocab.NoInterval + " (notes)"
		}
		if len(iv.Fixed) > 0 {
			l += "; " + vocab.FixedFitSym + " " + vocab.FixedFit + ": too narrow (--refit)"
		}
		return l
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

// flagNotes explains the flagged values (present.FlagMark) of a method's
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
		for _, c := range present.SelectionColumns() {
			if s := c.Get(part.m); s.OK() && s.Flag != "" {
				out = append(out, fmt.Sprintf("%s %s: %s = %.*f%s — %s", present.FlagMark, present.MethodTitle(mr.Name),
					c.Title, c.Decimals, s.Value, part.where, s.Flag))
			}
		}
	}
	return out
}

// fmtFlagged is fmtStat with present.FlagMark after a value that cannot be
// right (the Selection pane's notes say why).
func fmtFlagged(s calib.Stat, dec int) string {
	if s.OK() && s.Flag != "" {
		return present.FmtStat(s, dec) + present.FlagMark
	}
	return present.FmtStat(s, dec)
}
