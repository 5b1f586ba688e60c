package main

import (
	"strings"
	"testing"
)

// TestRootWithoutTerminal: when stdout is not a terminal (as here), or
// with --no-tui, `plumb` prints the report instead of opening the UI;
// --watch needs the UI and says so.
func TestRootWithoutTerminal(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--permutations", "0"}, {"--no-tui", "--permutations", "0"}} {
		out, _, err := executeStderr(t, args...)
		if err != nil || !strings.HasPrefix(out, "# plumb report") {
			t.Errorf("plumb %v: %v, output %.40q", args, err, out)
		}
	}
	_, _, err := executeStderr(t, "--watch")
	if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), "--watch needs the terminal UI") {
		t.Errorf("--watch without a terminal: %v", err)
	}
}
