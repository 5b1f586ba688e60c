package baseline

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// TestMetricsLLMBarPublished reproduces the LLMBar authors' own summary
// numbers (statistics.json, princeton-nlp/LLMBar @ 900616b, in
// ../shared/data) from their hard verdicts in both position orders:
// "equal" is our consistency, "correct_False"/"correct_True" the accuracy in
// the default (x0) and swapped (x1) order, "correct_average" their mean and
// "correct_both" the discard baseline's accurate kept items. It skips when
// the shared data is absent.
func TestMetricsLLMBarPublished(t *testing.T) {
	const root = "../../../shared/data/llmbar/Dataset/Processed/"
	cases := []struct {
		file                   string
		n, equal, c0, c1, both int
		first                  float64 // share of verdicts for the first shown (data README)
	}{
		{"FairEval/evaluators/ChatGPT/Vanilla_NoRules/result.json", 66, 12, 44, 32, 11, 120.0 / 132},
		{"MT-Bench/evaluators/GPT-4/Vanilla_NoRules/result.json", 200, 174, 159, 165, 149, 204.0 / 400},
	}
	for _, c := range cases {
		raw, err := os.ReadFile(root + c.file)
		if err != nil {
			t.Skipf("shared LLMBar data not available: %v", err)
		}
		var rows []struct {
			Label   int `json:"label"`
			Results []map[string]struct {
				Winner *string `json:"winner"`
			} `json:"results"`
		}
		if err := json.Unmarshal(raw, &rows); err != nil {
			t.Fatal(err)
		}
		p := calib.Prefs{R: make([][4]float64, len(rows)), Has: make([][4]bool, len(rows)), Gold: make([]model.Gold, len(rows))}
		for i, row := range rows {
			p.Gold[i] = model.Gold(row.Label)
			for key, a := range map[string]model.Arrangement{"swap = False": model.X0, "swap = True": model.X2} { // the swapped run keeps IDs on positions: x2
				w := row.Results[0][key].Winner
				if w == nil {
					continue
				}
				p.Has[i][a] = true
				if *w == "1" {
					p.R[i][a] = 1
				}
			}
		}
		m := metrics.Compute(p)
		calibtest.WantStat(t, c.file+" consistency", m.Consistency, float64(c.equal)/float64(c.n), c.n)
		calibtest.WantStat(t, c.file+" accuracy x0", m.Accuracy[model.X0], float64(c.c0)/float64(c.n), c.n)
		calibtest.WantStat(t, c.file+" accuracy x2", m.Accuracy[model.X2], float64(c.c1)/float64(c.n), c.n)
		calibtest.WantStat(t, c.file+" accuracy mean", m.AccuracyMean, float64(c.c0+c.c1)/float64(2*c.n), c.n)
		calibtest.WantStat(t, c.file+" first position", m.FirstPositionRate, c.first, 2*c.n)
		d, kept := DiscardMetrics(p)
		calibtest.WantStat(t, c.file+" kept", kept, float64(c.equal)/float64(c.n), c.n)
		calibtest.WantStat(t, c.file+" discard accuracy", d.AccuracyAggregate, float64(c.both)/float64(c.equal), c.equal)
	}
}
