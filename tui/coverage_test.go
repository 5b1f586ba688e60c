package tui

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/reporting"
)

// TestCoverageLinesClaimNothingWithoutAnInformativeInterval reproduces
// issue 19 item 4 on the Reporting pane: with θ̂'s interval all of [0, 1],
// or no interval at all, the pane must not say the interval covers (or
// misses) the true θ; it says why it makes no claim.
func TestCoverageLinesClaimNothingWithoutAnInformativeInterval(t *testing.T) {
	frameTest(t)
	t.Parallel()
	tt := 0.567
	yes := true
	for _, c := range []struct {
		name string
		rep  reporting.Result
		want string
	}{
		{"uninformative", reporting.Result{TrueTheta: &tt, Uninformative: "it is all of [0, 1], so it excludes no rate: q̂0 + q̂1 − 1 = 0.030"},
			"No coverage claim for the true rate θ = 0.567: the interval is all of [0, 1]."},
		{"no interval", reporting.Result{TrueTheta: &tt}, "No coverage claim for the true rate θ = 0.567: θ̂ has no interval."},
		{"covered", reporting.Result{TrueTheta: &tt, Covered: &yes}, "The interval covers the true rate θ = 0.567"},
	} {
		got := strings.Join(coverageLines(&c.rep, 200), "\n")
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %q lacks %q", c.name, got, c.want)
		}
		if c.rep.Covered == nil && (strings.Contains(got, "covers") || strings.Contains(got, "misses")) {
			t.Errorf("%s: %q claims coverage", c.name, got)
		}
	}
}
