package plot

import (
	"math"
	"strings"
	"testing"
)

func TestBarsExact(t *testing.T) {
	rows := []BarRow{
		{Label: "a", Value: 0.5},
		{Label: "bb", Value: 1},
		{Label: "c", Value: 0.5, Glyph: '▒'},
		{Label: "d", Missing: "n/a"},
		{Label: "e", Value: 1.0 / 56}, // one eighth of one of 7 cells
		{Label: "f", Value: math.NaN()},
	}
	// width 16: label 2 + 2 spaces + bar 7 + space + value 4.
	want := strings.Join([]string{
		"a   ███▌    0.50", // 0.5·7 cells = 3 full + 4/8
		"bb  ███████ 1.00",
		"c   ▒▒▒▒    0.50", // whole cells: round(3.5) = 4
		"d   n/a         ",
		"e   ▏       0.02",
		"f   n/a         ",
	}, "\n")
	if got := Bars(rows, 16); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestBarsClampAndNarrow(t *testing.T) {
	got := Bars([]BarRow{{Label: "x", Value: 1.7}, {Label: "y", Value: -0.2}}, 16)
	// The value column is as wide as "-0.20"; the bar gets the 7 cells left.
	want := "x  ███████  1.70\ny          -0.20"
	if got != want {
		t.Fatalf("got\n%q\nwant\n%q", got, want)
	}
	// Long labels shrink (with an ellipsis) before the bar disappears.
	got = Bars([]BarRow{{Label: "a very long label indeed", Value: 0.5}}, 24)
	if got != "a ve…  ██████       0.50" || cells(got) != 24 {
		t.Fatalf("narrow: %q", got)
	}
	if Bars(nil, 40) != "" || Bars([]BarRow{{Label: "a"}}, 0) != "" {
		t.Fatal("empty input should give an empty string")
	}
}

func TestBarsSweep(t *testing.T) {
	rows := []BarRow{
		{Label: "κ raw", Value: 0.82},
		{Label: "κ calibrated, λ = 0.5", Value: 0.87, Glyph: '▒'},
		{Label: "漢字 wide", Value: 0},
		{Label: "line\nbreak", Value: 1, Glyph: '漢'},
		{Label: "", Missing: "n/a: no\tgold"},
		{Label: "inf", Value: math.Inf(1)},
	}
	ws, _ := sizes()
	for _, w := range ws {
		for n := 1; n <= len(rows); n++ {
			checkBlock(t, "Bars", Bars(rows[:n], w), w, n)
		}
	}
}
