package style

import (
	"math"
	"strings"
	"testing"
)

// alpacaExtremeOracle transcribes get_is_extreme_changes (tatsu-lab/
// alpaca_eval @ cd543a1, src/alpaca_eval/metrics/glm_winrate.py) line by
// line, defaults abs_diff = 10, rel_diff = 4, min_warn = max_warn = True.
func alpacaExtremeOracle(prevWinrate, newWinrate float64) bool {
	absDiff, relDiff := 10.0, 4.0
	tooSmall := newWinrate < math.Min(prevWinrate-(prevWinrate/relDiff), prevWinrate-absDiff)
	tooLarge := newWinrate > math.Max(prevWinrate+((100-prevWinrate)/relDiff), prevWinrate+absDiff)
	return tooSmall || tooLarge
}

// TestIsExtremeChangeBoundaries checks the rule at and beside its bounds:
// the docstring's examples (from 20% it fires below 10% and above 40%; from
// 50% below 37.5% and above 62.5%) and the side where the absolute 10
// points, not the quarter, is the bound. The values were checked with
// AlpacaEval's function in Python 3.11 (the same answers).
func TestIsExtremeChangeBoundaries(t *testing.T) {
	for _, c := range []struct {
		p, n float64 // points
		want bool
	}{
		{20, 10, false}, {20, 9.999999, true}, {20, 40, false}, {20, 40.000001, true},
		{50, 37.5, false}, {50, 37.49, true}, {50, 62.5, false}, {50, 62.51, true},
		{40, 30, false}, {40, 29.99, true}, {40, 55, false}, {40, 55.01, true},
		{0, 25, false}, {0, 25.0001, true}, {0, 0, false},
		{100, 75, false}, {100, 74.999, true}, {100, 100, false},
		// alpaca-7b on AlpacaEval 2.0: raw 2.59%, the minimal GLM's 19.8%:
		// the bound is 2.59 + 97.41/4 = 26.94, so the rule does not fire.
		{2.591450540223603, 19.8, false}, {2.591450540223603, 26.95, true},
	} {
		if got := isExtremePoints(c.p, c.n); got != c.want {
			t.Errorf("isExtremePoints(%v, %v) = %v, want %v", c.p, c.n, got, c.want)
		}
		if got := alpacaExtremeOracle(c.p, c.n); got != c.want {
			t.Errorf("oracle(%v, %v) = %v, want %v (the table is wrong)", c.p, c.n, got, c.want)
		}
	}
	// In [0, 1], at bounds that are exact in binary.
	for _, c := range []struct {
		prev, next float64
		want       bool
	}{
		{0.5, 0.375, false}, {0.5, 0.625, false}, {0.25, 0.4375, false}, {0.75, 0.5625, false},
		{0.5, 0.374, true}, {0.5, 0.626, true}, {0.25, 0.44, true}, {0.75, 0.56, true},
	} {
		if got := IsExtremeChange(c.prev, c.next); got != c.want {
			t.Errorf("IsExtremeChange(%v, %v) = %v, want %v", c.prev, c.next, got, c.want)
		}
	}
}

// TestIsExtremeChangeMatchesDefinition compares the rule with the
// transcription of AlpacaEval's function on a grid of 0.25-point steps
// (every bound of a grid point is a multiple of 1/16, so the grid hits the
// bounds exactly) and checks its symmetry.
func TestIsExtremeChangeMatchesDefinition(t *testing.T) {
	fired := 0
	for i := 0; i <= 400; i++ {
		for j := 0; j <= 400; j++ {
			p, n := float64(i)/4, float64(j)/4
			got, want := isExtremePoints(p, n), alpacaExtremeOracle(p, n)
			if got != want {
				t.Fatalf("isExtremePoints(%v, %v) = %v, AlpacaEval's rule %v", p, n, got, want)
			}
			if got != isExtremePoints(100-p, 100-n) {
				t.Fatalf("not symmetric at (%v, %v)", p, n)
			}
			if got {
				fired++
			}
		}
	}
	if fired == 0 || fired == 401*401 {
		t.Fatalf("the rule fired on %d of %d grid points", fired, 401*401)
	}
}

// TestLCWarningSaysAlpacaEvalOnlyWhenItsRuleFires: the 10-point warning
// says "AlpacaEval warns likewise" only when get_is_extreme_changes fires.
// alpaca-7b's numbers (raw 2.6%, the minimal GLM 19.8%: 17.2 points, but
// below AlpacaEval's bound 26.9%) warn without it; 2.6% → 30% with it.
func TestLCWarningSaysAlpacaEvalOnlyWhenItsRuleFires(t *testing.T) {
	for _, c := range []struct {
		lc, mean float64
		alpaca   bool
	}{{0.198, 0.026, false}, {0.30, 0.026, true}, {0.62, 0.5, false}, {0.63, 0.5, true}} {
		e := rowEst{glm: LengthGLM{Theta: math.Log(c.lc / (1 - c.lc)), MeanPref: c.mean, N: 100, NearZero: 50, SD: 100}}
		for _, mirrored := range []bool{false, true} {
			ws := lcWarnings(e, mirrored)
			if len(ws) != 1 || !strings.Contains(ws[0], "from the win rate it controls") {
				t.Fatalf("LC %v, win rate %v (mirrored %v): warnings %q, want the 10-point one", c.lc, c.mean, mirrored, ws)
			}
			if got := strings.Contains(ws[0], "AlpacaEval warns likewise"); got != c.alpaca {
				t.Errorf("LC %v, win rate %v (mirrored %v): %q says AlpacaEval warns: %v, its rule fires: %v", c.lc, c.mean, mirrored, ws[0], got, c.alpaca)
			}
		}
	}
}
