package report

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/present"
)

// TestWriteMethodsTableLayout: the Markdown lays out present's rows as
// the report always has — a change and its mark in brackets, FlagMark
// after a flagged value, "(kept x%)" and "(collapsed)" in the title, "—"
// for an unavailable method's cells and count — and writes nothing
// without rows (a Doc decoded from JSON).
func TestWriteMethodsTableLayout(t *testing.T) {
	n := len(present.SelectionColumns())
	row := func(r present.MethodRow, first ...present.MethodCell) present.MethodRow {
		fill := present.MethodCell{Value: "—"}
		if r.Collapsed && r.Available {
			fill = present.MethodCell{Value: "collapsed"}
		}
		for i := range n {
			c := fill
			if i < len(first) {
				c = first[i]
			}
			r.Cells = append(r.Cells, c)
		}
		return r
	}
	kept := 0.75
	rows := []present.MethodRow{
		row(present.MethodRow{Title: "raw", Available: true, N: 100},
			present.MethodCell{Value: "0.800"}, present.MethodCell{Value: "1.200", Flag: "outside [−1, 1]"}),
		row(present.MethodRow{Title: "Pride", Available: true, N: 100},
			present.MethodCell{Value: "0.800", Change: "−0.0004", Mark: "▼"}, present.MethodCell{Value: "0.600", Change: "+0.100"}),
		row(present.MethodRow{Title: "BPC"}),
		row(present.MethodRow{Title: "CalibraEval", Available: true, Collapsed: true, N: 100}),
		row(present.MethodRow{Title: "discard inconsistent", Available: true, Kept: &kept, N: 75},
			present.MethodCell{Value: "0.900", RawMissing: true}),
	}
	var b strings.Builder
	writeMethodsTable(&b, rows)
	lines := strings.Split(b.String(), "\n")
	dash := strings.Repeat(" — |", n-2)
	for i, want := range []string{
		"| raw | 0.800 | 1.200† |" + dash + " 100 |",
		"| Pride | 0.800 (−0.0004 ▼) | 0.600 (+0.100) |" + dash + " 100 |",
		"| BPC |" + strings.Repeat(" — |", n) + " — |",
		"| CalibraEval (collapsed) |" + strings.Repeat(" collapsed |", n) + " 100 |",
		"| discard inconsistent (kept 75.0%) | 0.900 |" + strings.Repeat(" — |", n-1) + " 75 |",
	} {
		if got := lines[2+i]; got != want {
			t.Errorf("row %d:\n got %s\nwant %s", i, got, want)
		}
	}
	b.Reset()
	if writeMethodsTable(&b, nil); b.Len() != 0 {
		t.Errorf("no rows wrote %q", b.String())
	}
}
