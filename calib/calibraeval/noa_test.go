package calibraeval

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/internal/lbfgs"
	"github.com/plumb-eval/plumb/model"
)

// handPairs is the hand-computed example of TestNOAObjectiveHand. Its pooled
// s values are {0.2, 0.4, 0.6, 0.9}, so M = 5 and d = 0 gives
// g(z_k) = k/5: g(0.2) = 0.2, g(0.4) = 0.4, g(0.6) = 0.6, g(0.9) = 0.8.
func handPairs() []model.Pair {
	const no = -1
	return []model.Pair{
		calibtest.PairOf("A", 0.2, no, 0.6, no),   // content pair x0/x2 only
		calibtest.PairOf("B", no, no, 0.4, 0.9),   // position pair x2/x3 only
		calibtest.PairOf("C", 0.9, 0.6, 0.2, 0.4), // all four
		calibtest.PairOf("D", 0.33, no, no, no),   // one arrangement: no term
		calibtest.PairOf("E", 0.33, no, no, 0.77), // x0/x3 differ by both swaps: no term
		calibtest.PairOf("F", 0.6, 0.4, no, no),   // x0/x1 only: eq. 20
	}
}

// TestNOAObjectiveHand checks L/K against a hand calculation with d = 0
// (g(z_k) = k/5, see handPairs). Per item, with r = g(s) for x0, x1 and
// 1 − g(s) for x2, x3:
//
//	A: (r0−r2)² = (0.2−0.4)² = 0.04;  −λ(g(s0)−g(s2))² = −λ(0.2−0.6)² = −0.16λ
//	B: (r2−r3)² = (0.6−0.2)² = 0.16;  anchor −λ(g(s2)−0.5)² = −0.01λ
//	C: (r0−r1)² = (0.8−0.6)² = 0.04, (r2−r3)² = (0.8−0.6)² = 0.04;
//	   (r0−r2)² = 0, −λ(0.8−0.2)² = −0.36λ; (r1−r3)² = 0, −λ(0.6−0.4)² = −0.04λ;
//	   under l2 anchors −λ(0.8−0.5)² − λ(0.2−0.5)² = −0.18λ instead
//	F: (r0−r1)² = (0.6−0.4)² = 0.04; anchor −λ(0.6−0.5)² = −0.01λ
//
// both: (A+B+C+F)/4 = (0.32 − 0.58λ)/4; l1: (A+C)/2 = (0.04 − 0.56λ)/2;
// l2: (B+C+F)/3 = (0.28 − 0.20λ)/3.
func TestNOAObjectiveHand(t *testing.T) {
	pairs := handPairs()
	cases := []struct {
		obj    Objective
		k      int
		lambda float64
		want   float64
	}{
		{ObjectiveBoth, 4, 2, (0.32 - 0.58*2) / 4},
		{ObjectiveBoth, 4, 0, 0.32 / 4},
		{ObjectiveBoth, 4, 0.5, (0.32 - 0.58*0.5) / 4},
		{ObjectiveL1, 2, 2, (0.04 - 0.56*2) / 2},
		{ObjectiveL1, 2, 0, 0.04 / 2},
		{ObjectiveL2, 3, 2, (0.28 - 0.20*2) / 3},
		{ObjectiveL2, 3, 0, 0.28 / 3},
	}
	for _, c := range cases {
		p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), c.obj)
		if err != nil {
			t.Fatalf("%s: %v", c.obj, err)
		}
		if p.K() != c.k || p.M() != 5 || p.Items() != len(pairs) {
			t.Fatalf("%s: K = %d, M = %d, items = %d; want K = %d, M = 5", c.obj, p.K(), p.M(), p.Items(), c.k)
		}
		got := p.Objective(make([]float64, 5), c.lambda, nil)
		if math.Abs(got-c.want) > 1e-14 {
			t.Errorf("%s λ=%v: L/K = %.17g, want %.17g", c.obj, c.lambda, got, c.want)
		}
	}
}

