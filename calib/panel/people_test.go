package panel

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
)

// TestPeopleSplit: with a and b flagged as people, α among the people is
// the α of a panel of a and b alone (both judged all five items), α among
// the one remaining judge is undefined, and κ between is the mean of
// κ(a, c) and κ(b, c); without People there is no split.
func TestPeopleSplit(t *testing.T) {
	in := handPanel()
	r, err := Analyze(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.People != nil {
		t.Errorf("a split without People: %+v", r.People)
	}
	in.People = []bool{true, true, false}
	r, err = Analyze(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	two := handPanel()
	two.Judges, two.Prefs = two.Judges[:2], two.Prefs[:2]
	ab, err := Analyze(two, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := r.People
	if p == nil || p.AlphaPeople != ab.AlphaNominal || p.AlphaJudges.OK() || len(p.People) != 2 || p.Judges[0] != "c" {
		t.Fatalf("split %+v, want α people %+v", p, ab.AlphaNominal)
	}
	want := calib.Defined((r.Kappa[0][2].Value+r.Kappa[1][2].Value)/2, 2)
	if p.KappaBetween != want {
		t.Errorf("κ between %+v, want %+v", p.KappaBetween, want)
	}
}
