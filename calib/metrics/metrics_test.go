package metrics

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/stats"
	"github.com/plumb-eval/plumb/model"
)

// selPrefs builds Prefs from rows of r values; NaN marks an absent
// arrangement.
func selPrefs(gold []model.Gold, rows ...[4]float64) calib.Prefs {
	p := calib.Prefs{
		R:    make([][4]float64, len(rows)),
		Has:  make([][4]bool, len(rows)),
		Gold: gold,
	}
	for i, row := range rows {
		for j, v := range row {
			if !math.IsNaN(v) {
				p.R[i][j], p.Has[i][j] = v, true
			}
		}
	}
	return p
}

var selNaN = math.NaN()

// selMetricStats lists every Stat of m by name.
func selMetricStats(m Metrics) map[string]calib.Stat {
	s := map[string]calib.Stat{
		"Consistency": m.Consistency, "FirstPositionRate": m.FirstPositionRate,
		"FleissKappa": m.FleissKappa, "ICC2k": m.ICC2k, "ICC3k": m.ICC3k, "ICC21": m.ICC21, "ICC31": m.ICC31,
		"RStd": m.RStd, "AccuracyMean": m.AccuracyMean, "AccuracyAggregate": m.AccuracyAggregate, "TieRate": m.TieRate,
	}
	for j := range 4 {
		a := model.Arrangement(j).String()
		s["Accuracy["+a+"]"] = m.Accuracy[j]
		s["Recall1["+a+"]"] = m.Recall1[j]
		s["Recall2["+a+"]"] = m.Recall2[j]
	}
	return s
}

// checkWellFormed fails on a NaN/Inf value, or an undefined Stat without a
// reason (every Stat is either a finite value or a reason).
func checkWellFormed(t *testing.T, label string, m Metrics) {
	t.Helper()
	for name, s := range selMetricStats(m) {
		if math.IsNaN(s.Value) || math.IsInf(s.Value, 0) {
			t.Errorf("%s: %s = %v, want finite", label, name, s.Value)
		}
		if !s.OK() && s.Value != 0 {
			t.Errorf("%s: %s undefined (%s) but Value = %v", label, name, s.Reason, s.Value)
		}
		if s.CI != nil && (math.IsNaN(s.CI.Lower) || math.IsNaN(s.CI.Upper)) {
			t.Errorf("%s: %s has a NaN interval", label, name)
		}
	}
}

func wantStat(t *testing.T, name string, s calib.Stat, v float64, n int) {
	t.Helper()
	if !s.OK() {
		t.Errorf("%s undefined (%s), want %v", name, s.Reason, v)
		return
	}
	if math.Abs(s.Value-v) > 1e-12*math.Max(1, math.Abs(v)) || s.N != n {
		t.Errorf("%s = %v (N %d), want %v (N %d)", name, s.Value, s.N, v, n)
	}
}

func wantUndefined(t *testing.T, name string, s calib.Stat, reasonPart string) {
	t.Helper()
	if s.OK() {
		t.Errorf("%s = %v, want undefined (%s)", name, s.Value, reasonPart)
		return
	}
	if !strings.Contains(s.Reason, reasonPart) {
		t.Errorf("%s reason %q, want it to contain %q", name, s.Reason, reasonPart)
	}
}

