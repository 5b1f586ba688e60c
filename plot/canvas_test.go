package plot

import (
	"math"
	"strings"
	"testing"
)

func TestCanvasDots(t *testing.T) {
	// Expected glyphs follow the Unicode braille layout: dots 1,2,3,7 down the
	// left column (bits 0x01 0x02 0x04 0x40), 4,5,6,8 down the right (0x08 0x10
	// 0x20 0x80), glyph = U+2800 + bits.
	cases := []struct {
		name string
		dots [][2]int
		want string
	}{
		{"top-left", [][2]int{{0, 0}}, "⠁"},
		{"bottom-right", [][2]int{{1, 3}}, "⢀"},
		{"bottom-left", [][2]int{{0, 3}}, "⡀"},
		{"top-right", [][2]int{{1, 0}}, "⠈"},
		{"left column", [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}}, "⡇"},
		{"all", [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}}, "⣿"},
		{"out of range", [][2]int{{-1, 0}, {0, -1}, {2, 0}, {0, 4}}, " "},
	}
	for _, c := range cases {
		cv := NewCanvas(1, 1)
		for _, d := range c.dots {
			cv.Set(d[0], d[1])
		}
		if got := cv.Lines()[0]; got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestCanvasCells(t *testing.T) {
	cv := NewCanvas(3, 2)
	cv.Set(2, 0) // cell (1,0), top-left dot
	cv.Set(5, 7) // cell (2,1), bottom-right dot
	want := []string{" ⠁ ", "  ⢀"}
	if got := cv.Lines(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
	if w, h := cv.Size(); w != 3 || h != 2 {
		t.Fatalf("Size = %d×%d", w, h)
	}
}

func TestCanvasLine(t *testing.T) {
	cases := []struct {
		name           string
		w, h           int
		x0, y0, x1, y1 int
		want           []string
	}{
		{"horizontal", 2, 1, 0, 0, 3, 0, []string{"⠉⠉"}},
		{"vertical", 1, 2, 1, 0, 1, 7, []string{"⢸", "⢸"}},
		// Bresenham (0,0)→(1,3): dots (0,0) (0,1) (1,2) (1,3) = 0x01|0x02|0x20|0x80.
		{"steep", 1, 1, 0, 0, 1, 3, []string{"⢣"}},
		{"reversed", 1, 1, 1, 3, 0, 0, []string{"⢣"}},
		// Diagonal over 2×1 cells: (0,0) (1,1) (2,2) (3,3).
		{"diagonal", 2, 1, 0, 0, 3, 3, []string{"⠑⢄"}},
		{"single dot", 1, 1, 0, 0, 0, 0, []string{"⠁"}},
		{"clipped both ends", 2, 1, -100, 0, 100, 0, []string{"⠉⠉"}},
		{"fully outside", 2, 1, -5, -5, -1, -9, []string{"  "}},
		{"huge", 2, 1, math.MinInt, 2, math.MaxInt, 2, []string{"⠤⠤"}},
	}
	for _, c := range cases {
		cv := NewCanvas(c.w, c.h)
		cv.Line(c.x0, c.y0, c.x1, c.y1)
		if got := cv.Lines(); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestCanvasMark(t *testing.T) {
	cv := NewCanvas(3, 1)
	cv.Set(0, 0)
	cv.Set(1, 1)
	cv.Mark(0, 0, '◆') // wins over the dots below it
	cv.Mark(1, 0, '漢') // two cells wide: replaced
	cv.Mark(5, 0, 'x') // out of range: ignored
	cv.Mark(2, -1, 'x')
	if got, want := cv.Lines()[0], "◆* "; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestCanvasEmptyAndWidths(t *testing.T) {
	if got := NewCanvas(0, 0).Lines(); len(got) != 0 {
		t.Fatalf("0×0 canvas: %q", got)
	}
	if got := NewCanvas(-3, 2).Lines(); len(got) != 2 || got[0] != "" {
		t.Fatalf("negative width: %q", got)
	}
	NewCanvas(0, 3).Line(0, 0, 10, 10) // no panic on an empty canvas
	cv := NewCanvas(17, 5)
	cv.Line(0, 0, 33, 19)
	cv.Line(0, 19, 33, 0)
	for i, l := range cv.Lines() {
		if cells(l) != 17 {
			t.Errorf("line %d is %d cells wide", i, cells(l))
		}
	}
}
