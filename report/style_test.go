package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// styleOptions are small analysis options for the style tests: no
// likelihood permutations, b bootstrap resamples.
func styleOptions(b int) analysis.Options {
	return analysis.Options{Selection: selection.DefaultOptions(), Target: analysis.TargetAuto, Reporting: reporting.DefaultOptions(),
		Bootstrap: analysis.BootstrapOptions{Resamples: b, Explicit: true, Refit: analysis.RefitNever}}
}

// styleLog simulates 400 pair items written by two generators, judged by
// a length-biased judge and one that is the generator big and prefers it.
func styleLog(t testing.TB, big, small string) *model.Log {
	t.Helper()
	cfg := simtest.Config(400, 0, 0)
	cfg.Generators = []sim.Generator{{Name: big, Quality: 0.3, LenMedian: 600, LenSpread: 0.4}, {Name: small, LenMedian: 300, LenSpread: 0.4}}
	long := sim.DefaultJudge("long")
	long.LengthBias = 1
	self := sim.DefaultJudge(big)
	self.Self, self.SelfBias = big, 1
	cfg.Judges = []sim.Judge{long, self}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

// renderStyle analyses lg and returns its Markdown and JSON reports.
func renderStyle(t testing.TB, lg *model.Log, opt analysis.Options) (*analysis.Analysis, string, []byte) {
	t.Helper()
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	var md, js bytes.Buffer
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, BuildDoc(an, "test")); err != nil {
		t.Fatal(err)
	}
	return an, md.String(), js.Bytes()
}

