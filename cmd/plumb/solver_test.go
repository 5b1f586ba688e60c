package main

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestReportSolverBoth: --solver both shows both CalibraEval rows in
// Markdown and JSON, the published one with its fit block.
func TestReportSolverBoth(t *testing.T) {
	t.Parallel()
	md, code, err := execute(t, "report", "--judge", "judge-tokenA", "--solver", "both")
	if err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	for _, want := range []string{"| CalibraEval |", "| CalibraEval (published code) |", "CalibraEval published code: λ = 0.05"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
	out, _, err := execute(t, "report", "--judge", "judge-tokenA", "--solver", "both", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Judges map[string]struct {
			Selection struct {
				Methods map[string]struct {
					Fit map[string]any `json:"fit"`
				} `json:"methods"`
			} `json:"selection"`
		} `json:"judges"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	m := doc.Judges["judge-tokenA"].Selection.Methods
	if m["calibraeval"].Fit["solver"] != "converged" || m["calibraeval_published"].Fit["solver"] != "published" {
		t.Errorf("fit solvers: %v / %v", m["calibraeval"].Fit, m["calibraeval_published"].Fit)
	}
	pub := m["calibraeval_published"].Fit["published"].(map[string]any)
	if _, ok := pub["rank_shift"]; !ok {
		t.Errorf("published fit block lacks rank_shift: %v", m["calibraeval_published"].Fit)
	}
	// printed_loss is what the script prints (before its one epoch, at the
	// rank transform); final_loss is at the fitted g, whose objective is the
	// row's. Before, printed_loss held the fitted g's loss (issue 19 item 6).
	printed, _ := pub["printed_loss"].([]any)
	final, _ := pub["final_loss"].([]any)
	if len(printed) != 1 || len(final) != 3 {
		t.Fatalf("printed_loss %v, final_loss %v: want one printed row (one epoch) and three final numbers", pub["printed_loss"], pub["final_loss"])
	}
	if final[2] != m["calibraeval_published"].Fit["objective"] {
		t.Errorf("final_loss objective %v, fit objective %v", final[2], m["calibraeval_published"].Fit["objective"])
	}
	if row, _ := printed[0].([]any); len(row) != 3 || row[0] == final[0] {
		t.Errorf("printed_loss %v should be the rank transform's loss, not the fitted g's %v", printed, final)
	}
	if !strings.Contains(md, "The script prints the loss before each epoch, so what it shows is that of the rank transform") {
		t.Errorf("Markdown does not say which loss the script prints")
	}
}

// TestReportPathJSON: --stop-at puts selection.path in the JSON with finite
// numbers and the documented keys, and fit.stop_at on the CalibraEval row.
func TestReportPathJSON(t *testing.T) {
	t.Parallel()
	out, code, err := execute(t, "report", "--judge", "judge-tokenA", "--stop-at", "7", "--format", "json", "--est-frac", "0.5")
	if err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	var doc struct {
		Judges map[string]struct {
			Selection struct {
				Methods map[string]struct {
					Fit struct {
						StopAt *struct {
							Point, Points int
						} `json:"stop_at"`
					} `json:"fit"`
				} `json:"methods"`
				Path *struct {
					Points []struct {
						Mu         *float64            `json:"mu"`
						Objective  float64             `json:"objective"`
						Distance   float64             `json:"distance"`
						Metrics    map[string]*float64 `json:"metrics"`
						Heldout    map[string]*float64 `json:"heldout"`
						Degenerate *bool               `json:"degenerate"`
					} `json:"points"`
					Peak      map[string]int `json:"peak"`
					SameBasin *bool          `json:"same_basin"`
					StopAt    *int           `json:"stop_at"`
					Notes     []string       `json:"notes"`
				} `json:"path"`
			} `json:"selection"`
		} `json:"judges"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	sel := doc.Judges["judge-tokenA"].Selection
	p := sel.Path
	if p == nil || len(p.Points) < 10 || p.SameBasin == nil || p.StopAt == nil || *p.StopAt != 7 || p.Notes == nil {
		t.Fatalf("path: %+v", p)
	}
	if st := sel.Methods["calibraeval"].Fit.StopAt; st == nil || st.Point != 7 || st.Points != len(p.Points) {
		t.Errorf("fit.stop_at = %+v", st)
	}
	if p.Points[0].Mu != nil || p.Points[len(p.Points)-1].Mu == nil || *p.Points[len(p.Points)-1].Mu != 0 {
		t.Errorf("mu: identity must be null (+∞) and the end 0")
	}
	for i, pt := range p.Points {
		if math.IsNaN(pt.Objective) || math.IsNaN(pt.Distance) || pt.Degenerate == nil || pt.Heldout == nil {
			t.Errorf("point %d: %+v", i, pt)
		}
		for _, k := range []string{"fleiss_kappa", "icc2k", "rstd", "accuracy_mean"} {
			if v, ok := pt.Metrics[k]; !ok || v == nil {
				t.Errorf("point %d lacks %s", i, k)
			}
		}
	}
	for _, k := range []string{"kappa", "icc2k", "rstd", "accuracy"} {
		if _, ok := p.Peak[k]; !ok {
			t.Errorf("peak lacks %s", k)
		}
	}
}

// TestSolverFlagErrors: bad --solver, --stop-at beyond the path and
// --stop-at with the published solver alone exit 2 with clear messages.
func TestSolverFlagErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--solver", "foo"}, "--solver: unknown CalibraEval solver \"foo\" (want converged, published or both)"},
		{[]string{"--stop-at", "99"}, "stop at point 99: the fit path has"},
		{[]string{"--stop-at", "x"}, "--stop-at: stop at \"x\": want end or a path point index ≥ 0"},
		{[]string{"--stop-at", "3", "--solver", "published"}, "the fit path is the converged solver's"},
		{[]string{"--published-lambda", "-1", "--solver", "both"}, "--published-lambda -1"},
	} {
		args := append([]string{"report", "--judge", "judge-tokenA"}, c.args...)
		_, code, err := execute(t, args...)
		if code != 2 || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: exit %d, %v; want 2 and %q", c.args, code, err, c.want)
		}
	}
}

