package present

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
)

// Column indices of SelectionColumns used below.
const (
	colConsistency = 0
	colFirstPos    = 1
	colKappa       = 2
	colICC2k       = 3
)

// rowMetrics are metrics with every column undefined but consistency,
// κ and ICC(2,k), which are given (a zero Stat is defined: 0).
func rowMetrics(n int, cons, kappa, icc2k calib.Stat) metrics.Metrics {
	none := calib.Undefined(0, "no gold labels")
	return metrics.Metrics{N: n, Consistency: cons, FirstPositionRate: none, FleissKappa: kappa, ICC2k: icc2k,
		ICC3k: none, RStd: none, AccuracyMean: none, AccuracyAggregate: none}
}

// ci is a bootstrap interval of a change from raw.
func ci(est, lo, hi float64) bootstrap.Interval {
	return bootstrap.Interval{Estimate: est, CI: &calib.Interval{Lower: lo, Upper: hi}}
}

// rowsFixture is a judge's selection result whose methods table has a
// flagged value (raw's ICC(2,k) 1.2), a better change (CalibraEval), a
// collapsed method (the published code), a worse change that needs a
// fourth decimal (Pride), an unavailable method (BPC) and a change within
// noise and one without an interval (discard, which kept 75%), with the
// bootstrap intervals of those changes.
func rowsFixture() (*selection.Result, *selection.Intervals) {
	def := func(v float64) calib.Stat { return calib.Defined(v, 100) }
	flagged := def(1.2)
	flagged.Flag = "outside [−1, 1]"
	kept := def(0.75)
	undef := calib.Undefined(100, "constant ratings")
	sel := &selection.Result{Methods: []selection.MethodResult{
		{Name: selection.MethodRaw, Available: true, All: rowMetrics(100, def(0.8), def(0.5), flagged)},
		{Name: selection.MethodCalibraEval, Available: true, All: rowMetrics(100, def(0.9), undef, def(0.5))},
		{Name: selection.MethodCalibraEvalPublished, Available: true, Degenerate: true, All: rowMetrics(100, def(0.5), def(0.1), def(0.1))},
		{Name: selection.MethodPride, Available: true, All: rowMetrics(100, def(0.7996), undef, undef)},
		{Name: selection.MethodBPC, Reason: "no logprobs"},
		{Name: selection.MethodDiscard, Available: true, Kept: &kept, All: rowMetrics(75, def(0.8001), def(0.6), undef)},
	}}
	iv := &selection.Intervals{Options: selection.BootstrapOptions{Options: bootstrap.Options{Resamples: 200, Level: 0.95}}, Methods: []selection.MethodIntervals{
		{Name: selection.MethodCalibraEval, Delta: map[string]bootstrap.Interval{"consistency": ci(0.1, 0.05, 0.15)}},
		{Name: selection.MethodPride, Delta: map[string]bootstrap.Interval{"consistency": ci(-0.0004, -0.0006, -0.0003)}},
		{Name: selection.MethodDiscard, Delta: map[string]bootstrap.Interval{
			"consistency":  ci(0.0001, -0.01, 0.02),
			"fleiss_kappa": {Estimate: 0.1, Reason: "κ undefined on 60% of the resamples"},
		}},
	}}
	return sel, iv
}

// TestMethodRows: each cell of the methods table is decided once — the
// value at its column's decimals, the flag, the change from raw with its
// decimals and its mark, "collapsed" and "—" — and the rows carry the
// count and the kept share. The expected cells are worked by hand from
// the fixture: 0.9 − 0.8 = +0.100, its interval [0.05, 0.15] excludes 0
// upwards (▲); 0.7996 − 0.8 = −0.0004 needs a fourth decimal because its
// interval [−0.0006, −0.0003] excludes 0 (▼, ChangeDecimals); 0.8001 −
// 0.8 rounds to ±0 inside [−0.01, 0.02] (=).
func TestMethodRows(t *testing.T) {
	sel, iv := rowsFixture()
	rows := MethodRows(sel, iv, AllItems)
	if len(rows) != len(sel.Methods) {
		t.Fatalf("%d rows for %d methods", len(rows), len(sel.Methods))
	}
	byName := map[string]MethodRow{}
	for i, r := range rows {
		if r.Name != sel.Methods[i].Name || r.Title != MethodTitle(r.Name) || len(r.Cells) != len(selectionColumns) {
			t.Fatalf("row %d: %q %q with %d cells", i, r.Name, r.Title, len(r.Cells))
		}
		byName[r.Name] = r
	}
	for _, c := range []struct {
		name, method string
		col          int
		want         MethodCell
	}{
		{"raw: a value, no change", selection.MethodRaw, colConsistency, MethodCell{Value: "0.800"}},
		{"raw: flagged", selection.MethodRaw, colICC2k, MethodCell{Value: "1.200", Flag: "outside [−1, 1]"}},
		{"undefined", selection.MethodRaw, colFirstPos, MethodCell{Value: "—"}},
		{"better", selection.MethodCalibraEval, colConsistency, MethodCell{Value: "0.900", Change: "+0.100", Mark: "▲"}},
		{"raw flagged: no change", selection.MethodCalibraEval, colICC2k, MethodCell{Value: "0.500", RawMissing: true}},
		{"undefined beside raw's", selection.MethodCalibraEval, colKappa, MethodCell{Value: "—"}},
		{"collapsed", selection.MethodCalibraEvalPublished, colConsistency, MethodCell{Value: "collapsed"}},
		{"worse, a fourth decimal", selection.MethodPride, colConsistency, MethodCell{Value: "0.800", Change: "−0.0004", Mark: "▼"}},
		{"unavailable", selection.MethodBPC, colConsistency, MethodCell{Value: "—"}},
		{"within noise", selection.MethodDiscard, colConsistency, MethodCell{Value: "0.800", Change: "±0", Mark: "="}},
		{"no interval: no mark", selection.MethodDiscard, colKappa, MethodCell{Value: "0.600", Change: "+0.100"}},
	} {
		if got := byName[c.method].Cells[c.col]; got != c.want {
			t.Errorf("%s: %s %s = %+v, want %+v", c.name, c.method, selectionColumns[c.col].Title, got, c.want)
		}
	}
	for _, c := range []struct {
		method               string
		available, collapsed bool
		n                    int
		kept                 float64 // −1: none
	}{
		{selection.MethodRaw, true, false, 100, -1},
		{selection.MethodCalibraEvalPublished, true, true, 100, -1},
		{selection.MethodBPC, false, false, 0, -1},
		{selection.MethodDiscard, true, false, 75, 0.75},
	} {
		r := byName[c.method]
		kept := -1.0
		if r.Kept != nil {
			kept = *r.Kept
		}
		if r.Available != c.available || r.Collapsed != c.collapsed || r.N != c.n || kept != c.kept {
			t.Errorf("%s: available %v collapsed %v n %d kept %v, want %v %v %d %v",
				c.method, r.Available, r.Collapsed, r.N, kept, c.available, c.collapsed, c.n, c.kept)
		}
	}
}

