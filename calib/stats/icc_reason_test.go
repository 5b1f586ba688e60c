package stats

import (
	"math"
	"strings"
	"testing"
)

// TestSatterthwaiteReasonHasNoNaN: the reason for a missing agreement CI
// never prints NaN or Inf (GUIDE: undefined results are never shown as
// NaN).
func TestSatterthwaiteReasonHasNoNaN(t *testing.T) {
	for _, df := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -2.5, 0} {
		r := satterthwaiteReason(df)
		if strings.Contains(r, "NaN") || strings.Contains(r, "Inf") || !strings.Contains(r, "Satterthwaite") {
			t.Errorf("df %v: %q", df, r)
		}
	}
}
