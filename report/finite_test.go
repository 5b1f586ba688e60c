package report

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestWriteJSONNeverFailsOnNumbers: NaN and ±Inf that reach the Doc are
// written as null (metrics) or 0 (plain numbers) and named in the notes;
// the output is valid JSON.
func TestWriteJSONNeverFailsOnNumbers(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	d := &Doc{
		Options: DocOptions{Lambda: inf},
		Judges: map[string]Judge{"j": {Selection: &Selection{
			Curve: []float64{0, nan, 1},
			Methods: map[string]*Method{"raw": {Metrics: Metrics{
				ICC2k: &nan,
				CI95:  map[string][2]float64{"icc2k": {math.Inf(-1), 1}},
			}}},
		}}},
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, d); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, b.String())
	}
	notes := strings.Join(d.Notes, "\n")
	for _, p := range []string{"options.lambda was +Inf", "judges.j.selection.curve[1] was NaN",
		"judges.j.selection.methods.raw.icc2k was NaN, written as null", "judges.j.selection.methods.raw.ci95.icc2k[0] was -Inf"} {
		if !strings.Contains(notes, p) {
			t.Errorf("notes do not name %q:\n%s", p, notes)
		}
	}
	if strings.Contains(b.String(), "NaN") && !strings.Contains(b.String(), "was NaN") {
		t.Error("NaN in the output")
	}
}

// tinyICCLog is a 4-item log, judged in x0 and x1, whose ICC(2,k) is
// 11.86 and ICC(3,k) −22.65 (calib's iccTinyPrefs).
func tinyICCLog() *model.Log {
	lg := &model.Log{}
	for i, s := range [][2]float64{{0.26, 0.54}, {0.38, 0.59}, {0.61, 0.11}, {0.06, 0.8}} {
		p := model.Pair{ID: string(rune('a' + i)), Judge: "j", Gold: model.Gold1 + model.Gold(i%2), Source: model.SourceProb}
		p.Has[model.X0], p.Has[model.X1] = true, true
		p.S[model.X0], p.S[model.X1] = s[0], s[1]
		lg.Pairs = append(lg.Pairs, p)
	}
	return lg
}

// TestJSONExtremeOptions: extreme but valid options on a tiny log, a
// position-swap-only judge and a 4-arrangement log always give valid JSON
// with no internal note (no non-finite number reached the Doc).
func TestJSONExtremeOptions(t *testing.T) {
	cfg := simtest.Config(300, 20, 60)
	four := simtest.Collect(t, cfg)
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1}
	swap, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	logs := map[string]*model.Log{"tiny": tinyICCLog(), "four": four, "swap": swap}
	for name, lg := range logs {
		for _, o := range []struct {
			lambda, frac, alpha, split float64
			budget                     int
			target                     string
		}{
			{calibraeval.MaxLambda, 1, 0.05, 0, 0, analysis.TargetAuto},
			{0, 4.9e-324, 1e-300, 0, 2, analysis.TargetAuto},
			{0.05, 1e-300, 0.9999999999, 0.999999, 1 << 30, analysis.TargetPair},
			{calibraeval.MaxLambda, 0.5, 4.9e-324, 1e-300, 3, analysis.TargetPair},
		} {
			opt := analysis.Options{
				Selection: selection.Options{Lambda: o.lambda, EstFrac: o.frac, Objective: calibraeval.ObjectiveBoth, Seed: 3},
				Target:    o.target,
				Reporting: reporting.Options{Budget: o.budget, Split: o.split, Alpha: o.alpha, Seed: 3},
			}
			an, err := analysis.Analyze(lg, opt)
			if err != nil {
				t.Errorf("%s %+v: %v", name, o, err)
				continue
			}
			d := BuildDoc(an, "test")
			var b bytes.Buffer
			if err := WriteJSON(&b, d); err != nil {
				t.Fatalf("%s %+v: %v", name, o, err)
			}
			if !json.Valid(b.Bytes()) {
				t.Fatalf("%s %+v: invalid JSON", name, o)
			}
			for _, n := range d.Notes {
				if strings.HasPrefix(n, "internal:") {
					t.Errorf("%s %+v: %s", name, o, n)
				}
			}
			var md strings.Builder
			if err := WriteMarkdown(&md, an); err != nil {
				t.Fatal(err)
			}
			if s := md.String(); strings.Contains(s, "NaN") || strings.Contains(s, "Inf") {
				t.Errorf("%s %+v: NaN or Inf in the Markdown", name, o)
			}
		}
	}
}

