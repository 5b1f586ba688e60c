package sim

import (
	"fmt"
	"io"

	"github.com/plumb-eval/plumb/model"
)

// Write generates cfg's log and writes it to w as JSON Lines (log format v1),
// streaming.
func Write(w io.Writer, cfg Config) error {
	mw := model.NewWriter(w)
	if err := Generate(cfg, mw); err != nil {
		return err
	}
	if err := mw.Flush(); err != nil {
		return fmt.Errorf("writing simulated log: %w", err)
	}
	return nil
}
