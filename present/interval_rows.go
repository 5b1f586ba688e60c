package present

import (
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/selection"
)

// IntervalRow is one method's row of a table of bootstrap intervals: a
// cell per column of SelectionColumns, in order (the changes' table: per
// title of ChangeIntervalTitles).
type IntervalRow struct {
	// Name is the method's name (selection.MethodNames) and Title its
	// display name (MethodTitle).
	Name, Title string
	Cells       []IntervalCell
}

// IntervalCell is one interval as text, its ends at the column's decimals
// (a change's signed, at ChangeDecimals); both "" when there is none.
type IntervalCell struct{ Lo, Hi string }

// Text is the cell as a table shows it: "[lo, hi]", or "—" when there is
// no interval.
func (c IntervalCell) Text() string {
	if c.Lo == "" {
		return "—"
	}
	return "[" + c.Lo + ", " + c.Hi + "]"
}

// ValueIntervalRows are the rows of the intervals of the methods' values
// over every item: one per method with intervals, in sel's order, a cell
// per column of SelectionTitles.
func ValueIntervalRows(sel *selection.Result, iv *selection.Intervals) []IntervalRow {
	return intervalRows(sel, iv, false)
}

// ChangeIntervalRows are the rows of the intervals of the methods' changes
// from raw over every item: one per method with intervals, in sel's order,
// a cell per title of ChangeIntervalTitles.
func ChangeIntervalRows(sel *selection.Result, iv *selection.Intervals) []IntervalRow {
	return intervalRows(sel, iv, true)
}

// ChangeIntervalTitles are the titles of the cells of ChangeIntervalRows:
// the columns' (SelectionTitles), the first-position rate's followed by
// DistanceTitle, the interval of the change in its distance from ½ — the
// interval its mark reads (MarkInterval) — beside the signed change's.
func ChangeIntervalTitles() []string {
	var t []string
	for _, c := range selectionColumns {
		t = append(t, c.Title)
		if c.Better == 0 {
			t = append(t, DistanceTitle)
		}
	}
	return t
}

// intervalRows are the rows of the intervals of the values, or of the
// changes (signed, at ChangeDecimals) when delta.
func intervalRows(sel *selection.Result, iv *selection.Intervals, delta bool) []IntervalRow {
	if sel == nil || iv == nil {
		return nil
	}
	var rows []IntervalRow
	for i := range sel.Methods {
		mi := iv.Method(sel.Methods[i].Name)
		if mi == nil || (delta && mi.Delta == nil) || (!delta && mi.Value == nil) {
			continue
		}
		row := IntervalRow{Name: mi.Name, Title: MethodTitle(mi.Name)}
		for _, c := range selectionColumns {
			if !delta {
				row.Cells = append(row.Cells, intervalCell(mi.Value, c, false))
				continue
			}
			row.Cells = append(row.Cells, intervalCell(mi.Delta, c, true))
			if c.Better == 0 {
				row.Cells = append(row.Cells, intervalCell(mi.DistanceDelta, c, true))
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// intervalCell is the cell of column c's interval in by (by its BootKey),
// a change's (signed, at ChangeDecimals) when delta.
func intervalCell(by map[string]bootstrap.Interval, c Column, delta bool) IntervalCell {
	x, ok := by[BootKey(c)]
	if !ok || x.CI == nil {
		return IntervalCell{}
	}
	dec := c.Decimals
	if delta {
		dec = ChangeDecimals(x, x.Estimate, dec)
	}
	return IntervalCell{Lo: SignedIf(x.CI.Lower, dec, delta), Hi: SignedIf(x.CI.Upper, dec, delta)}
}
