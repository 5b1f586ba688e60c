package reporting

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/model"
)

func TestVerdictFromNames(t *testing.T) {
	for _, v := range []VerdictFrom{VerdictRawX0, VerdictAggregate, VerdictCalibrated, VerdictBPC} {
		got, err := ParseVerdictFrom(v.String())
		if err != nil || got != v {
			t.Errorf("ParseVerdictFrom(%q) = %v, %v", v.String(), got, err)
		}
	}
	if _, err := ParseVerdictFrom("x0"); err == nil || !strings.Contains(err.Error(), "raw-x0, aggregate, calibrated, bpc") {
		t.Errorf("unknown name: %v", err)
	}
	if s := VerdictFrom(9).String(); s != "VerdictFrom(9)" {
		t.Errorf("String of a bad value = %q", s)
	}
}

func TestBinaryFromVerdicts(t *testing.T) {
	yes, no := true, false
	vs := []model.Verdict{
		{ID: "a", Verdict: true, Human: &yes, Truth: model.TruthFromMap(map[string]float64{"z": 1})},
		{ID: "b", Verdict: false, Human: &no},
		{ID: "c", Verdict: true, Truth: model.TruthFromMap(map[string]float64{"z": 0})},
		{ID: "d", Verdict: false},
	}
	want := []BinaryItem{{true, 1, 1}, {false, 0, -1}, {true, -1, 0}, {false, -1, -1}}
	got := BinaryFromVerdicts(vs)
	if len(got) != len(want) {
		t.Fatalf("%d items", len(got))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("item %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// pairFixture returns pairs covering every case of the conversion.
func pairFixture() []model.Pair {
	mk := func(id string, gold model.Gold, truth model.Truth, s ...float64) model.Pair {
		p := model.Pair{ID: id, Gold: gold, Truth: truth}
		for a, v := range s {
			if v >= 0 {
				p.Has[a], p.S[a] = true, v
			}
		}
		return p
	}
	return []model.Pair{
		// r = (0.8, 0.6, 1−0.3, 1−0.1): x0 says 1; mean 0.75 says 1.
		mk("p1", model.Gold1, model.TruthFromMap(map[string]float64{"delta": 0.4, "p1": 0.3}), 0.8, 0.6, 0.3, 0.1),
		// r = (0.3, 0.7): x0 says 0, the mean is a tie.
		mk("p2", model.Gold2, model.TruthFromMap(map[string]float64{"p1": 0.2}), 0.3, 0.7),
		// x0 is a tie; the mean (0.5 + 0.9)/2 says 1.
		mk("p3", model.GoldNone, model.Truth{}, 0.5, 0.9),
		// Gold tie: left out whatever the judge says.
		mk("p4", model.GoldTie, model.Truth{}, 0.9, 0.9),
		// No gold, truth δ < 0.
		mk("p5", model.GoldNone, model.TruthFromMap(map[string]float64{"delta": -1}), 0.2, -1, 0.6, -1),
	}
}

func TestPairVerdicts(t *testing.T) {
	pairs := pairFixture()
	raw := calib.RawPrefs(pairs)

	items, left, err := PairVerdicts(pairs, raw, VerdictRawX0)
	if err != nil {
		t.Fatal(err)
	}
	// x0: p1 → 1, p2 → 0, p3 tie (left out), p4 gold tie, p5 → 0.
	want := []BinaryItem{{true, 1, 1}, {false, 0, 0}, {false, -1, 0}}
	if !equalItems(items, want) || left != (LeftOut{JudgeTie: 1, GoldTie: 1}) {
		t.Errorf("raw-x0: %+v, left %+v; want %+v", items, left, want)
	}
	if note := left.Note(len(pairs)); note != "2 of 5 pair items are left out (1 with a tied verdict, 1 with a tie as gold)" {
		t.Errorf("note %q", note)
	}

	items, left, err = PairVerdicts(pairs, raw, VerdictAggregate)
	if err != nil {
		t.Fatal(err)
	}
	// Means: p1 0.75 → 1, p2 0.5 tie, p3 0.7 → 1, p4 gold tie, p5 (0.2 + 0.4)/2 → 0.
	want = []BinaryItem{{true, 1, 1}, {true, -1, -1}, {false, -1, 0}}
	if !equalItems(items, want) || left != (LeftOut{JudgeTie: 1, GoldTie: 1}) {
		t.Errorf("aggregate: %+v, left %+v; want %+v", items, left, want)
	}

	bpc, err := baseline.BPCPrefs(raw)
	if err != nil {
		t.Fatal(err)
	}
	items, left, err = PairVerdicts(pairs, bpc, VerdictBPC)
	if err != nil {
		t.Fatal(err)
	}
	// BPC: p1 mean(0.7, 0.8) → 1, p2 0.5 tie, p3 0.7 → 1, p4 gold tie,
	// p5 (x0 and x2 only) mean(0.2, 0.4) → 0.
	want = []BinaryItem{{true, 1, 1}, {true, -1, -1}, {false, -1, 0}}
	if !equalItems(items, want) || left != (LeftOut{JudgeTie: 1, GoldTie: 1}) {
		t.Errorf("bpc: %+v, left %+v; want %+v", items, left, want)
	}
	// An item without a balancing pair has no BPC verdict.
	noPair := bpc.Subset([]int{0, 1, 2, 3, 4})
	noPair.Has[4] = [model.NumArrangements]bool{}
	items, left, err = PairVerdicts(pairs, noPair, VerdictBPC)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || left != (LeftOut{JudgeTie: 1, GoldTie: 1, NoVerdict: 1}) || !strings.Contains(left.Note(5), "1 without the arrangements") {
		t.Errorf("bpc without a pair for p5: %+v, left %+v, note %q", items, left, left.Note(5))
	}

	// Calibrated: x0 of the calibrated preferences (here g(s) = s²).
	cal := calib.MappedPrefs(pairs, func(s float64) float64 { return s * s })
	items, _, err = PairVerdicts(pairs, cal, VerdictCalibrated)
	if err != nil {
		t.Fatal(err)
	}
	// x0: 0.64 → 1, 0.09 → 0, 0.25 → 0, gold tie, 0.04 → 0.
	want = []BinaryItem{{true, 1, 1}, {false, 0, 0}, {false, -1, -1}, {false, -1, 0}}
	if !equalItems(items, want) {
		t.Errorf("calibrated: %+v; want %+v", items, want)
	}

	// raw-x0 needs x0 everywhere; these preferences lack it for p5.
	if _, _, err := PairVerdicts(pairs, noPair, VerdictRawX0); err == nil || !strings.Contains(err.Error(), "p5") {
		t.Errorf("missing x0: %v", err)
	}
	if _, _, err := PairVerdicts(pairs[:2], raw, VerdictAggregate); err == nil {
		t.Error("length mismatch accepted")
	}
	if _, _, err := PairVerdicts(pairs, raw, VerdictFrom(7)); err == nil {
		t.Error("unknown source accepted")
	}
	if (LeftOut{}).Note(3) != "" {
		t.Error("note for nothing left out")
	}
}

// TestPairTruth checks the true z of a pair: sign(δ) first, else p1 > 1/2.
func TestPairTruth(t *testing.T) {
	for _, tc := range []struct {
		truth model.Truth
		want  int8
	}{
		{model.Truth{}, -1}, {model.TruthFromMap(map[string]float64{"delta": 0.1, "p1": 0.1}), 1}, {model.TruthFromMap(map[string]float64{"delta": -0.1}), 0},
		{model.TruthFromMap(map[string]float64{"delta": 0}), -1}, {model.TruthFromMap(map[string]float64{"p1": 0.7}), 1}, {model.TruthFromMap(map[string]float64{"p1": 0.5}), 0},
	} {
		if got := pairTruth(tc.truth); got != tc.want {
			t.Errorf("%v: %d, want %d", tc.truth, got, tc.want)
		}
	}
}

func equalItems(a, b []BinaryItem) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestTieToleranceVerdicts: the pair verdicts read the choices of the
// metrics, BPC and discard (calib's TestTieTolerance): two items whose
// preferences differ from 0.5 by round-off only are judge ties.
func TestTieToleranceVerdicts(t *testing.T) {
	p := calib.Prefs{
		R:    [][model.NumArrangements]float64{{0.5 + 1e-12, 0.5 - 1e-13}, {0.5 - 1e-15, 0.5 + 2e-16}},
		Has:  [][model.NumArrangements]bool{{true, true}, {true, true}},
		Gold: []model.Gold{model.Gold1, model.Gold2},
	}
	items, left := BinaryFromPrefs(p, nil, false)
	if len(items) != 0 || left.JudgeTie != 2 {
		t.Errorf("pair verdicts: %d items, %d judge ties; want 0 and 2", len(items), left.JudgeTie)
	}
}
