package calibraeval

import (
	"testing"
)

func TestParseObjective(t *testing.T) {
	for s, want := range map[string]Objective{"both": ObjectiveBoth, "L1": ObjectiveL1, " l2 ": ObjectiveL2, "BOTH": ObjectiveBoth} {
		got, err := ParseObjective(s)
		if err != nil || got != want {
			t.Errorf("ParseObjective(%q) = %v, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "l3", "eq10"} {
		if _, err := ParseObjective(s); err == nil {
			t.Errorf("ParseObjective(%q) gave no error", s)
		}
	}
	for _, o := range []Objective{ObjectiveBoth, ObjectiveL1, ObjectiveL2} {
		if back, err := ParseObjective(o.String()); err != nil || back != o {
			t.Errorf("round trip of %v: %v, %v", o, back, err)
		}
	}
	if Objective(9).String() != "objective(9)" {
		t.Error(Objective(9).String())
	}
}