// TestNOAKnots checks pooling: exact duplicates merge, 0 and 1 are the fixed
// ends, and only values that enter a term are pooled.
func TestNOAKnots(t *testing.T) {
	const no = -1
	pairs := []model.Pair{
		calibtest.PairOf("a", 0.3, 0.3, 0.7, no), // duplicate 0.3 within an item
		calibtest.PairOf("b", 0, 0.7, 1, 1),      // ends
		calibtest.PairOf("c", 0.5, no, no, 0.42), // no term: 0.5 and 0.42 not pooled
	}
	p, err := NewNOA(pairs, []int{0, 1, 2}, ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	z, count := p.Knots()
	if want := []float64{0, 0.3, 0.7, 1}; !slices.Equal(z, want) {
		t.Errorf("knots %v, want %v", z, want)
	}
	if want := []int{1, 2, 2, 2}; !slices.Equal(count, want) {
		t.Errorf("counts %v, want %v", count, want)
	}
	if p.K() != 2 || p.M() != 3 {
		t.Errorf("K = %d, M = %d; want 2, 3", p.K(), p.M())
	}
	// The identity start maps the knots to themselves.
	g := p.G(p.IdentityD())
	for i := range z {
		if math.Abs(g[i]-z[i]) > 1e-15 {
			t.Errorf("identity g(%v) = %v", z[i], g[i])
		}
	}
	// Fixed ends stay on the curve: g*(0) = 0 and g*(1) = 1 for any fit.
	r, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Curve.Z[0] != 0 || r.Curve.G[0] != 0 || r.Curve.Z[len(r.Curve.Z)-1] != 1 || r.Curve.G[len(r.Curve.G)-1] != 1 {
		t.Errorf("curve %v / %v does not keep the ends (0,0) and (1,1)", r.Curve.Z, r.Curve.G)
	}
	if r.Points != 4 {
		t.Errorf("Points = %d, want 4 (z_0..z_3)", r.Points)
	}
}

// TestNOAIdentityInit checks that the identity start gives g(z_k) = z_k on
// a random problem, with Σ d = 0.
func TestNOAIdentityInit(t *testing.T) {
	pairs := calibtest.GenPairs(500, calibtest.Judge{Token: 0.5, Position: 0.3, Noise: 0.5, Spread: 2}, calibtest.Has012, 3)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	d := p.IdentityD()
	sum := 0.0
	for _, v := range d {
		sum += v
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("Σ d = %v", sum)
	}
	z, _ := p.Knots()
	g := p.G(d)
	for k := range z {
		if math.Abs(g[k]-z[k]) > 1e-13 {
			t.Fatalf("g(z_%d) = %v, want %v", k, g[k], z[k])
		}
	}
	// The objective at the identity is the raw objective.
	want := 0.0
	for i := range pairs {
		r := pairs[i].R
		s0, s2 := pairs[i].S[0], pairs[i].S[2]
		want += (r(0)-r(1))*(r(0)-r(1)) + (r(0)-r(2))*(r(0)-r(2)) - 0.5*(s0-s2)*(s0-s2)
	}
	want /= float64(len(pairs))
	if got := p.Objective(d, 0.5, nil); math.Abs(got-want) > 1e-12 {
		t.Errorf("objective at identity %v, raw %v", got, want)
	}
}

// TestNOAGradient compares the O(K+M) gradient with central finite
// differences on random problems, every objective and λ.
func TestNOAGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	worst := 0.0
	tested := map[Objective]int{}
	defer func() { t.Logf("worst max|fd − grad| / max|grad| = %.2g; problems per objective %v", worst, tested) }()
	for trial := range 12 {
		pairs := calibtest.RandomProblem(rng, 5+rng.IntN(25))
		for _, obj := range []Objective{ObjectiveBoth, ObjectiveL1, ObjectiveL2} {
			p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), obj)
			if err != nil {
				continue // e.g. no content pair for l1
			}
			tested[obj]++
			d := make([]float64, p.M())
			for i := range d {
				d[i] = 1.5 * rng.NormFloat64()
			}
			for _, lam := range []float64{0, 0.5, 2} {
				grad := make([]float64, p.M())
				f := p.Objective(d, lam, grad)
				if f2 := p.Objective(d, lam, nil); f2 != f {
					t.Fatalf("objective with and without gradient differ: %v %v", f, f2)
				}
				const h = 1e-5
				maxAbs, maxErr, sum := 0.0, 0.0, 0.0
				x := slices.Clone(d)
				for k := range d {
					x[k] = d[k] + h
					fp := p.Objective(x, lam, nil)
					x[k] = d[k] - h
					fm := p.Objective(x, lam, nil)
					x[k] = d[k]
					fd := (fp - fm) / (2 * h)
					maxAbs = max(maxAbs, math.Abs(grad[k]))
					maxErr = max(maxErr, math.Abs(fd-grad[k]))
					sum += grad[k]
				}
				worst = max(worst, maxErr/maxAbs)
				if maxErr > 1e-6*max(maxAbs, 1e-6) {
					t.Errorf("trial %d %s λ=%v: max |fd − grad| = %.3g, max |grad| = %.3g", trial, obj, lam, maxErr, maxAbs)
				}
				if math.Abs(sum) > 1e-12 {
					t.Errorf("trial %d %s λ=%v: Σ grad = %v, want 0", trial, obj, lam, sum)
				}
			}
		}
	}
}

