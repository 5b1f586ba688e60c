package style

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// hand builds a pair of judge j: generators m1, m2 ("" none), lengths
// l1, l2 (< 0: unknown), P(A) in x0 and x2 (NaN: absent) and gold.
func hand(id, j, m1, m2 string, l1, l2 int, s0, s2 float64, gold model.Gold) model.Pair {
	p := model.Pair{ID: id, Judge: j, Gold: gold, Source: model.SourceProb}
	p.Has[model.X0], p.S[model.X0] = true, s0
	if !math.IsNaN(s2) {
		p.Has[model.X2], p.S[model.X2] = true, s2
	}
	g := &model.Generators{Model1: m1, Model2: m2}
	if l1 >= 0 {
		g.Len1 = &l1
	}
	if l2 >= 0 {
		g.Len2 = &l2
	}
	if *g != (model.Generators{}) {
		p.Gen = g
	}
	return p
}

var none = math.NaN()

// handPairs are five items with every value computed by hand in
// TestAnalyzeHand.
func handPairs() []model.Pair {
	return []model.Pair{
		hand("1", "A", "A", "B", 100, 50, 0.8, 0.4, model.Gold1), // r: 0.8, 0.6 → balanced 0.7
		hand("2", "A", "B", "A", 30, 60, 0.3, none, model.Gold2), // r 0.3 for B: 0.7 for A
		hand("3", "A", "A", "C", 10, 10, 0.5, none, model.GoldNone),
		hand("4", "A", "A", "A", 1, 2, 0.6, none, model.GoldNone), // A against itself
		hand("5", "A", "", "", 200, 100, 0.9, none, model.Gold2),  // no generators; gold prefers the shorter
	}
}

// near checks a defined Stat's value.
func near(t *testing.T, what string, s calib.Stat, want float64, n int) {
	t.Helper()
	if !s.OK() || math.Abs(s.Value-want) > 1e-12 || s.N != n {
		t.Errorf("%s = %v (N %d, %q), want %v over %d", what, s.Value, s.N, s.Reason, want, n)
	}
}

// winRate finds a row.
func winRate(t *testing.T, r *Result, m, opp string, all bool) *WinRate {
	t.Helper()
	for i := range r.WinRates {
		w := &r.WinRates[i]
		if w.Model == m && w.Opponent == opp && w.VsAll == all {
			return w
		}
	}
	t.Fatalf("no win rate %s vs %q (all %v) in %+v", m, opp, all, r.WinRates)
	return nil
}

// noNaN checks that every Stat in v (walked by reflection) is a finite
// value, or undefined with a reason, and that every interval is finite
// and ordered.
func noNaN(t *testing.T, v any) {
	t.Helper()
	var walk func(path string, x reflect.Value)
	walk = func(path string, x reflect.Value) {
		switch x.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !x.IsNil() {
				walk(path, x.Elem())
			}
		case reflect.Slice:
			for i := range x.Len() {
				walk(path+"["+itoa(i)+"]", x.Index(i))
			}
		case reflect.Struct:
			if s, ok := x.Interface().(calib.Stat); ok {
				switch {
				case s.OK() && (math.IsNaN(s.Value) || math.IsInf(s.Value, 0)):
					t.Errorf("%s = %v", path, s.Value)
				case !s.OK() && s.Reason == "":
					t.Errorf("%s: undefined without a reason", path)
				case s.CI != nil && !(s.CI.Lower <= s.CI.Upper) || s.CI != nil && math.IsNaN(s.CI.Lower+s.CI.Upper):
					t.Errorf("%s: interval %+v", path, *s.CI)
				}
				return
			}
			for i := range x.NumField() {
				if x.Type().Field(i).IsExported() {
					walk(path+"."+x.Type().Field(i).Name, x.Field(i))
				}
			}
		case reflect.Float64:
			if f := x.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
				t.Errorf("%s = %v", path, f)
			}
		}
	}
	walk("", reflect.ValueOf(v))
}

func itoa(i int) string { return string(rune('0'+i/10%10)) + string(rune('0'+i%10)) }

