package figure

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/style"
)

// TestStyleCaptionsQualified: the style figures' captions carry what
// qualifies their numbers, with the numbers: the generator pairs where one
// is the longer (with the pair's φ), the own preference's caveat without
// gold and the preference beyond the other judges, and a
// position-dominated judge's flag on its self-preference and win rates.
func TestStyleCaptionsQualified(t *testing.T) {
	r := styleResult(t)
	if len(r.Length.GeneratorLonger) == 0 {
		t.Fatalf("the simulated generators are not length-confounded: %+v", r.Length)
	}
	r.Self.Caveat = "the own preference 0.700 mixes self-preference with quality"
	r.Self.BeyondOthers = &style.BeyondOthers{Value: calib.Defined(0.1, 40), Judges: []string{"k"}}
	r.PositionDominated = style.PositionDominance(style.Position{Consistency: calib.Defined(0.01, 100), FirstPositionRate: calib.Defined(0.99, 200)})
	caps := map[string]string{}
	for _, f := range Style("s", "big", r) {
		caps[f.Name] = f.Caption
	}
	for name, want := range map[string][]string{
		"s.length":   {"Confounded with the generator: " + r.Length.GeneratorLonger[0].Sentence()},
		"s.selfpref": {"Not a finding: the judge's choices follow the position shown: consistency 0.0100", "Without gold, the own preference 0.700 mixes", "Beyond the other judges (k), paired by item: 0.100 (no interval) over 40 items."},
		"s.winrates": {"The raw win rates are not findings: the judge's choices follow the position shown"},
	} {
		for _, w := range want {
			if !strings.Contains(caps[name], w) {
				t.Errorf("%s's caption lacks %q:\n%s", name, w, caps[name])
			}
		}
	}
}
