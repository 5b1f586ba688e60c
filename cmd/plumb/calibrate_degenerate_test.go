package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// swapOnlyLog simulates docs/analysis.md's position-swap-only log (x0, x1,
// log-probabilities), on which CalibraEval's exact optimum is a constant g.
func swapOnlyLog(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.jsonl")
	if _, code, err := execute(t, "simulate", "--pairs", "2000", "--scores", "0", "--verdicts", "0",
		"--arrangements", "x0,x1", "--mode", "logprob", "-o", p); err != nil || code != 0 {
		t.Fatalf("simulate: exit %d, %v", code, err)
	}
	return p
}

// TestCalibrateRefusesCollapsedFit: calibrate exits 2 with the reason for a
// collapsed fit and writes nothing; --allow-degenerate writes it, says so
// on stderr and marks every record; report --format json says
// "degenerate": true.
func TestCalibrateRefusesCollapsedFit(t *testing.T) {
	t.Parallel()
	in := swapOnlyLog(t)
	out := filepath.Join(t.TempDir(), "cal.jsonl")
	_, stderr, code := executeCalibrate(t, in, "--judge", "judge-tokenA", "-o", out)
	if code != exitBadInput || !strings.Contains(stderr, `judge "judge-tokenA": CalibraEval collapsed: g* is nearly constant`) ||
		!strings.Contains(stderr, "--allow-degenerate") {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	if _, err := model.ReadFiles([]string{out}, model.ReadOptions{}); err == nil {
		t.Error("a refused calibration wrote its output")
	}

	_, stderr, code = executeCalibrate(t, in, "--judge", "judge-tokenA", "--allow-degenerate", "-o", out)
	if code != 0 || !strings.Contains(stderr, "warning: --allow-degenerate: writing anyway") {
		t.Fatalf("--allow-degenerate: exit %d, stderr %s", code, stderr)
	}
	lg, err := model.ReadFiles([]string{out}, model.ReadOptions{})
	if err != nil || len(lg.Pairs) != 2000 {
		t.Fatalf("read back: %v", err)
	}
	for _, c := range calibrated(t, lg) {
		if r, _ := c["degenerate"].(string); !strings.Contains(r, "nearly constant") || c["p_a"] == nil {
			t.Fatalf("record not marked degenerate: %v", c)
		}
	}

	js, _, err := execute(t, "report", in, "--judge", "judge-tokenA", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Judges map[string]struct {
			Selection struct {
				Methods map[string]struct {
					Degenerate bool     `json:"degenerate"`
					Reason     *string  `json:"reason"`
					Kappa      *float64 `json:"fleiss_kappa"`
				} `json:"methods"`
			} `json:"selection"`
		} `json:"judges"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	ce := doc.Judges["judge-tokenA"].Selection.Methods["calibraeval"]
	if !ce.Degenerate || ce.Reason == nil || ce.Kappa != nil {
		t.Errorf("report JSON calibraeval: %+v", ce)
	}
	md, _, err := execute(t, "report", in, "--judge", "judge-tokenA")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md, "| CalibraEval (collapsed) | collapsed |") || strings.Contains(md, "1.000 (+") {
		t.Errorf("Markdown shows the collapsed fit as a gain:\n%s", md)
	}
	// λ = 0.05: collapsed too; the κ of round-off choices is not shown.
	md, _, err = execute(t, "report", in, "--judge", "judge-tokenA", "--lambda", "0.05")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md, "| CalibraEval (collapsed) | collapsed |") || strings.Contains(md, "−0.499") {
		t.Errorf("λ 0.05:\n%s", md)
	}
}

// TestReportJSONExtremeOptions: extreme but valid flags on a 4-item log
// whose ICCs are impossible give valid JSON (exit 0) with the flags, never
// an encoder failure; out-of-range λ is a flag error.
func TestReportJSONExtremeOptions(t *testing.T) {
	t.Parallel()
	log := ""
	for i, s := range [][2]string{{"0.26", "0.54"}, {"0.38", "0.59"}, {"0.61", "0.11"}, {"0.06", "0.8"}} {
		log += `{"kind":"pair","id":"` + string(rune('a'+i)) + `","judge":"j","p_a":{"x0":` + s[0] + `,"x1":` + s[1] + `},"gold":"` +
			[]string{"1", "2"}[i%2] + `"}` + "\n"
	}
	p := writeFile(t, "tiny.jsonl", log)
	for _, args := range [][]string{
		{"--lambda", "10"}, {"--lambda", "0"}, {"--est-frac", "4.9e-324"}, {"--alpha", "1e-300"},
		{"--alpha", "0.9999999999"}, {"--budget", "2147483647"}, {"--budget", "2", "--split", "1e-300"},
		{"--target", "pair", "--verdict-from", "calibrated", "--alpha", "1e-300"},
	} {
		out, code, err := execute(t, append([]string{"report", p, "--format", "json"}, args...)...)
		if err != nil || code != 0 || !json.Valid([]byte(out)) {
			t.Errorf("%v: exit %d, err %v, valid %v", args, code, err, json.Valid([]byte(out)))
			continue
		}
		if !strings.Contains(out, `"icc2k": "outside [−1, 1]`) || strings.Contains(out, "internal:") {
			t.Errorf("%v: flags missing or an internal note:\n%s", args, out)
		}
	}
	for _, l := range []string{"10.5", "1e200", "-0.1", "NaN", "Inf"} {
		if _, code, err := execute(t, "report", p, "--lambda", l); code != exitBadInput || err == nil || !strings.Contains(err.Error(), "want a number in [0, 10]") {
			t.Errorf("--lambda %s: exit %d, err %v", l, code, err)
		}
	}
}