// TestAnalyzeHand checks every measure on five hand-made items.
func TestAnalyzeHand(t *testing.T) {
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 200
	r, err := Analyze(handPairs(), opt)
	if err != nil {
		t.Fatal(err)
	}
	noNaN(t, r)
	if r.Judge != "A" || r.N != 5 || r.Pref != PrefBalanced {
		t.Errorf("result %+v", r)
	}
	// Length: items 1, 2, 4, 5 have different lengths. Preferences for the
	// longer response: balanced 0.7, 0.7, 0.4, 0.9; raw 0.8, 0.7, 0.4, 0.9.
	l := r.Length
	if l.N != 4 {
		t.Errorf("length N = %d, want 4", l.N)
	}
	near(t, "longer (balanced)", l.LongerPreference, 0.675, 4)
	near(t, "longer balanced", l.LongerBalanced, 0.675, 4)
	near(t, "longer raw", l.LongerRaw, 0.7, 4)
	near(t, "longer when gold prefers the shorter", l.LongerWhenGoldShorter, 0.9, 1) // item 5
	if !l.Slope.OK() || l.Slope.N != 5 {
		t.Errorf("slope %+v", l.Slope)
	}
	// Bins by |Δ|: 1 (item 4), 30 (item 2), 50 (item 1), 100 (item 5).
	wantBins := []LengthBin{{1, 1, 1, 0.4, 0.4, 0.4, true}, {30, 30, 1, 0.7, 0.7, 0.7, true},
		{50, 50, 1, 0.8, 0.7, 0.7, true}, {100, 100, 1, 0.9, 0.9, 0.9, true}}
	if len(l.Bins) != len(wantBins) {
		t.Fatalf("bins %+v", l.Bins)
	}
	for k, b := range l.Bins {
		w := wantBins[k]
		if b.Lo != w.Lo || b.Hi != w.Hi || b.N != w.N || math.Abs(b.Raw-w.Raw)+math.Abs(b.Balanced-w.Balanced)+math.Abs(b.Pref-w.Pref) > 1e-12 || !b.HasPref {
			t.Errorf("bin %d: %+v, want %+v", k, b, w)
		}
	}
	two := (&data{items: []item{{len1: 5, len2: 1, hasLen: true, raw: 1, bal: 1, src: 1, hasSrc: true},
		{len1: 1, len2: 5, hasLen: true}, {len1: 9, len2: 1, hasLen: true}}}).bins(2)
	if len(two) != 2 || two[0].N != 2 || two[0].Lo != 4 || two[0].Hi != 4 || two[1].Lo != 8 || two[1].Raw != 0 {
		t.Errorf("equal |Δ| stay in one bin: %+v", two)
	}
	// Self: the judge A wrote responses; items 1, 2, 3 have exactly one of A's.
	if r.Self == nil || r.Self.Model != "A" || r.Self.N != 3 {
		t.Fatalf("self %+v (%s)", r.Self, r.SelfReason)
	}
	near(t, "own preference", r.Self.OwnPreference, (0.7+0.7+0.5)/3, 3)
	if r.Self.BeyondQuality.OK() || r.Self.BeyondQuality.Reason != reasonNoOwnGold {
		t.Errorf("beyond quality: %+v (gold never prefers the other here)", r.Self.BeyondQuality)
	}
	// Win rates.
	ab := winRate(t, r, "A", "B", false)
	near(t, "A vs B raw", ab.Raw, 0.75, 2)
	near(t, "A vs B balanced", ab.Balanced, 0.7, 2)
	near(t, "A vs B LC", ab.LengthControlled, 0.7, 2) // both preferences 0.7: φ = 0
	ba := winRate(t, r, "B", "A", false)
	near(t, "B vs A raw", ba.Raw, 0.25, 2)
	near(t, "B vs A balanced", ba.Balanced, 0.3, 2)
	if ab.Raw.CI == nil || ba.Raw.CI == nil || math.Abs(ab.Raw.CI.Lower-(1-ba.Raw.CI.Upper)) > 1e-15 {
		t.Errorf("mirrored intervals: %+v %+v", ab.Raw.CI, ba.Raw.CI)
	}
	near(t, "A vs all raw", winRate(t, r, "A", "", true).Raw, 2.0/3, 3)
	near(t, "A vs all balanced", winRate(t, r, "A", "", true).Balanced, 1.9/3, 3)
	near(t, "C vs A raw", winRate(t, r, "C", "A", false).Raw, 0.5, 1)
	near(t, "C vs all", winRate(t, r, "C", "", true).Balanced, 0.5, 1)
	if got := len(r.WinRates); got != 7 {
		t.Errorf("%d win-rate rows, want 7 (A, B, C against all; A–B, A–C both ways)", got)
	}
	order := []string{}
	for _, w := range r.WinRates {
		order = append(order, w.Model+">"+w.Opponent)
	}
	if strings.Join(order, " ") != "A> A>B A>C B> B>A C> C>A" {
		t.Errorf("row order %v", order)
	}
	if ab.Calibrated.OK() || ab.Calibrated.Reason != reasonNoCalibrated {
		t.Errorf("calibrated without calibrated preferences: %+v", ab.Calibrated)
	}
	if ab.Corrected.OK() {
		t.Errorf("corrected from two items that gold both gives to A: %+v (no specificity without a label for B)", ab.Corrected)
	}
	if r.BradleyTerry != nil || !strings.Contains(r.BradleyTerryReason, "every generator was compared with A") {
		t.Errorf("Bradley–Terry %+v: %s", r.BradleyTerry, r.BradleyTerryReason)
	}
	// The measure on one item of five is undefined on a third of the
	// resamples: no interval, and a note says why.
	if l.LongerWhenGoldShorter.CI != nil {
		t.Errorf("an interval from one item: %+v", l.LongerWhenGoldShorter.CI)
	}
	for _, want := range []string{"1 of 5 items have both responses by the same generator", "1 of 5 items name no generator",
		"longer-response preference when gold prefers the shorter: no interval (defined on only"} {
		if !strings.Contains(strings.Join(r.Notes, "\n"), want) {
			t.Errorf("notes %q lack %q", r.Notes, want)
		}
	}
	// Raw x0 as the preference of the measures.
	opt.Pref = PrefRawX0
	r2, err := Analyze(handPairs(), opt)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "longer (raw-x0)", r2.Length.LongerPreference, 0.7, 4)
	near(t, "own preference (raw-x0)", r2.Self.OwnPreference, (0.8+0.7+0.5)/3, 3)
}

