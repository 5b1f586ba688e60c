package panel

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// load reads testdata/name (testdata/README.md says how each was made).
func load(t *testing.T, name string, dst any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, dst); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func near(got, want, rel float64) bool {
	return math.Abs(got-want) <= rel*math.Max(math.Abs(want), 1e-3)
}

// tableOf turns observers × units data (nil = missing) into a Table.
func tableOf(data [][]*float64) Table {
	u := len(data[0])
	t := Table{V: make([][]float64, u), Has: make([][]bool, u)}
	for i := 0; i < u; i++ {
		t.V[i], t.Has[i] = make([]float64, len(data)), make([]bool, len(data))
		for c := range data {
			if v := data[c][i]; v != nil {
				t.V[i][c], t.Has[i][c] = *v, true
			}
		}
	}
	return t
}

// TestAlphaOracle checks α against the independent implementation of
// Krippendorff (2011)'s coincidence-matrix formula (testdata/alpha.json)
// and, for the paper's reliability data, against its published values
// (nominal 0.743, interval 0.849).
func TestAlphaOracle(t *testing.T) {
	var cases []struct {
		Name      string
		Data      [][]*float64
		Nominal   *float64
		Interval  *float64
		Published map[string]float64
	}
	load(t, "alpha.json", &cases)
	for _, c := range cases {
		tb := tableOf(c.Data)
		for _, lv := range []struct {
			l    Level
			want *float64
		}{{Nominal, c.Nominal}, {Interval, c.Interval}} {
			if lv.want == nil {
				continue
			}
			got := Alpha(tb, lv.l)
			if !got.OK() || !near(got.Value, *lv.want, 1e-12) {
				t.Errorf("%s %v: α = %+v, oracle %v", c.Name, lv.l, got, *lv.want)
			}
			if p, ok := c.Published[lv.l.String()]; ok && math.Abs(got.Value-p) > 5e-4 {
				t.Errorf("%s %v: α = %.4f, published %.3f", c.Name, lv.l, got.Value, p)
			}
		}
	}
}

// TestMcNemarOracle checks the exact McNemar p-value against statsmodels
// (testdata/mcnemar.json).
func TestMcNemarOracle(t *testing.T) {
	var f struct {
		Cases []struct {
			B, C int
			P    float64
		}
	}
	load(t, "mcnemar.json", &f)
	for _, c := range f.Cases {
		if got := McNemarExact(c.B, c.C); !near(got, c.P, 1e-9) && math.Abs(got-c.P) > 1e-300 {
			t.Errorf("McNemar(%d, %d) = %v, statsmodels %v", c.B, c.C, got, c.P)
		}
	}
}

// TestHolmOracle checks Holm's adjusted p-values against statsmodels
// (testdata/holm.json).
func TestHolmOracle(t *testing.T) {
	var f struct {
		Cases []struct{ P, Holm []float64 }
	}
	load(t, "holm.json", &f)
	for _, c := range f.Cases {
		got := Holm(c.P)
		for i := range got {
			if !near(got[i], c.Holm[i], 1e-12) {
				t.Errorf("Holm(%v)[%d] = %v, statsmodels %v", c.P, i, got[i], c.Holm[i])
			}
		}
	}
}

// labelsAsChoices maps sorted distinct labels to the choice values 1, 2
// and 0 (κ does not depend on the categories' names).
func labelsAsChoices(rows ...[]int) map[int]float64 {
	var all []int
	for _, r := range rows {
		all = append(all, r...)
	}
	slices.Sort(all)
	all = slices.Compact(all)
	m := map[int]float64{}
	for i, l := range all {
		m[l] = []float64{1, 2, 0}[i]
	}
	return m
}

// TestFleissOracle checks Fleiss' κ with judges as raters against
// statsmodels (cases copied from the shared oracle fixtures).
func TestFleissOracle(t *testing.T) {
	var cases []struct {
		Name    string
		Ratings [][]int
		Kappa   float64
	}
	load(t, "fleiss_kappa.json", &cases)
	for _, c := range cases {
		m := labelsAsChoices(c.Ratings...)
		var tb Table
		for _, r := range c.Ratings {
			v, h := make([]float64, len(r)), make([]bool, len(r))
			for j, l := range r {
				v[j], h[j] = m[l], true
			}
			tb.V, tb.Has = append(tb.V, v), append(tb.Has, h)
		}
		if got := Fleiss(tb); !got.OK() || !near(got.Value, c.Kappa, 1e-12) || got.N != len(c.Ratings) {
			t.Errorf("%s: Fleiss' κ = %+v, statsmodels %v", c.Name, got, c.Kappa)
		}
	}
}

// TestCohenOracle checks the pairwise Cohen's κ against sklearn (cases
// copied from the shared oracle fixtures).
func TestCohenOracle(t *testing.T) {
	var cases []struct {
		Name  string
		A, B  []int
		Kappa float64
	}
	load(t, "cohen_kappa.json", &cases)
	for _, c := range cases {
		m := labelsAsChoices(c.A, c.B)
		var tb Table
		for i := range c.A {
			tb.V = append(tb.V, []float64{m[c.A[i]], m[c.B[i]]})
			tb.Has = append(tb.Has, []bool{true, true})
		}
		if got := Cohen(tb, 0, 1); !got.OK() || !near(got.Value, c.Kappa, 1e-12) {
			t.Errorf("%s: Cohen's κ = %+v, sklearn %v", c.Name, got, c.Kappa)
		}
	}
}
