package calibtest

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/calib"
)

// PrefsBitsDiff says where two preference sets differ, comparing every R
// bit for bit (math.Float64bits, so −0 ≠ 0 and NaN payloads count), and
// Has and Gold; "" when they are identical.
func PrefsBitsDiff(got, want calib.Prefs) string {
	if got.Len() != want.Len() || len(got.Has) != len(want.Has) || len(got.Gold) != len(want.Gold) {
		return fmt.Sprintf("lengths %d/%d/%d, want %d/%d/%d", len(got.R), len(got.Has), len(got.Gold), len(want.R), len(want.Has), len(want.Gold))
	}
	for i := range want.R {
		if got.Has[i] != want.Has[i] || got.Gold[i] != want.Gold[i] {
			return fmt.Sprintf("item %d: has %v gold %v, want %v %v", i, got.Has[i], got.Gold[i], want.Has[i], want.Gold[i])
		}
		for a := range want.R[i] {
			if math.Float64bits(got.R[i][a]) != math.Float64bits(want.R[i][a]) {
				return fmt.Sprintf("item %d arrangement %d: %v (%#x), want %v (%#x)", i, a, got.R[i][a], math.Float64bits(got.R[i][a]), want.R[i][a], math.Float64bits(want.R[i][a]))
			}
		}
	}
	return ""
}