// TestAnalyzeCalibrated: calibrated preferences are averaged over the
// arrangements, and items without any are left out of the measures on them.
func TestAnalyzeCalibrated(t *testing.T) {
	pairs := handPairs()
	cal := calib.RawPrefs(pairs)
	for i := range cal.R {
		for a := range cal.R[i] {
			if cal.Has[i][a] {
				cal.R[i][a] = 0.5 + (cal.R[i][a]-0.5)/2 // shrunk towards ½
			}
		}
	}
	cal.Has[2] = [model.NumArrangements]bool{} // item 3: none
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 0
	opt.Pref, opt.Calibrated = PrefCalibrated, &cal
	r, err := Analyze(pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	noNaN(t, r)
	near(t, "A vs B calibrated", winRate(t, r, "A", "B", false).Calibrated, 0.6, 2) // (0.7 − ½)/2 + ½
	near(t, "own preference (calibrated)", r.Self.OwnPreference, 0.6, 2)            // item 3 left out
	if !strings.Contains(strings.Join(r.Notes, "\n"), "1 of 5 items have no calibrated preference") {
		t.Errorf("notes %q", r.Notes)
	}
	if _, err := Analyze(pairs, Options{Pref: PrefCalibrated}); err == nil {
		t.Error("PrefCalibrated without calibrated preferences must fail")
	}
	short := calib.RawPrefs(pairs[:2])
	if _, err := Analyze(pairs, Options{Calibrated: &short}); err == nil {
		t.Error("calibrated preferences of another length must fail")
	}
}

// TestCalibratedReason: without calibrated preferences every calibrated
// win rate, mirrored rows included, is undefined with
// Options.CalibratedReason's reason when given (what report's Engine.Style
// passes, e.g. why CalibraEval has no fit), the generic one otherwise.
// Before, the report rewrote calib/style's generic reason row by row.
func TestCalibratedReason(t *testing.T) {
	for _, tc := range []struct{ given, want string }{
		{"", reasonNoCalibrated},
		{"CalibraEval collapsed: every preference ½", "no calibrated preferences: CalibraEval collapsed: every preference ½"},
	} {
		opt := DefaultOptions()
		opt.Bootstrap.Resamples = 0
		opt.CalibratedReason = tc.given
		r, err := Analyze(handPairs(), opt)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.WinRates) < 2 {
			t.Fatalf("%d win-rate rows, want the hand pairs' several", len(r.WinRates))
		}
		for _, w := range r.WinRates {
			if c := w.Calibrated; c.OK() || c.Reason != tc.want || c.N != 0 {
				t.Errorf("given %q: %s vs %s (all %v) calibrated = %+v, want undefined over 0 with %q", tc.given, w.Model, w.Opponent, w.VsAll, c, tc.want)
			}
		}
	}
}

