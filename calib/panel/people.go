package panel

import "github.com/plumb-eval/plumb/calib"

// People is the panel's agreement split by who rated: the people (judges
// flagged in Input.People, such as PandaLM's annotators) and the other
// judges, when the panel has some of each.
type People struct {
	People, Judges []string
	// AlphaPeople and AlphaJudges are Krippendorff's α nominal (on the
	// choices) among the people and among the judges, each over the shared
	// items (undefined with fewer than two raters).
	AlphaPeople, AlphaJudges calib.Stat
	// KappaBetween is the mean of Cohen's κ over the pairs of a person and
	// a judge whose κ is defined; N counts those pairs.
	KappaBetween calib.Stat
}

// columns is t restricted to the judges cols, in that order.
func columns(t Table, cols []int) Table {
	out := Table{V: make([][]float64, len(t.V)), Has: make([][]bool, len(t.V))}
	for i := range t.V {
		out.V[i], out.Has[i] = make([]float64, len(cols)), make([]bool, len(cols))
		for k, j := range cols {
			out.V[i][k], out.Has[i][k] = t.V[i][j], t.Has[i][j]
		}
	}
	return out
}

// people splits the panel's agreement by in.People (nil unless the panel
// has at least one person and one other judge).
func people(in Input, choices Table, kappa [][]calib.Stat) *People {
	if len(in.People) != len(in.Judges) {
		return nil
	}
	var ps, js []int
	r := &People{}
	for j, isPerson := range in.People {
		if isPerson {
			ps, r.People = append(ps, j), append(r.People, in.Judges[j])
		} else {
			js, r.Judges = append(js, j), append(r.Judges, in.Judges[j])
		}
	}
	if len(ps) == 0 || len(js) == 0 {
		return nil
	}
	among := func(cols []int) calib.Stat {
		if len(cols) < 2 {
			return calib.Undefined(len(cols), "fewer than two raters")
		}
		return Alpha(columns(choices, cols), Nominal)
	}
	r.AlphaPeople, r.AlphaJudges = among(ps), among(js)
	sum, n := 0.0, 0
	for _, a := range ps {
		for _, b := range js {
			if k := kappa[a][b]; k.OK() {
				sum += k.Value
				n++
			}
		}
	}
	if n == 0 {
		r.KappaBetween = calib.Undefined(0, "no person–judge pair has a defined Cohen's κ")
	} else {
		r.KappaBetween = calib.Defined(sum/float64(n), n)
	}
	return r
}
