package sim

import (
	"fmt"

	"github.com/plumb-eval/plumb/model"
)

// Sink receives generated records, one at a time, in log order. Each record
// is freshly allocated, so a sink may keep it. *model.Writer is a Sink.
type Sink interface {
	WritePair(p *model.Pair) error
	WriteScore(s *model.Score) error
	WriteVerdict(v *model.Verdict) error
}

var _ Sink = (*model.Writer)(nil)

// Generate validates cfg and streams its log to sink: all pair records, then
// all score records, then all verdict records. Within a kind, records come
// item by item (and for scores criterion by criterion), with the judges in
// cfg order. Nothing is held in memory beyond one item, so any size can be
// streamed. The first error from sink stops generation and is returned.
// With cfg.Probes, the probe records come last, to a sink that is also a
// ProbeSink (an error otherwise).
func Generate(cfg Config, sink Sink) error {
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("simulator config: %w", err)
	}
	if err := cfg.generatePairs(sink); err != nil {
		return err
	}
	if err := cfg.generateScores(sink); err != nil {
		return err
	}
	if err := cfg.generateVerdicts(sink); err != nil {
		return err
	}
	return cfg.generateProbes(sink)
}

// Records returns how many records cfg generates.
func (c *Config) Records() int {
	n, k := len(c.Judges), max(1, len(c.Grid.Conditions()))
	return n * (k*c.Pairs + c.Scores*len(c.Criteria) + c.Verdicts + k*len(c.Probes)*c.probeSamples())
}

// Collect generates cfg's log in memory. Use it for small logs; Generate
// streams.
func Collect(cfg Config) (*model.Log, error) {
	var c collector
	if cfg.Validate() == nil { // the records' count, known up front (Generate reports an error)
		n, k := len(cfg.Judges), max(1, len(cfg.Grid.Conditions()))
		c.log.Pairs = sized[model.Pair](n * k * cfg.Pairs)
		c.log.Scores = sized[model.Score](n * cfg.Scores * len(cfg.Criteria))
		c.log.Verdicts = sized[model.Verdict](n * cfg.Verdicts)
	}
	if err := Generate(cfg, &c); err != nil {
		return nil, err
	}
	c.log.Files = []model.FileInfo{{
		Name:     "simulated",
		Pairs:    len(c.log.Pairs),
		Scores:   len(c.log.Scores),
		Verdicts: len(c.log.Verdicts),
		Probes:   len(c.log.Probes),
	}}
	return &c.log, nil
}

// sized is an empty slice with room for n records, nil for none (as
// appending nothing leaves it).
func sized[T any](n int) []T {
	if n <= 0 {
		return nil
	}
	return make([]T, 0, n)
}

// collector is a Sink that keeps every record.
type collector struct{ log model.Log }

func (c *collector) WritePair(p *model.Pair) error {
	c.log.Pairs = append(c.log.Pairs, *p)
	return nil
}

func (c *collector) WriteScore(s *model.Score) error {
	c.log.Scores = append(c.log.Scores, *s)
	return nil
}

func (c *collector) WriteVerdict(v *model.Verdict) error {
	c.log.Verdicts = append(c.log.Verdicts, *v)
	return nil
}

func (c *collector) WriteProbe(p *model.Probe) error {
	c.log.Probes = append(c.log.Probes, *p)
	return nil
}
