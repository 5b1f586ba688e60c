package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/selection"
)

// execute runs plumb with args and returns stdout and the exit status.
func execute(t *testing.T, args ...string) (string, int, error) {
	t.Helper()
	out, _, err := executeStderr(t, args...)
	code := 0
	if err != nil {
		code = exitCode(err)
	}
	return out, code, err
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReportMarkdownDemo(t *testing.T) {
	t.Parallel()
	out, code, err := execute(t, "report")
	if err != nil || code != 0 {
		t.Fatalf("plumb report: exit %d, %v", code, err)
	}
	for _, want := range []string{"# plumb report", "## Judge judge-fair", "## Judge judge-first", "## Judge judge-tokenA",
		"| raw |", "| CalibraEval |", "| Pride |", "| BPC |", "| discard inconsistent", "CalibraEval fit:"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(out, "NaN") || strings.Contains(out, "Inf") {
		t.Error("report prints NaN or Inf")
	}
	// plumb with no subcommand prints the same report until the TUI lands.
	root, _, err := execute(t)
	if err != nil || root != out {
		t.Errorf("plumb and plumb report differ (err %v)", err)
	}
}

func TestReportJSONSchema(t *testing.T) {
	t.Parallel()
	out, _, err := execute(t, "report", "--format", "json", "--est-frac", "0.5", "--lambda", "0.7", "--seed", "3")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("report is not JSON: %v", err)
	}
	opts := doc["options"].(map[string]any)
	if opts["lambda"] != 0.7 || opts["est_frac"] != 0.5 || opts["seed"] != 3.0 || opts["objective"] != "both" {
		t.Errorf("options echo wrong: %v", opts)
	}
	judges := doc["judges"].(map[string]any)
	if len(judges) != 3 {
		t.Fatalf("%d judges, want 3", len(judges))
	}
	keys := []string{"consistency", "first_position_rate", "fleiss_kappa", "icc2k", "icc3k", "rstd",
		"accuracy_mean", "accuracy_aggregate", "n", "notes"}
	for name, j := range judges {
		sel := j.(map[string]any)["selection"].(map[string]any)
		methods := sel["methods"].(map[string]any)
		for _, m := range selection.MethodNames() {
			mm, ok := methods[m].(map[string]any)
			if !ok {
				t.Fatalf("%s: no method %s", name, m)
			}
			for _, k := range keys {
				if _, ok := mm[k]; !ok {
					t.Errorf("%s.%s lacks %q", name, m, k)
				}
			}
			// Every available method gets held-out metrics at est_frac 0.5;
			// the demo has no probes, so CC and DC say so.
			if m == selection.MethodCC || m == selection.MethodDC {
				if mm["available"] != false || mm["reason"] != "no "+strings.ToUpper(m)+" probes in the log" {
					t.Errorf("%s.%s: available %v, reason %v", name, m, mm["available"], mm["reason"])
				}
				continue
			}
			if _, ok := mm["heldout"].(map[string]any); !ok {
				t.Errorf("%s.%s lacks heldout at est_frac 0.5", name, m)
			}
		}
		ce := methods["calibraeval"].(map[string]any)
		fit := ce["fit"].(map[string]any)
		for _, k := range []string{"iterations", "objective", "grad_norm", "points"} {
			if _, ok := fit[k]; !ok {
				t.Errorf("%s: calibraeval.fit lacks %q", name, k)
			}
		}
		curve := sel["curve"].([]any)
		if len(curve) != 101 {
			t.Errorf("%s: curve has %d points, want 101", name, len(curve))
		}
		// An undefined value is null with a note naming it.
		bpc := methods["bpc"].(map[string]any)
		if bpc["fleiss_kappa"] != nil {
			t.Errorf("%s: bpc.fleiss_kappa = %v, want null", name, bpc["fleiss_kappa"])
		}
		if !strings.Contains(strings.Join(toStrings(bpc["notes"]), "\n"), "fleiss_kappa: ") {
			t.Errorf("%s: bpc notes do not say why fleiss_kappa is null: %v", name, bpc["notes"])
		}
		es := sel["estimation_set"].(map[string]any)
		if es["size"].(float64)+es["heldout"].(float64) != sel["items"].(float64) {
			t.Errorf("%s: estimation set sizes do not add up: %v", name, es)
		}
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func TestReportJudgeFilterAndErrors(t *testing.T) {
	t.Parallel()
	out, _, err := execute(t, "report", "--judge", "judge-first", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Judges map[string]any }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Judges) != 1 || doc.Judges["judge-first"] == nil {
		t.Errorf("--judge judge-first gave judges %v", doc.Judges)
	}

	cases := []struct {
		args []string
		want string
	}{
		{[]string{"report", "--judge", "nobody"}, `no judge "nobody" in the input (judges: "judge-fair", "judge-first", "judge-tokenA")`},
		{[]string{"report", "--lambda", "-1"}, "--lambda -1: want a number in [0, 10]"},
		{[]string{"report", "--lambda", "1e200"}, "--lambda 1e+200: want a number in [0, 10]"},
		{[]string{"report", "--est-frac", "0"}, "--est-frac 0: want a number in (0, 1]"},
		{[]string{"report", "--objective", "l3"}, "--objective"},
		{[]string{"report", "--format", "xml"}, `--format "xml": want md, json or csv`},
		{[]string{"report", "--no-such-flag"}, "unknown flag: --no-such-flag"},
		{[]string{"report", "/no/such/file.jsonl"}, "/no/such/file.jsonl"},
	}
	for _, c := range cases {
		_, code, err := execute(t, c.args...)
		if err == nil || code != exitBadInput {
			t.Errorf("%v: exit %d, err %v; want exit %d", c.args, code, err, exitBadInput)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %q does not contain %q", c.args, err, c.want)
		}
	}
}

func TestReportBadInput(t *testing.T) {
	t.Parallel()
	good := `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.7,"x1":0.4},"gold":"1"}` + "\n"
	bad := `{"kind":"pair","id":"b","judge":"j","p_a":{"x0":0.7,"x1":1.7}}` + "\n"
	p := writeFile(t, "runs.jsonl", good+bad+strings.Replace(good, `"a"`, `"c"`, 1))
	_, code, err := execute(t, "report", p)
	if code != exitBadInput || err == nil {
		t.Fatalf("bad line: exit %d, err %v; want exit 2", code, err)
	}
	if want := p + ":2: p_a.x1 = 1.7 is not a probability in [0, 1]"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	out, code, err := execute(t, "report", "--skip-bad", p)
	if err != nil || code != 0 {
		t.Fatalf("--skip-bad: exit %d, %v", code, err)
	}
	if !strings.Contains(out, "Skipped 1 bad line") || !strings.Contains(out, "p_a.x1 = 1.7") {
		t.Errorf("--skip-bad report does not count and explain the skipped line:\n%s", out)
	}
	if !strings.Contains(out, "Pair items: 2") {
		t.Errorf("--skip-bad did not keep the two good lines:\n%s", out)
	}
}

func TestReportOutputFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	line := `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.7,"x1":0.4},"gold":"1"}` + "\n"
	if err := os.WriteFile(in, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, code, err := execute(t, "report", in, "-o", in); code != exitBadInput || err == nil ||
		!strings.Contains(err.Error(), "refusing to overwrite an input file") {
		t.Errorf("-o onto the input: exit %d, err %v", code, err)
	}
	if b, _ := os.ReadFile(in); string(b) != line {
		t.Error("the input file was changed")
	}
	out := filepath.Join(dir, "r.json")
	if _, _, err := execute(t, "report", in, "--format", "json", "-o", out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil || !json.Valid(b) {
		t.Fatalf("-o wrote no valid JSON: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d files in the directory, want 2 (no temp file left)", len(entries))
	}
}
