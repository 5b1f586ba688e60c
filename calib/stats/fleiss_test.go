package stats

import (
	"strings"
	"testing"
)

type fleissCase struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Input  struct {
		Categories []int   `json:"categories"`
		Counts     [][]int `json:"counts"`
	} `json:"input"`
	Expected struct {
		Kappa          *float64 `json:"kappa"`
		KappaNonfinite *string  `json:"kappa_nonfinite"`
	} `json:"expected"`
}

// TestFleissKappaOracle checks all 12 cases of fleiss_kappa.json against
// statsmodels 0.13.5 fleiss_kappa(aggregate_raters(X)[0], method="fleiss")
// (cross-checked with R irr 0.84.1 kappam.fleiss), to 1e-12. The
// single-category case, NaN in both oracles, must be an error.
func TestFleissKappaOracle(t *testing.T) {
	var cases []fleissCase
	loadCases(t, "fleiss_kappa.json", &cases)
	if len(cases) != 12 {
		t.Fatalf("want 12 oracle cases, got %d", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			nCat := len(c.Input.Categories)
			var counts []int
			for _, row := range c.Input.Counts {
				counts = append(counts, row...)
			}
			got, err := FleissKappa(counts, nCat)
			if c.Expected.Kappa == nil {
				if c.Expected.KappaNonfinite == nil || *c.Expected.KappaNonfinite != "NaN" {
					t.Fatalf("bad fixture: no kappa and no NaN marker")
				}
				if !IsUndefined(err) || !strings.Contains(err.Error(), "one category") {
					t.Errorf("got κ = %v, err = %v; want the one-category error", got, err)
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

func TestFleissKappaErrors(t *testing.T) {
	tests := []struct {
		name   string
		counts []int
		nCat   int
		want   string
	}{
		{"no categories", []int{1}, 0, "at least one category"},
		{"empty", nil, 2, "no subjects"},
		{"ragged", []int{1, 1, 2}, 2, "do not form rows"},
		{"negative", []int{1, 1, 3, -1}, 2, "count -1 in category 2"},
		{"huge", []int{1 << 40, 0}, 2, "want 0.."},
		{"unequal raters", []int{1, 1, 2, 1}, 2, "subject 2 has 3 ratings"},
		{"one rater", []int{1, 0, 0, 1}, 2, "at least 2 ratings"},
		{"single category", []int{3, 3}, 1, "one category"},
		{"one category used", []int{0, 2, 0, 0, 2, 0}, 3, "one category"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FleissKappa(tt.counts, tt.nCat)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got κ = %v, err = %v; want error containing %q", got, err, tt.want)
			}
			// Only the one-category case is a data-dependent 0/0.
			if undef := tt.want == "one category"; IsUndefined(err) != undef {
				t.Errorf("IsUndefined(%v) = %v, want %v", err, !undef, undef)
			}
		})
	}
}

// TestFleissKappaEmptyCategory checks that an unused category column does
// not change κ (statsmodels gives the same value with or without it).
func TestFleissKappaEmptyCategory(t *testing.T) {
	a, err := FleissKappa([]int{2, 1, 0, 3, 1, 2}, 2)
	if err != nil {
		t.Fatal(err)
	}
	b, err := FleissKappa([]int{2, 0, 1, 0, 0, 3, 1, 0, 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Errorf("κ with an empty category column = %v, without = %v", b, a)
	}
}