// TestMetricsHandComputed checks every metric of a 4-item x0/x1 judge
// against values worked out on paper from docs/methods.md §2.
func TestMetricsHandComputed(t *testing.T) {
	g1, g2 := model.Gold1, model.Gold2
	p := selPrefs([]model.Gold{g1, g1, g2, g2},
		[4]float64{0.8, 0.6, selNaN, selNaN}, // choices 1, 1: consistent
		[4]float64{0.7, 0.4, selNaN, selNaN}, // 1, 2
		[4]float64{0.6, 0.2, selNaN, selNaN}, // 1, 2
		[4]float64{0.5, 0.3, selNaN, selNaN}, // tie, 2
	)
	m := Compute(p)
	checkWellFormed(t, "hand", m)
	if m.N != 4 {
		t.Errorf("N = %d, want 4", m.N)
	}
	wantStat(t, "Consistency", m.Consistency, 1.0/4, 4)
	// Non-tie choices: 7. x0 shows response 1 first, x1 response 2: every
	// x0 choice of 1 (3) and x1 choice of 2 (3) picked the first shown.
	wantStat(t, "FirstPositionRate", m.FirstPositionRate, 6.0/7, 7)
	wantStat(t, "TieRate", m.TieRate, 1.0/8, 8)
	// x0: recall_1 = 2/2, recall_2 = 0/2 → std 50, accuracy 2/4.
	// x1: recall_1 = 1/2, recall_2 = 2/2 → std 25, accuracy 3/4.
	wantStat(t, "Accuracy[x0]", m.Accuracy[0], 0.5, 4)
	wantStat(t, "Accuracy[x1]", m.Accuracy[1], 0.75, 4)
	wantStat(t, "Recall1[x0]", m.Recall1[0], 1, 2)
	wantStat(t, "Recall2[x0]", m.Recall2[0], 0, 2)
	wantStat(t, "Recall1[x1]", m.Recall1[1], 0.5, 2)
	wantStat(t, "Recall2[x1]", m.Recall2[1], 1, 2)
	wantStat(t, "RStd", m.RStd, 37.5, 4)
	wantStat(t, "AccuracyMean", m.AccuracyMean, 0.625, 4)
	// Mean r: 0.7, 0.55, 0.4, 0.4 → decisions 1, 1, 2, 2, all right.
	wantStat(t, "AccuracyAggregate", m.AccuracyAggregate, 1, 4)
	wantUndefined(t, "Accuracy[x2]", m.Accuracy[2], "no item judged in x2")
	wantUndefined(t, "Recall1[x3]", m.Recall1[3], "no item judged in x3")
	if m.AgreementSet != [4]bool{true, true, false, false} {
		t.Errorf("AgreementSet = %v, want x0, x1", m.AgreementSet)
	}
	// Fleiss: counts (1,2,tie) per item: (2,0,0) (1,1,0) (1,1,0) (0,1,1);
	// P_i = 1, 0, 0, 0 → P̄ = 1/4; p = (4/8, 3/8, 1/8) → P̄e = 13/32;
	// κ = (1/4 − 13/32)/(1 − 13/32) = −5/19.
	wantStat(t, "FleissKappa", m.FleissKappa, -5.0/19, 4)
	// ANOVA on [[.8 .6] [.7 .4] [.6 .2] [.5 .3]]: MSR = 33/800,
	// MSC = 121/800, MSE = 11/2400, so ICC(3,k) = 8/9, ICC(2,k) = 8/17,
	// ICC(2,1) = 4/13, ICC(3,1) = 4/5.
	wantStat(t, "ICC3k", m.ICC3k, 8.0/9, 4)
	wantStat(t, "ICC2k", m.ICC2k, 8.0/17, 4)
	wantStat(t, "ICC21", m.ICC21, 4.0/13, 4)
	wantStat(t, "ICC31", m.ICC31, 4.0/5, 4)
	for name, s := range map[string]calib.Stat{"ICC2k": m.ICC2k, "ICC3k": m.ICC3k} {
		if s.CI == nil || s.CI.Level != 0.95 || !(s.CI.Lower <= s.Value && s.Value <= s.CI.Upper) {
			t.Errorf("%s interval %+v does not hold the value %v", name, s.CI, s.Value)
		}
	}
}

