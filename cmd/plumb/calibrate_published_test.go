package main

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/report"
)

// publishedObjects returns the report.PublishedField objects of a calibrated log
// (nil entries where a record has none).
func publishedObjects(t *testing.T, lg *model.Log) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, p := range lg.Pairs {
		raw, ok := p.Extra[report.PublishedField]
		if !ok {
			out = append(out, nil)
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("%s: %s: %v", p.Pos, report.PublishedField, err)
		}
		out = append(out, m)
	}
	return out
}

// readCalibrated reads a calibrated log that calibrate wrote to path.
func readCalibrated(t *testing.T, path string) *model.Log {
	t.Helper()
	lg, err := model.ReadFiles([]string{path}, model.ReadOptions{})
	if err != nil {
		t.Fatalf("plumb cannot read its calibrated log: %v", err)
	}
	return lg
}

// TestCalibratePublished reproduces issue 19's item 6: `plumb calibrate
// --solver published` wrote "CalibraEval is unavailable" in every record
// and exited 0. Now every record carries the published code's calibrated
// values, equal bit for bit to the curve of calibraeval.FitPublished run
// independently on the judge's estimation items in file order, and
// "calibrated" says the converged fit was not asked for.
func TestCalibratePublished(t *testing.T) {
	t.Parallel()
	const judge, frac, seed, lambda = "judge-tokenA", 0.5, 3, 0.2
	out := filepath.Join(t.TempDir(), "pub.jsonl")
	_, stderr, code := executeCalibrate(t, "--solver", "published", "--published-lambda", "0.2", "--judge", judge,
		"--est-frac", "0.5", "--seed", "3", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := `wrote 3000 pair records to ` + out + `: 3000 with the published code's calibrated preferences in "calibrated_published" (λ 0.2, est-frac 0.5, seed 3), 0 without`
	if !strings.HasPrefix(stderr, want) || strings.Contains(stderr, "not calibrated") {
		t.Errorf("stderr %q, want it to start with %q", stderr, want)
	}

	// The published fit, independently: the judge's records in file order.
	lgDemo, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	_, by := calib.SplitByJudge(lgDemo.Pairs)
	pairs := by[judge]
	est, _, err := calib.EstimationSet(len(pairs), frac, seed)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(est)
	po := calibraeval.DefaultPublishedOptions()
	po.Lambda = lambda
	fit, err := calibraeval.FitPublished(pairs, est, po)
	if err != nil {
		t.Fatal(err)
	}
	inEst := make([]bool, len(pairs))
	for _, i := range est {
		inEst[i] = true
	}

	lg := readCalibrated(t, out)
	if len(lg.Pairs) != len(pairs) {
		t.Fatalf("%d records, want %d", len(lg.Pairs), len(pairs))
	}
	conv := calibrated(t, lg)
	for i, m := range publishedObjects(t, lg) {
		p := &lg.Pairs[i]
		if p.ID != pairs[i].ID {
			t.Fatalf("record %d is %s, want %s (file order)", i, p.ID, pairs[i].ID)
		}
		if m == nil || m["method"] != "calibraeval_published" || m["lambda"] != lambda || m["est_frac"] != frac ||
			m["seed"] != float64(seed) || m["in_estimation_set"] != inEst[i] || m["unavailable"] != nil {
			t.Fatalf("record %d: %v", i, m)
		}
		pa, pref := m["p_a"].(map[string]any), m["pref"].(map[string]any)
		for _, a := range model.Arrangements {
			if !p.Has[a] {
				continue
			}
			g := fit.Curve.Apply(p.S[a])
			if got, _ := pa[a.String()].(float64); math.Float64bits(got) != math.Float64bits(g) {
				t.Fatalf("record %d %s: p_a %v, the published curve gives %v", i, a, got, g)
			}
			if got, _ := pref[a.String()].(float64); got != a.Preference(g) {
				t.Fatalf("record %d %s: pref %v, want %v", i, a, got, a.Preference(g))
			}
		}
		if r, _ := conv[i]["unavailable"].(string); r != report.NotFittedReason || conv[i]["p_a"] != nil {
			t.Fatalf("record %d: calibrated %v, want it to say it was not fitted", i, conv[i])
		}
	}
}

// TestCalibrateSolverBoth: --solver both writes the converged fit in
// "calibrated", byte for byte as the default solver does, and the
// published code's in "calibrated_published"; a judge the published code
// cannot run on (hard choices) gets the reason in both fields and a note.
func TestCalibrateSolverBoth(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	conv, both := filepath.Join(dir, "conv.jsonl"), filepath.Join(dir, "both.jsonl")
	if _, stderr, code := executeCalibrate(t, "--judge", "judge-fair", "-o", conv); code != 0 {
		t.Fatalf("converged: exit %d: %s", code, stderr)
	}
	_, stderr, code := executeCalibrate(t, "--judge", "judge-fair", "--solver", "both", "-o", both)
	if code != 0 {
		t.Fatalf("both: exit %d: %s", code, stderr)
	}
	want := `: 3000 with calibrated preferences (λ 0.5, est-frac 1, objective both, seed 1), 0 without; 3000 with the published code's in "calibrated_published" (λ 0.05), 0 without`
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr %q lacks %q", stderr, want)
	}
	lc, lb := readCalibrated(t, conv), readCalibrated(t, both)
	if len(lc.Pairs) != 3000 || len(lb.Pairs) != 3000 {
		t.Fatalf("%d and %d records", len(lc.Pairs), len(lb.Pairs))
	}
	pub := publishedObjects(t, lb)
	for i := range lb.Pairs {
		if !bytes.Equal(lb.Pairs[i].Extra[report.CalibratedField], lc.Pairs[i].Extra[report.CalibratedField]) {
			t.Fatalf("record %d: calibrated differs from --solver converged's:\n%s\n%s", i,
				lb.Pairs[i].Extra[report.CalibratedField], lc.Pairs[i].Extra[report.CalibratedField])
		}
		if pub[i] == nil || pub[i]["p_a"] == nil {
			t.Fatalf("record %d: no published values: %v", i, pub[i])
		}
		if _, ok := lc.Pairs[i].Extra[report.PublishedField]; ok {
			t.Fatalf("record %d: --solver converged wrote %s", i, report.PublishedField)
		}
	}

	hard := writeFile(t, "hard.jsonl", `{"kind":"pair","id":"q1","judge":"chatgpt","choice":{"x0":"A","x1":"B","x2":"A"},"gold":"1"}`+"\n")
	stdout, stderr, code := executeCalibrate(t, hard, "--solver", "both", "-o", "-")
	if code != 0 {
		t.Fatalf("hard choices: exit %d: %s", code, stderr)
	}
	lg, err := model.Read(strings.NewReader(stdout), "out", model.ReadOptions{})
	if err != nil || len(lg.Pairs) != 1 {
		t.Fatalf("stdout is not the calibrated log (%v): %q", err, stdout)
	}
	if r, _ := publishedObjects(t, lg)[0]["unavailable"].(string); !strings.Contains(r, "hard choices") {
		t.Errorf("published field %v, want the hard-choices reason", publishedObjects(t, lg)[0])
	}
	if !strings.Contains(stderr, `note: judge "chatgpt" (1 record) not calibrated by the published code: CalibraEval needs probabilities`) {
		t.Errorf("stderr lacks the published note:\n%s", stderr)
	}
}
