package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBootstrapFlagErrors: bad bootstrap flags exit with status 2 and say
// what is wrong.
func TestBootstrapFlagErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--bootstrap", "-1"}, "--bootstrap -1"},
		{[]string{"--bootstrap", "1"}, "--bootstrap 1"},
		{[]string{"--bootstrap-kind", "student"}, "--bootstrap-kind"},
		{[]string{"--refit", "--fixed-fit"}, "choose one"},
	} {
		_, code, err := execute(t, append([]string{"report"}, tc.args...)...)
		if code != 2 || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: exit %d, %v; want 2 and %q", tc.args, code, err, tc.want)
		}
	}
}

// TestReportBootstrapFlags: --bootstrap B, --bootstrap-kind and
// --fixed-fit reach the JSON; --bootstrap 0 leaves every interval out.
func TestReportBootstrapFlags(t *testing.T) {
	t.Parallel()
	out, _, err := execute(t, "report", "--format", "json", "--judge", "judge-fair", "--bootstrap", "200",
		"--bootstrap-kind", "bca", "--fixed-fit", "--permutations", "100")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Options struct {
			Bootstrap map[string]any `json:"bootstrap"`
		} `json:"options"`
		Judges map[string]struct {
			Selection struct {
				Bootstrap map[string]any `json:"bootstrap"`
				Methods   map[string]struct {
					CI95      map[string][2]float64 `json:"ci95"`
					DeltaCI95 map[string][2]float64 `json:"delta_ci95"`
				} `json:"methods"`
			} `json:"selection"`
		} `json:"judges"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	b := doc.Judges["judge-fair"].Selection.Bootstrap
	if b["resamples"] != 200.0 || b["kind"] != "bca" || b["refit"] != "fixed" || b["unit"] != "item" {
		t.Errorf("selection.bootstrap = %v", b)
	}
	if o := doc.Options.Bootstrap; o["resamples"] != 200.0 || o["refit"] != "fixed" {
		t.Errorf("options.bootstrap = %v", o)
	}
	ms := doc.Judges["judge-fair"].Selection.Methods
	if len(ms["raw"].CI95) == 0 || len(ms["calibraeval"].DeltaCI95) == 0 {
		t.Errorf("no intervals: raw %v, calibraeval %v", ms["raw"].CI95, ms["calibraeval"].DeltaCI95)
	}

	out, _, err = execute(t, "report", "--judge", "judge-fair", "--bootstrap", "0", "--permutations", "100")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "Intervals of the") || strings.Contains(out, " ▲)") || strings.Contains(out, " =)") {
		t.Error("--bootstrap 0 still prints intervals or marks")
	}
}

// TestFiguresForestIntervals: the forest plot's caption names the
// bootstrap intervals drawn as its bars.
func TestFiguresForestIntervals(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "figs")
	if _, _, err := execute(t, "figures", "-o", dir, "--judge", "judge-fair", "--bootstrap", "100", "--fixed-fit",
		"--figure-format", "svg", "--permutations", "100"); err != nil {
		t.Fatal(err)
	}
	txt, err := os.ReadFile(filepath.Join(dir, "judge-fair.forest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(txt), "95% paired item bootstrap percentile intervals, 100 resamples") {
		t.Errorf("forest caption: %s", txt)
	}
}
