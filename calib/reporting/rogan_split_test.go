package reporting

import (
	"math"
	"strings"
	"testing"
)

// TestAllocationOracle checks the budget splits against the 14 allocation
// cases of the official allocate_calibration_sample (rogan_gladen.json).
// m_pilot = 0 cases go through ApproxSplit; the others through the shared
// rule with the official κ = (m_pilot(1 − q0) + 1)/(m_pilot(1 − q1) + 1)
// (the pilot rates there are not always whole counts), and through
// AdaptiveSplit when they are. The two p < 1e-6 cases differ on purpose
// (docs/methods.md §5: follow the formula): see TestAllocationSmallP.
func TestAllocationOracle(t *testing.T) {
	cases := rgCases(t, "allocation")
	if len(cases) != 14 {
		t.Fatalf("%d allocation cases, want 14", len(cases))
	}
	checked := 0
	for _, c := range cases {
		in, want := c.Input, c.Expected
		if in.P < rgEps {
			continue
		}
		checked++
		if in.MPilot == 0 {
			m0, m1, _ := ApproxSplit(in.M, in.P, in.Q0Pilot, in.Q1Pilot)
			if m0 != want.M0 || m1 != want.M1 {
				t.Errorf("%s: ApproxSplit = (%d, %d), want (%d, %d)", c.Name, m0, m1, want.M0, want.M1)
			}
			continue
		}
		mp := float64(in.MPilot)
		kappa := (mp*(1-in.Q0Pilot) + 1) / (mp*(1-in.Q1Pilot) + 1)
		m1, _ := rgAllocate(in.M, in.MPilot, in.P, kappa)
		if m1 != want.M1 || in.M-m1 != want.M0 {
			t.Errorf("%s: rule = (%d, %d), want (%d, %d)", c.Name, in.M-m1, m1, want.M0, want.M1)
		}
		s0, s1 := in.Q0Pilot*mp, in.Q1Pilot*mp
		if math.Abs(s0-math.Round(s0)) > 1e-9 || math.Abs(s1-math.Round(s1)) > 1e-9 {
			continue // pilot rates that are not counts (e.g. 0.6 of 1)
		}
		m0, m1, _ := AdaptiveSplit(in.M, in.MPilot, in.P, int(math.Round(s0)), int(math.Round(s1)))
		if m0 != want.M0 || m1 != want.M1 {
			t.Errorf("%s: AdaptiveSplit = (%d, %d), want (%d, %d)", c.Name, m0, m1, want.M0, want.M1)
		}
	}
	if checked != 12 {
		t.Errorf("checked %d cases, want 12", checked)
	}
}

// TestAllocationSmallP pins the documented difference from the official
// code for p̂ < 1e-6 (alloc_p_zero_quirk, alloc_p_below_eps_no_pilot): it
// gives the budget beyond the pilot to z = 1 items; plumb follows the
// formula, whose limit as p → 0 gives m1 = m_pilot, and says so.
func TestAllocationSmallP(t *testing.T) {
	for _, c := range rgCases(t, "allocation") {
		in, ref := c.Input, c.Expected
		if in.P >= rgEps {
			continue
		}
		if ref.M1 != in.M-in.MPilot {
			t.Fatalf("%s: the oracle no longer shows the quirk: %+v", c.Name, ref)
		}
		var m0, m1 int
		var note string
		if in.MPilot == 0 {
			m0, m1, note = ApproxSplit(in.M, in.P, in.Q0Pilot, in.Q1Pilot)
		} else {
			m0, m1, note = AdaptiveSplit(in.M, in.MPilot, in.P, int(in.Q0Pilot*float64(in.MPilot)), int(in.Q1Pilot*float64(in.MPilot)))
		}
		if m1 != in.MPilot || m0 != in.M-in.MPilot {
			t.Errorf("%s: (%d, %d), want the formula's (%d, %d)", c.Name, m0, m1, in.M-in.MPilot, in.MPilot)
		}
		if !strings.Contains(note, "official code") {
			t.Errorf("%s: note %q does not mention the official code's behaviour", c.Name, note)
		}
	}
	// The formula is continuous there: p = 1e-5 (alloc_p_just_above_eps)
	// already gives (480, 20), like p = 0 does.
	if m0, m1, _ := AdaptiveSplit(500, 20, 1e-5, 18, 18); m0 != 480 || m1 != 20 {
		t.Errorf("p = 1e-5: (%d, %d), want (480, 20)", m0, m1)
	}
	// κ = 0 (q0 = 1) at p = 0: the formula gives m1 = m for every p > 0.
	if m0, m1, _ := ApproxSplit(300, 0, 1, 0.9); m0 != 0 || m1 != 300 {
		t.Errorf("κ = 0, p = 0: (%d, %d), want (0, 300)", m0, m1)
	}
}

