package sim

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// DefaultProbeSamples is the number of probes of each kind per judge when
// Config.ProbeSamples is 0 (collect's default number of DC samples).
const DefaultProbeSamples = 20

// ProbeSink is a Sink that takes probe records too; *model.Writer is one.
type ProbeSink interface {
	WriteProbe(p *model.Probe) error
}

var _ ProbeSink = (*model.Writer)(nil)

// probeSamples is the number of probes per kind and judge.
func (c *Config) probeSamples() int {
	if c.ProbeSamples == 0 {
		return DefaultProbeSamples
	}
	return c.ProbeSamples
}

// probeSD is the sd of a probe's logit around the judge's prior logit
// (pairLogit with view 0): a CC probe has no content, so only the
// per-arrangement noise; a DC probe's random words also draw the judge's
// per-item error (its view u = inoise·e, with no quality gap).
func probeSD(j *Judge, kind model.ProbeKind) float64 {
	if kind == model.ProbeDC {
		return math.Hypot(j.ItemNoise, j.Noise)
	}
	return j.Noise
}

// ProbePrior is the simulator's truth for a probe kind: the expected P(A)
// of judge j's probes in arrangement a, E[σ(m_a + sd·Z)] with m_a =
// ±pos + tok (pairLogit at view 0) and sd = noise (CC) or √(inoise² +
// noise²) (DC), Z ~ N(0, 1), by the trapezoidal rule on [−10, 10] with
// 4,000 steps (its error is far below 10⁻¹⁰ for these smooth integrands).
// It is what the mean of many probes converges to, so what CC's c_a and
// DC's d_a estimate.
func ProbePrior(j *Judge, kind model.ProbeKind, a model.Arrangement) float64 {
	m, sd := pairLogit(j, a, 0), probeSD(j, kind)
	if sd == 0 {
		return mathx.Sigmoid(m)
	}
	const lo, hi, steps = -10.0, 10.0, 4000
	h := (hi - lo) / steps
	sum := 0.0
	for i := 0; i <= steps; i++ {
		z := lo + float64(i)*h
		w := h
		if i == 0 || i == steps {
			w = h / 2
		}
		sum += w * mathx.Sigmoid(m+sd*z) * math.Exp(-z*z/2)
	}
	return sum / math.Sqrt(2*math.Pi)
}

// generateProbes streams, for each kind of c.Probes and each judge,
// probeSamples probe records in c.Arrangements. A judge's probes of a kind
// come from a stream of their own ("probe/KIND/judge/NAME"), so they change
// no other record. Each probe carries the truth prior_xN =
// ProbePrior(judge, kind, xN) for its arrangements.
func (c *Config) generateProbes(sink Sink) error {
	if len(c.Probes) == 0 {
		return nil
	}
	ps, ok := sink.(ProbeSink)
	if !ok {
		return fmt.Errorf("writing probes: the sink %T takes no probe records", sink)
	}
	conds := c.Grid.Conditions()
	for _, kind := range c.Probes {
		for k := range c.Judges {
			name := "probe/" + string(kind) + "/judge/" + c.Judges[k].Name
			if conds == nil {
				if err := c.writeProbes(ps, kind, &c.Judges[k], nil, stream(c.Seed, name)); err != nil {
					return err
				}
				continue
			}
			for i := range conds {
				j := c.Judges[k].inCondition(&conds[i])
				if err := c.writeProbes(ps, kind, &j, &conds[i], stream(c.Seed, name+"/condition/"+conds[i].Label)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// writeProbes writes judge j's probes of a kind, drawn from r, in
// condition cond (nil: none).
func (c *Config) writeProbes(ps ProbeSink, kind model.ProbeKind, j *Judge, cond *Condition, r *rand.Rand) error {
	n := c.probeSamples()
	width := idWidth(n)
	rd := rounder(c.Digits)
	var truth []model.TruthEntry
	for _, a := range c.Arrangements {
		truth = append(truth, model.TruthEntry{Key: "prior_" + a.String(), Value: rd.prob(ProbePrior(j, kind, a))})
	}
	for i := range n {
		e := r.NormFloat64()
		u := 0.0
		if kind == model.ProbeDC {
			u = j.ItemNoise * e
		}
		p := &model.Probe{Probe: kind, ID: fmt.Sprintf("%s%0*d", kind, width, i+1), Judge: j.Name, Truth: model.NewTruth(truth...)}
		if cond != nil {
			p.Condition = cond.JSON
		}
		var eps [model.NumArrangements]float64
		for a := range eps {
			eps[a] = r.NormFloat64()
		}
		for _, a := range c.Arrangements {
			p.Has[a] = true
			p.S[a] = rd.prob(mathx.Sigmoid(pairLogit(j, a, u) + j.Noise*eps[a]))
		}
		if err := ps.WriteProbe(p); err != nil {
			return fmt.Errorf("writing probe %s of %s: %w", p.ID, p.Judge, err)
		}
	}
	return nil
}
