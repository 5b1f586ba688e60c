package panel

import (
	"math"

	"github.com/plumb-eval/plumb/calib"
)

// Level is the level of measurement of Krippendorff's α: the difference
// function δ² it uses.
type Level int

// The levels.
const (
	// Nominal: δ²(v, v′) = 0 when v = v′, 1 otherwise (the choices).
	Nominal Level = iota
	// Interval: δ²(v, v′) = (v − v′)² (the preferences).
	Interval
)

// String returns "nominal" or "interval".
func (l Level) String() string {
	if l == Interval {
		return "interval"
	}
	return "nominal"
}

// Table holds the judges' values of the items: V[i][j] is judge j's value
// of item i, given when Has[i][j]. Every row has the same length, the
// number of judges.
type Table struct {
	V   [][]float64
	Has [][]bool
}

// Items returns the number of items.
func (t Table) Items() int { return len(t.V) }

// delta2 is the squared difference δ² of the level.
func delta2(l Level, a, b float64) float64 {
	if l == Interval {
		d := a - b
		return d * d
	}
	if a == b {
		return 0
	}
	return 1
}

// Alpha returns Krippendorff's α of t at level l over every item (the
// package doc's formula). N is the number of items with at least two
// values. It is undefined when no item has two values or when every
// pairable value is the same (D_e = 0).
func Alpha(t Table, l Level) calib.Stat { return alphaOf(t, l, nil, -1) }

// AlphaWithout returns α of t at level l with judge skip left out.
func AlphaWithout(t Table, l Level, skip int) calib.Stat { return alphaOf(t, l, nil, skip) }

// alphaOf is α over the items idx (nil: every item, in order; repeats
// count again, as in a bootstrap resample), leaving judge skip out (−1:
// none).
func alphaOf(t Table, l Level, idx []int, skip int) calib.Stat {
	items := len(t.V)
	if idx != nil {
		items = len(idx)
	}
	var (
		vals  []float64 // every pairable value
		do    float64   // Σ_u W_u/(m_u − 1)
		units int
		buf   []float64
	)
	for k := 0; k < items; k++ {
		i := k
		if idx != nil {
			i = idx[k]
		}
		buf = buf[:0]
		for j, v := range t.V[i] {
			if j != skip && t.Has[i][j] {
				buf = append(buf, v)
			}
		}
		m := len(buf)
		if m < 2 {
			continue
		}
		units++
		var w float64
		for a := 0; a < m; a++ {
			for b := a + 1; b < m; b++ {
				w += 2 * delta2(l, buf[a], buf[b])
			}
		}
		do += w / float64(m-1)
		vals = append(vals, buf...)
	}
	if units == 0 {
		return calib.Undefined(0, "no item has values from two judges")
	}
	de := totalDisagreement(l, vals)
	if de == 0 {
		return calib.Undefined(units, "every value is the same, so α is 0/0 (no disagreement is expected)")
	}
	n := float64(len(vals))
	return calib.Defined(1-(n-1)*do/de, units)
}

// totalDisagreement returns Σ_{i≠j} δ²(v_i, v_j) over every ordered pair
// of distinct positions of vals: 2n·Σ(v − v̄)² (interval) or n² − Σ_c n_c²
// (nominal).
func totalDisagreement(l Level, vals []float64) float64 {
	n := float64(len(vals))
	if l == Interval {
		var mean float64
		for _, v := range vals {
			mean += v
		}
		mean /= n
		var ss float64
		for _, v := range vals {
			ss += (v - mean) * (v - mean)
		}
		return 2 * n * ss
	}
	count := map[float64]int{}
	for _, v := range vals {
		count[v]++
	}
	s := n * n
	for _, c := range count {
		s -= float64(c) * float64(c)
	}
	return math.Max(s, 0)
}
