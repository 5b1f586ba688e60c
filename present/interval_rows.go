package present

import (
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/selection"
)

// IntervalRow is one method's row of a table of bootstrap intervals: a
// cell per column of SelectionColumns, in order.
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
// over every item: one per method with intervals, in sel's order.
func ValueIntervalRows(sel *selection.Result, iv *selection.Intervals) []IntervalRow {
	return intervalRows(sel, iv, false, func(mi *selection.MethodIntervals) map[string]bootstrap.Interval { return mi.Value })
}

// ChangeIntervalRows are the rows of the intervals of the methods' changes
// from raw over every item: one per method with intervals, in sel's order.
func ChangeIntervalRows(sel *selection.Result, iv *selection.Intervals) []IntervalRow {
	return intervalRows(sel, iv, true, func(mi *selection.MethodIntervals) map[string]bootstrap.Interval { return mi.Delta })
}

// intervalRows are the rows of the intervals get chooses, of changes
// (signed, at ChangeDecimals) when delta.
func intervalRows(sel *selection.Result, iv *selection.Intervals, delta bool, get func(*selection.MethodIntervals) map[string]bootstrap.Interval) []IntervalRow {
	if sel == nil || iv == nil {
		return nil
	}
	var rows []IntervalRow
	for i := range sel.Methods {
		mi := iv.Method(sel.Methods[i].Name)
		if mi == nil || get(mi) == nil {
			continue
		}
		row := IntervalRow{Name: mi.Name, Title: MethodTitle(mi.Name)}
		for _, c := range selectionColumns {
			var cell IntervalCell
			if x, ok := get(mi)[BootKey(c)]; ok && x.CI != nil {
				dec := c.Decimals
				if delta {
					dec = ChangeDecimals(x, x.Estimate, dec)
				}
				cell = IntervalCell{Lo: SignedIf(x.CI.Lower, dec, delta), Hi: SignedIf(x.CI.Upper, dec, delta)}
			}
			row.Cells = append(row.Cells, cell)
		}
		rows = append(rows, row)
	}
	return rows
}
