package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// selfJudgesLog simulates 400 items of the generators "big" (better and
// about three times longer) and "small", without gold, judged by "big"
// (which adds a logit bonus of 1.5 to its own responses) and by two judges
// that did not write them, "k1" and "k2".
func selfJudgesLog(t testing.TB) *model.Log {
	t.Helper()
	cfg := simtest.Config(400, 0, 0)
	cfg.GoldShare = 0
	cfg.Generators = []sim.Generator{{Name: "big", Quality: 0.5, LenMedian: 900, LenSpread: 0.3}, {Name: "small", LenMedian: 300, LenSpread: 0.3}}
	self := sim.DefaultJudge("big")
	self.Self, self.SelfBias = "big", 1.5
	cfg.Judges = []sim.Judge{self, sim.DefaultJudge("k1"), sim.DefaultJudge("k2")}
	return simtest.Collect(t, cfg)
}

// TestStyleBeyondOthersReport: the judge that is a generator gets its
// preference beyond the other judges in the JSON (value, n, ci95: the
// injected bonus shows as an interval above 0, on every own item, all
// matched by id) and the Markdown, whose own preference without gold says
// that it mixes bias with quality; the generator that is longer in more
// than 90% of its items is named with the pair's φ.
func TestStyleBeyondOthersReport(t *testing.T) {
	_, mdText, js := renderStyle(t, selfJudgesLog(t), styleOptions(200))
	var doc struct {
		Judges map[string]struct{ Style *Style } `json:"judges"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	s := doc.Judges["big"].Style
	if s == nil || s.SelfPreference == nil || s.SelfPreference.BeyondOthers == nil {
		t.Fatalf("no preference beyond the others: %+v", s)
	}
	sp := s.SelfPreference
	bo := sp.BeyondOthers
	if bo.Value == nil || bo.CI95 == nil || bo.CI95[0] <= 0 || bo.N != sp.N || bo.MatchedByID != bo.N || bo.MatchedByText != 0 || bo.Unmatched != 0 ||
		strings.Join(bo.Judges, ",") != "k1,k2" || *bo.Own-*bo.Others-*bo.Value > 1e-12 {
		t.Errorf("beyond others %+v (value %v, ci %v), own items %d", bo, bo.Value, bo.CI95, sp.N)
	}
	if !strings.Contains(sp.Note, "mixes self-preference with quality") {
		t.Errorf("note %q", sp.Note)
	}
	if len(s.Length.GeneratorLonger) != 1 || s.Length.GeneratorLonger[0].Model != "big" || s.Length.GeneratorLonger[0].Share <= 0.9 {
		t.Errorf("generator longer %+v", s.Length.GeneratorLonger)
	}
	if doc.Judges["k1"].Style.SelfPreference != nil {
		t.Errorf("k1 is no generator, yet has a self-preference")
	}
	for _, want := range []string{"Beyond the other judges (k1, k2), on the same", "Without gold, the own preference",
		"Confounded with the generator: big wrote the longer response in", "the length effect within the pair is φ = +"} {
		if !strings.Contains(mdText, want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
}

// TestStylePositionDominatedReport: a judge whose choices follow the
// position shown (a logit bonus of 12 for the first-shown answer) is
// flagged in its style section, its own preference and raw win rates
// marked as no findings, with the numbers; the other judge is not, and
// the dominated judge is no reference for its preference beyond the
// other judges.
func TestStylePositionDominatedReport(t *testing.T) {
	cfg := simtest.Config(200, 0, 0)
	cfg.Generators = []sim.Generator{{Name: "a", Quality: 0.5, LenMedian: 300, LenSpread: 0.3}, {Name: "b", LenMedian: 300, LenSpread: 0.3}}
	lazy := sim.DefaultJudge("lazy")
	lazy.PosBias = 12
	cfg.Judges = []sim.Judge{lazy, sim.DefaultJudge("fair")}
	opt := styleOptions(50)
	opt.Style.Self = map[string]string{"lazy": "a", "fair": "b"}
	_, mdText, js := renderStyle(t, simtest.Collect(t, cfg), opt)
	var doc struct {
		Judges map[string]struct{ Style *Style } `json:"judges"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	d := doc.Judges["lazy"].Style.PositionDominated
	if d == nil || d.Consistency > 0.1 || d.FirstPositionRate < 0.9 || d.ConsistencyN != 200 {
		t.Fatalf("lazy: %+v", d)
	}
	fair := doc.Judges["fair"].Style
	if fair.PositionDominated != nil {
		t.Errorf("fair flagged: %+v", fair.PositionDominated)
	}
	// The dominated judge is no reference for the other's self-preference.
	if bo := fair.SelfPreference.BeyondOthers; bo == nil || strings.Join(bo.Excluded, ",") != "lazy" || len(bo.Judges) != 0 || bo.Value != nil {
		t.Errorf("fair beyond others %+v", bo)
	}
	lazyMD := mdText[strings.Index(mdText, "lazy"):]
	for _, want := range []string{"⚑ Position-dominated judge — not a finding: the judge's choices follow the position shown: consistency ",
		"⚑ Not a finding: the judge is position-dominated (consistency ", "⚑ The raw win rates below (marked ⚑) are not findings", " ⚑ |"} {
		if !strings.Contains(lazyMD, want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
	if n := strings.Count(mdText, "Position-dominated judge"); n != 1 {
		t.Errorf("%d judges flagged in the Markdown, want 1", n)
	}
}
