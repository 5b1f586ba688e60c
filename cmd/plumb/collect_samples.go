package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/collect"
)

// samplingOptions are collect's flags for sampled judgments: --evidence
// (FairEval's Multiple Evidence Calibration with a scores template),
// --samples (sampled verdicts with an option-ID template), --sample-seed and
// --sample-texts.
type samplingOptions struct {
	evidence, samples int
	seed              int64
	seedSet           bool
	texts             bool
	f                 *pflag.FlagSet
}

func (s *samplingOptions) flags(f *pflag.FlagSet) {
	s.f = f
	f.IntVar(&s.evidence, "evidence", 0, "K evidence-first samples per arrangement at temperature 1 (--template faireval; FairEval's MEC)")
	f.IntVar(&s.samples, "samples", 0, "K sampled verdicts per arrangement at temperature 1: P(A) = the share of A (judges without log-probabilities)")
	f.Int64Var(&s.seed, "sample-seed", 0, "with --evidence or --samples: the requests' seed, where the server supports it (default: none sent)")
	f.BoolVar(&s.texts, "sample-texts", true, "with --evidence or --samples: keep each sample's text in the record")
}

// MaxSamples bounds K: more samples per arrangement than anyone needs to
// estimate P(A) (its standard error at K = 1000 is at most 0.016).
const MaxSamples = 1000

// k is the number of samples asked for (0: no sampling).
func (s *samplingOptions) k() int { return max(s.evidence, s.samples) }

// check validates the sampling flags against the template and sets the
// arrangements of a scores template (x0 and x2) when they were not given.
//
// A grid's conditions are checked one by one (shots and probes are the
// condition's and the run's): sampled answers take no in-context examples
// and no probes, whose P(A) is read from log-probabilities.
func (s *samplingOptions) check(tp *collect.Template, arrangements *string, shots int, probes bool) error {
	switch {
	case s.evidence < 0 || s.samples < 0 || s.k() > MaxSamples:
		return fmt.Errorf("--evidence and --samples: want K from 1 to %d", MaxSamples)
	case s.evidence > 0 && s.samples > 0:
		return errors.New("--evidence and --samples: give one (--evidence for a scores template such as faireval, --samples for one that answers an option ID)")
	case s.evidence > 0 && !tp.Scores:
		return fmt.Errorf("--evidence: template %s answers an option ID, not two scores; use --template faireval (or --samples K for sampled verdicts)", tp.Name)
	case s.samples > 0 && tp.Scores:
		return fmt.Errorf("--samples: template %s answers two scores; use --evidence K", tp.Name)
	case tp.Scores && s.evidence == 0:
		return fmt.Errorf("--template %s: its answer is two scores, sampled K times: give --evidence K (FairEval's default is 3)", tp.Name)
	case s.k() > 0 && shots > 0:
		return errors.New("--evidence and --samples: sampled answers are asked without in-context examples (--shots 0)")
	case s.k() > 0 && probes:
		return errors.New("--evidence and --samples: probes read P(A) from log-probabilities; collect them in a run without sampling")
	case tp.Scores && shots > 0:
		return fmt.Errorf("--shots: template %s scores both answers and shows no examples", tp.Name)
	case s.k() == 0 && (s.f.Changed("sample-seed") || s.f.Changed("sample-texts")):
		return errors.New("--sample-seed and --sample-texts: only with --evidence or --samples")
	}
	s.seedSet = s.f.Changed("sample-seed")
	if !tp.Scores {
		return nil
	}
	if !s.f.Changed("arrangements") {
		*arrangements = "x0,x2"
	}
	for _, a := range strings.Split(*arrangements, ",") {
		if a = strings.TrimSpace(a); a != "x0" && a != "x2" {
			return fmt.Errorf("--arrangements: template %s labels the answers by position (Assistant 1 is shown first), so only x0 and x2 differ; %s would repeat one of them", tp.Name, a)
		}
	}
	return nil
}

// apply sets the run's sampling and what the records say of it.
func (s *samplingOptions) apply(cfg *collect.Config) {
	k := s.k()
	if k == 0 {
		return
	}
	cfg.Sampling = &collect.Sampling{K: k, KeepText: s.texts}
	cfg.Meta["temperature"] = 1
	cfg.Meta["n"] = k
	cfg.Meta["sample_texts"] = s.texts
	delete(cfg.Meta, "top_logprobs")
	if s.seedSet {
		seed := s.seed
		cfg.Sampling.Seed = &seed
		cfg.Meta["seed"] = seed
	}
}