// TestMetricsPerfectJudge: a fully consistent, always right judge.
func TestMetricsPerfectJudge(t *testing.T) {
	var rows [][4]float64
	var gold []model.Gold
	for i := range 6 {
		if i%2 == 0 {
			rows, gold = append(rows, [4]float64{0.9, 0.9, 0.9, 0.9}), append(gold, model.Gold1)
		} else {
			rows, gold = append(rows, [4]float64{0.2, 0.2, 0.2, 0.2}), append(gold, model.Gold2)
		}
	}
	m := Compute(selPrefs(gold, rows...))
	checkWellFormed(t, "perfect", m)
	wantStat(t, "Consistency", m.Consistency, 1, 6)
	wantStat(t, "FleissKappa", m.FleissKappa, 1, 6)
	wantStat(t, "ICC2k", m.ICC2k, 1, 6)
	wantStat(t, "ICC3k", m.ICC3k, 1, 6)
	wantStat(t, "RStd", m.RStd, 0, 6)
	wantStat(t, "AccuracyMean", m.AccuracyMean, 1, 6)
	wantStat(t, "AccuracyAggregate", m.AccuracyAggregate, 1, 6)
	// Each item picks response 1 or 2 in every arrangement; x0..x3 show
	// response 1 first in half of them.
	wantStat(t, "FirstPositionRate", m.FirstPositionRate, 0.5, 24)
	wantStat(t, "TieRate", m.TieRate, 0, 24)
}

// TestMetricsFirstPositionDesigns works through the first-position rate of
// two pure selection biases (docs/methods.md §1 arrangement table).
func TestMetricsFirstPositionDesigns(t *testing.T) {
	// alwaysA answers A with P(A) = 0.9; alwaysFirst picks the first shown.
	alwaysA := func(a model.Arrangement) float64 { return a.Preference(0.9) }
	alwaysFirst := func(a model.Arrangement) float64 {
		if a.FirstShown() == 1 {
			return 0.9
		}
		return 0.1
	}
	designs := map[string][]model.Arrangement{
		"x0..x3": {model.X0, model.X1, model.X2, model.X3},
		"x0,x1":  {model.X0, model.X1},
		"x0,x2":  {model.X0, model.X2},
	}
	cases := []struct {
		judge  string
		r      func(model.Arrangement) float64
		design string
		want   float64
	}{
		{"alwaysA", alwaysA, "x0..x3", 0.5}, // A is first in x0, x2 only
		{"alwaysA", alwaysA, "x0,x1", 0.5},  // x1 shows B first
		{"alwaysA", alwaysA, "x0,x2", 1},    // A is shown first in both
		{"alwaysFirst", alwaysFirst, "x0..x3", 1},
		{"alwaysFirst", alwaysFirst, "x0,x1", 1},
		{"alwaysFirst", alwaysFirst, "x0,x2", 1},
	}
	for _, c := range cases {
		var rows [][4]float64
		var gold []model.Gold
		for i := range 4 {
			row := [4]float64{selNaN, selNaN, selNaN, selNaN}
			for _, a := range designs[c.design] {
				row[a] = c.r(a)
			}
			rows = append(rows, row)
			gold = append(gold, model.Gold(1+i%2))
		}
		m := Compute(selPrefs(gold, rows...))
		checkWellFormed(t, c.judge+" "+c.design, m)
		nChoices := 4 * len(designs[c.design])
		wantStat(t, c.judge+" "+c.design+" FirstPositionRate", m.FirstPositionRate, c.want, nChoices)
	}

	// alwaysA in x0..x3: choices 1, 1, 2, 2 for every item, so never
	// consistent; κ: P_i = (4+4−4)/12 = 1/3, P̄e = 1/2 → κ = −1/3; each
	// arrangement picks one response always → recalls 1 and 0, std 50;
	// accuracy 1/2; mean r = 0.5 is a tie decision, counted wrong.
	var rows [][4]float64
	var gold []model.Gold
	for i := range 4 {
		rows = append(rows, [4]float64{0.9, 0.9, 0.1, 0.1})
		gold = append(gold, model.Gold(1+i%2))
	}
	m := Compute(selPrefs(gold, rows...))
	wantStat(t, "alwaysA Consistency", m.Consistency, 0, 4)
	wantStat(t, "alwaysA FleissKappa", m.FleissKappa, -1.0/3, 4)
	wantStat(t, "alwaysA RStd", m.RStd, 50, 4)
	wantStat(t, "alwaysA AccuracyMean", m.AccuracyMean, 0.5, 4)
	wantStat(t, "alwaysA AccuracyAggregate", m.AccuracyAggregate, 0, 4)
}

