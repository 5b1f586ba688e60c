package main

import (
	"os"
	"testing"
)

// TestMain runs the tests under the garbage collector's settings the
// binary runs under (tuneGC: GOGC 400 with the soft memory limit that
// follows the live heap): the commands the tests run in this process
// then collect as often as they do for a user, not four times as often,
// which was an eighth of the package's CPU.
func TestMain(m *testing.M) {
	tuneGC()
	os.Exit(m.Run())
}
