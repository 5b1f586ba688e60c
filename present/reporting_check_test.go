package present

import (
	"strings"
	"testing"
)

// TestSplitCheckWords: the search's row is called narrowest only when it
// holds, and a coverage cell says "too small" exactly when the split does
// not hold.
func TestSplitCheckWords(t *testing.T) {
	if got := BestSplitLabel(20, false); got != "narrowest CI (search, ≥ 20 per class)" {
		t.Errorf("holding: %q", got)
	}
	if got := BestSplitLabel(20, true); strings.Contains(got, "narrowest") || !strings.Contains(got, "too small to hold") {
		t.Errorf("too small: %q", got)
	}
	cov, yes, no := 0.786, true, false
	for _, c := range []struct {
		cov   *float64
		holds *bool
		want  string
	}{{nil, nil, "—"}, {&cov, &yes, "78.6%"}, {&cov, &no, "78.6% too small"}} {
		if got := SimCoverageCell(c.cov, c.holds); got != c.want {
			t.Errorf("cell %q, want %q", got, c.want)
		}
	}
	if s := CoverageCheckText(2000, 0.9); !strings.Contains(s, "2000 data sets") || !strings.Contains(s, "90%") || !strings.Contains(s, "seeded by --seed and the split") {
		t.Errorf("rule %q", s)
	}
}
