package sim

import (
	"fmt"
	"math/rand/v2"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// pairItem is what all judges share about one pair item.
type pairItem struct {
	id, group, prompt, resp1, resp2 string
	delta                           float64
	gold                            model.Gold
	// shared is the item's error every judge shares (Config.SharedNoise).
	shared float64
	// With Config.Generators: the generators (names and indices) and the
	// answers' lengths.
	hasGen         bool
	model1, model2 string
	gen1, gen2     int
	len1, len2     int
}

// generatePairs streams c.Pairs items × every judge to sink, item by item.
func (c *Config) generatePairs(sink Sink) error {
	items := stream(c.Seed, "pair/item")
	var shared *rand.Rand // its own stream, so the other draws never move
	if c.SharedNoise != 0 {
		shared = stream(c.Seed, "pair/shared")
	}
	text := textGen{stream(c.Seed, "pair/text")}
	judges := judgeStreams(c, "pair")
	conds, condJudges := c.Grid.Conditions(), c.condStreams("pair")
	gens := newGenState(c) // nil without generators: no draws, as before
	width := idWidth(c.Pairs)
	for i := range c.Pairs {
		it := pairItem{id: fmt.Sprintf("p%0*d", width, i+1)}
		it.delta = c.Spread * items.NormFloat64()
		if shared != nil {
			it.shared = c.SharedNoise * shared.NormFloat64()
		}
		if gens != nil {
			gens.drawMatchup(c, &it)
		}
		if items.Float64() < c.GoldShare {
			it.gold = goldOf(it.delta, c.TieBand)
		}
		it.prompt, it.group = text.prompt(fmt.Sprintf("Q%d", i+1), askTemplates)
		it.resp1, it.resp2 = text.answer(3), text.answer(3)
		if gens != nil {
			gens.drawAnswers(c, &it)
		}
		for k := range c.Judges {
			if conds != nil {
				if err := c.judgeConditions(sink, k, conds, condJudges[k], &it); err != nil {
					return err
				}
				continue
			}
			p := c.judgePair(&c.Judges[k], judges[k], &it)
			if err := sink.WritePair(p); err != nil {
				return fmt.Errorf("writing pair %s of %s: %w", p.ID, p.Judge, err)
			}
		}
	}
	return nil
}

// goldOf is the human label of a pair with quality gap delta.
func goldOf(delta, tieBand float64) model.Gold {
	switch {
	case delta > tieBand:
		return model.Gold1
	case delta < -tieBand:
		return model.Gold2
	}
	return model.GoldTie
}

// pairLogit is the logit of the judge's P(A) in arrangement a for the view u,
// before noise: ±u (A is response_1 in x0, x1), +β when A is shown first
// (x0, x2) and −β when it is shown second (x1, x3), and +τ.
func pairLogit(j *Judge, a model.Arrangement, u float64) float64 {
	l := u
	if a.ContentSwapped() {
		l = -u
	}
	if a.PositionSwapped() {
		l -= j.PosBias
	} else {
		l += j.PosBias
	}
	return l + j.TokenBias
}

// judgePair draws one judge's record of an item. It always draws the item
// error and all four arrangements' noise, so that which arrangements and
// which output mode are written never changes the other numbers.
func (c *Config) judgePair(j *Judge, r *rand.Rand, it *pairItem) *model.Pair {
	e := r.NormFloat64()
	var eps [model.NumArrangements]float64
	for a := range eps {
		eps[a] = r.NormFloat64()
	}
	u := j.Skill*it.delta + j.ItemNoise*e
	if it.shared != 0 {
		u += it.shared
	}
	v := u + c.styleLogit(j, it) // the view with the length and self-preference biases
	rd := rounder(c.Digits)
	p := &model.Pair{
		ID: it.id, Judge: j.Name, Group: it.group,
		Source: j.Mode, Gold: it.gold,
		Prompt: it.prompt, Response1: it.resp1, Response2: it.resp2, Gen: it.generators(),
		Truth: model.NewTruth(model.TruthEntry{Key: "delta", Value: rd.num(it.delta)}, model.TruthEntry{Key: "p1", Value: rd.prob(mathx.Sigmoid(u))}),
	}
	for _, a := range c.Arrangements {
		l := pairLogit(j, a, v) + j.Noise*eps[a]
		p.Has[a] = true
		switch j.Mode {
		case model.SourceProb:
			p.S[a] = rd.prob(mathx.Sigmoid(l))
		case model.SourceLogprob:
			la, lb := rd.num(mathx.LogSigmoid(l)), rd.num(mathx.LogSigmoid(-l))
			p.Logprobs[a] = [2]float64{la, lb}
			p.S[a] = mathx.Sigmoid(la - lb) // as the reader computes it
		case model.SourceChoice:
			p.S[a] = choose(mathx.Sigmoid(l), c.ChoiceTie)
		}
	}
	return p
}

// choose turns P(A) into a hard answer: 1 (A), 0 (B) or 0.5 (tie, when
// |s − 0.5| ≤ band).
func choose(s, band float64) float64 {
	switch {
	case s > 0.5+band:
		return 1
	case s < 0.5-band:
		return 0
	}
	return 0.5
}

// judgeStreams returns one stream per judge for a record kind.
func judgeStreams(c *Config, kind string) []*rand.Rand {
	rs := make([]*rand.Rand, len(c.Judges))
	for k := range c.Judges {
		rs[k] = stream(c.Seed, kind+"/judge/"+c.Judges[k].Name)
	}
	return rs
}

// idWidth is the zero-padded width of item numbers 1..n (at least 4).
func idWidth(n int) int {
	w := len(fmt.Sprint(n))
	return max(w, 4)
}