// TestMethodRowsMarksOnlyOverEveryItem: the bootstrap's intervals are
// over every item, so the held-out table's changes carry no mark and
// their decimals stay the column's; without intervals there are no marks.
func TestMethodRowsMarksOnlyOverEveryItem(t *testing.T) {
	sel, iv := rowsFixture()
	for i := range sel.Methods {
		m := sel.Methods[i].All
		sel.Methods[i].Heldout = &m
	}
	for _, c := range []struct {
		name string
		iv   *selection.Intervals
		pick Pick
	}{{"held out", iv, Heldout}, {"no intervals", nil, AllItems}} {
		rows := MethodRows(sel, c.iv, c.pick)
		want := map[int]MethodCell{
			1: {Value: "0.900", Change: "+0.100"},
			3: {Value: "0.800", Change: "±0"}, // −0.0004 at three decimals
		}
		for i, w := range want {
			if got := rows[i].Cells[colConsistency]; got != w {
				t.Errorf("%s: %s consistency = %+v, want %+v", c.name, rows[i].Name, got, w)
			}
		}
	}
}

// TestMethodRowsHeldoutKept: a held-out table gives discard's share kept
// of the held-out items; a method without held-out metrics is not
// available there.
func TestMethodRowsHeldoutKept(t *testing.T) {
	sel, _ := rowsFixture()
	hk := calib.Defined(0.6, 20)
	for i := range sel.Methods {
		if sel.Methods[i].Available {
			m := rowMetrics(20, calib.Defined(0.8, 20), calib.Defined(0.5, 20), calib.Defined(0.5, 20))
			sel.Methods[i].Heldout = &m
		}
	}
	sel.Methods[5].HeldoutKept = &hk
	sel.Methods[1].Heldout = nil
	rows := MethodRows(sel, nil, Heldout)
	if r := rows[5]; r.Kept == nil || *r.Kept != 0.6 || r.N != 20 {
		t.Errorf("discard held out: kept %v, n %d; want 0.6, 20", r.Kept, r.N)
	}
	if r := rows[1]; r.Available || r.Cells[0].Value != "—" {
		t.Errorf("CalibraEval without held-out metrics: %+v", r)
	}
}

// TestIntervalRows: the intervals tables have a row per method with
// intervals, in the methods' order; a value's ends at the column's
// decimals, a change's signed at ChangeDecimals; "—" where there is
// none.
func TestIntervalRows(t *testing.T) {
	sel, iv := rowsFixture()
	iv.Methods[0].Value = map[string]bootstrap.Interval{"consistency": ci(0.9, 0.85, 0.95), "rstd": {Reason: "undefined"}}
	iv.Methods[2].Value = map[string]bootstrap.Interval{}
	values := ValueIntervalRows(sel, iv)
	if len(values) != 2 || values[0].Title != "CalibraEval" || values[1].Name != selection.MethodDiscard {
		t.Fatalf("value rows %+v", values)
	}
	if got := values[0].Cells[colConsistency].Text(); got != "[0.850, 0.950]" {
		t.Errorf("CalibraEval's consistency interval %q", got)
	}
	if got := values[0].Cells[5].Text(); got != "—" {
		t.Errorf("an undefined interval reads %q, want —", got)
	}
	changes := ChangeIntervalRows(sel, iv)
	if len(changes) != 3 {
		t.Fatalf("%d change rows, want 3", len(changes))
	}
	titles := ChangeIntervalTitles()
	at := func(title string) int {
		for i, x := range titles {
			if x == title {
				return i
			}
		}
		t.Fatalf("no column %q in %q", title, titles)
		return -1
	}
	for _, c := range []struct {
		row   int
		title string
		want  string
	}{
		{0, "consistency", "[+0.050, +0.150]"},
		{1, "consistency", "[−0.0006, −0.0003]"}, // a marked change's decimals
		{2, "consistency", "[−0.010, +0.020]"},
		{2, "Fleiss κ", "—"},
		{2, DistanceTitle, "—"},
	} {
		if r := changes[c.row]; len(r.Cells) != len(titles) {
			t.Errorf("%s: %d cells for %d titles", r.Name, len(r.Cells), len(titles))
		} else if got := r.Cells[at(c.title)].Text(); got != c.want {
			t.Errorf("%s %s: %q, want %q", r.Name, c.title, got, c.want)
		}
	}
	if ValueIntervalRows(sel, nil) != nil {
		t.Error("rows without intervals")
	}
}
