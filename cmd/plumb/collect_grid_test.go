package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestCollectGridCommand runs a 2 templates × 2 ID sets × 2 shot counts
// grid with CC and DC probes in one command against the practice server
// (simulate --serve's, with its condition biases): each condition says
// its name and its summary, every record carries its condition, a re-run
// skips everything, and the log is read by report.
func TestCollectGridCommand(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "30", "--scores", "0", "--verdicts", "0", "--gold-share", "1", "-o", items); err != nil {
		t.Fatal(err)
	}
	c := sim.DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts, c.GoldShare = 30, 0, 0, 1
	s, err := practiceServer(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	out := filepath.Join(dir, "grid.jsonl")
	args := []string{"collect", items, "--base-url", ts.URL + "/v1", "--model", s.Models()[0], "-o", out, "-q",
		"--template", "calibraeval,mt-bench", "--ids", "A/B,X/Y", "--shots", "0,1", "--probes", "cc,dc", "--dc-samples", "4"}
	_, stderr, err := executeStderr(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{"30 items (and 5 probes) × 4 arrangements × 8 conditions", "condition 1/8: calibraeval, A/B, 0 shots",
		"condition 8/8: mt-bench, X/Y, 1 shot\n"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if n := strings.Count(stderr, "items: 35 to judge, 0 already in the log (skipped); 35 written"); n != 8 {
		t.Errorf("%d conditions wrote 35 records:\n%s", n, stderr)
	}
	lg, err := model.ReadFiles([]string{out}, model.ReadOptions{})
	if err != nil || len(lg.Pairs) != 8*30 || len(lg.Probes) != 8*5 {
		t.Fatalf("log: %v", err)
	}
	conds := map[string]int{}
	for i := range lg.Pairs {
		conds[model.ConditionKey(lg.Pairs[i].Condition)]++
	}
	for i := range lg.Probes {
		conds[model.ConditionKey(lg.Probes[i].Condition)]++
	}
	if len(conds) != 8 || conds[""] != 0 {
		t.Fatalf("conditions %v", conds)
	}
	_, stderr, err = executeStderr(t, args...)
	if err != nil || strings.Count(stderr, "35 already in the log (skipped)") != 8 {
		t.Errorf("re-run: %v\n%s", err, stderr)
	}
	if _, _, err := executeStderr(t, "report", out); err != nil {
		t.Errorf("report of the grid's log: %v", err)
	}
}

// TestCollectGridFlags: the grid's flags are checked before anything is
// asked, and --dry-run shows each condition with its first item and probes.
func TestCollectGridFlags(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "plain.jsonl")
	os.WriteFile(items, []byte(`{"id":"q1","prompt":"Why is the sky blue?","response_1":"Rayleigh scattering.","response_2":"Because it is.","gold":"1"}
{"id":"q2","prompt":"2+2?","response_1":"5","response_2":"4","gold":2}
{"id":"q3","prompt":"Capital of Peru?","response_1":"Lima","response_2":"Cusco","gold":1}
`), 0o644)
	base := []string{"collect", items, "--model", "m", "-o", filepath.Join(dir, "out.jsonl")}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shots", "3"}, "3 shots need at least 4 items with gold"},
		{[]string{"--shots", "1,1"}, "named twice"},
		{[]string{"--probes", "cc,xx"}, `"xx" is not a probe kind`},
		{[]string{"--probes", "dc", "--dc-samples", "0"}, "--dc-samples 0"},
		{[]string{"--ids", "A/B,A/B"}, "named twice"},
		{[]string{"--template", "calibraeval,nosuch"}, "nosuch"},
		{[]string{"--task", "score", "--shots", "1"}, "--shots is for --task pair"},
	} {
		_, _, err := executeStderr(t, append(base, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	stdout, _, err := executeStderr(t, "collect", items, "--model", "m", "--dry-run", "--ids", "A/B,X/Y", "--shots", "0,2", "--probes", "cc,dc", "--arrangements", "x0")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"##### condition 1/4: calibraeval, A/B, 0 shots", "##### condition 4/4: calibraeval, X/Y, 2 shots",
		"=== item q1, arrangement x0", "=== CC probe cc1, arrangement x0", "=== DC probe dc01, arrangement x0", "###X Answer: \nN/A"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("dry run lacks %q", want)
		}
	}
	if n := strings.Count(stdout, "=== "); n != 12 {
		t.Errorf("dry run shows %d prompts, want 12 (4 conditions × item, CC, DC)", n)
	}
}

// TestServeBiasFlag: --serve-bias is read before serving, and is for
// --serve only.
func TestServeBiasFlag(t *testing.T) {
	if _, err := simulate(t, "--serve-bias", "ids=X/Y,pos=1", "-o", filepath.Join(t.TempDir(), "x.jsonl")); err == nil || !strings.Contains(err.Error(), "--serve-bias is for --serve") {
		t.Errorf("without --serve: %v", err)
	}
	if _, err := simulate(t, "--serve", "127.0.0.1:0", "--serve-bias", "ids=X/Y,pos=one"); err == nil || !strings.Contains(err.Error(), `--serve-bias "ids=X/Y,pos=one"`) {
		t.Errorf("a bad bias: %v", err)
	}
	if b, err := parseServeBiases([]string{"none"}); err != nil || b == nil || len(b) != 0 {
		t.Errorf("none: %v, %v", b, err)
	}
}
