package present

import (
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
)

// firstPosFixture is raw with first-position rate raw and a method
// (Pride) with rate v, the signed change's interval delta and, when dist
// is not nil, the interval of the change in the distance from ½.
func firstPosFixture(raw, v float64, delta bootstrap.Interval, dist *bootstrap.Interval) (*selection.Result, *selection.Intervals) {
	m := func(x float64) metrics.Metrics {
		mt := rowMetrics(100, calib.Defined(0.8, 100), calib.Defined(0.5, 100), calib.Defined(0.5, 100))
		mt.FirstPositionRate = calib.Defined(x, 400)
		return mt
	}
	sel := &selection.Result{Methods: []selection.MethodResult{
		{Name: selection.MethodRaw, Available: true, All: m(raw)},
		{Name: selection.MethodPride, Available: true, All: m(v)},
	}}
	mi := selection.MethodIntervals{Name: selection.MethodPride, Delta: map[string]bootstrap.Interval{"first_position_rate": delta}}
	if dist != nil {
		mi.DistanceDelta = map[string]bootstrap.Interval{"first_position_rate": *dist}
	}
	iv := &selection.Intervals{Options: selection.BootstrapOptions{Options: bootstrap.Options{Resamples: 1000, Level: 0.95}},
		Methods: []selection.MethodIntervals{{Name: selection.MethodRaw}, mi}}
	return sel, iv
}

// TestFirstPositionMarkByDistance: the first-position rate's mark reads the
// interval of the change in its distance from ½, never the signed change's.
// The first case is GPT-4 judging its own summaries (raw 0.487, Pride
// 0.511: signed change +0.024 with an interval above 0, distance change
// 0.011 − 0.013 = −0.002 with interval [−0.010, +0.007]): within noise,
// where the signed interval's sign made it ▲. Without a distance interval
// there is no mark (the signed interval is no substitute).
func TestFirstPositionMarkByDistance(t *testing.T) {
	for _, c := range []struct {
		name       string
		raw, v     float64
		delta      bootstrap.Interval
		dist       *bootstrap.Interval
		mark, word string
	}{
		{"crosses ½, distance within noise", 0.487, 0.511, ci(0.024, 0.016, 0.032), &[]bootstrap.Interval{ci(-0.002, -0.010, 0.007)}[0], "=", "within noise"},
		{"nearer ½", 0.60, 0.52, ci(-0.08, -0.1, -0.06), &[]bootstrap.Interval{ci(-0.08, -0.1, -0.06)}[0], "▲", "better"},
		{"further from ½", 0.49, 0.45, ci(-0.04, -0.06, -0.02), &[]bootstrap.Interval{ci(0.03, 0.01, 0.05)}[0], "▼", "worse"},
		{"nearer ½ though the signed change is within noise", 0.50, 0.50, ci(0, -0.02, 0.02), &[]bootstrap.Interval{ci(-0.01, -0.02, -0.001)}[0], "▲", "better"},
		{"no distance interval: no mark", 0.487, 0.511, ci(0.024, 0.016, 0.032), nil, "", ""},
	} {
		sel, iv := firstPosFixture(c.raw, c.v, c.delta, c.dist)
		cell := MethodRows(sel, iv, AllItems)[1].Cells[colFirstPos]
		if cell.Mark != c.mark {
			t.Errorf("%s: mark %q, want %q (cell %+v)", c.name, cell.Mark, c.mark, cell)
		}
		mark, ok := MarkInterval(iv, selection.MethodPride, selectionColumns[colFirstPos])
		word := ""
		if ok && HasInterval(mark) {
			word = ChangeWord(IntervalChange(0, mark))
		}
		if word != c.word {
			t.Errorf("%s: change word %q, want %q", c.name, word, c.word)
		}
	}
}

// TestFirstPositionMarkCrossingJudge runs the bootstrap on a judge built
// like GPT-4 on its own summaries (calibtest.CrossingPairs: raw 0.487,
// Pride 0.511; 1,000 resamples, seed 1, Pride's prior fixed): the signed
// change's interval lies above 0, yet Pride's first-position cell reads
// "+0.024 =", because the change in the distance from ½ is within noise
// (its interval [−0.024, +0.021], the signed one's [+0.017, +0.030]).
func TestFirstPositionMarkCrossingJudge(t *testing.T) {
	e := selection.NewEngine("crossing", calibtest.CrossingPairs())
	sel, err := e.Analyze(selection.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	iv, err := e.Bootstrap(sel, selection.BootstrapOptions{Options: bootstrap.Options{Resamples: 1000, Seed: 1, Level: 0.95}})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(sel.Methods, func(m selection.MethodResult) bool { return m.Name == selection.MethodPride })
	col := selectionColumns[colFirstPos]
	if d, ok := DeltaOf(iv, selection.MethodPride, col); !ok || d.ChangeSign() != +1 {
		t.Fatalf("the signed change's interval %+v does not lie above 0: the case no longer tests the rule", d)
	}
	got := MethodRows(sel, iv, AllItems)[i].Cells[colFirstPos]
	if want := (MethodCell{Value: "0.511", Change: "+0.024", Mark: "="}); got != want {
		t.Errorf("Pride's first-position cell %+v, want %+v", got, want)
	}
	// The intervals docs/analysis.md quotes, both in the changes' table.
	titles := ChangeIntervalTitles()
	for _, r := range ChangeIntervalRows(sel, iv) {
		if r.Name != selection.MethodPride {
			continue
		}
		signed, dist := r.Cells[slices.Index(titles, col.Title)].Text(), r.Cells[slices.Index(titles, DistanceTitle)].Text()
		if signed != "[+0.017, +0.030]" || dist != "[−0.024, +0.021]" {
			t.Errorf("Pride's change intervals: signed %s, distance %s; want [+0.017, +0.030] and [−0.024, +0.021]", signed, dist)
		}
	}
}
