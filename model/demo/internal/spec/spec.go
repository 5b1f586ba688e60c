// Package spec holds the embedded demo's simulator configuration, shared by
// package demo and its generator (which must build even when the embedded
// file is missing).
package spec

import (
	"github.com/plumb-eval/plumb/model/sim"
)

// FileName is the embedded file, relative to the demo package.
const FileName = "demo.jsonl.gz"

// Config returns the demo's configuration: the simulator's DefaultConfig
// (its three DefaultJudges included) with the demo's seed, sizes and
// digits. A change to the simulator's defaults changes the demo, and
// package demo's TestEmbeddedMatchesSimulator then fails until the embedded
// file is regenerated with `go generate ./model/demo`.
func Config() sim.Config {
	c := sim.DefaultConfig()
	c.Seed = 20250101
	c.Pairs, c.Scores, c.Verdicts = 3000, 600, 1000
	c.Digits = 6
	return c
}