// TestAnalyzeSelfReasons: a judge named like no generator has no
// self-preference (with the reason), unless Options.Self names its
// generator.
func TestAnalyzeSelfReasons(t *testing.T) {
	pairs := handPairs()
	for i := range pairs {
		pairs[i].Judge = "gpt-judge"
	}
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 0
	r, err := Analyze(pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Self != nil || !strings.Contains(r.SelfReason, `the judge "gpt-judge" is not one of the 3 generators`) {
		t.Errorf("self %+v, reason %q", r.Self, r.SelfReason)
	}
	opt.Self = map[string]string{"gpt-judge": "B"}
	r, _ = Analyze(pairs, opt)
	if r.Self == nil || r.Self.Model != "B" {
		t.Fatalf("self with --self: %+v", r.Self)
	}
	near(t, "B's own preference", r.Self.OwnPreference, 0.3, 2)
	near(t, "B's own preference beyond quality", r.Self.BeyondQuality, 0.3, 2) // gold prefers A in both
	opt.Self = map[string]string{"gpt-judge": "nobody"}
	if r, _ = Analyze(pairs, opt); r.Self != nil || !strings.Contains(r.SelfReason, `"nobody"`) {
		t.Errorf("unknown generator: %+v %q", r.Self, r.SelfReason)
	}
}

// TestAnalyzeNothingToMeasure: pairs without generators or lengths give
// undefined measures with reasons, never NaN.
func TestAnalyzeNothingToMeasure(t *testing.T) {
	pairs := []model.Pair{hand("1", "j", "", "", -1, -1, 0.7, none, model.Gold1), hand("2", "j", "", "", -1, -1, 0.2, 0.6, model.GoldNone)}
	r, err := Analyze(pairs, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	noNaN(t, r)
	if r.Length.LongerPreference.Reason != reasonNoUnequal || r.Length.Slope.OK() || len(r.WinRates) != 0 || r.Self != nil ||
		r.SelfReason != "no item names its generators (model_1, model_2)" || r.Length.Bins != nil {
		t.Errorf("result %+v", r)
	}
	if _, err := Analyze(nil, DefaultOptions()); err == nil {
		t.Error("no pairs must fail")
	}
	two := []model.Pair{pairs[0], hand("3", "k", "", "", -1, -1, 0.5, none, 0)}
	if _, err := Analyze(two, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "two judges") {
		t.Errorf("two judges: %v", err)
	}
}

// TestBradleyTerryRecovers: four generators compared in a cycle (A–B, B–C,
// C–D, D–A: none met every other) with preferences exactly σ(β_a − β_b)
// give back β (centred) to 1e-9.
func TestBradleyTerryRecovers(t *testing.T) {
	beta := map[string]float64{"A": 0.6, "B": 0.2, "C": -0.3, "D": -0.5}
	var pairs []model.Pair
	for k, e := range [][2]string{{"A", "B"}, {"B", "C"}, {"C", "D"}, {"D", "A"}, {"B", "A"}} {
		for rep := range 3 {
			p := mathx.Sigmoid(beta[e[0]] - beta[e[1]])
			pairs = append(pairs, hand(itoa(k)+itoa(rep), "j", e[0], e[1], -1, -1, p, none, 0))
		}
	}
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 100
	r, err := Analyze(pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	noNaN(t, r)
	if len(r.BradleyTerry) != 4 {
		t.Fatalf("Bradley–Terry %+v (%s)", r.BradleyTerry, r.BradleyTerryReason)
	}
	for _, s := range r.BradleyTerry {
		if !s.Score.OK() || math.Abs(s.Score.Value-beta[s.Model]) > 1e-9 || s.Score.CI == nil {
			t.Errorf("%s: %+v, want %v", s.Model, s.Score, beta[s.Model])
		}
	}
	if r.BradleyTerry[0].N != 9 { // A: A–B ×3, D–A ×3, B–A ×3
		t.Errorf("A's comparisons %d, want 9", r.BradleyTerry[0].N)
	}
}
