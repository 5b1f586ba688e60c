package vocab

import "testing"

// TestStylePref: every preference name calib/style accepts has its words,
// and an unknown one gets the default's.
func TestStylePref(t *testing.T) {
	for name, short := range map[string]string{"balanced": "position-balanced", "raw-x0": "raw (x0)", "calibrated": "calibrated (CalibraEval)", "": "position-balanced"} {
		if w := StylePref(name); w.Short != short || w.Long == "" {
			t.Errorf("StylePref(%q) = %+v, want short %q", name, w, short)
		}
	}
}