// TestJSONDegenerateAndFlags: the position-swap-only judge's CalibraEval
// is "degenerate": true with its reason and null metrics; the tiny log's
// raw ICC(2,k) and ICC(3,k) are flagged.
func TestJSONDegenerateAndFlags(t *testing.T) {
	cfg := simtest.Config(2000, 0, 0)
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1}
	for i := range cfg.Judges {
		cfg.Judges[i].Mode = model.SourceLogprob
	}
	swap, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	doc := func(lg *model.Log, judge string) map[string]any {
		an, err := analysis.Analyze(lg, analysis.Options{Judges: []string{judge}, Selection: selection.DefaultOptions()})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, BuildDoc(an, "test")); err != nil {
			t.Fatal(err)
		}
		var d map[string]any
		if err := json.Unmarshal(b.Bytes(), &d); err != nil {
			t.Fatal(err)
		}
		return d["judges"].(map[string]any)[judge].(map[string]any)["selection"].(map[string]any)["methods"].(map[string]any)
	}
	ce := doc(swap, "judge-tokenA")["calibraeval"].(map[string]any)
	if ce["degenerate"] != true || ce["available"] != true || !strings.Contains(ce["reason"].(string), "nearly constant") {
		t.Errorf("calibraeval: degenerate %v, available %v, reason %v", ce["degenerate"], ce["available"], ce["reason"])
	}
	for _, k := range []string{"consistency", "fleiss_kappa", "icc2k", "icc3k", "accuracy_mean", "accuracy_aggregate", "rstd"} {
		if ce[k] != nil {
			t.Errorf("collapsed calibraeval: %s = %v, want null", k, ce[k])
		}
	}
	if raw := doc(swap, "judge-tokenA")["raw"].(map[string]any); raw["degenerate"] != false || len(raw["flags"].(map[string]any)) != 0 {
		t.Errorf("raw: degenerate %v, flags %v", raw["degenerate"], raw["flags"])
	}
	raw := doc(tinyICCLog(), "j")["raw"].(map[string]any)
	flags := raw["flags"].(map[string]any)
	if raw["icc2k"] == nil || flags["icc2k"] == nil || flags["icc3k"] == nil {
		t.Errorf("tiny log: icc2k %v, flags %v", raw["icc2k"], flags)
	}
}

// TestCollapsedVerdictSource: verdicts from a collapsed CalibraEval fit
// are refused with the reason, and the tiny log's Markdown marks its
// impossible ICCs with † and a note.
func TestCollapsedVerdictSource(t *testing.T) {
	cfg := simtest.Config(1000, 0, 0)
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1}
	cfg.Judges = cfg.Judges[2:]
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions(), Target: analysis.TargetPair,
		VerdictFrom: reporting.VerdictCalibrated, Reporting: reporting.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	ja := an.Judges[0]
	if ja.Reporting != nil || !strings.Contains(ja.ReportingReason, "CalibraEval collapsed: ") {
		t.Errorf("reporting from a collapsed fit: %v, reason %q", ja.Reporting != nil, ja.ReportingReason)
	}

	an, err = analysis.Analyze(tinyICCLog(), analysis.Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| raw | 0.000 | 0.250 | -1.000 | 11.863† | -22.648† |", "- † raw: ICC(2,k) = 11.863 — outside [−1, 1]"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
	}
}
