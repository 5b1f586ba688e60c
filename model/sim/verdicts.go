package sim

import (
	"fmt"

	"github.com/plumb-eval/plumb/model"
)

// generateVerdicts streams c.Verdicts items × judges to sink.
func (c *Config) generateVerdicts(sink Sink) error {
	items := stream(c.Seed, "verdict/item")
	judges := judgeStreams(c, "verdict")
	width := idWidth(c.Verdicts)
	for i := range c.Verdicts {
		id := fmt.Sprintf("v%0*d", width, i+1)
		z := items.Float64() < c.Prevalence
		labelled := items.Float64() < c.GoldShare
		zf := 0.0
		if z {
			zf = 1
		}
		for k := range c.Judges {
			j := &c.Judges[k]
			u := judges[k].Float64()
			v := &model.Verdict{ID: id, Judge: j.Name, Truth: model.NewTruth(model.TruthEntry{Key: "z", Value: zf})}
			if z {
				v.Verdict = u < j.Sensitivity
			} else {
				v.Verdict = u >= j.Specificity
			}
			if labelled {
				h := z
				v.Human = &h
			}
			if err := sink.WriteVerdict(v); err != nil {
				return fmt.Errorf("writing verdict %s of %s: %w", id, j.Name, err)
			}
		}
	}
	return nil
}
