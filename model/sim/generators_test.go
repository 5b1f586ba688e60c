package sim

import (
	"bytes"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/model"
)

// genConfig is smallConfig with three generators of different lengths.
func genConfig() Config {
	c := smallConfig()
	c.Generators = []Generator{
		{Name: "big", Quality: 0, LenMedian: 400, LenSpread: 0.3},
		{Name: "mid", Quality: 0, LenMedian: 200, LenSpread: 0.3},
		{Name: "small", Quality: 0, LenMedian: 80, LenSpread: 0.5},
	}
	return c
}

// TestGeneratorsLeaveJudgmentsAlone: generators of equal quality and
// judges without a length or self bias give every record the judgments,
// gold and truth it has without generators; only the texts and model_1,
// model_2 differ (the generators draw from their own streams).
func TestGeneratorsLeaveJudgmentsAlone(t *testing.T) {
	plain := mustCollect(t, smallConfig())
	gen := mustCollect(t, genConfig())
	if len(plain.Pairs) != len(gen.Pairs) {
		t.Fatalf("%d and %d pairs", len(plain.Pairs), len(gen.Pairs))
	}
	for i := range plain.Pairs {
		a, b := plain.Pairs[i], gen.Pairs[i]
		if a.S != b.S || a.Gold != b.Gold || a.Prompt != b.Prompt || !reflect.DeepEqual(a.Truth, b.Truth) {
			t.Fatalf("pair %d differs: %+v\n%+v", i, a, b)
		}
		if a.Gen != nil || b.Gen == nil || b.Gen.Model1 == b.Gen.Model2 {
			t.Fatalf("pair %d generators: %+v, %+v", i, a.Gen, b.Gen)
		}
	}
	if !reflect.DeepEqual(plain.Scores, gen.Scores) || !reflect.DeepEqual(plain.Verdicts, gen.Verdicts) {
		t.Error("generators changed the score or verdict records")
	}
}

// TestGeneratorsLengths: every answer has the drawn length, the lengths
// follow each generator's median, and matchups are respected.
func TestGeneratorsLengths(t *testing.T) {
	c := genConfig()
	c.Pairs = 3000
	c.Judges = c.Judges[:1]
	lg := mustCollect(t, c)
	lens := map[string][]int{}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		for k := 1; k <= 2; k++ {
			n, ok := p.Length(k)
			text := p.Response1
			if k == 2 {
				text = p.Response2
			}
			if !ok || n != utf8.RuneCountInString(text) || n < 1 || strings.HasSuffix(text, "  ") {
				t.Fatalf("%s: response %d of %d code points: %q", p.ID, k, n, text)
			}
			lens[p.Model(k)] = append(lens[p.Model(k)], n)
		}
	}
	for _, g := range c.Generators {
		l := lens[g.Name]
		slices.Sort(l)
		if med := float64(l[len(l)/2]); math.Abs(med/g.LenMedian-1) > 0.05 {
			t.Errorf("%s: median length %v over %d answers, want about %v", g.Name, med, len(l), g.LenMedian)
		}
	}
	c.Matchups = [][2]string{{"big", "small"}}
	for _, p := range mustCollect(t, c).Pairs {
		if p.Model(1) != "big" || p.Model(2) != "small" {
			t.Fatalf("%s: %+v, want big vs small", p.ID, p.Gen)
		}
	}
}

// TestStyleBiasesShowUp: a judge with a length bias prefers the longer
// response, one with a self bias its own generator's, and a generator's
// quality moves gold.
func TestStyleBiasesShowUp(t *testing.T) {
	c := genConfig()
	c.Pairs, c.Scores, c.Verdicts = 4000, 0, 0
	c.Generators[0].Quality = 1
	long := DefaultJudge("long")
	long.LengthBias = 2
	own := DefaultJudge("own")
	own.Self, own.SelfBias = "mid", 2
	c.Judges = []Judge{DefaultJudge("fair"), long, own}
	lg := mustCollect(t, c)
	longer := map[string]float64{}
	mine := map[string]float64{}
	goldBig, nBig := 0, 0
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		r := p.R(model.X0)
		l1, _ := p.Length(1)
		l2, _ := p.Length(2)
		if l1 > l2 {
			longer[p.Judge] += r
		} else if l2 > l1 {
			longer[p.Judge] += 1 - r
		}
		switch {
		case p.Model(1) == "mid":
			mine[p.Judge] += r
		case p.Model(2) == "mid":
			mine[p.Judge] += 1 - r
		}
		if p.Judge == "fair" && p.Gold != model.GoldNone && p.Gold != model.GoldTie && (p.Model(1) == "big" || p.Model(2) == "big") {
			nBig++
			if (p.Gold == model.Gold1) == (p.Model(1) == "big") {
				goldBig++
			}
		}
	}
	if longer["long"] < longer["fair"]+0.08*float64(c.Pairs) {
		t.Errorf("the length-biased judge prefers the longer response %.0f times, the fair one %.0f", longer["long"], longer["fair"])
	}
	if mine["own"] < mine["fair"]+0.15*float64(c.Pairs) {
		t.Errorf("the self-biased judge prefers mid's response %.0f times, the fair one %.0f", mine["own"], mine["fair"])
	}
	if share := float64(goldBig) / float64(nBig); share < 0.6 {
		t.Errorf("gold prefers the better generator in %.2f of its items, want well above ½", share)
	}
}

// TestValidateGenerators: bad generators, matchups and style parameters
// are refused with what is wrong.
func TestValidateGenerators(t *testing.T) {
	for want, mod := range map[string]func(*Config){
		"generator \"big\" is given twice":          func(c *Config) { c.Generators[1].Name = "big" },
		"median length must be a finite number > 0": func(c *Config) { c.Generators[0].LenMedian = 0 },
		"names an unknown generator":                func(c *Config) { c.Matchups = [][2]string{{"big", "huge"}} },
		"needs generators":                          func(c *Config) { c.Generators = nil; c.Judges[0].LengthBias = 1 },
		"is not one of the generators":              func(c *Config) { c.Judges[0].Self = "gpt" },
		"length scale must be":                      func(c *Config) { c.LengthScale = -1 },
		"one generator cannot be matched":           func(c *Config) { c.Generators = c.Generators[:1] },
		"self-preference bias must be a finite":     func(c *Config) { c.Judges[0].SelfBias = math.Inf(1) },
	} {
		c := genConfig()
		mod(&c)
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", want, err)
		}
	}
	if c := genConfig(); c.Validate() != nil {
		t.Errorf("genConfig: %v", c.Validate())
	}
}

// TestReadBackGenerators: a log with generators reads back as generated
// (model_1, model_2 and the texts of the drawn lengths).
func TestReadBackGenerators(t *testing.T) {
	c := genConfig()
	c.Judges[0].LengthBias, c.Judges[1].Self, c.Judges[1].SelfBias = 1, "big", 1
	want := mustCollect(t, c)
	got, err := model.Read(bytes.NewReader(writeLog(t, c)), "sim", model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Pairs {
		g := got.Pairs[i]
		g.Pos = model.Pos{}
		if !reflect.DeepEqual(g, want.Pairs[i]) {
			t.Fatalf("pair %d read back as\n%+v\nwant\n%+v", i, g, want.Pairs[i])
		}
	}
}
