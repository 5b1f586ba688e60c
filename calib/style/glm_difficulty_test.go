package style

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
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

// TestInstructionIndex reads the index AlpacaEval's import puts after the
// id's last '/' (or a numeric id), and nothing else.
func TestInstructionIndex(t *testing.T) {
	for id, want := range map[string]int{"gpt4_1106_preview vs alpaca-7b/0": 0, "a/b vs c/804": 804, "17": 17} {
		if got, ok := InstructionIndex(id); !ok || got != want {
			t.Errorf("InstructionIndex(%q) = %d, %v; want %d", id, got, ok, want)
		}
	}
	for _, id := range []string{"", "q81", "x/", "x/-1", "x/1.5", "x/12345678901", "x/ 3"} {
		if got, ok := InstructionIndex(id); ok {
			t.Errorf("InstructionIndex(%q) = %d, want none", id, got)
		}
	}
}

// TestDifficultyRows: through Analyze, the synthetic case gives
// AlpacaEval's rate on the model's row, its mirror (1 − LC, θ and ψ
// negated) on the baseline's, and an item without a difficulty makes the
// rows undefined with a reason that names it.
func TestDifficultyRows(t *testing.T) {
	s := loadDifficultySynthetic(t)
	var pairs []model.Pair
	diff := map[int]float64{}
	for i := range s.P {
		l1, l2 := int(s.LenOpponent[i]), int(s.LenModel[i])
		p := model.Pair{ID: fmt.Sprintf("base vs model/%d", i), Judge: "j", Source: model.SourceProb,
			Gen: &model.Generators{Model1: "base", Model2: "model", Len1: &l1, Len2: &l2}}
		p.Has[model.X0], p.S[model.X0] = true, 1-s.P[i]
		pairs = append(pairs, p)
		diff[i] = s.Difficulty[i]
	}
	opt := DefaultOptions()
	opt.Bootstrap.Resamples, opt.Difficulty = 0, diff
	r, err := Analyze(pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	var model_, base *WinRate
	for i := range r.WinRates {
		switch w := &r.WinRates[i]; {
		case w.Model == "model" && w.Opponent == "base":
			model_ = w
		case w.Model == "base" && w.Opponent == "model":
			base = w
		}
	}
	if model_ == nil || base == nil || !r.Difficulty {
		t.Fatalf("rows %+v", r.WinRates)
	}
	if v := model_.LengthControlledDifficulty.Value; math.Abs(v-s.Exact.LC) > 1e-7 || math.Abs(base.LengthControlledDifficulty.Value-(1-v)) > 1e-15 ||
		base.DifficultyFit.Theta != -model_.DifficultyFit.Theta || base.DifficultyFit.Psi != -model_.DifficultyFit.Psi {
		t.Errorf("model %+v %+v, base %+v %+v; exact %v", model_.LengthControlledDifficulty, model_.DifficultyFit, base.LengthControlledDifficulty, base.DifficultyFit, s.Exact.LC)
	}
	delete(diff, 7)
	r, err = Analyze(pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range r.WinRates {
		if w.LengthControlledDifficulty.OK() || !strings.Contains(w.LengthControlledDifficulty.Reason, `1 of 120 items have no instruction difficulty (the first: id "base vs model/7"`) {
			t.Errorf("%s vs %q: %+v", w.Model, w.Opponent, w.LengthControlledDifficulty)
		}
	}
}
