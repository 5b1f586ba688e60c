package tui

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// TestParseFilter: the filter grammar of docs/tui.md, word by word.
func TestParseFilter(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in     string
		scores bool
		want   []filterTerm
		err    string // a part of the error; "" for none
	}{
		{in: "", want: nil},
		{in: "   ", want: nil},
		{in: "P001", want: []filterTerm{{text: "p001"}}},
		{in: "cons:no", want: []filterTerm{{field: "cons", text: "no"}}},
		{in: "CONS=Yes", want: []filterTerm{{field: "cons", text: "yes"}}},
		{in: "cons:n/a", want: []filterTerm{{field: "cons", text: "n/a"}}},
		{in: "gold:1 gold:none", want: []filterTerm{{field: "gold", text: "1"}, {field: "gold", text: "none"}}},
		{in: "shift>0.2", want: []filterTerm{{field: "shift", op: opGt, num: 0.2}}},
		{in: "shift>=0.2 x0<.5 x3<=1 x1:0", want: []filterTerm{{field: "shift", op: opGe, num: 0.2},
			{field: "x0", op: opLt, num: 0.5}, {field: "x3", op: opLe, num: 1}, {field: "x1", op: opEq, num: 0}}},
		{in: "coding cons:no", want: []filterTerm{{text: "coding"}, {field: "cons", text: "no"}}},
		{in: ":x", want: []filterTerm{{text: ":x"}}}, // no field before the operator: text
		{in: "rs>1.5 us<0", scores: true, want: []filterTerm{{field: "rs", op: opGt, num: 1.5}, {field: "us", op: opLt, num: 0}}},
		{in: "shift>x", err: "shift takes a number"},
		{in: "shift>NaN", err: "shift takes a number"},
		{in: "shift>inf", err: "shift takes a number"},
		{in: "shift>", err: "shift takes a number"},
		{in: "cons>1", err: "cons takes cons:VALUE"},
		{in: "cons:maybe", err: "cons is one of yes, no, n/a"},
		{in: "gold:3", err: "gold is one of 1, 2, tie, none"},
		{in: "colour:red", err: `no field "colour"`},
		{in: "shift>0.2", scores: true, err: `no field "shift"`},
		{in: "cons:no", scores: true, err: `no field "cons"`},
		{in: "ok shift>x", err: "shift takes a number"},
	} {
		got, err := parseFilter(c.in, c.scores)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("parseFilter(%q) error %v, want one with %q", c.in, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("parseFilter(%q): %v", c.in, err)
		case c.err == "" && !reflect.DeepEqual(got, c.want):
			t.Errorf("parseFilter(%q) = %+v, want %+v", c.in, got, c.want)
		case c.err != "" && got != nil:
			t.Errorf("parseFilter(%q) = %+v with an error: a bad filter has no terms", c.in, got)
		}
	}
}

// FuzzParseFilter: any input parses or fails without a panic; an error
// quotes a word of the input and there are then no terms; every term is
// a known field or lower-case text, and its number is finite.
func FuzzParseFilter(f *testing.F) {
	for _, s := range []string{"", "cons:no", "gold:1 shift>0.2", "x0<=0.5 p00", "shift>x", ":", "a:b:c", "rs>=1e308", "é:1", "\x00>1"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, scores bool) {
		terms, err := parseFilter(s, scores)
		if err != nil {
			if terms != nil {
				t.Fatalf("%q: terms %v with error %v", s, terms, err)
			}
			return
		}
		if len(terms) != len(strings.Fields(s)) {
			t.Fatalf("%q: %d terms for %d words", s, len(terms), len(strings.Fields(s)))
		}
		for _, tm := range terms {
			switch {
			case tm.field == "":
				if utf8.ValidString(tm.text) && tm.text != strings.ToLower(tm.text) {
					t.Fatalf("%q: text %q not lower-case", s, tm.text)
				}
			case math.IsNaN(tm.num) || math.IsInf(tm.num, 0):
				t.Fatalf("%q: term %+v has no finite number", s, tm)
			}
		}
	})
}

