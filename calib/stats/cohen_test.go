package stats

import (
	"strings"
	"testing"
)

type cohenCase struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Input  struct {
		A, B []int
	} `json:"input"`
	Expected struct {
		Kappa          *float64 `json:"kappa"`
		KappaNonfinite *string  `json:"kappa_nonfinite"`
	} `json:"expected"`
}

// TestCohenKappaOracle checks all 6 cases of cohen_kappa.json against
// sklearn 1.2.1 cohen_kappa_score (cross-checked with R irr 0.84.1 kappa2),
// to 1e-12. The single-label case, NaN in both oracles, must be an error.
func TestCohenKappaOracle(t *testing.T) {
	var cases []cohenCase
	loadCases(t, "cohen_kappa.json", &cases)
	if len(cases) != 6 {
		t.Fatalf("want 6 oracle cases, got %d", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			got, err := CohenKappa(c.Input.A, c.Input.B)
			if c.Expected.Kappa == nil {
				if c.Expected.KappaNonfinite == nil || *c.Expected.KappaNonfinite != "NaN" {
					t.Fatal("bad fixture: no kappa and no NaN marker")
				}
				if !IsUndefined(err) || !strings.Contains(err.Error(), "same single label") {
					t.Errorf("got κ = %v, err = %v; want the single-label error", got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := *c.Expected.Kappa; !closeTo(got, want, 1e-12, 1) {
				t.Errorf("κ = %.17g, want %.17g", got, want)
			}
		})
	}
}

// TestCohenKappaWideLabels checks that the sorted path (labels spanning more
// than 64) agrees with the dense path on the same data relabelled.
func TestCohenKappaWideLabels(t *testing.T) {
	a := []int{1, 2, 3, 4, 1, 2, 3, 4, 1, 1, 2, 3}
	b := []int{1, 2, 4, 4, 2, 2, 3, 1, 1, 3, 2, 3}
	dense, err := CohenKappa(a, b)
	if err != nil {
		t.Fatal(err)
	}
	wide := func(v []int) []int {
		out := make([]int, len(v))
		for i, x := range v {
			out[i] = x * 1_000_003
		}
		return out
	}
	sparse, err := CohenKappa(wide(a), wide(b))
	if err != nil {
		t.Fatal(err)
	}
	if dense != sparse {
		t.Errorf("dense κ = %v, sparse κ = %v", dense, sparse)
	}
	// Extreme labels must not overflow the span check.
	if _, err := CohenKappa([]int{-1 << 62, 1 << 62}, []int{1 << 62, -1 << 62}); err != nil {
		t.Errorf("extreme labels: %v", err)
	}
}

func TestCohenKappaErrors(t *testing.T) {
	if _, err := CohenKappa([]int{1}, []int{1, 2}); err == nil || !strings.Contains(err.Error(), "rater b has 2") {
		t.Errorf("mismatch: err = %v", err)
	}
	if _, err := CohenKappa(nil, nil); err == nil || !strings.Contains(err.Error(), "no items") {
		t.Errorf("empty: err = %v", err)
	}
}
