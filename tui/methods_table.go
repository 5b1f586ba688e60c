package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// methodsTable is the Selection pane's methods × metrics table (raw,
// CalibraEval, the baselines), over every item or over the held-out items
// (pick chooses the metrics), each change from raw marked by its sign on
// wide terminals and, over every item, by the bootstrap's ▲/▼/= (the
// legend says how far the bootstrap has got). Its rows are
// present.MethodRows, which the Markdown report writes too; it lays them
// out. It moves sideways with its pane's other tables (cols).
type methodsTable struct {
	c    *common
	cols *columns
	pick present.Pick
	w    int
	// last is the result drawn last and prev the one before it with
	// other options (same judge and group), for lambdaNote.
	last, prev *selection.Result
	lastOf     [2]string
	// flash puts lambdaNote in the status line too, once per result on
	// screen (flashed; the fit path, attached later, makes a copy of sel
	// but not a new result).
	flash   bool
	flashed *result
}

// newMethodsTable returns the table of the metrics pick chooses
// (present.AllItems or present.Heldout), moved sideways by cols.
func newMethodsTable(c *common, cols *columns, pick present.Pick) *methodsTable {
	return &methodsTable{c: c, cols: cols, pick: pick}
}

// SetSize gives the table its width (its height is its rows').
func (t *methodsTable) SetSize(w, _ int) { t.w = w }

// Lines draws the table of sel.
func (t *methodsTable) Lines(sel *selection.Result) []string {
	cols := present.SelectionColumns()
	head := []string{" method"}
	for _, c := range cols {
		head = append(head, c.Title)
	}
	head = append(head, "n")
	var rows [][]string
	iv := t.c.intervals() // once per table: a cache lookup
	anyFixed := iv != nil && len(iv.Fixed) > 0
	for _, r := range present.MethodRows(sel, iv, t.pick) {
		rows = append(rows, t.row(r, t.w >= 140, anyFixed))
	}
	t.track(sel)
	out := t.cols.fit(&t.c.st, head, rows, prioOf(head, methodsPrio), t.w)
	if note, short := t.lambdaNote(sel, cols); note != "" {
		for _, l := range wrap(note, t.w, "  ") {
			out = append(out, t.c.st.Faint.Render(l))
		}
		if r := t.c.cur; t.flash && !sel.Preview && r != nil && t.flashed != r {
			// The status line says it too, in one line: at 80×24 the
			// table is below the fold while λ is stepped. The result may
			// land after the user has typed on: a message set since the
			// step stays (setNote).
			t.flashed = r
			t.c.setNote(r.asked, "%s", short)
		}
	}
	return out
}

// row lays out one method's row: the change from raw only withDelta (wide
// terminals), every value followed by its mark's column so digits line
// up (and by fixedNote's when anyFixed); a collapsed method greyed,
// "collapsed" in every metric cell.
func (t *methodsTable) row(r present.MethodRow, withDelta, anyFixed bool) []string {
	title := " " + r.Title
	if r.Name == selection.MethodDiscard {
		title = " discard incons."
		if r.Kept != nil {
			title += fmt.Sprintf(" (%.0f%%)", 100**r.Kept)
		}
	}
	if r.Available && r.Collapsed {
		st := &t.c.st
		row := []string{st.Collapsed.Render(title + " (collapsed)")}
		for _, c := range r.Cells {
			row = append(row, st.Collapsed.Render(c.Value))
		}
		return append(row, st.Collapsed.Render(fmt.Sprint(r.N)))
	}
	row := []string{title}
	if !r.Available {
		for _, c := range r.Cells {
			row = append(row, c.Value+" ") // under the digits, not the change glyph
		}
		return append(row, "—")
	}
	for _, c := range r.Cells {
		row = append(row, t.cell(c, withDelta)+fixedNote(c, r.FitFixed, anyFixed))
	}
	return append(row, fmt.Sprint(r.N))
}

// cell lays out one value: with FlagMark (a value that cannot be right:
// no change glyph), or with its change from raw (withDelta) and the
// bootstrap's mark, or with a blank where the mark would be.
func (t *methodsTable) cell(c present.MethodCell, withDelta bool) string {
	switch {
	case c.Flag != "":
		return c.Value + present.FlagMark
	case c.RawMissing:
		return c.Value
	case c.Change == "":
		return c.Value + " " // the glyph's column: digits line up in every row
	}
	cell := c.Value
	if withDelta {
		cell += " " + c.Change
	}
	return cell + t.glyph(c.Mark)
}

// glyph draws a change's mark (present.MethodCell.Mark): ▲ (better) and ▼
// (worse) in their colours, "=" (within noise), and a blank when there is
// none (no intervals yet, --bootstrap 0, or the change has none: the
// pane's notes say why), so the table does not shift when marks come.
func (t *methodsTable) glyph(mark string) string {
	switch mark {
	case vocab.BetterSym:
		return t.c.st.Better.Render(mark)
	case vocab.WorseSym:
		return t.c.st.Worse.Render(mark)
	case "":
		return " "
	}
	return mark
}

// fixedNote follows a marked change of a method whose fit the bootstrap
// held fixed with vocab.FixedFitSym (its interval is too narrow); other
// marked changes get a blank in its place while any method's fit was held
// fixed (anyFixed), so marked changes line up.
func fixedNote(c present.MethodCell, fitFixed, anyFixed bool) string {
	switch {
	case c.Mark == "" || c.Flag != "" || !anyFixed:
		return ""
	case fitFixed:
		return vocab.FixedFitSym
	}
	return " "
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
	before := map[string]present.MethodRow{}
	for _, r := range present.MethodRows(prev, nil, t.pick) {
		before[r.Name] = r
	}
	now := present.MethodRows(sel, nil, t.pick)
	var hidden []string
	for ci, c := range cols {
		changed := false
		for _, r := range now {
			if b, ok := before[r.Name]; !ok || r.Cells[ci].Value != b.Cells[ci].Value {
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

// legend is the caption of the all-items table: what the marks mean, or
// how far the bootstrap has got.
func (t *methodsTable) legend() string {
	c := t.c
	switch iv := c.intervals(); {
	case iv != nil && iv.Options.Resamples == 0 && len(iv.Notes) > 0:
		return "  no ▲/▼ marks: " + iv.Notes[0]
	case iv != nil:
		l := fmt.Sprintf("  %s %s %s %s %s %s (change's 95%% CI; first-pos.: of |rate−0.5|)", vocab.BetterSym, vocab.Better,
			vocab.WorseSym, vocab.Worse, vocab.WithinNoiseSym, vocab.WithinNoise)
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
	if !mr.Available {
		return nil
	}
	var out []string
	for _, n := range present.FlagNotes(mr, true) {
		out = append(out, n.String())
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
