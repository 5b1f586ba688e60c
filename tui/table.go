package tui

import (
	"fmt"
	"slices"

	"github.com/plumb-eval/plumb/internal/vocab"
)

// columns is a pane's sideways offset of its wide tables: one key moves
// every table of the pane, each clamped to its own columns.
type columns struct {
	// off is the offset (0: the most important columns).
	off int
	// more says whether a table drawn since the pane's last Render has
	// columns right of what it shows.
	more bool
	// arrows says that ←/→ move the tables (no knob is selected), which
	// the hint under a cut table names instead of < and >.
	arrows bool
	// shown holds the indices of the columns the last fit showed.
	shown []int
}

// move moves the tables d columns, or says in the status line why they
// cannot move. It reports whether they moved.
func (cs *columns) move(c *common, d int) bool {
	switch {
	case d > 0 && !cs.more:
		c.setFlash("no more columns to the right")
		return false
	case d < 0 && cs.off == 0:
		c.setFlash("the tables show their first columns")
		return false
	}
	cs.off = max(0, cs.off+d)
	return true
}

// fit lays out a table like table, in w cells. A table wider than w
// keeps its first column (the row names) and
//   - at sideways offset 0, the other columns in order of prio (a smaller
//     number is more important; nil prio means left to right) as long as
//     they fit, shown in their own order;
//   - at offset k > 0 (> or, with no knob selected, →), the columns from
//     the k-th on, left to right, as many as fit;
//
// and a last line says how many columns are hidden and which key shows
// them. Every wide table of the TUI uses it.
func (cs *columns) fit(st *styles, head []string, rows [][]string, prio []int, w int) []string {
	n := len(head)
	var wd []int
	total := func() int {
		wd = make([]int, n)
		for _, r := range append([][]string{head}, rows...) {
			for i := 0; i < n && i < len(r); i++ {
				wd[i] = max(wd[i], cellWidth(r[i]))
			}
		}
		t := wd[0]
		for _, x := range wd[1:] {
			t += 2 + x
		}
		return t
	}
	cs.shown = cs.shown[:0]
	for i := range n {
		cs.shown = append(cs.shown, i)
	}
	if total() <= w || n < 2 {
		return table(head, rows)
	}
	// Too wide: first the short titles, then fewer columns.
	head = slices.Clone(head)
	for i, h := range head {
		if s, ok := shortTitles[h]; ok {
			head[i] = s
		}
	}
	if total() <= w {
		return table(head, rows)
	}
	off := min(cs.off, n-2)
	keep := []int{0}
	used := wd[0]
	fits := func(i int) bool { return used+2+wd[i] <= w }
	if off == 0 {
		order := make([]int, 0, n-1)
		for i := 1; i < n; i++ {
			order = append(order, i)
		}
		rank := func(i int) int {
			if i < len(prio) {
				return prio[i]
			}
			return 1000 + i
		}
		slices.SortStableFunc(order, func(a, b int) int { return rank(a) - rank(b) })
		for _, i := range order {
			if fits(i) {
				keep = append(keep, i)
				used += 2 + wd[i]
			}
		}
		slices.Sort(keep)
	} else {
		for i := off + 1; i < n; i++ {
			if len(keep) > 1 && !fits(i) {
				break
			}
			keep = append(keep, i)
			used += 2 + wd[i]
		}
	}
	cs.shown = keep
	pick := func(r []string) []string {
		out := make([]string, len(keep))
		for j, i := range keep {
			if i < len(r) {
				out[j] = r[i]
			}
		}
		return out
	}
	sub := make([][]string, len(rows))
	for i, r := range rows {
		sub[i] = pick(r)
	}
	out := table(pick(head), sub)
	left, right := "<", ">"
	if cs.arrows {
		left, right = "←", "→"
	}
	hidden := n - len(keep)
	before := 0
	if off > 0 {
		before = off
	}
	after := hidden - before
	if after > 0 {
		cs.more = true
	}
	var hint string
	switch {
	case before > 0 && after > 0:
		hint = fmt.Sprintf("  %s %s left · %s: %s", left, vocab.Plural(before, "column"), vocab.Plural(after, "more column"), right)
	case before > 0:
		hint = fmt.Sprintf("  %s %s left", left, vocab.Plural(before, "column"))
	default:
		hint = fmt.Sprintf("  %s: %s", vocab.Plural(after, "more column"), right)
	}
	return append(out, st.Faint.Render(hint))
}

// shortTitles are the titles a table too wide for the terminal uses.
var shortTitles = map[string]string{
	"consistency": "consist.", "first-pos. rate": "first-pos", "acc. (mean)": "acc.", "acc. (aggregate)": "acc. agg.",
	"corrected θ̂ [CI]": "θ̂ [CI]", "Fleiss κ": "κ", "BiasScore": "Bias", "CI width": "width",
}

// Column priorities of the wide tables: the smaller, the longer a column
// stays when the terminal is narrow.
var (
	// methodsPrio: the row name; consistency, first-position rate and κ
	// (the selection-bias metrics); RStd, mean accuracy and n; then the
	// ICCs and the aggregate accuracy.
	methodsPrio = map[string]int{"consistency": 1, "first-pos. rate": 2, "Fleiss κ": 3, "RStd": 4, "acc. (mean)": 5, "n": 6,
		"ICC(2,k)": 7, "ICC(3,k)": 8, "acc. (aggregate)": 9}
	// comparisonPrio: the corrected rate, consistency and bias first.
	comparisonPrio = []int{0, 7, 2, 3, 6, 8, 5, 9, 1, 4}
)

// prioOf maps column titles to priorities (an unknown title goes last).
func prioOf(head []string, p map[string]int) []int {
	out := make([]int, len(head))
	for i, h := range head {
		if v, ok := p[h]; ok {
			out[i] = v
		} else if i > 0 {
			out[i] = 100 + i
		}
	}
	return out
}