// TestMetricsUndefined checks the reasons of undefined metrics.
func TestMetricsUndefined(t *testing.T) {
	t.Run("empty", func(t *testing.T) {
		m := Compute(calib.Prefs{})
		checkWellFormed(t, "empty", m)
		for name, s := range selMetricStats(m) {
			wantUndefined(t, name, s, "no items")
		}
	})
	t.Run("malformed", func(t *testing.T) {
		p := selPrefs([]model.Gold{model.Gold1}, [4]float64{0.7, 0.2, selNaN, selNaN})
		p.Gold = nil
		m := Compute(p)
		checkWellFormed(t, "malformed", m)
		wantUndefined(t, "Consistency", m.Consistency, "malformed")
	})
	t.Run("single arrangement, no gold", func(t *testing.T) {
		p := selPrefs([]model.Gold{model.GoldNone, model.GoldTie},
			[4]float64{0.7, selNaN, selNaN, selNaN}, [4]float64{0.3, selNaN, selNaN, selNaN})
		m := Compute(p)
		checkWellFormed(t, "single", m)
		for _, s := range []calib.Stat{m.Consistency, m.FleissKappa, m.ICC2k, m.ICC3k, m.ICC21, m.ICC31} {
			wantUndefined(t, "agreement", s, ReasonNeedMulti)
		}
		for _, s := range []calib.Stat{m.RStd, m.AccuracyMean, m.AccuracyAggregate} {
			wantUndefined(t, "reference", s, reasonNoGold)
		}
		wantUndefined(t, "Accuracy[x0]", m.Accuracy[0], "no item with gold 1 or 2 judged in x0")
		wantStat(t, "FirstPositionRate", m.FirstPositionRate, 0.5, 2)
	})
	t.Run("one gold class, all ties", func(t *testing.T) {
		p := selPrefs([]model.Gold{model.Gold1, model.Gold1},
			[4]float64{0.5, 0.5, selNaN, selNaN}, [4]float64{0.5, 0.5, selNaN, selNaN})
		m := Compute(p)
		checkWellFormed(t, "ties", m)
		wantUndefined(t, "FirstPositionRate", m.FirstPositionRate, "every choice is a tie")
		wantUndefined(t, "RStd", m.RStd, "gold 1 and items with gold 2")
		wantUndefined(t, "Recall2[x0]", m.Recall2[0], "no item with gold 2 judged in x0")
		wantStat(t, "Consistency", m.Consistency, 1, 2) // all ties is consistent
		wantStat(t, "TieRate", m.TieRate, 1, 4)
		wantStat(t, "AccuracyMean", m.AccuracyMean, 0, 2)
		if m.FleissKappa.OK() { // one category: P̄e = 1
			t.Errorf("κ with a single category = %v, want undefined", m.FleissKappa.Value)
		}
	})
}

// selRandomPrefs draws n items with the given arrangement sets (by weight),
// random r (some exact ties) and gold.
func selRandomPrefs(seed uint64, n int, sets [][]model.Arrangement, weights []float64) calib.Prefs {
	rng := rand.New(rand.NewPCG(seed, 7))
	p := calib.Prefs{R: make([][4]float64, n), Has: make([][4]bool, n), Gold: make([]model.Gold, n)}
	for i := range n {
		u := rng.Float64()
		k := 0
		for ; k < len(weights)-1 && u > weights[k]; k++ {
			u -= weights[k]
		}
		for _, a := range sets[k] {
			p.Has[i][a] = true
			if rng.IntN(10) == 0 {
				p.R[i][a] = 0.5
			} else {
				p.R[i][a] = rng.Float64()
			}
		}
		p.Gold[i] = model.Gold(rng.IntN(4))
	}
	return p
}