func TestNOAErrors(t *testing.T) {
	const no = -1
	hard := []model.Pair{calibtest.PairOf("h", 1, 0, 0.5, no)}
	hard[0].Source = model.SourceChoice
	if _, err := NewNOA(hard, []int{0}, ObjectiveBoth); err == nil ||
		err.Error() != "CalibraEval needs probabilities; this judge gave hard choices" {
		t.Errorf("hard choices: %v", err)
	}
	mixed := append(handPairs(), hard[0])
	if _, err := NewNOA(mixed, calibtest.AllIdx(len(mixed)), ObjectiveBoth); err == nil || !strings.Contains(err.Error(), "1 of 7") {
		t.Errorf("mixed: %v", err)
	}
	nan := calibtest.PairOf("x", 0.5, 0.5, no, no)
	nan.S[1] = math.NaN()
	pairs := handPairs()
	for name, c := range map[string]struct {
		pairs []model.Pair
		est   []int
		obj   Objective
		want  string
	}{
		"empty est":    {pairs, nil, ObjectiveBoth, "empty"},
		"out of range": {pairs, []int{0, 6}, ObjectiveBoth, "out of range"},
		"negative":     {pairs, []int{-1}, ObjectiveBoth, "out of range"},
		"objective":    {pairs, []int{0}, Objective(9), "unknown objective"},
		"no term":      {pairs, []int{3, 4}, ObjectiveBoth, "no estimation item"},
		"l1 no term":   {pairs, []int{1, 5}, ObjectiveL1, "x0 with x2"},
		"l2 no term":   {pairs, []int{0}, ObjectiveL2, "x0 with x1"},
		"bad s":        {[]model.Pair{calibtest.PairOf("x", 0.5, 1.5, no, no)}, []int{0}, ObjectiveBoth, "not in [0, 1]"},
		"nan s":        {[]model.Pair{nan}, []int{0}, ObjectiveBoth, "not in [0, 1]"},
		"only ends":    {[]model.Pair{calibtest.PairOf("x", 0, 1, no, no)}, []int{0}, ObjectiveBoth, "exactly 0 or 1"},
	} {
		if _, err := NewNOA(c.pairs, c.est, c.obj); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", name, err, c.want)
		}
	}
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []FitOptions{{Lambda: -1}, {Lambda: math.NaN()}, {Lambda: math.Inf(1)}, {MaxIter: -1}, {GradTol: -1}} {
		if _, err := p.Fit(opt, nil); err == nil {
			t.Errorf("Fit(%+v) gave no error", opt)
		}
	}
	if _, err := p.Fit(FitOptions{}, &FitResult{D: []float64{1}}); err == nil {
		t.Error("warm start of the wrong length gave no error")
	}
	if _, err := p.Fit(FitOptions{}, &FitResult{D: []float64{0, 0, math.Inf(-1), 0, 0}}); err == nil {
		t.Error("non-finite warm start gave no error")
	}
}

// consistencyLoss is Σ (r0 − r1)² + (r0 − r2)² per item, averaged.
func consistencyLoss(p calib.Prefs) float64 {
	s := 0.0
	for i := range p.R {
		r := p.R[i]
		s += (r[0]-r[1])*(r[0]-r[1]) + (r[0]-r[2])*(r[0]-r[2])
	}
	return s / float64(p.Len())
}

// meanDev is the mean |g*(s) − 0.5| over every observed s.
func meanDev(pairs []model.Pair, c *calib.Curve) float64 {
	s, n := 0.0, 0
	for i := range pairs {
		for a := range model.NumArrangements {
			if pairs[i].Has[a] {
				s += math.Abs(c.Apply(pairs[i].S[a]) - 0.5)
				n++
			}
		}
	}
	return s / float64(n)
}

func TestFitTokenBias(t *testing.T) {
	pairs := calibtest.GenPairs(400, calibtest.StrongA, calibtest.Has012, 5)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Converged {
		t.Errorf("not converged: %s after %d iterations", r.Status, r.Iterations)
	}
	if id := p.Objective(p.IdentityD(), 0.5, nil); !(r.Objective < id) {
		t.Errorf("fitted objective %v not below the identity's %v", r.Objective, id)
	}
	if got := p.Objective(r.D, 0.5, nil); math.Abs(got-r.Objective) > 1e-12 {
		t.Errorf("reported objective %v, objective at D %v", r.Objective, got)
	}
	raw, cal := consistencyLoss(calib.RawPrefs(pairs)), consistencyLoss(calib.CalibratedPrefs(pairs, r.Curve))
	if !(cal < raw) {
		t.Errorf("consistency loss: calibrated %v, raw %v", cal, raw)
	}
	// The judge says A too often, so an observed 0.5 means response A is
	// worse: g*(0.5) < 0.5, and g* lowers the observed values on average.
	if g := r.Curve.Apply(0.5); !(g < 0.45) {
		t.Errorf("g*(0.5) = %v, want clearly below 0.5", g)
	}
	shift, n := 0.0, 0
	for i := range pairs {
		for a := range 3 {
			shift += r.Curve.Apply(pairs[i].S[a]) - pairs[i].S[a]
			n++
		}
	}
	if shift /= float64(n); !(shift < -0.05) {
		t.Errorf("mean g*(s) − s = %v, want clearly negative", shift)
	}
	t.Logf("λ=0.5: %d iterations, L/K %.6f, consistency %.4f → %.4f, g*(0.5) = %.3f, mean shift %.3f",
		r.Iterations, r.Objective, raw, cal, r.Curve.Apply(0.5), shift)
}

