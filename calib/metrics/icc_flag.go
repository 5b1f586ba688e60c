package metrics

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
)

// iccFlag says why a defined ICC cannot be right, or "". An ICC is a
// correlation and lies in [−1, 1] for any population; McGraw–Wong's
// estimates from mean squares can leave that range (and give an interval
// with its bounds reversed) when a variance-component estimate is negative,
// which happens on tiny or nearly unrelated samples. Such a number says
// nothing about agreement, so it is flagged rather than shown plainly.
func iccFlag(s calib.Stat, n int) string {
	switch {
	case s.Value < -1 || s.Value > 1:
		return fmt.Sprintf("outside [−1, 1], which no correlation can be: the ANOVA's variance estimates are negative on these %d subjects, so it says nothing about agreement", n)
	case s.CI != nil && s.CI.Lower > s.CI.Upper:
		return fmt.Sprintf("its %.0f%% interval has lower bound %.3g above upper bound %.3g (negative variance estimates on %d subjects)",
			100*s.CI.Level, s.CI.Lower, s.CI.Upper, n)
	}
	return ""
}