// TestMetricsAgreementMatchesStats builds the items × arrangements matrices
// independently and checks κ and the ICCs against the oracle-tested
// stats.FleissKappa and stats.ICC, including the choice of the agreement
// set and the subjects when items have different arrangement sets.
func TestMetricsAgreementMatchesStats(t *testing.T) {
	full := []model.Arrangement{model.X0, model.X1, model.X2, model.X3}
	pos := []model.Arrangement{model.X0, model.X1}
	con := []model.Arrangement{model.X0, model.X2}
	one := []model.Arrangement{model.X0}
	cases := []struct {
		name    string
		sets    [][]model.Arrangement
		weights []float64
		want    []model.Arrangement
	}{
		{"mostly full", [][]model.Arrangement{full, pos, one}, []float64{0.6, 0.3, 0.1}, full},
		// {x0,x1} is most common; the full items join as subjects on x0, x1.
		{"mostly pos", [][]model.Arrangement{pos, full, con}, []float64{0.5, 0.3, 0.2}, pos},
		{"x0,x2", [][]model.Arrangement{con}, []float64{1}, con},
	}
	for ci, c := range cases {
		p := selRandomPrefs(uint64(ci+1), 300, c.sets, c.weights)
		m := Compute(p)
		checkWellFormed(t, c.name, m)
		var wantSet [4]bool
		for _, a := range c.want {
			wantSet[a] = true
		}
		if m.AgreementSet != wantSet {
			t.Errorf("%s: AgreementSet %v, want %v", c.name, m.AgreementSet, wantSet)
			continue
		}
		var counts []int
		var x []float64
		used := [3]bool{}
		n := 0
		for i := range p.R {
			ok := true
			for _, a := range c.want {
				ok = ok && p.Has[i][a]
			}
			if !ok {
				continue
			}
			n++
			var row [3]int
			for _, a := range c.want {
				x = append(x, p.R[i][a])
				row[calib.Choice(p.R[i][a])-1]++
				used[calib.Choice(p.R[i][a])-1] = true
			}
			counts = append(counts, row[:]...)
		}
		// Drop unused categories as Metrics does (all three occur here).
		if used != [3]bool{true, true, true} {
			t.Fatalf("%s: test data should use all three categories", c.name)
		}
		kappa, err := stats.FleissKappa(counts, 3)
		if err != nil {
			t.Fatalf("%s: FleissKappa: %v", c.name, err)
		}
		wantStat(t, c.name+" κ", m.FleissKappa, kappa, n)
		icc, err := stats.ICC(x, n, len(c.want), 0.95)
		if err != nil {
			t.Fatalf("%s: ICC: %v", c.name, err)
		}
		for name, pair := range map[string]struct {
			got  calib.Stat
			want stats.ICCValue
		}{"ICC2k": {m.ICC2k, icc.ICC2_k}, "ICC3k": {m.ICC3k, icc.ICC3_k}, "ICC21": {m.ICC21, icc.ICC2_1}, "ICC31": {m.ICC31, icc.ICC3_1}} {
			wantStat(t, c.name+" "+name, pair.got, pair.want.Value, n)
			if pair.got.CI == nil || pair.got.CI.Lower != pair.want.Lower || pair.got.CI.Upper != pair.want.Upper {
				t.Errorf("%s %s: CI %+v, want [%v, %v]", c.name, name, pair.got.CI, pair.want.Lower, pair.want.Upper)
			}
		}
	}
}

