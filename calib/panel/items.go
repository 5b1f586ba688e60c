package panel

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// judgedItem reports whether p judged item i in some arrangement.
func judgedItem(p calib.Prefs, i int) bool {
	for _, h := range p.Has[i] {
		if h {
			return true
		}
	}
	return false
}

// shared keeps the items at least two judges judged.
func shared(in Input) Input {
	var idx []int
	for i := range in.Gold {
		n := 0
		for j := range in.Prefs {
			if judgedItem(in.Prefs[j], i) {
				n++
			}
		}
		if n >= 2 {
			idx = append(idx, i)
		}
	}
	out := Input{Judges: in.Judges, Prefs: make([]calib.Prefs, len(in.Prefs)), Gold: make([]model.Gold, len(idx)), People: in.People}
	for j := range in.Prefs {
		out.Prefs[j] = in.Prefs[j].Subset(idx)
	}
	out.Calibrated, out.Pride = subsetAll(in.Calibrated, idx), subsetAll(in.Pride, idx)
	out.Methods = subsetMethods(in.Methods, idx)
	for k, i := range idx {
		out.Gold[k] = in.Gold[i]
	}
	return out
}

// subsetAll returns the items idx of every non-nil preference set (nil
// for nil).
func subsetAll(ps []*calib.Prefs, idx []int) []*calib.Prefs {
	if ps == nil {
		return nil
	}
	out := make([]*calib.Prefs, len(ps))
	for j, c := range ps {
		if c != nil {
			s := c.Subset(idx)
			out[j] = &s
		}
	}
	return out
}

// subsetMethods returns the items idx of every method's choices (nil for
// nil).
func subsetMethods(ms [][]Method, idx []int) [][]Method {
	if ms == nil {
		return nil
	}
	out := make([][]Method, len(ms))
	for j := range ms {
		for _, m := range ms[j] {
			c := make([]model.Gold, len(idx))
			for k, i := range idx {
				c[k] = m.Choice[i]
			}
			out[j] = append(out[j], Method{Name: m.Name, Choice: c})
		}
	}
	return out
}

// Balanced returns the position-balanced preference of item i, the mean
// of r_j over the arrangements it was judged in (ok false when none).
func Balanced(p calib.Prefs, i int) (r float64, ok bool) {
	n := 0
	for a, h := range p.Has[i] {
		if h {
			r += p.R[i][a]
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return r / float64(n), true
}

// choiceValue is a choice as a value of the nominal table: 1, 2, or 0
// for a tie.
func choiceValue(r float64) float64 {
	switch calib.Choice(r) {
	case model.Gold1:
		return 1
	case model.Gold2:
		return 2
	}
	return 0
}

// tables returns the judges' choices and position-balanced preferences.
func tables(in Input) (choices, prefs Table) {
	n, k := len(in.Gold), len(in.Prefs)
	choices = Table{V: make([][]float64, n), Has: make([][]bool, n)}
	prefs = Table{V: make([][]float64, n), Has: make([][]bool, n)}
	for i := 0; i < n; i++ {
		choices.V[i], prefs.V[i] = make([]float64, k), make([]float64, k)
		choices.Has[i], prefs.Has[i] = make([]bool, k), make([]bool, k)
		for j := range in.Prefs {
			r, ok := Balanced(in.Prefs[j], i)
			if !ok {
				continue
			}
			prefs.V[i][j], prefs.Has[i][j] = r, true
			choices.V[i][j], choices.Has[i][j] = choiceValue(r), true
		}
	}
	return choices, prefs
}

// correct returns, for judge j, whether its choice is right on each item
// with gold 1 or 2 it judged (known false where it did not judge the item
// or the item has no such gold).
func correct(choices Table, gold []model.Gold, j int) (right, known []bool) {
	right, known = make([]bool, len(gold)), make([]bool, len(gold))
	for i, g := range gold {
		if (g != model.Gold1 && g != model.Gold2) || !choices.Has[i][j] {
			continue
		}
		known[i] = true
		right[i] = choices.V[i][j] == float64(g)
	}
	return right, known
}

// accuracies is each judge's accuracy on the items with gold it judged.
func accuracies(choices Table, gold []model.Gold) []calib.Stat {
	k := len(choices.V[0])
	out := make([]calib.Stat, k)
	for j := 0; j < k; j++ {
		right, known := correct(choices, gold, j)
		n, c := 0, 0
		for i := range right {
			if known[i] {
				n++
				if right[i] {
					c++
				}
			}
		}
		if n == 0 {
			out[j] = calib.Undefined(0, "no item it judged has gold 1 or 2")
			continue
		}
		out[j] = calib.Defined(float64(c)/float64(n), n)
	}
	return out
}
