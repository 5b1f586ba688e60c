package style_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"

	"github.com/plumb-eval/plumb/internal/realdata"
)

// TestAlpacaEvalGeneratorLonger: on AlpacaEval 2.0's annotations
// (gpt-4-1106-preview judging each model against gpt4_1106_preview, the
// judge's own generator under --self), the baseline wrote the longer
// output in more than 90% of the items, so the longer preference (0.967
// on alpaca-7b) mostly compares the two generators. The share and its n
// are counted here from the raw files (code points of output_1 and
// output_2, over the items with a preference and different lengths); the
// figure to quote, the pair's φ, is statsmodels' (the GLM reference of
// TestAlpacaEvalReal). The own preference has no gold to separate it from
// quality, and one judge gives no other to compare with: both are said,
// with the number.
func TestAlpacaEvalGeneratorLonger(t *testing.T) {
	dir := realdata.Dir(t, "alpacaeval")
	ref := readGLMReference(t)
	const base = alpacaBase
	for _, m := range []string{"alpaca-7b", "alpaca-7b_concise", "alpaca-7b_verbose"} {
		file := filepath.Join(dir, m+".annotations.json")
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var anns []struct {
			Output1    string `json:"output_1"`
			Output2    string `json:"output_2"`
			Preference any    `json:"preference"`
		}
		if err := json.Unmarshal(b, &anns); err != nil {
			t.Fatal(err)
		}
		n, baseLonger := 0, 0
		for _, a := range anns {
			if a.Preference == nil || a.Preference == "" {
				continue
			}
			l1, l2 := utf8.RuneCountInString(a.Output1), utf8.RuneCountInString(a.Output2)
			if l1 == l2 {
				continue
			}
			n++
			if l1 > l2 {
				baseLonger++
			}
		}
		r := analyseAlpacaEvalSelf(t, dir, m)
		g := r.Length.GeneratorLonger
		share := float64(baseLonger) / float64(n)
		if share <= style.LongerShare || len(g) != 1 || g[0].Model != base || g[0].Opponent != m || g[0].N != n || math.Abs(g[0].Share-share) > 1e-15 {
			t.Fatalf("%s: the baseline is the longer in %d of %d items (%.4f); plumb says %+v", m, baseLonger, n, share, g)
		}
		if math.Abs(g[0].Slope.Value-ref.Models[m].Phi) > 1e-6 || g[0].Slope.CI == nil {
			t.Errorf("%s: the pair's φ %+v, statsmodels %.8f", m, g[0].Slope, ref.Models[m].Phi)
		}
		s := r.Self
		if s == nil || !strings.Contains(s.Caveat, "mixes self-preference with quality") || s.BeyondOthers != nil || s.BeyondOthersReason == "" {
			t.Errorf("%s: self %+v", m, s)
		}
		t.Logf("%s: %s wrote the longer output in %.1f%% of %d items; longer preference %.3f; within the pair φ %.2f [%.2f, %.2f]; %s",
			m, base, 100*share, n, r.Length.LongerPreference.Value, g[0].Slope.Value, g[0].Slope.CI.Lower, g[0].Slope.CI.Upper, s.Caveat)
	}
}