// selOracleFile is testdata/sel_oracles.json (trimmed from the shared oracles;
// see its note).
type selOracleFile struct {
	ICC []struct {
		Name                       string
		X                          [][]float64
		ICC2k, ICC3k, ICC21, ICC31 float64
		CI                         map[string][2]float64 `json:"ci95_irr"`
	} `json:"icc"`
	Fleiss []struct {
		Name       string
		Ratings    [][]int
		Categories []int
		Kappa      float64
	} `json:"fleiss"`
}

// TestMetricsOracles runs Compute end to end on matrices whose κ and
// ICCs R and statsmodels computed: ICC values from psych::ICC / irr::icc
// (R 4.2.2) with irr's 95% McGraw–Wong bounds; κ from statsmodels
// fleiss_kappa cross-checked with irr::kappam.fleiss.
func TestMetricsOracles(t *testing.T) {
	raw, err := os.ReadFile("testdata/sel_oracles.json")
	if err != nil {
		t.Fatal(err)
	}
	var f selOracleFile
	if err := json.Unmarshal([]byte(strings.NewReplacer(`"ICC2_k"`, `"ICC2k"`, `"ICC3_k"`, `"ICC3k"`, `"ICC2_1"`, `"ICC21"`, `"ICC3_1"`, `"ICC31"`).Replace(string(raw))), &f); err != nil {
		t.Fatal(err)
	}
	if len(f.ICC) == 0 || len(f.Fleiss) == 0 {
		t.Fatal("no oracle cases")
	}
	rel := func(got, want float64) float64 { return math.Abs(got-want) / math.Max(1e-300, math.Abs(want)) }
	for _, c := range f.ICC {
		p := calib.Prefs{R: make([][4]float64, len(c.X)), Has: make([][4]bool, len(c.X)), Gold: make([]model.Gold, len(c.X))}
		for i, row := range c.X {
			for j, v := range row {
				p.R[i][j], p.Has[i][j] = v, true
			}
		}
		m := Compute(p)
		for name, pair := range map[string]struct {
			got  calib.Stat
			want float64
		}{"ICC2k": {m.ICC2k, c.ICC2k}, "ICC3k": {m.ICC3k, c.ICC3k}, "ICC21": {m.ICC21, c.ICC21}, "ICC31": {m.ICC31, c.ICC31}} {
			if !pair.got.OK() || rel(pair.got.Value, pair.want) > 1e-10 || pair.got.N != len(c.X) {
				t.Errorf("%s %s = %+v, want %v", c.Name, name, pair.got, pair.want)
				continue
			}
			ci := c.CI[name]
			if pair.got.CI == nil || rel(pair.got.CI.Lower, ci[0]) > 1e-9 || rel(pair.got.CI.Upper, ci[1]) > 1e-9 {
				t.Errorf("%s %s interval %+v, want %v", c.Name, name, pair.got.CI, ci)
			}
		}
	}
	for _, c := range f.Fleiss {
		p := calib.Prefs{R: make([][4]float64, len(c.Ratings)), Has: make([][4]bool, len(c.Ratings)), Gold: make([]model.Gold, len(c.Ratings))}
		rOf := []float64{1, 0, 0.5} // category index → a preference with that choice
		for i, row := range c.Ratings {
			for j, v := range row {
				k := 0
				for c.Categories[k] != v {
					k++
				}
				p.R[i][j], p.Has[i][j] = rOf[k], true
			}
		}
		m := Compute(p)
		if !m.FleissKappa.OK() || math.Abs(m.FleissKappa.Value-c.Kappa) > 1e-12 || m.FleissKappa.N != len(c.Ratings) {
			t.Errorf("%s κ = %+v, want %v", c.Name, m.FleissKappa, c.Kappa)
		}
	}
}

