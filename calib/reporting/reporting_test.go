package reporting

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
)

// repItems builds items: nTest unlabelled (true z known when truth), and a
// labelled pool of n0 items with z = 0 and n1 with z = 1; the judge has
// specificity q0 and sensitivity q1 and the test set prevalence theta.
func repItems(seed uint64, nTest, n0, n1 int, theta, q0, q1 float64, truth bool) []BinaryItem {
	r := rand.New(rand.NewPCG(seed, 2))
	verdict := func(z int8) bool {
		if z == 1 {
			return r.Float64() < q1
		}
		return r.Float64() >= q0
	}
	var items []BinaryItem
	for range nTest {
		z := boolInt8(r.Float64() < theta)
		it := BinaryItem{Pred: verdict(z), Gold: -1, Truth: -1}
		if truth {
			it.Truth = z
		}
		items = append(items, it)
	}
	for k, n := range []int{n0, n1} {
		for range n {
			items = append(items, BinaryItem{Pred: verdict(int8(k)), Gold: int8(k), Truth: -1})
		}
	}
	return items
}

// TestReportingHandExample checks the engine on a small hand-counted
// example: 10 test items (4 positive verdicts), a pool of 5 z = 0 items
// (4 judged 0) and 5 z = 1 items (3 judged 1), all used (automatic
// budget and split).
func TestReportingHandExample(t *testing.T) {
	var items []BinaryItem
	for i := range 10 {
		items = append(items, BinaryItem{Pred: i < 4, Gold: -1, Truth: -1})
	}
	for i := range 5 {
		items = append(items, BinaryItem{Pred: i == 0, Gold: 0, Truth: -1})
		items = append(items, BinaryItem{Pred: i < 3, Gold: 1, Truth: -1})
	}
	res, err := Compute(items, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.N != 20 || res.PoolSize != 10 || res.TestSize != 10 || res.M0 != 5 || res.M1 != 5 || res.Budget != 10 || res.Holdout {
		t.Fatalf("sizes: %+v", res)
	}
	if res.PHat.Value != 0.4 || res.Q0Hat.Value != 0.8 || res.Q1Hat.Value != 0.6 {
		t.Errorf("p̂ %v q̂0 %v q̂1 %v, want 0.4 0.8 0.6", res.PHat.Value, res.Q0Hat.Value, res.Q1Hat.Value)
	}
	// θ̂ = (0.4 + 0.8 − 1)/(0.8 + 0.6 − 1) = 0.5.
	if math.Abs(res.ThetaHat.Value-0.5) > 1e-15 || res.ThetaHat.N != 20 {
		t.Errorf("θ̂ = %v (N %d), want 0.5", res.ThetaHat.Value, res.ThetaHat.N)
	}
	lo, hi, err := RGInterval(0.4, 0.8, 0.6, 10, 5, 5, 0.05)
	if err != nil || res.ThetaHat.CI == nil || res.ThetaHat.CI.Lower != lo || res.ThetaHat.CI.Upper != hi ||
		res.Lower.Value != lo || res.Upper.Value != hi || res.Width.Value != hi-lo || res.ThetaHat.CI.Level != 0.95 {
		t.Errorf("interval %+v / %v %v, want [%v, %v]", res.ThetaHat.CI, res.Lower, res.Upper, lo, hi)
	}
	// Wald interval of p̂: 0.4 ± 1.959964·sqrt(0.24/10).
	h := 1.959963984540054 * math.Sqrt(0.024)
	if ci := res.PHat.CI; ci == nil || math.Abs(ci.Lower-(0.4-h)) > 1e-12 || math.Abs(ci.Upper-(0.4+h)) > 1e-12 {
		t.Errorf("Wald interval %+v, want 0.4 ± %v", ci, h)
	}
	if res.TrueTheta != nil || res.Covered != nil {
		t.Error("true θ reported without truth")
	}
	if s := res.Splits.Current; s.M0 != 5 || s.M1 != 5 || s.Width.Value != res.Width.Value || s.Width.N != 10 {
		t.Errorf("current split %+v", s)
	}
	if s := res.Splits.Equal; s.M0 != 5 || s.M1 != 5 || s.Width.Value != res.Width.Value {
		t.Errorf("equal split %+v", s)
	}
	// The pilot is min(10, 5, 5) = 5 per class, with a note.
	if !strings.Contains(strings.Join(res.Notes, "\n"), "pilot has 5 items per class") {
		t.Errorf("notes %q", res.Notes)
	}
	// 5 + 5 labels and 10 test items: no split of 10 holds (the coverage
	// check), so the plan recommends none and says so.
	if res.PlanSplit != "" || !strings.HasPrefix(res.Plan, "no split the table shows gives an interval that holds at a budget of 10") {
		t.Errorf("plan %q (split %q)", res.Plan, res.PlanSplit)
	}
	if len(res.WidthCurve) != 9 || res.WidthCurve[0].M0 != 1 || res.WidthCurve[8].M0 != 9 {
		t.Errorf("width curve %+v", res.WidthCurve)
	}
}

// TestReportingSplitsConsistent checks each hypothetical split's width
// against RGInterval with the drawn rates, and the split rules' choices.
func TestReportingSplitsConsistent(t *testing.T) {
	items := repItems(3, 2000, 600, 400, 0.2, 0.7, 0.9, true)
	res, err := Compute(items, Options{Budget: 300, Split: 0.5, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	p, q0, q1, n := res.PHat.Value, res.Q0Hat.Value, res.Q1Hat.Value, res.TestSize
	check := func(name string, s SplitWidth) {
		t.Helper()
		lo, hi, err := RGInterval(p, q0, q1, n, s.M0, s.M1, 0.05)
		if err != nil || !s.Width.OK() || s.Width.Value != hi-lo || s.Width.N != s.M0+s.M1 || s.M0+s.M1 != 300 {
			t.Errorf("%s: %+v, want width %v (%v)", name, s, hi-lo, err)
		}
	}
	sp := res.Splits
	check("equal", sp.Equal)
	check("exact", sp.Exact)
	check("approx", sp.Approx)
	check("adaptive", sp.Adaptive)
	check("best", sp.Best)
	if m0, _, _ := ExactSplit(300, res.ThetaHat.Value, q0, q1); sp.Exact.M0 != m0 {
		t.Errorf("exact m0 %d, want %d", sp.Exact.M0, m0)
	}
	if m0, _, _ := ApproxSplit(300, p, q0, q1); sp.Approx.M0 != m0 {
		t.Errorf("approx m0 %d, want %d", sp.Approx.M0, m0)
	}
	if m0, _, w, _ := BestSplit(p, q0, q1, n, 300, 0.05); sp.Best.M0 != m0 || sp.Best.Width.Value != w {
		t.Errorf("best %+v, want m0 %d width %v", sp.Best, m0, w)
	}
	for _, s := range []SplitWidth{sp.Equal, sp.Exact, sp.Approx, sp.Adaptive, sp.Current} {
		if s.Width.Value < sp.Best.Width.Value {
			t.Errorf("split %+v narrower than the best %+v", s, sp.Best)
		}
	}
	// θ ≈ 0.2: the optimal split favours z = 0 items.
	if sp.Exact.M0 <= 150 || sp.Adaptive.M0 <= 150 || sp.Best.M0 <= 150 {
		t.Errorf("splits do not favour z = 0: %+v", sp)
	}
	// The width curve: 101 distinct increasing splits from 1 to 299.
	wc := res.WidthCurve
	if len(wc) != WidthCurvePoints || wc[0].M0 != 1 || wc[len(wc)-1].M0 != 299 {
		t.Fatalf("width curve: %d points, %d..%d", len(wc), wc[0].M0, wc[len(wc)-1].M0)
	}
	for i, s := range wc {
		if i > 0 && s.M0 <= wc[i-1].M0 {
			t.Fatalf("width curve not increasing at %d", i)
		}
		if s.M0+s.M1 != 300 || !s.Width.OK() || s.Width.Value < sp.Best.Width.Value {
			t.Fatalf("width curve point %+v", s)
		}
	}
	if res.TrueTheta == nil || res.Covered == nil {
		t.Fatal("truth known for every test item but no true θ")
	}
	if got := *res.Covered; got != (res.Lower.Value <= *res.TrueTheta && *res.TrueTheta <= res.Upper.Value) {
		t.Error("Covered disagrees with the interval")
	}
}

// TestReportingDeterministic checks that a seed fixes the result and that
// another seed draws another calibration set.
func TestReportingDeterministic(t *testing.T) {
	items := repItems(4, 500, 300, 300, 0.4, 0.75, 0.85, true)
	opt := Options{Budget: 200, Split: 0.5, Seed: 11}
	a, err := Compute(items, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Compute(items, opt)
	if !reflect.DeepEqual(a, b) {
		t.Error("same seed, different results")
	}
	differ := false
	for seed := uint64(12); seed < 20 && !differ; seed++ {
		opt.Seed = seed
		c, _ := Compute(items, opt)
		differ = c.Q0Hat.Value != a.Q0Hat.Value || c.Q1Hat.Value != a.Q1Hat.Value
	}
	if !differ {
		t.Error("eight other seeds all drew calibration sets with the same rates")
	}
}

// TestReportingHoldout checks the every-item-labelled case: the calibration
// set is drawn from the pool and the rest is the test set, whose hidden
// gold gives the true θ.
func TestReportingHoldout(t *testing.T) {
	items := repItems(5, 0, 700, 300, 0, 0.8, 0.9, false)
	res, err := Compute(items, Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	// Automatic budget: half the pool, split in the pool's shares.
	if !res.Holdout || res.Budget != 500 || res.M0 != 350 || res.M1 != 150 || res.TestSize != 500 || res.PoolSize != 1000 {
		t.Fatalf("holdout sizes: budget %d m0 %d m1 %d n %d", res.Budget, res.M0, res.M1, res.TestSize)
	}
	if res.TrueTheta == nil || *res.TrueTheta != 150.0/500 || res.Covered == nil {
		t.Fatalf("true θ %v, covered %v; want 0.3", res.TrueTheta, res.Covered)
	}
	// A budget that would leave no test items is cut to pool − 1.
	res, err = Compute(items, Options{Budget: 1000, Split: 0.5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Budget != 999 || res.TestSize < 1 || !strings.Contains(strings.Join(res.Notes, "\n"), "no test items") {
		t.Errorf("budget %d, n %d, notes %q", res.Budget, res.TestSize, res.Notes)
	}
}

// TestReportingTooFew checks the note when a class has too few labelled
// items, and that the rest of the budget is not moved to the other class.
func TestReportingTooFew(t *testing.T) {
	items := repItems(6, 300, 40, 200, 0.5, 0.8, 0.8, false)
	res, err := Compute(items, Options{Budget: 200, Split: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	if res.M0 != 40 || res.M1 != 100 {
		t.Errorf("m0 %d m1 %d, want 40 and 100", res.M0, res.M1)
	}
	notes := strings.Join(res.Notes, "\n")
	if !strings.Contains(notes, "asks for 100 calibration items with z = 0 but only 40 are labelled") {
		t.Errorf("notes %q", res.Notes)
	}
	if !res.ThetaHat.OK() || res.ThetaHat.N != 300+140 {
		t.Errorf("θ̂ %+v", res.ThetaHat)
	}
	// A budget beyond the pool is noted too.
	res, _ = Compute(items, Options{Budget: 1000})
	if !strings.Contains(strings.Join(res.Notes, "\n"), "exceeds the 240 labelled items") {
		t.Errorf("notes %q", res.Notes)
	}
}

// TestReportingUndefined checks that undefined cases carry reasons and no
// NaN anywhere.
func TestReportingUndefined(t *testing.T) {
	chance := make([]BinaryItem, 0, 300)
	for i := range 300 {
		// The judge says 1 for everything: q̂0 = 0, q̂1 = 1.
		chance = append(chance, BinaryItem{Pred: true, Gold: int8(i%3) - 1, Truth: -1})
	}
	noLabels := repItems(7, 100, 0, 0, 0.5, 0.8, 0.8, false)
	oneClass := repItems(8, 100, 50, 0, 0.5, 0.8, 0.8, false)
	for _, tc := range []struct {
		name  string
		items []BinaryItem
		want  string
	}{
		{"chance", chance, ReasonChance},
		{"no labels", noLabels, "no calibration items with z = 0"},
		{"one class", oneClass, "no calibration items with z = 1"},
	} {
		res, err := Compute(tc.items, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, s := range []calib.Stat{res.ThetaHat, res.Lower, res.Upper, res.Width, res.Splits.Exact.Width, res.Splits.Approx.Width, res.Splits.Best.Width} {
			if s.OK() || s.Reason != tc.want {
				t.Errorf("%s: %+v, want reason %q", tc.name, s, tc.want)
			}
		}
		if res.ThetaHat.CI != nil || res.WidthCurve != nil || res.Covered != nil {
			t.Errorf("%s: interval, curve or coverage without an estimate", tc.name)
		}
		if !res.PHat.OK() {
			t.Errorf("%s: p̂ undefined: %s", tc.name, res.PHat.Reason)
		}
		repNoNaN(t, tc.name, reflect.ValueOf(res))
	}
	if res, _ := Compute(noLabels, Options{}); !strings.Contains(strings.Join(res.Notes, "\n"), "no item has a human label") {
		t.Errorf("no labels: notes %q", res.Notes)
	}
	// One labelled item, every item labelled: budget 0, nothing to calibrate.
	res, err := Compute([]BinaryItem{{Pred: true, Gold: 1, Truth: -1}}, Options{})
	if err != nil || res.ThetaHat.OK() || res.Splits.Equal.Width.OK() || res.Splits.Adaptive.Width.OK() {
		t.Errorf("single item: %+v, %v", res, err)
	}
	repNoNaN(t, "single item", reflect.ValueOf(res))
}

// repNoNaN fails if any float in v is NaN or infinite.
func repNoNaN(t *testing.T, name string, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.Float64:
		if math.IsNaN(v.Float()) || math.IsInf(v.Float(), 0) {
			t.Errorf("%s: non-finite float", name)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			repNoNaN(t, name, v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			repNoNaN(t, name, v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			repNoNaN(t, name, v.Index(i))
		}
	}
}

// TestReportingBadInput checks the errors for bad options and items.
func TestReportingBadInput(t *testing.T) {
	items := repItems(9, 10, 5, 5, 0.5, 0.8, 0.8, false)
	for _, opt := range []Options{
		{Budget: -1}, {Split: -0.1}, {Split: 1}, {Split: math.NaN()}, {Alpha: 1}, {Alpha: -0.5}, {Pilot: -1},
	} {
		if _, err := Compute(items, opt); err == nil {
			t.Errorf("options %+v accepted", opt)
		}
	}
	if _, err := Compute(nil, Options{}); err == nil {
		t.Error("no items accepted")
	}
	for _, it := range []BinaryItem{{Gold: 2, Truth: -1}, {Gold: -2, Truth: -1}, {Gold: 0, Truth: 5}} {
		if _, err := Compute(append(items[:len(items):len(items)], it), Options{}); err == nil {
			t.Errorf("item %+v accepted", it)
		}
	}
}

// TestReportingPartialTruth checks that a test set with the true z known
// for only some items reports no coverage, with a note.
func TestReportingPartialTruth(t *testing.T) {
	items := repItems(10, 100, 50, 50, 0.5, 0.8, 0.8, true)
	items[0].Truth = -1
	res, err := Compute(items, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.TrueTheta != nil || res.Covered != nil || !strings.Contains(strings.Join(res.Notes, "\n"), "only 99 of 100") {
		t.Errorf("true θ %v covered %v notes %q", res.TrueTheta, res.Covered, res.Notes)
	}
}

// TestReportingAlpha checks that the level reaches the intervals.
func TestReportingAlpha(t *testing.T) {
	items := repItems(11, 400, 100, 100, 0.5, 0.8, 0.8, false)
	a, _ := Compute(items, Options{Alpha: 0.01})
	b, _ := Compute(items, Options{Alpha: 0.2})
	if a.ThetaHat.CI.Level != 0.99 || b.PHat.CI.Level != 0.8 || a.Width.Value <= b.Width.Value {
		t.Errorf("99%% width %v, 80%% width %v", a.Width.Value, b.Width.Value)
	}
}

// TestReportingRandomInputs runs the engine on many small random inputs
// and options (including tiny pools, one class, huge budgets): it must
// never panic, fail or produce a non-finite number.
func TestReportingRandomInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 42))
	for trial := range 300 {
		items := make([]BinaryItem, 1+r.IntN(40))
		for i := range items {
			items[i] = BinaryItem{Pred: r.IntN(2) == 1, Gold: int8(r.IntN(3)) - 1, Truth: int8(r.IntN(3)) - 1}
			if trial%5 == 0 {
				items[i].Gold = int8(r.IntN(2)) // every item labelled
			}
		}
		opt := Options{
			Budget: []int{0, 1, 2, 7, 100, 1 << 40}[r.IntN(6)],
			Split:  []float64{0, 0.01, 0.5, 0.99}[r.IntN(4)],
			Alpha:  []float64{0, 0.001, 0.5}[r.IntN(3)],
			Pilot:  r.IntN(5),
			Seed:   r.Uint64(),
		}
		res, err := Compute(items, opt)
		if err != nil {
			t.Fatalf("trial %d (%+v): %v", trial, opt, err)
		}
		repNoNaN(t, "random", reflect.ValueOf(res))
		if res.ThetaHat.OK() && res.ThetaHat.CI != nil && (res.Lower.Value > res.Upper.Value || res.Lower.Value < 0 || res.Upper.Value > 1) {
			t.Fatalf("trial %d: interval [%v, %v]", trial, res.Lower.Value, res.Upper.Value)
		}
		if len(res.WidthCurve) > WidthCurvePoints {
			t.Fatalf("trial %d: %d curve points", trial, len(res.WidthCurve))
		}
	}
}
