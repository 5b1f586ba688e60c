//go:build unix

package collect

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOutputFIFO: -o naming a FIFO is refused at once (opening it for
// writing would wait for a reader, and collect reads the log first).
func TestOutputFIFO(t *testing.T) {
	c := simConfig(t, 2)
	_, ts := startSim(t, c, nil)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	cfg.Output = filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(cfg.Output, 0o644); err != nil {
		t.Skip("no FIFO:", err)
	}
	var st Stats
	var oe *OutputError
	if _, err := Run(context.Background(), cfg, &st); !errors.As(err, &oe) || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("err = %v", err)
	}
}
