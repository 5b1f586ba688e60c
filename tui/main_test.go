package tui

import (
	"os"
	"testing"

	"github.com/plumb-eval/plumb/internal/shellarg/shellargtest"
)

// TestMain removes the plumb binary the tests that run plumb's commands
// share (shellargtest.Shared) after every test has run.
func TestMain(m *testing.M) {
	code := m.Run()
	shellargtest.RemoveShared()
	os.Exit(code)
}
