// Package simtest builds simulated logs for tests: the simulator's
// DefaultConfig at a test's sizes, and the log it simulates, failing the
// test on a configuration error. It is imported by tests only.
package simtest

import (
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// Config returns sim.DefaultConfig with pairs pair items, scores score
// items and verdicts verdict items per judge.
func Config(pairs, scores, verdicts int) sim.Config {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = pairs, scores, verdicts
	return c
}

// Collect returns the log cfg simulates, failing tb when cfg is invalid.
func Collect(tb testing.TB, cfg sim.Config) *model.Log {
	tb.Helper()
	lg, err := sim.Collect(cfg)
	if err != nil {
		tb.Fatalf("simulate: %v", err)
	}
	return lg
}

// Log returns the log of Config(pairs, scores, verdicts), failing tb on
// error.
func Log(tb testing.TB, pairs, scores, verdicts int) *model.Log {
	tb.Helper()
	return Collect(tb, Config(pairs, scores, verdicts))
}