// rgOptCase is a case of testdata/rg_optimal.json (from the shared oracle
// rogan_gladen_optimal.json): the brute-force optimal split of the official
// confidence_interval, the closed form, and allocate_calibration_sample
// with m_pilot = 0.
type rgOptCase struct {
	Name  string `json:"name"`
	Input struct {
		P, Q0, Q1, Alpha float64
		N, M             int
	} `json:"input"`
	Expected struct {
		ThetaHat   float64 `json:"theta_hat"`
		BruteForce struct {
			M0, M1   int
			CILength float64 `json:"ci_length"`
		} `json:"brute_force"`
		ClosedForm struct {
			M0Real    float64 `json:"m0_real"`
			M0Rounded int     `json:"m0_rounded"`
			M1Rounded int     `json:"m1_rounded"`
			Length    float64 `json:"ci_length_at_rounded"`
		} `json:"closed_form"`
		Rule struct {
			M0, M1   int
			CILength float64 `json:"ci_length"`
		} `json:"reference_allocation_rule"`
		Equal struct {
			M0, M1   int
			CILength float64 `json:"ci_length"`
		} `json:"equal_split"`
	} `json:"expected"`
}

// TestOptimalSplitOracle checks ExactSplit (closed form), ApproxSplit
// (reference rule) and BestSplit (brute force) against
// rogan_gladen_optimal.json, and the interval widths at each split to 1e-12.
func TestOptimalSplitOracle(t *testing.T) {
	var cases []rgOptCase
	rgLoad(t, "rg_optimal.json", &cases)
	if len(cases) != 10 {
		t.Fatalf("%d cases, want 10", len(cases))
	}
	for _, c := range cases {
		in, want := c.Input, c.Expected
		width := func(m0 int) float64 {
			lo, hi, err := RGInterval(in.P, in.Q0, in.Q1, in.N, m0, in.M-m0, in.Alpha)
			if err != nil {
				t.Fatalf("%s: RGInterval at m0 = %d: %v", c.Name, m0, err)
			}
			return hi - lo
		}
		th, err := RGPoint(in.P, in.Q0, in.Q1)
		if err != nil || !rgClose(th, want.ThetaHat) {
			t.Errorf("%s: θ̂ = %v, %v; want %v", c.Name, th, err, want.ThetaHat)
		}
		m0, m1, note := ExactSplit(in.M, th, in.Q0, in.Q1)
		if m0 != want.ClosedForm.M0Rounded || m1 != want.ClosedForm.M1Rounded || note != "" {
			t.Errorf("%s: ExactSplit = (%d, %d, %q), want (%d, %d)", c.Name, m0, m1, note,
				want.ClosedForm.M0Rounded, want.ClosedForm.M1Rounded)
		}
		if w := width(m0); !rgClose(w, want.ClosedForm.Length) {
			t.Errorf("%s: width at the closed form = %v, want %v", c.Name, w, want.ClosedForm.Length)
		}
		m0, m1, _ = ApproxSplit(in.M, in.P, in.Q0, in.Q1)
		if m0 != want.Rule.M0 || m1 != want.Rule.M1 {
			t.Errorf("%s: ApproxSplit = (%d, %d), want (%d, %d)", c.Name, m0, m1, want.Rule.M0, want.Rule.M1)
		}
		if w := width(m0); !rgClose(w, want.Rule.CILength) {
			t.Errorf("%s: width at the rule = %v, want %v", c.Name, w, want.Rule.CILength)
		}
		if w := width(in.M / 2); in.M/2 != want.Equal.M0 || !rgClose(w, want.Equal.CILength) {
			t.Errorf("%s: equal split %d width %v, want %d, %v", c.Name, in.M/2, w, want.Equal.M0, want.Equal.CILength)
		}
		b0, b1, bw, err := BestSplit(in.P, in.Q0, in.Q1, in.N, in.M, in.Alpha)
		if err != nil || b0 != want.BruteForce.M0 || b1 != want.BruteForce.M1 || !rgClose(bw, want.BruteForce.CILength) {
			t.Errorf("%s: BestSplit = (%d, %d, %v, %v), want (%d, %d, %v)", c.Name, b0, b1, bw, err,
				want.BruteForce.M0, want.BruteForce.M1, want.BruteForce.CILength)
		}
	}
}