// TestPandaLMPairing checks the pairing of the preference beyond the other
// judges on a real log of two judges of the same 999 items, PandaLM's
// (gpt-3.5-turbo and pandalm-7b, one order each), against a direct loop
// over the raw files. It is not a self-preference: PandaLM's cmp_key
// names the two models alphabetically, not which wrote which response, so
// every item is given here the generators "first" and "second"
// (response1, response2) and pandalm-7b is said to be "first": the measure
// is then pandalm-7b's preference for response1 beyond gpt-3.5-turbo's.
// The loop applies the rules as documented: the same idx, else the same
// instruction, input and two non-empty responses (in either order; the
// first such record of the file). Of pandalm-7b's 999 items, 974 match by
// id, 3 more by prompt and responses (repeats of the test set standing in
// for items whose gpt-3.5-turbo verdict was "garbage") and 22 have no
// counterpart. With the other judge's ids changed, 923 match by text and
// 76 do not: the test set has items with an empty response, which are
// never matched by text.
func TestPandaLMPairing(t *testing.T) {
	dir := realdata.Dir(t, "pandalm")
	read := func(name string, v any) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatal(err)
		}
	}
	var set []struct {
		Idx                json.Number `json:"idx"`
		Instruction, Input string
		R1                 any `json:"response1"` // a string, or a JSON boolean
		R2                 any `json:"response2"`
	}
	// text is a response as the importer reads it: a JSON true is the text
	// "true" (six responses of the file), false none.
	text := func(v any) string {
		switch v := v.(type) {
		case string:
			return v
		case bool:
			if v {
				return "true"
			}
		}
		return ""
	}
	var gpt []struct {
		Idx    json.Number `json:"idx"`
		Result string      `json:"gpt_result"`
	}
	var panda []struct {
		Idx    json.Number `json:"idx"`
		Result json.Number `json:"pandalm_result"`
	}
	read("testset-v1.json", &set)
	read("gpt-3.5-turbo-testset-v1.json", &gpt)
	read("pandalm-7b-testset-v1.json", &panda)
	type key struct{ instr, input, r1, r2 string }
	keyOf := map[string]key{}
	for _, it := range set {
		keyOf[it.Idx.String()] = key{it.Instruction, it.Input, text(it.R1), text(it.R2)}
	}
	gptByID, gptByText := map[string]float64{}, map[key]float64{}
	for _, g := range gpt {
		v, ok := map[string]float64{"1": 1, "2": 0, "Tie": 0.5, "tie": 0.5}[g.Result]
		if !ok {
			continue // "garbage": no verdict
		}
		gptByID[g.Idx.String()] = v
		if k := keyOf[g.Idx.String()]; k.r1 != "" && k.r2 != "" {
			if _, dup := gptByText[k]; !dup {
				gptByText[k] = v
			}
		}
	}
	type tally struct {
		sum                    float64
		n, id, text, unmatched int
	}
	loop := func(ids bool) tally {
		var out tally
		for _, p := range panda {
			own := map[string]float64{"0": 0.5, "1": 1, "2": 0}[p.Result.String()]
			k := keyOf[p.Idx.String()]
			o, ok := gptByID[p.Idx.String()]
			switch {
			case ok && ids:
				out.id++
			case k.r1 == "" || k.r2 == "":
				ok = false
			default:
				if o, ok = gptByText[k]; !ok {
					o, ok = gptByText[key{k.instr, k.input, k.r2, k.r1}]
					o = 1 - o
				}
				if ok {
					out.text++
				}
			}
			if !ok {
				out.unmatched++
				continue
			}
			out.sum += own - o
			out.n++
		}
		return out
	}

	lg, err := importer.Load([]string{dir}, "", model.ReadOptions{}, importer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var own []model.Pair
	var other style.Other
	for _, p := range lg.Pairs {
		p.Gen = &model.Generators{Model1: "first", Model2: "second"}
		switch p.Judge {
		case "pandalm-7b":
			own = append(own, p)
		case "gpt-3.5-turbo":
			p.Gen = nil // the other judge's record names no generator: the same position
			other.Judge = p.Judge
			other.Pairs = append(other.Pairs, p)
		}
	}
	opt := style.DefaultOptions()
	opt.Bootstrap.Resamples = 0
	opt.Self = map[string]string{"pandalm-7b": "first"}
	for _, ids := range []bool{true, false} {
		if !ids {
			for i := range other.Pairs {
				other.Pairs[i].ID = "gpt-" + other.Pairs[i].ID
			}
		}
		want := loop(ids)
		opt.Others = []style.Other{other}
		r, err := style.Analyze(own, opt)
		if err != nil {
			t.Fatal(err)
		}
		b := r.Self.BeyondOthers
		if math.Abs(b.Value.Value-want.sum/float64(want.n)) > 1e-12 || b.Value.N != want.n || b.Unmatched != want.unmatched || b.ByID != want.id || b.ByText != want.text {
			t.Errorf("ids %v: %+v; the raw files give %.15f over %d items (%d by id, %d by text), %d without a counterpart",
				ids, b, want.sum/float64(want.n), want.n, want.id, want.text, want.unmatched)
		}
		t.Logf("pandalm-7b's preference for response1 beyond gpt-3.5-turbo's: %+.4f over %d items (%d matched by id, %d by text, %d unmatched)",
			b.Value.Value, b.Value.N, b.ByID, b.ByText, b.Unmatched)
	}
}