// TestStyleAbsentWithoutGenerators: a log whose records name no generator
// and give no length (the demo, whose texts are in memory) gets no style
// analysis by default — no "style" key, no options.style, no Markdown
// section — and costs nothing; --style on analyses it from its texts;
// --style off leaves out a log with generators.
func TestStyleAbsentWithoutGenerators(t *testing.T) {
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	opt := styleOptions(0)
	opt.Judges = []string{"judge-fair"}
	an, md, js := renderStyle(t, lg, opt)
	if an.Judges[0].Style != nil || an.Judges[0].StyleReason != "" {
		t.Errorf("auto on a log without generators: %+v %q", an.Judges[0].Style, an.Judges[0].StyleReason)
	}
	if bytes.Contains(js, []byte(`"style"`)) || strings.Contains(md, "### Style") {
		t.Error("a style section without generators")
	}

	opt.Style.Mode = analysis.StyleOn
	an, md, js = renderStyle(t, lg, opt)
	r := an.Judges[0].Style
	if r == nil || r.Length.N == 0 || !r.Length.LongerPreference.OK() || len(r.WinRates) != 0 {
		t.Fatalf("--style on: %+v (%q)", r, an.Judges[0].StyleReason)
	}
	if !bytes.Contains(js, []byte(`"style": {`)) || !bytes.Contains(js, []byte(`"mode": "on"`)) || !strings.Contains(md, "Win rates: none") {
		t.Errorf("--style on: JSON or Markdown lacks the section")
	}

	gl := styleLog(t, "big", "small")
	o := styleOptions(0)
	o.Style.Mode = analysis.StyleOff
	an, err = analysis.Analyze(gl, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, ja := range an.Judges {
		if ja.Style != nil {
			t.Errorf("--style off: judge %s has a style analysis", ja.Judge)
		}
	}
}

// TestStyleJSONContract: the names issue 21 fixes for other tools —
// judges.<J>.style.win_rates[] with model, opponent, n, raw, balanced,
// length_controlled and ci95; style.length with n, longer_preference,
// slope and ci95; style.self_preference with model, n, own_preference and
// ci95, absent (with a note) for a judge that is no generator — each value
// the analysis's own.
func TestStyleJSONContract(t *testing.T) {
	an, _, js := renderStyle(t, styleLog(t, "big", "small"), styleOptions(50))
	var doc struct {
		Options struct {
			Style *DocStyleOptions `json:"style"`
		} `json:"options"`
		Judges map[string]struct {
			Style map[string]json.RawMessage `json:"style"`
		} `json:"judges"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	if o := doc.Options.Style; o == nil || o.Mode != "auto" || o.Pref != "balanced" {
		t.Errorf("options.style = %+v", o)
	}
	for _, ja := range an.Judges {
		st := doc.Judges[ja.Judge].Style
		if st == nil {
			t.Fatalf("judge %s has no style", ja.Judge)
		}
		var wr []map[string]json.RawMessage
		if err := json.Unmarshal(st["win_rates"], &wr); err != nil || len(wr) != 4 {
			t.Fatalf("%s: win_rates %s: %v", ja.Judge, st["win_rates"], err)
		}
		for _, k := range []string{"model", "opponent", "n", "raw", "balanced", "length_controlled", "ci95", "calibrated", "corrected", "corrected_ci", "slope", "warnings", "counts"} {
			if _, ok := wr[1][k]; !ok {
				t.Errorf("%s: win_rates[1] lacks %q", ja.Judge, k)
			}
		}
		var row StyleWinRate
		if err := json.Unmarshal(mustJSON(t, wr[1]), &row); err != nil {
			t.Fatal(err)
		}
		w := ja.Style.WinRates[1]
		if row.Model != "big" || row.Opponent == nil || *row.Opponent != "small" || row.N != w.N || *row.Raw != w.Raw.Value ||
			*row.LengthControlled != w.LengthControlled.Value || row.CI95["length_controlled"] != [2]float64{w.LengthControlled.CI.Lower, w.LengthControlled.CI.Upper} {
			t.Errorf("%s: win_rates[1] = %+v, analysis %+v", ja.Judge, row, w)
		}
		if string(wr[0]["opponent"]) != "null" {
			t.Errorf("%s: the row against all has opponent %s, want null", ja.Judge, wr[0]["opponent"])
		}
		var l StyleLength
		if err := json.Unmarshal(st["length"], &l); err != nil {
			t.Fatal(err)
		}
		if l.N != ja.Style.Length.N || l.LongerPreference == nil || *l.LongerPreference != ja.Style.Length.LongerBalanced.Value ||
			l.Slope == nil || l.CI95["longer_preference"][0] >= *l.LongerPreference || len(l.Bins) == 0 {
			t.Errorf("%s: length %+v", ja.Judge, l)
		}
		self, hasSelf := st["self_preference"]
		var notes []string
		if err := json.Unmarshal(st["notes"], &notes); err != nil {
			t.Fatal(err)
		}
		switch ja.Judge {
		case "big":
			var s StyleSelf
			if !hasSelf || json.Unmarshal(self, &s) != nil || s.Model != "big" || s.N != 400 || s.OwnPreference == nil ||
				*s.OwnPreference != ja.Style.Self.OwnPreference.Value || len(s.CI95["own_preference"]) != 2 {
				t.Errorf("big: self_preference %s", self)
			}
		default:
			if hasSelf || !strings.Contains(strings.Join(notes, "\n"), `self_preference: the judge "long" is not one of the 2 generators`) {
				t.Errorf("long: self_preference %s, notes %q", self, notes)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStyleMarkdown: the section's numbers are the analysis's, with their
// intervals, and its sentences name the judge's generator and what is
// undefined (no human labels here: no corrected column, and why).
func TestStyleMarkdown(t *testing.T) {
	lg := styleLog(t, "big", "small")
	for i := range lg.Pairs {
		lg.Pairs[i].Gold = model.GoldNone
	}
	an, md, _ := renderStyle(t, lg, styleOptions(50))
	sec := md[strings.Index(md, "## Judge big"):]
	sec = sec[strings.Index(sec, "### Style: length, self-preference and win rates"):]
	r := an.Judges[0].Style
	if an.Judges[0].Judge != "big" {
		t.Fatalf("judges %s", an.Judges[0].Judge)
	}
	w := r.WinRates[1]
	for _, want := range []string{
		"400 pair items. Preference: position-balanced (the mean over each item's arrangements); intervals: 95% paired item bootstrap percentile intervals, 50 resamples (seed 1)",
		fmt.Sprintf("| longer response preferred (balanced) | %.3f | [%.3f, %.3f] | %d |", r.Length.LongerPreference.Value,
			r.Length.LongerPreference.CI.Lower, r.Length.LongerPreference.CI.Upper, r.Length.N),
		fmt.Sprintf("Self-preference: the judge is the generator big (named like it); over 400 items where exactly one response is its own it prefers its own %.3f [%.3f, %.3f]",
			r.Self.OwnPreference.Value, r.Self.OwnPreference.CI.Lower, r.Self.OwnPreference.CI.Upper),
		"| model | opponent | n | raw | balanced | calibrated | LC (minimal GLM) | φ |\n",
		"LC (minimal GLM) is σ(θ) of the minimal GLM logit p = θ + φ·tanh(Δ/sd(Δ)), fitted without a penalty. Neither is AlpacaEval's leaderboard value (length_controlled_v1)",
		fmt.Sprintf("| big | small | 400 | %.3f [%.3f, %.3f] | %.3f [%.3f, %.3f] |", w.Raw.Value, w.Raw.CI.Lower, w.Raw.CI.Upper,
			w.Balanced.Value, w.Balanced.CI.Lower, w.Balanced.CI.Upper),
		"| big | *all* | 400 |",
		"No corrected win rates: no item of this pair has a human label (gold 1 or 2).",
		"Bradley–Terry scores: not fitted — 2 generators met each other",
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("the section lacks %q:\n%s", want, sec)
		}
	}
	checkStructure(t, md)
}

// TestStyleMarkdownHostileNames: generator names holding terminal escapes
// or "a|b\n## X" reach the style section as visible escapes — no raw
// control byte, no new heading, no extra table cell — and the JSON
// decodes to the same names with no raw control byte.
func TestStyleMarkdownHostileNames(t *testing.T) {
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			lg := styleLog(t, "big"+c.in, "small"+c.in)
			opt := styleOptions(0)
			opt.Judges = []string{"big" + c.in}
			_, md, js := renderStyle(t, lg, opt)
			for _, bad := range terminalBytes {
				if i := strings.Index(md, bad); i >= 0 {
					t.Errorf("raw %q in the Markdown: …%q…", bad, md[max(0, i-40):min(len(md), i+40)])
				}
				if bytes.Contains(js, []byte(bad)) {
					t.Errorf("raw %q in the JSON", bad)
				}
			}
			for _, want := range []string{
				"| big" + c.shown + " | *all* | 400 |",
				"| big" + c.shown + " | small" + c.shown + " | 400 |",
				"Self-preference: the judge is the generator big" + c.shown + " (named like it)",
			} {
				if !strings.Contains(md, want) {
					t.Errorf("missing %q", want)
				}
			}
			checkStructure(t, md)
			var doc struct {
				Judges map[string]struct {
					Style Style `json:"style"`
				} `json:"judges"`
			}
			if err := json.Unmarshal(js, &doc); err != nil {
				t.Fatal(err)
			}
			if s := doc.Judges["big"+c.in].Style; len(s.WinRates) != 4 || s.WinRates[0].Model != "big"+c.in || s.SelfPreference.Model != "big"+c.in {
				t.Errorf("JSON names changed: %+v", s.WinRates)
			}
		})
	}
}

// FuzzStyleModelNames: whatever a generator is called, the style section
// keeps the Markdown's structure and shows no raw control byte.
func FuzzStyleModelNames(f *testing.F) {
	for _, c := range hostileCases {
		f.Add(c.in)
	}
	f.Add("|")
	f.Add("\\|")
	f.Add("*all*")
	f.Fuzz(func(t *testing.T, name string) {
		if !utf8.ValidString(name) || strings.TrimSpace(name) == "" || name == "other" {
			t.Skip()
		}
		var lg model.Log
		for i := range 8 {
			l1, l2 := 100+10*i, 60+5*i
			p := model.Pair{ID: fmt.Sprint("q", i), Judge: "j", Source: model.SourceProb,
				Gen: &model.Generators{Model1: name, Model2: "other", Len1: &l1, Len2: &l2}}
			p.Has[model.X0], p.S[model.X0] = true, 0.3+0.05*float64(i)
			p.Has[model.X2], p.S[model.X2] = true, 0.6-0.04*float64(i)
			lg.Pairs = append(lg.Pairs, p)
		}
		_, md, js := renderStyle(t, &lg, styleOptions(0))
		if !strings.Contains(md, "### Style") || !bytes.Contains(js, []byte(`"win_rates"`)) {
			t.Fatal("no style section")
		}
		for _, bad := range terminalBytes {
			if strings.Contains(md, bad) {
				t.Errorf("raw %q in the Markdown", bad)
			}
		}
		checkStructure(t, md)
	})
}

// TestStylePrefCalibrated: with the calibrated preference the measures
// use CalibraEval's map; for a judge whose CalibraEval is unavailable
// (hard choices) they fall back to the balanced one, with a note, and the
// calibrated win rates say why they are missing.
func TestStylePrefCalibrated(t *testing.T) {
	opt := styleOptions(0)
	opt.Style.Pref = style.PrefCalibrated
	an, _, _ := renderStyle(t, styleLog(t, "big", "small"), opt)
	if r := an.Judges[0].Style; r.Pref != style.PrefCalibrated || !r.WinRates[0].Calibrated.OK() ||
		r.WinRates[0].LengthControlled.N == 0 {
		t.Errorf("calibrated: %+v", r)
	}
	var lg model.Log
	for i := range 6 {
		l1, l2 := 100+10*i, 50
		p := model.Pair{ID: fmt.Sprint("q", i), Judge: "hard", Source: model.SourceChoice,
			Gen: &model.Generators{Model1: "a", Model2: "b", Len1: &l1, Len2: &l2}}
		p.Has[model.X0], p.S[model.X0] = true, float64(i%2)
		lg.Pairs = append(lg.Pairs, p)
	}
	an, md, _ := renderStyle(t, &lg, opt)
	r := an.Judges[0].Style
	if r == nil || r.Pref != style.PrefBalanced || !strings.Contains(strings.Join(r.Notes, "\n"), "calibrated preference unavailable (CalibraEval is unavailable for this judge") {
		t.Fatalf("fallback: %+v", r)
	}
	if c := r.WinRates[0].Calibrated; c.OK() || !strings.HasPrefix(c.Reason, "no calibrated preferences: CalibraEval is unavailable") {
		t.Errorf("calibrated win rate %+v", c)
	}
	if !strings.Contains(md, "No calibrated win rates: no calibrated preferences: CalibraEval is unavailable for this judge") {
		t.Errorf("Markdown lacks why there are no calibrated win rates")
	}
}

// TestStyleStreamMatchesEncoder: a document with style sections (and
// options.style) streams to exactly encoding/json's bytes, as the rest of
// the document does (stream.go).
func TestStyleStreamMatchesEncoder(t *testing.T) {
	an, err := analysis.Analyze(styleLog(t, "big", "small"), styleOptions(20))
	if err != nil {
		t.Fatal(err)
	}
	d := BuildDoc(an, "t")
	if d.Judges["big"].Style == nil || d.Options.Style == nil {
		t.Fatal("no style section")
	}
	if a, b := encoderJSON(t, d), streamJSON(t, d); !bytes.Equal(a, b) {
		t.Errorf("streamed JSON differs from encoding/json's at byte %d", firstDiff(a, b))
	}
}