// TestExactSplitFormula checks m0 = m√A/(√A + √B) against the oracle's
// real-valued closed form m·r/(1 + r), r = ((1 − θ)/θ)·sqrt(q0(1−q0)/(q1(1−q1))),
// and the clamps and notes.
func TestExactSplitFormula(t *testing.T) {
	var cases []rgOptCase
	rgLoad(t, "rg_optimal.json", &cases)
	for _, c := range cases {
		in := c.Input
		th := c.Expected.ThetaHat
		sa := math.Sqrt((1 - th) * (1 - th) * in.Q0 * (1 - in.Q0))
		sb := math.Sqrt(th * th * in.Q1 * (1 - in.Q1))
		if got := float64(in.M) * sa / (sa + sb); math.Abs(got-c.Expected.ClosedForm.M0Real) > 1e-9*got {
			t.Errorf("%s: m0 = %v, want %v", c.Name, got, c.Expected.ClosedForm.M0Real)
		}
	}
	// θ̂ = 0: clamped to ε with a note; the rule then gives z = 0 nearly
	// everything, and z = 1 keeps one item.
	m0, m1, note := ExactSplit(100, 0, 0.8, 0.9)
	if m0 != 99 || m1 != 1 || !strings.Contains(note, "θ = 1e-06") || !strings.Contains(note, "at least one") {
		t.Errorf("θ = 0: (%d, %d, %q)", m0, m1, note)
	}
	m0, m1, note = ExactSplit(100, 1, 0.8, 0.9)
	if m0 != 1 || m1 != 99 || note == "" {
		t.Errorf("θ = 1: (%d, %d, %q)", m0, m1, note)
	}
	// A perfect judge: every split has calibration variance 0.
	m0, m1, note = ExactSplit(101, 0.3, 1, 1)
	if m0 != 50 || m1 != 51 || !strings.Contains(note, "split equally") {
		t.Errorf("perfect judge: (%d, %d, %q)", m0, m1, note)
	}
	// Symmetric judge at θ = 1/2: equal split, no note.
	if m0, m1, note = ExactSplit(100, 0.5, 0.8, 0.8); m0 != 50 || m1 != 50 || note != "" {
		t.Errorf("symmetric: (%d, %d, %q)", m0, m1, note)
	}
	for _, bad := range [][3]float64{{math.NaN(), 0.8, 0.8}, {0.5, 1.2, 0.8}, {0.5, 0.8, -0.1}} {
		if m0, m1, note := ExactSplit(100, bad[0], bad[1], bad[2]); m0 != 0 || m1 != 0 || note == "" {
			t.Errorf("ExactSplit%v = (%d, %d, %q), want (0, 0, reason)", bad, m0, m1, note)
		}
	}
	if m0, m1, note := ExactSplit(-1, 0.5, 0.8, 0.8); m0 != 0 || m1 != 0 || note == "" {
		t.Errorf("m = −1: (%d, %d, %q)", m0, m1, note)
	}
}