// sortData is a small item set: ids out of order, ties in every column,
// a missing arrangement and a missing gold.
func sortData() *itemData {
	pairs := []model.Pair{
		{ID: "c", Group: "g2", Gold: model.Gold2},
		{ID: "a", Group: "g1", Gold: model.GoldNone},
		{ID: "b", Group: "g1", Gold: model.Gold1},
		{ID: "d", Group: "g2", Gold: model.Gold1},
	}
	r := [][model.NumArrangements]float64{{0.9, 0.9, 0.9, 0.9}, {0.2, 0.2, 0.2, 0.2}, {0.9, 0.1, 0.9, 0.9}, {0.2, 0.2, 0.2, 0.2}}
	for i := range pairs {
		pairs[i].Has = [model.NumArrangements]bool{true, true, true, true}
	}
	pairs[3].Has[0] = false
	d := &itemData{itemBase: &itemBase{Pairs: pairs, Raw: calib.Prefs{R: r}, Consistent: []int8{1, 1, 0, 1}}}
	d.hasCal, d.shift = true, []float64{0.1, 0.3, 0.1, 0.3}
	return d
}

// TestSortPairs: each column sorts stably, ties by id, a missing number
// last in either direction.
func TestSortPairs(t *testing.T) {
	t.Parallel()
	d := sortData()
	ids := func(s itemSort) string {
		rows := []int{0, 1, 2, 3}
		d.sortPairs(rows, s)
		var b strings.Builder
		for _, i := range rows {
			b.WriteString(d.Pairs[i].ID)
		}
		return b.String()
	}
	for _, c := range []struct {
		s    itemSort
		want string
	}{
		{itemSort{col: -1}, "cabd"},
		{itemSort{col: pcID}, "abcd"},
		{itemSort{col: pcID, rev: true}, "dcba"},
		{itemSort{col: pcGroup}, "abcd"},            // g1 a, b; g2 c, d
		{itemSort{col: pcGroup, rev: true}, "cdab"}, // ties still by id
		{itemSort{col: pcX0}, "bcad"},               // 0.9 b, c (by id); 0.2 a; d lacks x0: last
		{itemSort{col: pcX0, rev: true}, "abcd"},    // still last
		{itemSort{col: pcGold}, "bdca"},             // 1: b, d; 2: c; none last
		{itemSort{col: pcGold, rev: true}, "cbda"},
		{itemSort{col: pcCons}, "bacd"}, // NO first
		{itemSort{col: pcShift}, "adbc"},
		{itemSort{col: pcShift, rev: true}, "bcad"},
	} {
		if got := ids(c.s); got != c.want {
			t.Errorf("sort %s: %s, want %s", c.s.name(false), got, c.want)
		}
	}
}

// BenchmarkSortFilter100k: the s and / keys at 100,000 pair items (the
// sort by shift, the filter cons:no shift>0.2 with a text word).
func BenchmarkSortFilter100k(b *testing.B) {
	const n = 100_000
	d := &itemData{itemBase: &itemBase{Pairs: make([]model.Pair, n), Raw: calib.Prefs{R: make([][model.NumArrangements]float64, n)},
		Consistent: make([]int8, n)}, hasCal: true, shift: make([]float64, n)}
	for i := range n {
		d.Pairs[i] = model.Pair{ID: fmt.Sprintf("p%06d", (i*7919)%n), Group: "g", Prompt: "a prompt of some length, as a log has"}
		d.Pairs[i].Has = [model.NumArrangements]bool{true, true, true, true}
		d.shift[i] = float64((i*31)%1000) / 1000
		d.Consistent[i] = int8(i % 2)
	}
	terms, err := parseFilter("cons:no shift>0.2 prompt", false)
	if err != nil {
		b.Fatal(err)
	}
	rows := make([]int, 0, n)
	for b.Loop() {
		rows = rows[:0]
		for i := range n {
			if d.matchPair(i, terms) {
				rows = append(rows, i)
			}
		}
		d.sortPairs(rows, itemSort{col: pcShift})
	}
}
