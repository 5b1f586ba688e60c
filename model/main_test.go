package model

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with the garbage collector at 400% (GOGC=400):
// their garbage is short-lived (simulated logs, fits, resamples), so four
// times fewer collections cost less CPU and change no result.
func TestMain(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}
