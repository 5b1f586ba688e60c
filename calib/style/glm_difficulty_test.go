package style

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// difficultySynthetic is testdata/lc_difficulty_synthetic.json (see
// testdata/README.md for how it was made): 120 synthetic AlpacaEval
// items, the lengths of the model's and the baseline's outputs, the
// preference p for the model and the instructions' difficulties, with
// what AlpacaEval's own get_length_controlled_winrate gave on them.
type difficultySynthetic struct {
	LenModel    []float64 `json:"len_model"`
	LenOpponent []float64 `json:"len_opponent"`
	P           []float64 `json:"p"`
	Difficulty  []float64 `json:"difficulty"`
	NoReg       struct {
		WinRate float64            `json:"win_rate"`
		LC      float64            `json:"lc"`
		C       float64            `json:"C"`
		Coef    map[string]float64 `json:"coef"`
	} `json:"length_controlled_noreg"`
	Exact struct {
		C, Phi, Psi, Theta, LC float64
	} `json:"exact_noreg"`
	Folds   []int            `json:"groupkfold_folds"`
	Argsort map[string][]int `json:"numpy_argsort_equal"`
}

func loadDifficultySynthetic(t *testing.T) difficultySynthetic {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "lc_difficulty_synthetic.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s difficultySynthetic
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGroupKFoldMatchesSklearn: the folds are sklearn 1.2.1's GroupKFold
// (numpy 1.24.2) on one group per item, and numpy's argsort of equal keys
// is reproduced for the sizes recorded.
func TestGroupKFoldMatchesSklearn(t *testing.T) {
	s := loadDifficultySynthetic(t)
	for k, want := range s.Argsort {
		n, _ := strconv.Atoi(k)
		if got := numpyArgsortEqual(n); !slices.Equal(got, want) {
			t.Errorf("numpyArgsortEqual(%d) = %v, numpy %v", n, got, want)
		}
	}
	if got := groupKFold(len(s.Folds), 5); !slices.Equal(got, s.Folds) {
		t.Errorf("groupKFold = %v, sklearn %v", got, s.Folds)
	}
}

// TestFitDifficultyGLMMatchesAlpacaEval fits the synthetic items and
// compares with AlpacaEval's code: the same C chosen by its
// cross-validation, the weights and the win rate to liblinear's tolerance
// (it stops at 1e−4), and the exact minimiser of the same objective at
// that C (scipy) to 1e−7.
func TestFitDifficultyGLMMatchesAlpacaEval(t *testing.T) {
	s := loadDifficultySynthetic(t)
	delta := make([]float64, len(s.P))
	for i := range delta {
		delta[i] = s.LenModel[i] - s.LenOpponent[i]
	}
	g, err := FitDifficultyGLM(delta, s.P, s.Difficulty)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(g.C/s.NoReg.C-1) > 1e-14 {
		t.Errorf("C %v, AlpacaEval's cross-validation chose %v", g.C, s.NoReg.C)
	}
	// AlpacaEval's Δ is the baseline's length minus the model's: its φ is −φ.
	ae := s.NoReg.Coef
	for _, c := range []struct {
		name     string
		got, ref float64
	}{
		{"θ", g.Theta, ae["not_gamed_baseline.astype(float)"]},
		{"φ", g.Phi, -ae["np.tanh(std_delta_len)"]},
		{"ψ", g.Psi, ae["instruction_difficulty"]},
		{"LC", 100 * g.LC, s.NoReg.LC},
	} {
		if math.Abs(c.got-c.ref) > 1e-3 {
			t.Errorf("%s = %.8f, AlpacaEval's %.8f", c.name, c.got, c.ref)
		}
	}
	for _, c := range []struct {
		name     string
		got, ref float64
	}{{"θ", g.Theta, s.Exact.Theta}, {"φ", g.Phi, -s.Exact.Phi}, {"ψ", g.Psi, s.Exact.Psi}, {"LC", g.LC, s.Exact.LC}} {
		if math.Abs(c.got-c.ref) > 1e-7 {
			t.Errorf("%s = %.10f, the exact minimiser %.10f", c.name, c.got, c.ref)
		}
	}
	t.Logf("C %g: θ %.6f φ %.6f ψ %.6f, LC %.6f%% (AlpacaEval %.6f%%, exact %.6f%%); raw %.4f%%",
		g.C, g.Theta, g.Phi, g.Psi, 100*g.LC, s.NoReg.LC, 100*s.Exact.LC, s.NoReg.WinRate)
}
