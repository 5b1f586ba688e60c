package present

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// Pick chooses the metrics a methods table shows of a method: AllItems or
// Heldout.
type Pick func(*selection.MethodResult) *metrics.Metrics

// AllItems picks a method's metrics over every item.
func AllItems(r *selection.MethodResult) *metrics.Metrics { return &r.All }

// Heldout picks a method's metrics over the items outside the estimation
// set (nil when none are held out).
func Heldout(r *selection.MethodResult) *metrics.Metrics { return r.Heldout }

// MethodRow is one method's row of the methods table: what both surfaces
// show of it, decided once. Each surface lays it out its own way (the
// Markdown's "0.912 (+0.012 ▲)", the TUI's glyph column and its change
// only on wide terminals).
type MethodRow struct {
	// Name is the method's name (selection.MethodNames) and Title its
	// display name (MethodTitle).
	Name, Title string
	// Available is false when the method is not available or has no
	// metrics in this table: every cell, and the count, read "—".
	Available bool
	// Collapsed says the method collapsed (calib.Collapsed): every cell of
	// an available method reads "collapsed", with no change from raw.
	Collapsed bool
	// Kept is the share of the table's items the method kept (discard
	// inconsistent; selection.MethodResult.KeptFor), nil when it has none.
	Kept *float64
	// N is the number of items the metrics used (0 when not Available).
	N int
	// Cells has one cell per column of SelectionColumns, in order.
	Cells []MethodCell
	// FitFixed says the bootstrap held the method's fit fixed
	// (selection.Intervals.Fixed): every Mark of the row comes from an
	// interval that is too narrow, and FixedFitMark follows it.
	FitFixed bool
}

// MethodCell is one cell of a MethodRow.
type MethodCell struct {
	// Value is the value at its column's decimals (FmtStat): "—" when it
	// is undefined or the method is not available, "collapsed" when the
	// method collapsed.
	Value string
	// Flag says why a defined value cannot be right (calib.Stat.Flag):
	// FlagMark follows the value and no change from raw is shown.
	Flag string
	// Change is the change from raw, signed (Signed) at ChangeDecimals;
	// "" when none is shown: raw itself, or this value or raw's undefined
	// or flagged.
	Change string
	// Mark is the bootstrap's mark of the change: vocab.BetterSym,
	// vocab.WorseSym or vocab.WithinNoiseSym; "" when it has none (no
	// intervals, the held-out table, or the change has no interval:
	// NoIntervalNotes say why).
	Mark string
	// RawMissing says the value is defined and unflagged but raw's is
	// undefined or flagged, so no change from raw can be shown (the TUI
	// leaves no glyph column after such a value).
	RawMissing bool
}

// MethodRows are the rows of a judge's methods table, one per method in
// sel's order, over the metrics pick chooses. iv gives the changes' marks
// and decimals over every item (nil: none); a held-out table has none.
func MethodRows(sel *selection.Result, iv *selection.Intervals, pick Pick) []MethodRow {
	var raw *metrics.Metrics
	if r := sel.Method(selection.MethodRaw); r != nil {
		raw = pick(r)
	}
	rows := make([]MethodRow, 0, len(sel.Methods))
	for i := range sel.Methods {
		rows = append(rows, methodRow(&sel.Methods[i], pick(&sel.Methods[i]), raw, iv))
	}
	return rows
}

// methodRow is the row of method mr over its metrics m, raw's being rawM.
func methodRow(mr *selection.MethodResult, m, rawM *metrics.Metrics, iv *selection.Intervals) MethodRow {
	row := MethodRow{Name: mr.Name, Title: MethodTitle(mr.Name), Available: mr.Available && m != nil, Collapsed: mr.Degenerate}
	if k := mr.KeptFor(m); k != nil && k.OK() {
		v := k.Value
		row.Kept = &v
	}
	if m != &mr.All {
		iv = nil // the intervals are over every item
	}
	row.FitFixed = FixedFitMark(iv, mr.Name) != ""
	if row.Available {
		row.N = m.N
	}
	for _, c := range selectionColumns {
		switch {
		case !row.Available:
			row.Cells = append(row.Cells, MethodCell{Value: "—"})
		case row.Collapsed:
			row.Cells = append(row.Cells, MethodCell{Value: "collapsed"})
		default:
			var r *calib.Stat
			if rawM != nil && mr.Name != selection.MethodRaw {
				s := c.Get(rawM)
				r = &s
			}
			row.Cells = append(row.Cells, methodCell(c, c.Get(m), r, mr.Name, iv))
		}
	}
	return row
}

// methodCell is the cell of value s in column c, r being raw's value (nil
// for raw itself) and iv the intervals of method's changes.
func methodCell(c Column, s calib.Stat, r *calib.Stat, method string, iv *selection.Intervals) MethodCell {
	cell := MethodCell{Value: FmtStat(s, c.Decimals)}
	switch {
	case !s.OK():
	case s.Flag != "":
		cell.Flag = s.Flag
	case r == nil: // raw itself
	case !r.OK() || r.Flag != "":
		cell.RawMissing = true
	default:
		d, dec := s.Value-r.Value, c.Decimals
		delta, ok := DeltaOf(iv, method, c)
		if ok {
			dec = ChangeDecimals(delta, d, dec) // a marked change never reads ±0
		}
		mark, marked := MarkInterval(iv, method, c)
		if marked {
			dec = max(dec, ChangeDecimals(mark, d, c.Decimals))
			cell.Mark = markOf(c.Better, mark)
		}
		cell.Change = Signed(d, dec)
	}
	return cell
}

// markOf is the mark of a change from raw whose mark reads the bootstrap
// interval mark (MarkInterval): ▲, ▼ or =, "" when it has none.
func markOf(better int, mark bootstrap.Interval) string {
	if !HasInterval(mark) {
		return ""
	}
	switch IntervalChange(better, mark) {
	case +1:
		return vocab.BetterSym
	case -1:
		return vocab.WorseSym
	}
	return vocab.WithinNoiseSym
}