func TestFitLambdaZeroFlattens(t *testing.T) {
	pairs := calibtest.GenPairs(400, calibtest.StrongA, calibtest.Has012, 6)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	r0, err := p.Fit(FitOptions{Lambda: 0}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r5, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dev0, dev5 := meanDev(pairs, r0.Curve), meanDev(pairs, r5.Curve)
	if !(dev0 < 0.01 && dev0 < dev5/20) {
		t.Errorf("mean |g*(s) − 0.5|: λ=0 %v, λ=0.5 %v", dev0, dev5)
	}
	// λ = 0 has its infimum 0 at g ≡ 0.5, reached only as d → ±∞: the run
	// must still end, finite.
	if r0.Objective < 0 || r0.Objective > 1e-6 || math.IsNaN(r0.GradNorm) {
		t.Errorf("λ=0: objective %v, gradient norm %v", r0.Objective, r0.GradNorm)
	}
	for _, v := range r0.D {
		if !isFinite(v) {
			t.Fatal("non-finite d")
		}
	}
	t.Logf("λ=0: %d iterations (%s), mean |g*−0.5| %.2g; λ=0.5: %.3f", r0.Iterations, r0.Status, dev0, dev5)
}

func TestFitDeterministicAndCapped(t *testing.T) {
	pairs := calibtest.GenPairs(300, calibtest.StrongA, [4]bool{true, true, true, true}, 7)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := p.Fit(FitOptions{Lambda: 0.5}, nil)
	b, _ := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if !reflect.DeepEqual(a, b) {
		t.Error("two fits of the same problem differ")
	}
	c, err := p.Fit(FitOptions{Lambda: 0.5, MaxIter: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Iterations != 3 || c.Converged || c.Status != lbfgs.StatusIterLimit {
		t.Errorf("MaxIter 3: %d iterations, converged %v, %q", c.Iterations, c.Converged, c.Status)
	}
	if !slices.IsSorted(c.Curve.G) {
		t.Error("curve not monotone")
	}
}

func TestFitWarmStart(t *testing.T) {
	pairs := calibtest.GenPairs(1000, calibtest.StrongA, calibtest.Has012, 8)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	base, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, lam := range []float64{0.45, 0.55, 0.6} {
		cold, _ := p.Fit(FitOptions{Lambda: lam}, nil)
		warm, _ := p.Fit(FitOptions{Lambda: lam}, &base)
		t.Logf("λ=%v: cold %d iterations L/K %.8f, warm %d iterations L/K %.8f", lam, cold.Iterations, cold.Objective, warm.Iterations, warm.Objective)
		if !(warm.Iterations < cold.Iterations) {
			t.Errorf("λ=%v: warm start took %d iterations, cold %d", lam, warm.Iterations, cold.Iterations)
		}
		if !warm.Converged {
			t.Errorf("λ=%v: warm start did not converge: %s", lam, warm.Status)
		}
	}
	// Warm start from the solution itself converges at once.
	again, _ := p.Fit(FitOptions{Lambda: 0.5}, &base)
	if again.Iterations > 15 || math.Abs(again.Objective-base.Objective) > 1e-7*math.Abs(base.Objective) {
		t.Errorf("restart at the solution: %d iterations, L/K %v vs %v", again.Iterations, again.Objective, base.Objective)
	}
}

// TestFitConcurrent runs fits for several λ on one NOA at once (run with
// -race): Fit must not modify the problem.
func TestFitConcurrent(t *testing.T) {
	pairs := calibtest.GenPairs(200, calibtest.StrongA, calibtest.Has012, 9)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	lams := []float64{0, 0.5, 1, 2}
	want := make([]FitResult, len(lams))
	for i, l := range lams {
		want[i], _ = p.Fit(FitOptions{Lambda: l}, nil)
	}
	got := make([]FitResult, len(lams))
	done := make(chan struct{})
	for i, l := range lams {
		go func() {
			got[i], _ = p.Fit(FitOptions{Lambda: l}, nil)
			done <- struct{}{}
		}()
	}
	for range lams {
		<-done
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("concurrent fits differ from sequential ones")
	}
}
