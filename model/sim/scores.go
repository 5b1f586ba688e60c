package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/plumb-eval/plumb/model"
)

// scoreItem is what all judges share about one score item.
type scoreItem struct {
	id, input, output string
	tokens            int
	ls, lsZ           float64
	quality           []float64 // per criterion
}

// lsMoments returns the mean and standard deviation of LS = −T·nll under
// the model: T uniform on [TokensMin, TokensMax], nll log-normal with median
// NLLMedian and log-sd NLLSpread, independent.
func (c *Config) lsMoments() (mean, sd float64) {
	a, b := float64(c.TokensMin), float64(c.TokensMax)
	et := (a + b) / 2
	et2 := ((b-a+1)*(b-a+1)-1)/12 + et*et
	s2 := c.NLLSpread * c.NLLSpread
	en := c.NLLMedian * math.Exp(s2/2)
	en2 := c.NLLMedian * c.NLLMedian * math.Exp(2*s2)
	v := et2*en2 - et*et*en*en
	return -et * en, math.Sqrt(max(v, 0))
}

// generateScores streams c.Scores items × criteria × judges to sink.
func (c *Config) generateScores(sink Sink) error {
	items := stream(c.Seed, "score/item")
	text := textGen{stream(c.Seed, "score/text")}
	judges := judgeStreams(c, "score")
	width := idWidth(c.Scores)
	lsMean, lsSD := c.lsMoments()
	centre := float64(ScaleMin+ScaleMax) / 2
	it := scoreItem{quality: make([]float64, len(c.Criteria))}
	for i := range c.Scores {
		it.id = fmt.Sprintf("s%0*d", width, i+1)
		it.tokens = c.TokensMin + items.IntN(c.TokensMax-c.TokensMin+1)
		nll := c.NLLMedian * math.Exp(c.NLLSpread*items.NormFloat64())
		it.ls = -float64(it.tokens) * nll
		it.lsZ = 0
		if lsSD > 0 {
			it.lsZ = (it.ls - lsMean) / lsSD
		}
		q := c.QualitySD * items.NormFloat64()
		for ci := range c.Criteria {
			it.quality[ci] = centre + q + c.CriterionSD*items.NormFloat64()
		}
		it.input, _ = text.prompt(fmt.Sprintf("S%d", i+1), noteTemplates)
		it.output = text.answer(2 + it.tokens/60)
		for ci, crit := range c.Criteria {
			for k := range c.Judges {
				s := c.judgeScore(&c.Judges[k], judges[k], &it, ci, crit)
				if err := sink.WriteScore(s); err != nil {
					return fmt.Errorf("writing score %s/%s of %s: %w", s.ID, s.Criterion, s.Judge, err)
				}
			}
		}
	}
	return nil
}

// judgeScore draws one judge's score of an item on one criterion.
func (c *Config) judgeScore(j *Judge, r *rand.Rand, it *scoreItem, ci int, crit string) *model.Score {
	rd := rounder(c.Digits)
	quality := it.quality[ci]
	latent := quality + j.Slope*it.lsZ + j.ScoreNoise*r.NormFloat64()
	ls, tokens := rd.num(it.ls), it.tokens
	s := &model.Score{
		ID: it.id, Judge: j.Name, Criterion: crit,
		HumanScore: toScale(quality),
		LS:         &ls, Tokens: &tokens,
		Input: it.input, Output: it.output,
		Truth: model.NewTruth(model.TruthEntry{Key: "quality", Value: rd.num(quality)}, model.TruthEntry{Key: "slope", Value: j.Slope}),
	}
	if j.ScoreProbs {
		s.ScoreProbs = scoreProbs(latent, c.ScoreProbWidth, rd)
	} else {
		v := toScale(latent)
		s.JudgeScore = &v
	}
	return s
}

// toScale rounds x to the nearest integer (halves away from zero) and clamps
// it to [ScaleMin, ScaleMax].
func toScale(x float64) float64 {
	return math.Min(ScaleMax, math.Max(ScaleMin, math.Round(x)))
}

// scoreProbs is a discretised normal around latent over the scale:
// Q(k) ∝ exp(−(k − latent)²/(2 w²)).
func scoreProbs(latent, w float64, rd rounder) map[string]float64 {
	var q [ScaleMax - ScaleMin + 1]float64
	// Subtract the largest exponent for stability when latent is far off.
	best := math.Inf(1)
	for k := ScaleMin; k <= ScaleMax; k++ {
		best = math.Min(best, (float64(k)-latent)*(float64(k)-latent))
	}
	sum := 0.0
	for k := ScaleMin; k <= ScaleMax; k++ {
		d := float64(k) - latent
		q[k-ScaleMin] = math.Exp(-(d*d - best) / (2 * w * w))
		sum += q[k-ScaleMin]
	}
	out := make(map[string]float64, len(q))
	for k := ScaleMin; k <= ScaleMax; k++ {
		out[strconv.Itoa(k)] = rd.prob(q[k-ScaleMin] / sum)
	}
	return out
}
