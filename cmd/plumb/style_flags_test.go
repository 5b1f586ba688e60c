package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/doccheck"
	"github.com/plumb-eval/plumb/report"

	"github.com/plumb-eval/plumb/internal/realdata"
)

// flagsDoc is what the real-data tests of the style flags read of a JSON
// report: each judge's style section and its raw position metrics.
type flagsDoc struct {
	Judges map[string]struct {
		Style     *report.Style `json:"style"`
		Selection *struct {
			Methods map[string]struct {
				Consistency       *float64 `json:"consistency"`
				FirstPositionRate *float64 `json:"first_position_rate"`
			} `json:"methods"`
		} `json:"selection"`
	} `json:"judges"`
}

func reportFlags(t *testing.T, args ...string) flagsDoc {
	t.Helper()
	out, stderr, err := executeStderr(t, append([]string{"report", "--format", "json"}, args...)...)
	if err != nil {
		t.Fatalf("plumb report %v: %v\n%s", args, err, stderr)
	}
	var d flagsDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestLLMBarNoPositionDominated: on LLMBar's Natural set (princeton-nlp/
// LLMBar @ 900616b; six judges, several strategies, both orders) no judge
// is position-dominated: the nearest, Falcon with CoT, is consistent on
// 14% of the items and picks the first-shown output 93% of the time (past
// the first-position threshold, not the consistency one). Every judge's
// style section has no flag exactly when its raw metrics miss a threshold.
func TestLLMBarNoPositionDominated(t *testing.T) {
	t.Parallel()
	dir := realdata.Dir(t, filepath.Join("llmbar", "Dataset", "LLMBar", "Natural"))
	d := reportFlags(t, dir, "--style", "on", "--bootstrap", "0")
	if len(d.Judges) < 20 {
		t.Fatalf("%d judges", len(d.Judges))
	}
	for name, j := range d.Judges {
		if j.Style == nil || j.Selection == nil {
			continue // a scores-only view (…/scores)
		}
		if j.Style.PositionDominated != nil {
			t.Errorf("%s flagged: %+v", name, j.Style.PositionDominated)
		}
	}
	raw := d.Judges["Falcon/CoT"].Selection.Methods["raw"]
	if raw.Consistency == nil || *raw.Consistency != 0.14 || *raw.FirstPositionRate != 0.93 {
		t.Errorf("Falcon/CoT: consistency %v, first-position rate %v; measured 0.14 and 0.93", raw.Consistency, raw.FirstPositionRate)
	}
}

// TestFastChatNoGeneratorLonger: on the real MT-Bench judgments (GPT-4 on
// phi-3 against phi-3-dpo) neither generator wrote the longer answer in
// more than 90% of the items, so the longer preference is not flagged as
// a comparison of the generators; GPT-4 is no generator, so no
// self-preference and no caveat.
func TestFastChatNoGeneratorLonger(t *testing.T) {
	t.Parallel()
	dir := realdata.Dir(t, "fastchat-mtbench")
	s := reportFlags(t, dir, "--bootstrap", "0").Judges["gpt-4"].Style
	if s == nil || len(s.Length.GeneratorLonger) != 0 || s.SelfPreference != nil || s.PositionDominated != nil {
		t.Errorf("style %+v", s)
	}
}

// TestAlpacaEvalFlagsMarkdown: `plumb report` on AlpacaEval's alpaca-7b
// annotations with --self says, with the numbers, that the baseline wrote
// the longer output in 98.0% of its 799 items (so the longer preference
// 0.967 mostly compares the generators, and the pair's φ is the figure to
// quote) and that the own preference 0.974 without gold mixes bias with
// quality (calib/style's TestAlpacaEvalGeneratorLonger counts them from
// the raw file).
func TestAlpacaEvalFlagsMarkdown(t *testing.T) {
	t.Parallel()
	dir := realdata.Dir(t, "alpacaeval")
	out, stderr, err := executeStderr(t, "report", filepath.Join(dir, "alpaca-7b.annotations.json"), "--bootstrap", "100",
		"--self", "weighted_alpaca_eval_gpt4_turbo=gpt4_1106_preview")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{
		"| longer response preferred (balanced) | 0.967 |",
		"Confounded with the generator: gpt4_1106_preview wrote the longer response in 98.0% of its 799 items with alpaca-7b (more than 90%): " +
			"the longer preference there mostly compares the two generators; the length effect within the pair is φ = +4.39",
		"Without gold, the own preference 0.974 mixes self-preference with quality",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

// TestStyleFlagsMatchSchema: a report with every key of the style flags —
// a position-dominated judge, a generator pair where one is the longer,
// the preference beyond the other judges (with a judge left out), the
// caveat without gold — matches
// docs/schema/report.schema.json, open and closed.
func TestStyleFlagsMatchSchema(t *testing.T) {
	root, err := doccheck.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	open, err := doccheck.CompileSchema(root, doccheck.ReportSchema)
	if err != nil {
		t.Fatal(err)
	}
	closed, err := doccheck.CompileSchemaClosed(root, doccheck.ReportSchema)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if _, stderr, err := executeStderr(t, "simulate", "--pairs", "120", "--scores", "0", "--verdicts", "0", "--gold-share", "0",
		"--generator", "big:quality=0.8,len=900,lenspread=0.3", "--generator", "small:len=300,lenspread=0.3",
		"--judge", "big:selfbias=1", "--judge", "k1", "--judge", "lazy:pos=12,self=small", "-o", "g.jsonl"); err != nil {
		t.Fatalf("simulate: %v\n%s", err, stderr)
	}
	out, stderr, err := executeStderr(t, "report", "--format", "json", "--bootstrap", "20", "--self", "lazy=small", "g.jsonl")
	if err != nil {
		t.Fatalf("report: %v\n%s", err, stderr)
	}
	for _, key := range []string{`"position_dominated"`, `"generator_longer"`, `"beyond_others"`, `"excluded": [`, `"note": "the own preference`} {
		if !strings.Contains(out, key) {
			t.Errorf("the report lacks %s", key)
		}
	}
	if err := doccheck.Validate(open, []byte(out)); err != nil {
		t.Errorf("the report does not match the schema: %v", err)
	}
	if err := doccheck.Validate(closed, []byte(out)); err != nil {
		t.Errorf("the report has keys the schema does not name: %v", err)
	}
}
