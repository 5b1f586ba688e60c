package importer

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"

	"github.com/plumb-eval/plumb/internal/realdata"
)

// Tests on the real judge logs in ../shared/data (see its README for the
// sources and commits). Every number is computed by plumb's own engine
// (metrics.Compute on calib.RawPrefs of the imported pairs); they skip
// when the data is absent.

// pairsOf returns the pairs of judge in group ("" = any group).
func pairsOf(lg *model.Log, judge, group string) []model.Pair {
	var out []model.Pair
	for _, p := range lg.Pairs {
		if p.Judge == judge && (group == "" || p.Group == group) {
			out = append(out, p)
		}
	}
	return out
}

// wantRatio checks a Stat against k/n over n units.
func wantRatio(t *testing.T, what string, s calib.Stat, k, n int) {
	t.Helper()
	if !s.OK() || s.N != n || math.Abs(s.Value-float64(k)/float64(n)) > 1e-12 {
		t.Errorf("%s = %v over %d, want %d/%d", what, s.Value, s.N, k, n)
	}
}

// TestLLMBarReproduces reproduces the facts the issue and the data README
// state for LLMBar (princeton-nlp/LLMBar @ 900616b), through the importer:
// ChatGPT on Processed/FairEval (Vanilla_NoRules) is position-consistent on
// 0.18 of the pairs (12/66, the authors' statistics.json "equal") and picks
// the output shown first 0.91 of the time (120/132); GPT-4 on
// Processed/MT-Bench (Vanilla_NoRules) is consistent on 0.87 (174/200).
func TestLLMBarReproduces(t *testing.T) {
	root := realdata.Dir(t, "llmbar/Dataset/Processed")
	lg := load(t, root)
	chat := metrics.Compute(calib.RawPrefs(pairsOf(lg, "ChatGPT/Vanilla_NoRules", "Processed/FairEval")))
	wantRatio(t, "ChatGPT FairEval consistency", chat.Consistency, 12, 66)
	wantRatio(t, "ChatGPT FairEval first-position rate", chat.FirstPositionRate, 120, 132)
	gpt4 := metrics.Compute(calib.RawPrefs(pairsOf(lg, "GPT-4/Vanilla_NoRules", "Processed/MT-Bench")))
	wantRatio(t, "GPT-4 MT-Bench consistency", gpt4.Consistency, 174, 200)
	for _, c := range []struct {
		what string
		got  float64
		want float64
	}{
		{"ChatGPT FairEval consistency", chat.Consistency.Value, 0.18},
		{"ChatGPT FairEval first-position rate", chat.FirstPositionRate.Value, 0.91},
		{"GPT-4 MT-Bench consistency", gpt4.Consistency.Value, 0.87},
	} {
		if math.Round(c.got*100)/100 != c.want {
			t.Errorf("%s = %.4f, published %.2f", c.what, c.got, c.want)
		}
	}
}

// llmbarCount parses a statistics.json entry "12 / 66 = 18.18%".
func llmbarCount(t *testing.T, s string) (int, int) {
	t.Helper()
	var k, n int
	var pct float64
	if _, err := fmt.Sscanf(s, "%d / %d = %g%%", &k, &n, &pct); err != nil {
		t.Fatalf("statistics entry %q: %v", s, err)
	}
	return k, n
}

// TestLLMBarStatistics checks every LLMBar result.json whose verdicts can
// all be read against the authors' own statistics.json beside it: "equal"
// is plumb's position consistency, "correct_False" and "correct_True" the
// accuracy in x0 and in the swapped run, x2. (Files with unreadable verdicts differ by design:
// LLMBar counts a null winner as a verdict, equal to another null.)
func TestLLMBarStatistics(t *testing.T) {
	root := realdata.Dir(t, "llmbar/Dataset")
	var files []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == "result.json" {
			files = append(files, path)
		}
		return nil
	})
	checked := 0
	for _, file := range files {
		raw, err := os.ReadFile(filepath.Join(filepath.Dir(file), "statistics.json"))
		if err != nil {
			continue
		}
		var st map[string]any
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		lg := load(t, file)
		if strings.Contains(strings.Join(lg.Notes, "\n"), "could not be read") {
			continue // unreadable verdicts
		}
		lp := parseLLMBarPath(file)
		m := metrics.Compute(calib.RawPrefs(pairsOf(lg, lp.judge, lp.group)))
		k, n := llmbarCount(t, st["equal"].(string))
		wantRatio(t, file+" consistency", m.Consistency, k, n)
		k, n = llmbarCount(t, st["correct_False"].(string))
		wantRatio(t, file+" accuracy x0", m.Accuracy[model.X0], k, n)
		k, n = llmbarCount(t, st["correct_True"].(string))
		wantRatio(t, file+" accuracy x2", m.Accuracy[model.X2], k, n)
		checked++
	}
	t.Logf("%d of %d result.json files match their statistics.json", checked, len(files))
	if checked < 20 {
		t.Errorf("checked %d of %d result.json files against statistics.json, want at least 20", checked, len(files))
	}
}

