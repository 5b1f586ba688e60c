package plot

import (
	"math"
	"strings"
	"testing"
)

func TestIntervalsExact(t *testing.T) {
	truth := 0.4
	specs := []IntervalSpec{
		{Label: "x", Lo: 0.25, Point: 0.5, Hi: 0.75, HasInterval: true, Truth: &truth},
		{Label: "y", Point: 1},
	}
	// width 33: label 1 + 2 + axis 11 + 2 + text 17. Column of v = round(10·v):
	// 0.25 → 3, 0.4 → 4, 0.5 → 5, 0.75 → 8, 1 → 10.
	want := strings.Join([]string{
		"x  ···├─●──┤··  0.50 [0.25, 0.75]",
		"       ▲        true 0.40        ",
		"y  ··········●  1.00             ",
		"   ┬──┬─┬──┬─┬                   ",
		"   0   0.5   1                   ", // 0.25 and 0.75 would touch their neighbours
		"   ▲ truth                       ",
	}, "\n")
	if got := Intervals(specs, 33); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestIntervalsWideAxisLabels(t *testing.T) {
	got := strings.Split(Intervals([]IntervalSpec{{Label: "a", Point: 0.5}}, 50), "\n")
	if len(got) != 3 {
		t.Fatalf("want row, axis, labels; got %q", got)
	}
	// All five tick labels fit on a 41-cell axis, centred on their ticks.
	axis, labels := got[1], got[2]
	for _, lab := range []string{"0", "0.25", "0.5", "0.75", "1"} {
		if !strings.Contains(labels, lab) {
			t.Errorf("tick label %q missing: %q", lab, labels)
		}
	}
	if c := column(labels, '2'); runeAt(axis, c) != '┬' { // "0.25" is centred: its '2' sits on the tick
		t.Errorf("0.25 not centred on its tick:\n%s\n%s", axis, labels)
	}
	if p, a := column(got[0], '●'), lastColumn(axis, '┬'); p != column(axis, '┬')+(a-column(axis, '┬'))/2 {
		t.Errorf("point 0.5 at column %d, axis from %d to %d", p, column(axis, '┬'), a)
	}
}

func TestIntervalsClampAndOrder(t *testing.T) {
	// Out-of-range and mis-ordered values are clamped and widened to include
	// the point; NaN point shows n/a.
	got := Intervals([]IntervalSpec{
		{Label: "a", Lo: -0.3, Point: 1.2, Hi: 0.9, HasInterval: true},
		{Label: "b", Point: math.NaN(), HasInterval: true},
	}, 40)
	lines := strings.Split(got, "\n")
	if !strings.Contains(lines[0], "1.00 [0.00, 1.00]") || !strings.Contains(lines[0], "├") {
		t.Errorf("clamped row: %q", lines[0])
	}
	if !strings.Contains(lines[1], "n/a") || strings.ContainsRune(lines[1], '●') {
		t.Errorf("NaN row: %q", lines[1])
	}
}

func TestIntervalsSweep(t *testing.T) {
	tr, bad := 0.55, math.Inf(1)
	specs := []IntervalSpec{
		{Label: "raw", Point: 0.61, Lo: 0.55, Hi: 0.66, HasInterval: true},
		{Label: "corrected verdict rate", Point: 0.55, Lo: 0.48, Hi: 0.61, HasInterval: true, Truth: &tr},
		{Label: "漢字\n", Point: 0, Lo: 0, Hi: 0, HasInterval: true, Truth: &bad},
		{Label: "nan", Point: math.NaN(), Lo: math.NaN(), Hi: 2, HasInterval: true},
	}
	ws, _ := sizes()
	for _, w := range ws {
		for n := 1; n <= len(specs); n++ {
			s := Intervals(specs[:n], w)
			checkBlock(t, "Intervals", s, w, 0)
			// Rows + truth lines + (axis, labels when the axis fits) + legend.
			lines := strings.Count(s, "\n") + 1
			if lines < n {
				t.Fatalf("width %d, %d specs: only %d lines", w, n, lines)
			}
		}
	}
	if Intervals(nil, 40) != "" || Intervals(specs, 0) != "" {
		t.Fatal("empty input should give an empty string")
	}
}