// TestMetricsSubset: the subset form equals metrics of the copied subset.
func TestMetricsSubset(t *testing.T) {
	full := []model.Arrangement{model.X0, model.X1, model.X2, model.X3}
	p := selRandomPrefs(9, 200, [][]model.Arrangement{full, {model.X0, model.X1}}, []float64{0.7, 0.3})
	idx := []int{}
	for i := 0; i < 200; i += 3 {
		idx = append(idx, i)
	}
	got := ComputeSubset(p, idx)
	want := Compute(p.Subset(idx))
	for name, s := range selMetricStats(want) {
		g := selMetricStats(got)[name]
		if g.Value != s.Value || g.N != s.N || g.Reason != s.Reason {
			t.Errorf("%s: subset %+v, copy %+v", name, g, s)
		}
	}
	if m := ComputeSubset(p, nil); m.N != 0 {
		t.Errorf("nil subset uses %d items, want 0", m.N)
	}
}

// TestMetricsAllocations: the allocations do not grow with the number of
// items (no per-item allocation).
func TestMetricsAllocations(t *testing.T) {
	full := []model.Arrangement{model.X0, model.X1, model.X2, model.X3}
	small := selRandomPrefs(3, 100, [][]model.Arrangement{full}, []float64{1})
	large := selRandomPrefs(3, 10000, [][]model.Arrangement{full}, []float64{1})
	a := testing.AllocsPerRun(5, func() { Compute(small) })
	b := testing.AllocsPerRun(5, func() { Compute(large) })
	if b > a {
		t.Errorf("allocations grow with items: %v for 100, %v for 10000", a, b)
	}
}

func benchmarkMetrics(b *testing.B, n int) {
	full := []model.Arrangement{model.X0, model.X1, model.X2, model.X3}
	p := selRandomPrefs(1, n, [][]model.Arrangement{full}, []float64{1})
	b.ReportAllocs()
	for b.Loop() {
		Compute(p)
	}
}

func BenchmarkComputeMetrics3000(b *testing.B)   { benchmarkMetrics(b, 3000) }
func BenchmarkComputeMetrics100000(b *testing.B) { benchmarkMetrics(b, 100000) }

// TestComputeCountsEqualsCompute: ComputeCounts gives ComputeIn's
// consistency, first-position rate, accuracies, recalls, RStd and tie rate
// bit for bit (values, N, reasons), on all items and on subsets, with
// mixed arrangement sets, one-order items and gold-less logs; κ and the
// ICCs are undefined and marked not computed.
func TestComputeCountsEqualsCompute(t *testing.T) {
	full := []model.Arrangement{model.X0, model.X1, model.X2, model.X3}
	agreement := map[string]bool{"FleissKappa": true, "ICC2k": true, "ICC3k": true, "ICC21": true, "ICC31": true}
	cases := []calib.Prefs{
		selRandomPrefs(3, 300, [][]model.Arrangement{full, {model.X0, model.X1}, {model.X2}}, []float64{0.5, 0.3, 0.2}),
		selRandomPrefs(4, 120, [][]model.Arrangement{{model.X0, model.X2}}, []float64{1}),
		selRandomPrefs(5, 50, [][]model.Arrangement{{model.X0}}, []float64{1}),
		selPrefs([]model.Gold{0, 0}, [4]float64{0.2, selNaN, 0.7, selNaN}, [4]float64{0.9, selNaN, 0.4, selNaN}),
	}
	for c, p := range cases {
		var odd []int
		for i := 1; i < len(p.R); i += 2 {
			odd = append(odd, i)
		}
		for _, idx := range [][]int{nil, odd, {}, {0, 0, 1, len(p.R) + 3}} {
			want, got := ComputeIn(p, idx, nil), ComputeCounts(p, idx)
			if got.N != want.N || got.OneOrder != want.OneOrder {
				t.Errorf("case %d, %d items: N %d, one order %v; ComputeIn %d, %v", c, len(idx), got.N, got.OneOrder, want.N, want.OneOrder)
			}
			if got.AgreementSet != ([model.NumArrangements]bool{}) || got.AccuracyTies != want.AccuracyTies {
				t.Errorf("case %d, %d items: agreement set %v (want empty), accuracy with ties %+v (ComputeIn %+v)", c, len(idx), got.AgreementSet, got.AccuracyTies, want.AccuracyTies)
			}
			ws, gs := selMetricStats(want), selMetricStats(got)
			for name, w := range ws {
				g := gs[name]
				if agreement[name] {
					if g.OK() || g.N != w.N || (g.Reason != reasonNotComputed && g.Reason != w.Reason) {
						t.Errorf("case %d, %d items: %s %+v, want undefined (not computed) with N %d", c, len(idx), name, g, w.N)
					}
					continue
				}
				if math.Float64bits(g.Value) != math.Float64bits(w.Value) || g.N != w.N || g.Reason != w.Reason || (g.CI == nil) != (w.CI == nil) {
					t.Errorf("case %d, %d items: %s %+v, ComputeIn %+v", c, len(idx), name, g, w)
				}
			}
		}
	}
}