// TestFastChatReal imports FastChat's MT-Bench judgments (gpt-4_pair.jsonl,
// 75 rows): 3 "error" winners, one row with both games in error. The
// counts were made on the file by hand (Python): of the 73 rows with two
// readable games, 46 agree (20 model_2/model_2, 18 model_1/model_1, 8
// tie/tie); of the 122 non-tie verdicts, 79 went to the model shown first.
func TestFastChatReal(t *testing.T) {
	dir := realdata.Dir(t, "fastchat-mtbench")
	lg := load(t, dir) // question.jsonl is passed over
	if len(lg.Files) != 1 || len(lg.Pairs) != 74 {
		t.Fatalf("%d files, %d pairs; want 1 and 74", len(lg.Files), len(lg.Pairs))
	}
	m := metrics.Compute(calib.RawPrefs(pairsOf(lg, "gpt-4", "")))
	wantRatio(t, "consistency", m.Consistency, 46, 73)
	wantRatio(t, "first-position rate", m.FirstPositionRate, 79, 122)
	wantNotes(t, lg, 1, `judge gpt-4: 3 of 150 verdicts could not be read ("error" ×3); 1 kept as missing arrangements; 1 item left out`)
	groups := map[string]int{}
	for _, p := range lg.Pairs {
		groups[p.Group]++
	}
	if groups["pair-v2"] != 50 || groups["pair-math-v1"] != 24 {
		t.Errorf("groups %v, want 50 pair-v2 and 24 pair-math-v1", groups)
	}
	roundTrip(t, lg)
}

// TestPandaLMReal reproduces the PandaLM authors' accuracies
// (data/compute_metrics.py, WeOpenML/PandaLM @ 3871806): gold is the
// annotators' majority and a prediction is right when it equals it, ties
// included, with "garbage" counted as a tie prediction: gpt-3.5-turbo
// 0.7107, PandaLM-7B 0.6677 over 999 pairs.
func TestPandaLMReal(t *testing.T) {
	lg := load(t, realdata.Dir(t, "pandalm"))
	choice := func(s float64) model.Gold { return [3]model.Gold{model.Gold2, model.GoldTie, model.Gold1}[int(2*s)] }
	gold := map[string]model.Gold{}
	for _, p := range pairsOf(lg, "pandalm-7b", "") {
		gold[p.ID] = p.Gold
	}
	if len(gold) != 999 {
		t.Fatalf("%d PandaLM-7B pairs, want 999", len(gold))
	}
	for judge, want := range map[string]float64{"gpt-3.5-turbo": 0.7107, "pandalm-7b": 0.6677} {
		ps := pairsOf(lg, judge, "")
		right, seen := 0, map[string]bool{}
		for _, p := range ps {
			seen[p.ID] = true
			if choice(p.S[model.X0]) == p.Gold {
				right++
			}
		}
		for id, g := range gold { // left-out "garbage" verdicts: a tie prediction
			if !seen[id] && g == model.GoldTie {
				right++
			}
		}
		if acc := float64(right) / 999; math.Abs(acc-want) > 5e-5 {
			t.Errorf("%s: accuracy %.5f (%d/999), published %.4f", judge, acc, right, want)
		}
	}
	if len(pairsOf(lg, "gpt-3.5-turbo", "")) != 974 {
		t.Errorf("gpt-3.5-turbo: %d pairs, want 999 − 25 garbage", len(pairsOf(lg, "gpt-3.5-turbo", "")))
	}
	// The test set's six boolean answers ("response1": true) are kept as
	// the text "true", and said so.
	wantNotes(t, lg, 4, `judge gpt-3.5-turbo: 25 of 999 verdicts could not be read ("garbage" ×25); 25 items left out`,
		"testset-v1.json: 6 texts are JSON booleans or numbers, not strings: kept as written (response1 ×4, response2 ×2; the first at line 1886: true)")
	if slices.ContainsFunc(lg.Notes, func(n string) bool { return strings.Contains(n, "without gold") }) {
		t.Errorf("every real pair has a majority: %v", lg.Notes)
	}
}
