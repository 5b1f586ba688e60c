package panel

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/stats"
)

// choiceCode is the category of a choice value (1, 2 or tie = 0) as an
// index 0..2 of Fleiss' table.
func choiceCode(v float64) int {
	switch v {
	case 1:
		return 0
	case 2:
		return 1
	}
	return 2
}

// Fleiss returns Fleiss' κ of the choices in t (values 1, 2 and 0 for a
// tie) with the judges as raters and the items every judge judged as
// subjects; N is the number of those items.
func Fleiss(t Table) calib.Stat {
	var counts []int
	n := 0
	for i := range t.V {
		row := [3]int{}
		full := true
		for j, v := range t.V[i] {
			if !t.Has[i][j] {
				full = false
				break
			}
			row[choiceCode(v)]++
		}
		if !full || len(t.V[i]) < 2 {
			continue
		}
		counts = append(counts, row[:]...)
		n++
	}
	if n == 0 {
		return calib.Undefined(0, "no item was judged by every judge")
	}
	k, err := stats.FleissKappa(counts, 3)
	if err != nil {
		return calib.Undefined(n, err.Error())
	}
	return calib.Defined(k, n)
}

// Cohen returns Cohen's κ of judges a and b's choices in t over the items
// both judged; N is the number of those items.
func Cohen(t Table, a, b int) calib.Stat {
	var la, lb []int
	for i := range t.V {
		if t.Has[i][a] && t.Has[i][b] {
			la = append(la, choiceCode(t.V[i][a]))
			lb = append(lb, choiceCode(t.V[i][b]))
		}
	}
	if len(la) == 0 {
		return calib.Undefined(0, "no item judged by both")
	}
	k, err := stats.CohenKappa(la, lb)
	if err != nil {
		return calib.Undefined(len(la), err.Error())
	}
	return calib.Defined(k, len(la))
}