// TestAdaptiveSplitRules checks Algorithm 1's clamps, rounding and notes.
func TestAdaptiveSplitRules(t *testing.T) {
	// Round half to even, as Python's round (alloc_round_half_even_*):
	// κ = 1, p = 1/2 → m1* = m/2.
	if m0, m1, _ := AdaptiveSplit(7, 1, 0.5, 1, 1); m0 != 3 || m1 != 4 {
		t.Errorf("m = 7: (%d, %d), want (3, 4)", m0, m1)
	}
	if m0, m1, _ := AdaptiveSplit(5, 1, 0.5, 0, 0); m0 != 3 || m1 != 2 {
		t.Errorf("m = 5: (%d, %d), want (3, 2)", m0, m1)
	}
	// No pilot: q̃ = 1/2, κ = 1, so only p̂ matters: m1 = m/(1 + (1/p − 1)).
	if m0, m1, _ := AdaptiveSplit(100, 0, 0.25, 0, 0); m0 != 75 || m1 != 25 {
		t.Errorf("no pilot: (%d, %d), want (75, 25)", m0, m1)
	}
	// p̂ = 1: m1* = m, clamped to m − m_pilot.
	if m0, m1, note := AdaptiveSplit(50, 5, 1, 3, 4); m0 != 5 || m1 != 45 || note != "" {
		t.Errorf("p = 1: (%d, %d, %q)", m0, m1, note)
	}
	// The pilot alone exceeds the budget.
	if _, _, note := AdaptiveSplit(10, 10, 0.5, 5, 5); !strings.Contains(note, "exceeds the budget") {
		t.Errorf("big pilot: note %q", note)
	}
	for _, bad := range [][5]float64{{-1, 0, 0.5, 0, 0}, {10, -1, 0.5, 0, 0}, {10, 2, 0.5, 3, 0}, {10, 2, 0.5, 0, -1}, {10, 2, math.NaN(), 1, 1}, {10, 2, 1.5, 1, 1}} {
		m0, m1, note := AdaptiveSplit(int(bad[0]), int(bad[1]), bad[2], int(bad[3]), int(bad[4]))
		if m0 != 0 || m1 != 0 || note == "" {
			t.Errorf("AdaptiveSplit%v = (%d, %d, %q), want (0, 0, reason)", bad, m0, m1, note)
		}
	}
	if m0, m1, note := ApproxSplit(10, 0.5, math.NaN(), 0.5); m0 != 0 || m1 != 0 || note == "" {
		t.Errorf("ApproxSplit NaN: (%d, %d, %q)", m0, m1, note)
	}
}

// TestBestSplitErrors checks BestSplit's failures.
func TestBestSplitErrors(t *testing.T) {
	if _, _, _, err := BestSplit(0.4, 0.7, 0.9, 100, 1, 0.05); err == nil {
		t.Error("m = 1 accepted")
	}
	if _, _, _, err := BestSplit(0.4, 0.5, 0.4, 100, 50, 0.05); err == nil || !strings.Contains(err.Error(), "chance") {
		t.Errorf("chance: %v", err)
	}
	if _, _, _, err := BestSplit(0.4, 0.7, 0.9, 100, 50, 2); err == nil {
		t.Error("alpha = 2 accepted")
	}
	// Splits with q̃0 + q̃1 ≤ 1 are skipped: q̂0 = 0.2, q̂1 = 1 needs m1
	// large enough for q̃1 to outweigh q̃0.
	m0, m1, _, err := BestSplit(0.5, 0.2, 1, 1000, 20, 0.05)
	if err != nil || m0 < 1 || m1 < 1 {
		t.Fatalf("skip undefined splits: (%d, %d), %v", m0, m1, err)
	}
	if _, _, err := RGInterval(0.5, 0.2, 1, 1000, m0, m1, 0.05); err != nil {
		t.Errorf("best split (%d, %d) has no interval: %v", m0, m1, err)
	}
}