// TestComputeValuesEqualsCompute: ComputeValues gives every metric of
// ComputeIn bit for bit (values, N, reasons), κ and the ICCs included, on
// all items and on subsets, with mixed arrangement sets, one-order items
// and gold-less logs; only the ICCs' intervals (and the notes on missing
// ones) are left out.
func TestComputeValuesEqualsCompute(t *testing.T) {
	full := []model.Arrangement{model.X0, model.X1, model.X2, model.X3}
	icc := map[string]bool{"ICC2k": true, "ICC3k": true, "ICC21": true, "ICC31": true}
	cases := []calib.Prefs{
		selRandomPrefs(3, 300, [][]model.Arrangement{full, {model.X0, model.X1}, {model.X2}}, []float64{0.5, 0.3, 0.2}),
		selRandomPrefs(4, 120, [][]model.Arrangement{{model.X0, model.X2}}, []float64{1}),
		selRandomPrefs(6, 40, [][]model.Arrangement{full}, []float64{1}),
		selRandomPrefs(5, 50, [][]model.Arrangement{{model.X0}}, []float64{1}),
		selPrefs([]model.Gold{0, 0}, [4]float64{0.2, selNaN, 0.7, selNaN}, [4]float64{0.9, selNaN, 0.4, selNaN}),
		selPrefs([]model.Gold{1, 2, 1}, [4]float64{0.5, 0.5, selNaN, selNaN}, [4]float64{0.5, 0.5, selNaN, selNaN}, [4]float64{0.5, 0.5, selNaN, selNaN}),
	}
	withCI := 0
	for c, p := range cases {
		var odd []int
		for i := 1; i < len(p.R); i += 2 {
			odd = append(odd, i)
		}
		for _, idx := range [][]int{nil, odd, {}, {0, 0, 1, len(p.R) + 3}} {
			want, got := ComputeIn(p, idx, nil), ComputeValues(p, idx, nil)
			if got.N != want.N || got.OneOrder != want.OneOrder || got.AgreementSet != want.AgreementSet || got.AccuracyTies != want.AccuracyTies {
				t.Errorf("case %d, %d items: %+v, ComputeIn %+v", c, len(idx), got, want)
			}
			ws, gs := selMetricStats(want), selMetricStats(got)
			for name, w := range ws {
				g := gs[name]
				if math.Float64bits(g.Value) != math.Float64bits(w.Value) || g.N != w.N || g.Reason != w.Reason {
					t.Errorf("case %d, %d items: %s %+v, ComputeIn %+v", c, len(idx), name, g, w)
				}
				if icc[name] {
					withCI += oneIf(w.CI != nil)
					if g.CI != nil {
						t.Errorf("case %d, %d items: %s has an interval %+v", c, len(idx), name, *g.CI)
					}
				} else if (g.CI == nil) != (w.CI == nil) || g.Flag != w.Flag {
					t.Errorf("case %d, %d items: %s %+v, ComputeIn %+v", c, len(idx), name, g, w)
				}
			}
		}
	}
	if withCI == 0 {
		t.Error("no case has an ICC interval to leave out")
	}
}