// TestCalibrateStopAt: `plumb calibrate --stop-at 0` writes the identity
// map's log (calibrated P(A) = the record's own, "stop_at": 0), and
// --stop-at 9 a log whose preferences differ from both the raw and the
// converged ones.
func TestCalibrateStopAt(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	logs := map[string][]map[string]any{}
	for _, stop := range []string{"0", "9", "end"} {
		out := filepath.Join(dir, "cal-"+stop+".jsonl")
		if _, stderr, code := executeCalibrate(t, "--judge", "judge-tokenA", "--stop-at", stop, "-o", out); code != 0 {
			t.Fatalf("--stop-at %s: exit %d, %s", stop, code, stderr)
		}
		lg, err := model.ReadFiles([]string{out}, model.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		logs[stop] = calibrated(t, lg)
		if stop == "0" {
			for i, p := range lg.Pairs {
				c := logs[stop][i]
				if c["stop_at"] != float64(0) {
					t.Fatalf("record %d: stop_at %v", i, c["stop_at"])
				}
				pa := c["p_a"].(map[string]any)
				for _, a := range model.Arrangements {
					if v, ok := pa[a.String()].(float64); p.Has[a] && (!ok || math.Abs(v-p.S[a]) > 1e-6) {
						t.Fatalf("record %d %s: calibrated %v, raw %v", i, a, pa[a.String()], p.S[a])
					}
				}
			}
		}
	}
	if _, ok := logs["end"][0]["stop_at"]; ok {
		t.Error("--stop-at end writes stop_at")
	}
	same := func(a, b []map[string]any) bool { return fmt.Sprint(a[0]["p_a"]) == fmt.Sprint(b[0]["p_a"]) }
	if same(logs["9"], logs["0"]) || same(logs["9"], logs["end"]) {
		t.Error("--stop-at 9 gives the raw or the converged map")
	}
}
