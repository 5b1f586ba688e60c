package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/panel"
)

// llmbarBalanced reads an LLMBar judge's result.json and returns, per
// item, whether its position-balanced choice (both orders' winners; a
// disagreement is a tie) equals the label, and whether it judged the item.
func llmbarBalanced(t *testing.T, file string, labels []int) (right, judged []bool) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Results []map[string]struct {
			Winner *string `json:"winner"`
		} `json:"results"`
	}
	if err := json.Unmarshal(raw, &rows); err != nil {
		t.Fatal(err)
	}
	for i, row := range rows {
		var pref float64
		n := 0
		for _, key := range []string{"swap = False", "swap = True"} {
			if w := row.Results[0][key].Winner; w != nil {
				n++
				if *w == "1" {
					pref++
				}
			}
		}
		judged = append(judged, n > 0)
		right = append(right, n > 0 && ((pref/float64(n) > 0.5 && labels[i] == 1) || (pref/float64(n) < 0.5 && labels[i] == 2)))
	}
	return right, judged
}

// TestPanelLLMBarNatural: `plumb report` on LLMBar's Natural set (every
// judge and strategy on the same 100 pairs, both orders, gold) has the
// panel section the JSON contract names, and the pair GPT-4/Vanilla
// against ChatGPT/Vanilla has the accuracies and discordant counts read
// independently from the published result.json files, with the exact
// McNemar p of those counts. It skips without ../shared/data.
func TestPanelLLMBarNatural(t *testing.T) {
	src := filepath.Join("..", "..", "..", "shared", "data", "llmbar", "Dataset", "LLMBar", "Natural")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("real data not found at %s (../shared/data is beside the repository only in the project's workspace)", src)
	}
	out, stderr, err := executeStderr(t, "report", "--format", "json", "--bootstrap", "200", src)
	if err != nil {
		t.Fatal(err, stderr)
	}
	var doc struct {
		Panel *struct {
			Judges            []string
			Items             int
			Notes             []string
			KrippendorffAlpha map[string]struct {
				Value *float64
				CI95  *[2]float64 `json:"ci95"`
			} `json:"krippendorff_alpha"`
			CohenKappa [][]*float64 `json:"cohen_kappa"`
			Verdict    struct {
				Majority *struct {
					AccuracyAggregate *float64 `json:"accuracy_aggregate"`
				}
			}
			Pairs []struct {
				A, B, Judge  string
				N            int
				AccuracyA    float64     `json:"accuracy_a"`
				AccuracyB    float64     `json:"accuracy_b"`
				AccuracyDiff *float64    `json:"accuracy_diff"`
				CI95         *[2]float64 `json:"ci95"`
				Discordant   [2]int
				McNemarP     *float64 `json:"mcnemar_p"`
				HolmP        *float64 `json:"holm_p"`
				CohenKappa   *float64 `json:"cohen_kappa"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	p := doc.Panel
	if p == nil {
		t.Fatal("no panel section")
	}
	// LLMBar's Rating strategies are read twice, as the rating and as the
	// scores it came from: the panel says so for each of the four.
	twins := 0
	for _, n := range p.Notes {
		if strings.Contains(n, "/scores make the same choice on every one of the 100 items both judged") {
			twins++
		}
	}
	if twins != 4 {
		t.Errorf("%d notes name a judge read twice, want 4 (ChatGPT and GPT-4, Rating and Rating_NoRules): %q", twins, p.Notes)
	}
	judgePairs := 0
	for _, q := range p.Pairs {
		if q.Judge == "" {
			judgePairs++
		}
	}
	if p.Items != 100 || len(p.CohenKappa) != len(p.Judges) || judgePairs != len(p.Judges)*(len(p.Judges)-1)/2 {
		t.Errorf("%d items, κ matrix %d rows, %d pairs of judges for %d judges", p.Items, len(p.CohenKappa), judgePairs, len(p.Judges))
	}
	for _, level := range []string{"nominal", "interval"} {
		if a := p.KrippendorffAlpha[level]; a.Value == nil || a.CI95 == nil || a.CI95[0] > *a.Value || *a.Value > a.CI95[1] {
			t.Errorf("α %s = %+v, want a value inside its interval", level, a)
		}
	}
	if v := p.Verdict.Majority; v == nil || v.AccuracyAggregate == nil {
		t.Error("no majority verdict accuracy")
	}
	for i := 1; i < len(p.Pairs); i++ {
		if a, b := p.Pairs[i-1].HolmP, p.Pairs[i].HolmP; a != nil && b != nil && *a > *b {
			t.Errorf("pairs not sorted by holm_p at %d", i)
		}
	}
	var labels []int
	raw, err := os.ReadFile(filepath.Join(src, "dataset.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ds []struct{ Label int }
	if err := json.Unmarshal(raw, &ds); err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		labels = append(labels, d.Label)
	}
	ra, ja := llmbarBalanced(t, filepath.Join(src, "evaluators", "ChatGPT", "Vanilla", "result.json"), labels)
	rb, jb := llmbarBalanced(t, filepath.Join(src, "evaluators", "GPT-4", "Vanilla", "result.json"), labels)
	var n, sa, sb, b10, b01 int
	for i := range ra {
		if !ja[i] || !jb[i] || (labels[i] != 1 && labels[i] != 2) {
			continue
		}
		n++
		sa, sb = sa+b2i(ra[i]), sb+b2i(rb[i])
		b10, b01 = b10+b2i(ra[i] && !rb[i]), b01+b2i(!ra[i] && rb[i])
	}
	found := false
	for _, q := range p.Pairs {
		if q.A != "ChatGPT/Vanilla" || q.B != "GPT-4/Vanilla" {
			continue
		}
		found = true
		if q.N != n || q.AccuracyA != float64(sa)/float64(n) || q.AccuracyB != float64(sb)/float64(n) || q.Discordant != [2]int{b10, b01} {
			t.Errorf("pair %+v; from result.json: n %d, accuracies %d/%d and %d/%d, discordant %d, %d", q, n, sa, n, sb, n, b10, b01)
		}
		if q.McNemarP == nil || *q.McNemarP != panel.McNemarExact(b10, b01) || q.CI95 == nil {
			t.Errorf("pair %+v: McNemar p should be that of %d, %d, with an interval", q, b10, b01)
		}
	}
	if !found {
		t.Errorf("no pair ChatGPT/Vanilla, GPT-4/Vanilla among %v", p.Judges)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
