package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/model"
)

// Generator is a simulated model that writes the responses of pair items
// (the package doc's "Generators"; docs/style.md): its answers' quality
// and their length in Unicode code points.
type Generator struct {
	Name string
	// Quality is added to the quality gap: δ = Spread·z + Quality_1 −
	// Quality_2, for the generators of response_1 and response_2.
	Quality float64
	// LenMedian and LenSpread make an answer's length log-normal:
	// max(1, round(LenMedian·e^{LenSpread·Z})) code points.
	LenMedian float64
	LenSpread float64
}

// DefaultLengthScale is Config.LengthScale when it is 0.
const DefaultLengthScale = 300

// matchup is one drawn pairing: the generators of response_1 and response_2.
type matchup struct{ g1, g2 int }

// genState is what generatePairs needs of the generators.
type genState struct {
	r        *rand.Rand // "pair/gen": matchups and lengths
	text     textGen    // "pair/gen/text": the answers' words
	matchups []matchup
	index    map[string]int
}

// newGenState prepares the generators of c, or returns nil when there are
// none (the output is then exactly as without them).
func newGenState(c *Config) *genState {
	if len(c.Generators) == 0 {
		return nil
	}
	g := &genState{r: stream(c.Seed, "pair/gen"), text: textGen{stream(c.Seed, "pair/gen/text")}, index: map[string]int{}}
	for k, gen := range c.Generators {
		g.index[gen.Name] = k
	}
	for _, m := range c.Matchups {
		g.matchups = append(g.matchups, matchup{g.index[m[0]], g.index[m[1]]})
	}
	if len(g.matchups) == 0 {
		for a := range c.Generators {
			for b := range c.Generators {
				if a != b {
					g.matchups = append(g.matchups, matchup{a, b})
				}
			}
		}
	}
	return g
}

// drawMatchup gives item it its generators and adds their quality
// difference to its quality gap.
func (g *genState) drawMatchup(c *Config, it *pairItem) {
	m := g.matchups[g.r.IntN(len(g.matchups))]
	g1, g2 := &c.Generators[m.g1], &c.Generators[m.g2]
	it.model1, it.model2 = g1.Name, g2.Name
	it.gen1, it.gen2 = m.g1, m.g2
	it.delta += g1.Quality - g2.Quality
}

// drawAnswers draws the lengths of item it's answers and replaces its
// responses with answers of those lengths.
func (g *genState) drawAnswers(c *Config, it *pairItem) {
	g1, g2 := &c.Generators[it.gen1], &c.Generators[it.gen2]
	it.len1 = max(1, int(math.Round(g1.LenMedian*math.Exp(g1.LenSpread*g.r.NormFloat64()))))
	it.len2 = max(1, int(math.Round(g2.LenMedian*math.Exp(g2.LenSpread*g.r.NormFloat64()))))
	it.resp1, it.resp2 = g.text.answerOf(it.len1), g.text.answerOf(it.len2)
	it.hasGen = true
}

// answerOf returns an answer of exactly n code points: sentences until
// long enough, cut at n.
func (g *textGen) answerOf(n int) string {
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(g.answer(3))
	}
	s := b.String()
	// The sentences are ASCII, but cut at a code point all the same.
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// styleLogit is the judge's length and self-preference term for
// response_1, added to its view u: LengthBias·tanh((L_1 − L_2)/LengthScale),
// ± SelfBias when exactly one response is its own generator's.
func (c *Config) styleLogit(j *Judge, it *pairItem) float64 {
	if !it.hasGen {
		return 0
	}
	v := j.LengthBias * math.Tanh(float64(it.len1-it.len2)/c.lengthScale())
	if j.Self != "" {
		switch {
		case it.model1 == j.Self && it.model2 != j.Self:
			v += j.SelfBias
		case it.model2 == j.Self && it.model1 != j.Self:
			v -= j.SelfBias
		}
	}
	return v
}

// lengthScale is LengthScale, or DefaultLengthScale when it is 0.
func (c *Config) lengthScale() float64 {
	if c.LengthScale == 0 {
		return DefaultLengthScale
	}
	return c.LengthScale
}

// generators returns the record's Generators, or nil without generators.
func (it *pairItem) generators() *model.Generators {
	if !it.hasGen {
		return nil
	}
	return &model.Generators{Model1: it.model1, Model2: it.model2}
}

// validateGenerators checks the generators, matchups and the judges'
// style parameters.
func (c *Config) validateGenerators(bad func(string, ...any)) {
	names := map[string]bool{}
	for _, g := range c.Generators {
		if strings.TrimSpace(g.Name) == "" || !utf8.ValidString(g.Name) {
			bad("generator names must be non-empty UTF-8, got %q", g.Name)
		}
		if names[g.Name] {
			bad("generator %q is given twice", g.Name)
		}
		names[g.Name] = true
		checkFinite(bad, "generator "+g.Name+" quality", g.Quality)
		checkPositive(bad, "generator "+g.Name+" median length", g.LenMedian)
		checkNonNeg(bad, "generator "+g.Name+" length spread", g.LenSpread)
	}
	if len(c.Generators) == 1 && len(c.Matchups) == 0 {
		bad("one generator cannot be matched against another: give two or more")
	}
	if len(c.Generators) == 0 && (len(c.Matchups) > 0 || c.LengthScale != 0) {
		bad("matchups and a length scale need generators")
	}
	for _, m := range c.Matchups {
		if !names[m[0]] || !names[m[1]] {
			bad("matchup %s vs %s names an unknown generator", m[0], m[1])
		}
	}
	if c.LengthScale != 0 {
		checkPositive(bad, "length scale", c.LengthScale)
	}
	for _, j := range c.Judges {
		if len(c.Generators) == 0 && (j.LengthBias != 0 || j.Self != "" || j.SelfBias != 0) {
			bad("judge %q: a length or self-preference bias needs generators", j.Name)
		}
		if j.Self != "" && len(c.Generators) > 0 && !names[j.Self] {
			bad("judge %q: its generator %q is not one of the generators", j.Name, j.Self)
		}
	}
}
