package present

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestLeastBiasedSentence: the sentence names the least biased condition
// only when the interval lies above 0; otherwise it says that no
// condition is clearly least biased, with the numbers, and is flagged.
func TestLeastBiasedSentence(t *testing.T) {
	c := analysis.Conditions{Judge: "j", Labels: []string{"t A/B", "t X/Y"}, Measure: analysis.MeasureRStd}
	lb := &analysis.LeastBiased{Best: 0, Next: 1, BestValue: 4.2, NextValue: 9.75, Shared: 300,
		Diff: bootstrap.Interval{Estimate: 5.55, CI: &calib.Interval{Lower: 2.5, Upper: 8.126, Level: 0.95}}, Clear: true}
	c.Least = lb
	for _, tc := range []struct {
		mod     func()
		want    string
		nothing bool
	}{
		{func() {}, "j is least biased in t A/B: its RStd is lower by 5.55 [+2.50, +8.13] than in t X/Y, the next least biased " +
			"(RStd 4.20 in t A/B, 9.75 in t X/Y, over the 300 items both share; 95% paired item bootstrap interval).", false},
		{func() { lb.Clear, lb.Diff.CI.Lower = false, -0.5 }, "No condition is clearly least biased: RStd 4.20 in t A/B, 9.75 in t X/Y, " +
			"over the 300 items both share; the difference, +5.55 [−0.50, +8.13], is within noise (its interval contains 0).", true},
		{func() { lb.Diff.CI, lb.Diff.Reason = nil, "the bootstrap is off (--bootstrap 0)" }, "No condition is clearly least biased: " +
			"RStd 4.20 in t A/B, 9.75 in t X/Y, over the 300 items both share (a difference of +5.55, no interval: the bootstrap is off (--bootstrap 0)).", true},
		{func() { c.Least, c.Reason = nil, "the bias measure (rstd) is defined in fewer than two conditions" },
			"No condition can be named least biased: the bias measure (rstd) is defined in fewer than two conditions.", true},
	} {
		tc.mod()
		got, nothing := LeastBiasedSentence(&c)
		if got != tc.want || nothing != tc.nothing {
			t.Errorf("got  %q (%v)\nwant %q (%v)", got, nothing, tc.want, tc.nothing)
		}
	}
}

// TestConditionRows: one row per condition and method, each value the
// condition's own (its judge's methods table, FmtStat at the column's
// decimals); the across rows are the spread of those values.
func TestConditionRows(t *testing.T) {
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts, cfg.GoldShare = 120, 0, 0, 1
	cfg.Judges = cfg.Judges[:1]
	cfg.Grid = sim.Grid{IDs: []sim.Level{{Value: "A/B"}, {Value: "X/Y", PosBias: 1}}}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	opt := analysis.Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	an, err := analysis.NewEngine(lg).Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	c := &an.Conditions[0]
	rows := ConditionRows(c, an.Judges)
	n := len(selection.MethodNames())
	if len(rows) != 2*n || rows[0].Condition != "A/B" || rows[n].Condition != "X/Y" || rows[0].Method != selection.MethodRaw {
		t.Fatalf("%d rows (want %d), first %+v", len(rows), 2*n, rows[0])
	}
	cols := ConditionColumns()
	if len(cols) != 4 || cols[0].Title != "Fleiss κ" || cols[2].Title != "RStd" {
		t.Fatalf("columns %+v", cols)
	}
	for i, name := range c.Variants {
		raw := &an.Judges[i].Selection.Methods[0].All
		if an.Judges[i].Judge != name || rows[i*n].Values[2] != FmtStat(raw.RStd, 2) || rows[i*n].Intervals[2].Text() != "—" {
			t.Errorf("%s: raw RStd cell %q, want %q", name, rows[i*n].Values[2], FmtStat(raw.RStd, 2))
		}
	}
	across := AcrossRows(c)
	r0, r1 := an.Judges[0].Selection.Methods[0].All.RStd.Value, an.Judges[1].Selection.Methods[0].All.RStd.Value
	mean, sd := (r0+r1)/2, abs(r0-r1)/2
	want := SpreadText(analysis.Spread{N: 2, Mean: mean, SD: sd, Min: min(r0, r1), Max: max(r0, r1)}, 2)
	if across[0].Method != selection.MethodRaw || across[0].Cells[2] != want || !strings.HasSuffix(want, ", 2)") {
		t.Errorf("raw RStd across %q, want %q", across[0].Cells[2], want)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
