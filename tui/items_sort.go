package tui

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
)

// The Items pane's sort (s cycles the column, S reverses it) and the
// filter's evaluation. Every column sorts stably, ties by id (then file
// order); an item without the column's number (an arrangement it lacks,
// a shift before calibration) sorts last either way.

// Pair columns, in table order; a sort column of -1 is file order.
const (
	pcID = iota
	pcGroup
	pcX0     // pcX0 + a is arrangement a's raw preference
	pcGold   = pcX0 + model.NumArrangements
	pcCons   = pcGold + 1
	pcShift  = pcCons + 1
	pairCols = pcShift + 1
)

// Score columns, in table order.
const (
	scID = iota
	scLS
	scUS
	scRS
	scJudge
	scHuman
	scoreCols
)

// pairColNames and scoreColNames are the columns' header names.
var (
	pairColNames  = []string{"id", "group", "x0 r", "x1 r", "x2 r", "x3 r", "gold", "cons.", "shift"}
	scoreColNames = []string{"id", "LS", "US", "RS", "judge", "human"}
)

// itemSort is one item kind's sort: a column (-1: file order) and whether
// it runs against the column's natural direction (text and gold up,
// numbers down, cons. with NO first).
type itemSort struct {
	col int
	rev bool
}

// asc reports whether the sort is ascending (▲).
func (s itemSort) asc(scores bool) bool {
	natural := s.col == pcID || s.col == pcGroup || s.col == pcGold || s.col == pcCons
	if scores {
		natural = s.col == scID
	}
	return natural != s.rev
}

// name is the sort's words for the heading ("shift ▼", "file order").
func (s itemSort) name(scores bool) string {
	if s.col < 0 {
		return "file order"
	}
	names := pairColNames
	if scores {
		names = scoreColNames
	}
	return names[s.col] + " " + s.mark(scores)
}

func (s itemSort) mark(scores bool) string {
	if s.asc(scores) {
		return "▲"
	}
	return "▼"
}

// next is the sort after s: the next column (pairs: after the last comes
// file order), in its natural direction.
func (s itemSort) next(scores bool) itemSort {
	if scores {
		return itemSort{col: (s.col + 1) % scoreCols}
	}
	c := s.col + 1
	if c == pairCols {
		c = -1
	}
	return itemSort{col: c}
}

// pairKey is item i's value in column col: text for id and group, a
// number for the others (NaN when the item has none).
func (d *itemData) pairKey(i, col int) (string, float64) {
	pr := &d.Pairs[i]
	switch {
	case col == pcID:
		return pr.ID, 0
	case col == pcGroup:
		return pr.Group, 0
	case col < pcGold:
		if a := col - pcX0; pr.Has[a] {
			return "", d.Raw.R[i][a]
		}
	case col == pcGold:
		if pr.Gold == model.GoldNone {
			return "", math.NaN()
		}
		return "", float64(pr.Gold)
	case col == pcCons:
		switch d.Consistent[i] { // NO first, then yes, then n/a
		case 0:
			return "", 0
		case 1:
			return "", 1
		}
		return "", 2
	case d.hasCal:
		return "", d.shift[i]
	}
	return "", math.NaN()
}

// sortItemRows orders rows (indices) by the values key gives and the
// direction asc, missing numbers last, ties by id, then by index. The
// keys are read once per row, not once per comparison.
func sortItemRows(rows []int, asc bool, id func(int) string, key func(int) (string, float64)) {
	type keyed struct {
		text, id string
		v        float64
		i        int
	}
	ks := make([]keyed, len(rows))
	for k, i := range rows {
		t, v := key(i)
		ks[k] = keyed{t, id(i), v, i}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		na, nb := math.IsNaN(a.v), math.IsNaN(b.v)
		c := 0
		switch {
		case na != nb:
			if na {
				return 1
			}
			return -1
		case !na:
			c = cmp.Or(strings.Compare(a.text, b.text), cmp.Compare(a.v, b.v))
			if !asc {
				c = -c
			}
		}
		return cmp.Or(c, strings.Compare(a.id, b.id), cmp.Compare(a.i, b.i))
	})
	for k := range ks {
		rows[k] = ks[k].i
	}
}

// sortPairs orders pair rows by s.
func (d *itemData) sortPairs(rows []int, s itemSort) {
	if s.col < 0 {
		slices.Sort(rows)
		return
	}
	sortItemRows(rows, s.asc(false), func(i int) string { return d.Pairs[i].ID },
		func(i int) (string, float64) { return d.pairKey(i, s.col) })
}

// scoreKey is point pt's value in column col.
func scoreKey(pt *likelihood.Point, col int) (string, float64) {
	switch col {
	case scID:
		return pt.ID, 0
	case scLS:
		return "", pt.LS
	case scUS:
		return "", pt.US
	case scRS:
		return "", pt.RS
	case scJudge:
		return "", pt.Sm
	}
	return "", pt.Sh
}

// sortScores orders score rows by s.
func sortScores(rows []int, pts []likelihood.Point, s itemSort) {
	sortItemRows(rows, s.asc(true), func(i int) string { return pts[i].ID },
		func(i int) (string, float64) { return scoreKey(&pts[i], s.col) })
}

// matchPair reports whether pair item i matches every term.
func (d *itemData) matchPair(i int, terms []filterTerm) bool {
	pr := &d.Pairs[i]
	for _, t := range terms {
		var ok bool
		switch t.field {
		case "":
			ok = containsFold(pr.ID, t.text) || containsFold(pr.Group, t.text) || containsFold(pr.Prompt, t.text)
		case "cons":
			ok = t.text == consWord(d.Consistent[i])
		case "gold":
			ok = t.text == cmp.Or(pr.Gold.String(), "none")
		case "shift":
			ok = d.hasCal && t.compare(d.shift[i])
		default: // x0..x3
			a := int(t.field[1] - '0')
			ok = pr.Has[a] && t.compare(d.Raw.R[i][a])
		}
		if !ok {
			return false
		}
	}
	return true
}

// matchScore reports whether score point pt matches every term.
func matchScore(pt *likelihood.Point, terms []filterTerm) bool {
	for _, t := range terms {
		var ok bool
		if t.field == "" {
			ok = containsFold(pt.ID, t.text)
		} else {
			col := slices.Index(scoreNumFields, t.field) + 1 // scLS..scHuman
			_, v := scoreKey(pt, col)
			ok = t.compare(v)
		}
		if !ok {
			return false
		}
	}
	return true
}

// consWord is the filter's word for an item's consistency.
func consWord(c int8) string {
	switch c {
	case 1:
		return "yes"
	case 0:
		return "no"
	}
	return "n/a"
}

// containsFold reports whether s contains the lower-case sub.
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), sub)
}
