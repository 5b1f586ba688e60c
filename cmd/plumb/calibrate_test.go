package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// executeCalibrate runs `plumb calibrate args...` and returns stdout,
// stderr (with the error's message, as main prints it) and the exit
// status.
func executeCalibrate(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	out, errOut, err := executeStderr(t, append([]string{"calibrate"}, args...)...)
	if err != nil {
		return out, errOut + err.Error(), exitCode(err)
	}
	return out, errOut, 0
}

// calibrated returns the "calibrated" objects of a calibrated log.
func calibrated(t *testing.T, lg *model.Log) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, p := range lg.Pairs {
		var m map[string]any
		if err := json.Unmarshal(p.Extra[report.CalibratedField], &m); err != nil {
			t.Fatalf("%s: calibrated field: %v", p.Pos, err)
		}
		out = append(out, m)
	}
	return out
}

func TestCalibrateDemoGzip(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "cal.jsonl.gz")
	stdout, stderr, code := executeCalibrate(t, "--judge", "judge-tokenA", "--judge", "judge-fair", "--est-frac", "0.5", "--seed", "3", "-o", out)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	want := "wrote 6000 pair records to " + out + ": 6000 with calibrated preferences (λ 0.5, est-frac 0.5, objective both, seed 3), 0 without\n"
	if !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "note: 5400 score records and 3000 verdict records are not part") {
		t.Errorf("stderr %q, want it to start with %q", stderr, want)
	}
	raw, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(raw, []byte{0x1f, 0x8b}) {
		t.Fatalf("output is not gzip (err %v)", err)
	}
	lg, err := model.ReadFiles([]string{out}, model.ReadOptions{})
	if err != nil {
		t.Fatalf("plumb cannot read its calibrated log: %v", err)
	}
	if len(lg.Pairs) != 6000 || len(lg.Scores)+len(lg.Verdicts) != 0 {
		t.Fatalf("%d pairs, %d scores, %d verdicts", len(lg.Pairs), len(lg.Scores), len(lg.Verdicts))
	}
	inEst := 0
	for i, m := range calibrated(t, lg) {
		if m["seed"] != 3.0 || m["est_frac"] != 0.5 || m["p_a"] == nil || m["pref"] == nil {
			t.Fatalf("record %d: %v", i, m)
		}
		if m["in_estimation_set"] == true {
			inEst++
		}
	}
	if inEst != 3000 { // ⌈0.5 · 3000⌉ items per judge
		t.Errorf("%d records in the estimation set, want 3000", inEst)
	}
	// The demo's judges interleave item by item: file order is kept.
	if lg.Pairs[0].Judge != "judge-fair" || lg.Pairs[1].Judge != "judge-tokenA" || lg.Pairs[0].ID != lg.Pairs[1].ID {
		t.Errorf("records not in file order: %s/%s, %s/%s", lg.Pairs[0].Judge, lg.Pairs[0].ID, lg.Pairs[1].Judge, lg.Pairs[1].ID)
	}
}

func TestCalibrateStdoutHardChoices(t *testing.T) {
	t.Parallel()
	in := writeFile(t, "in.jsonl", strings.Join([]string{
		`{"kind":"pair","id":"q1","judge":"chatgpt","choice":{"x0":"A","x1":"B"},"gold":"1","prompt":"p","latency_ms":812}`,
		`{"kind":"pair","id":"q2","judge":"chatgpt","choice":{"x0":"tie","x1":"B"},"gold":"2"}`,
		`{"kind":"verdict","id":"v1","judge":"chatgpt","verdict":true}`,
		`not json`,
	}, "\n")+"\n")
	stdout, stderr, code := executeCalibrate(t, in, "-o", "-", "--skip-bad")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lg, err := model.Read(strings.NewReader(stdout), "out", model.ReadOptions{})
	if err != nil || len(lg.Pairs) != 2 {
		t.Fatalf("stdout is not the calibrated log (%v): %q", err, stdout)
	}
	for _, m := range calibrated(t, lg) {
		if r, _ := m["unavailable"].(string); !strings.Contains(r, "hard choices") || m["p_a"] != nil {
			t.Errorf("hard choices calibrated: %v", m)
		}
	}
	if lg.Pairs[0].Prompt != "p" || string(lg.Pairs[0].Extra["latency_ms"]) != "812" {
		t.Errorf("fields of the input lost: %+v", lg.Pairs[0])
	}
	for _, want := range []string{"wrote 2 pair records to stdout: 0 with calibrated preferences", ", 2 without",
		`note: judge "chatgpt" (2 records) not calibrated: CalibraEval needs probabilities`,
		"note: 1 bad line skipped", "note: 0 score records and 1 verdict record are not part"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

func TestCalibrateErrors(t *testing.T) {
	t.Parallel()
	good := writeFile(t, "good.jsonl", `{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.7,"x1":0.4}}`+"\n")
	bad := writeFile(t, "bad.jsonl", `{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":1.7}}`+"\n")
	scores := writeFile(t, "s.jsonl", `{"kind":"score","id":"s1","judge":"k","criterion":"c","judge_score":3,"human_score":2}`+"\n"+
		`{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.7}}`+"\n")
	before, _ := os.ReadFile(good)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no -o", []string{good}, "calibrate needs -o FILE"},
		{"over an input", []string{good, "-o", good}, "refusing to overwrite an input file"},
		{"bad line", []string{bad, "-o", filepath.Join(t.TempDir(), "o.jsonl")}, "bad.jsonl:1: p_a.x0 = 1.7 is not a probability in [0, 1]"},
		{"missing file", []string{filepath.Join(t.TempDir(), "none.jsonl"), "-o", "-"}, "cannot open"},
		{"judge without pairs", []string{scores, "--judge", "k", "-o", "-"}, `--judge "k" has no pair records (judges with pair records: "j")`},
		{"no pairs", []string{writeFile(t, "v.jsonl", `{"kind":"verdict","id":"v","judge":"j","verdict":true}`+"\n"), "-o", "-"}, "no pair records to calibrate"},
		{"bad flag", []string{good, "--lambda", "-1", "-o", "-"}, "--lambda -1"},
		{"unknown flag", []string{good, "--nope", "-o", "-"}, "unknown flag"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := executeCalibrate(t, tc.args...)
			if code != exitBadInput || !strings.Contains(stderr, tc.want) || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, stdout, stderr, tc.want)
			}
		})
	}
	if after, _ := os.ReadFile(good); !bytes.Equal(before, after) {
		t.Error("the input file changed")
	}
}
