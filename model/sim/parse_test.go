package sim

import (
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

func TestParseJudge(t *testing.T) {
	base := DefaultJudge("")
	j, err := ParseJudge("gpt:skill=2,pos=0.8,tok=0.3,noise=0.4,inoise=0.2,slope=0.5,snoise=0.1,sens=0.9,spec=0.8,mode=logprob,sprobs=true", base)
	if err != nil {
		t.Fatal(err)
	}
	want := Judge{Name: "gpt", Skill: 2, PosBias: 0.8, TokenBias: 0.3, Noise: 0.4, ItemNoise: 0.2, Slope: 0.5,
		ScoreNoise: 0.1, Sensitivity: 0.9, Specificity: 0.8, Mode: model.SourceLogprob, ScoreProbs: true}
	if j != want {
		t.Errorf("got %+v\nwant %+v", j, want)
	}
	if j, err := ParseJudge(" plain ", base); err != nil || j.Name != "plain" || j.Skill != base.Skill {
		t.Errorf("name only: %+v, %v", j, err)
	}
	if len(JudgeKeys) != 14 {
		t.Errorf("JudgeKeys has %d entries; keep it in step with Judge.set", len(JudgeKeys))
	}
	for _, k := range JudgeKeys { // every documented key is accepted
		val := "0.5"
		switch k.Key {
		case "mode":
			val = "choice"
		case "sprobs":
			val = "false"
		case "self":
			val = "gpt"
		}
		if _, err := ParseJudge("j:"+k.Key+"="+val, base); err != nil {
			t.Errorf("key %s: %v", k.Key, err)
		}
	}

	bad := map[string]string{
		"j:colour=red":         `unknown key "colour"`,
		"j:pos=1,pos=2":        `key "pos" is given twice`,
		"j:pos":                `"pos" is not key=value`,
		"j:skill=NaN":          `key "skill"`,
		"j:noise=-1":           "noise",
		"j:sens=1.2":           "sensitivity",
		"j:mode=soft":          `unknown mode "soft"`,
		"j:sprobs=maybe":       `key "sprobs"`,
		":pos=1":               "name",
		"j:skill=1e400":        `key "skill"`,
		"j:skill=2,,tok=1":     `"" is not key=value`,
		"j:spec=0.5,bogus=1.0": `unknown key "bogus"`,
	}
	for spec, want := range bad {
		_, err := ParseJudge(spec, base)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to mention %s", spec, err, want)
		}
	}
}

func TestParseArrangementsAndMode(t *testing.T) {
	got, err := ParseArrangements(" x0, x2 ,x3")
	if err != nil || !slices.Equal(got, []model.Arrangement{model.X0, model.X2, model.X3}) {
		t.Errorf("got %v, %v", got, err)
	}
	for _, s := range []string{"", "x0,x4", "X0", ","} {
		if _, err := ParseArrangements(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
	for s, want := range map[string]model.Source{"prob": model.SourceProb, "p_a": model.SourceProb,
		"logprob": model.SourceLogprob, "logprobs": model.SourceLogprob, "choice": model.SourceChoice} {
		if got, err := ParseMode(s); err != nil || got != want {
			t.Errorf("%s: %v, %v", s, got, err)
		}
	}
	if _, err := ParseMode("hard"); err == nil {
		t.Error("hard: no error")
	}
}

// TestParseJudgeStyleKeys: lenbias, selfbias and self set the judge's
// length and self-preference bias (issue 21); an empty self is refused.
func TestParseJudgeStyleKeys(t *testing.T) {
	j, err := ParseJudge("gpt:lenbias=1.2,selfbias=0.8,self=gpt-4", DefaultJudge(""))
	if err != nil || j.LengthBias != 1.2 || j.SelfBias != 0.8 || j.Self != "gpt-4" {
		t.Errorf("%+v, %v", j, err)
	}
	if _, err := ParseJudge("gpt:self=", DefaultJudge("")); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty self: %v", err)
	}
}

// TestParseGenerator: a generator spec sets its quality and length
// distribution on top of DefaultGenerator; bad keys and values name
// themselves.
func TestParseGenerator(t *testing.T) {
	g, err := ParseGenerator("big: quality=0.5, len=900,lenspread=0.3")
	if err != nil || g != (Generator{Name: "big", Quality: 0.5, LenMedian: 900, LenSpread: 0.3}) {
		t.Errorf("%+v, %v", g, err)
	}
	if g, err := ParseGenerator("small"); err != nil || g != DefaultGenerator("small") {
		t.Errorf("name only: %+v, %v", g, err)
	}
	for spec, want := range map[string]string{
		":len=3":         "name before ':' is missing",
		"a:len":          "is not key=value",
		"a:len=3,len=4":  `key "len" is given twice`,
		"a:size=3":       `unknown key "size" (known: quality, len, lenspread)`,
		"a:quality=NaN":  "is not a finite number",
		"a:len=0":        "want a median length > 0",
		"a:lenspread=-1": "want ≥ 0",
	} {
		if _, err := ParseGenerator(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", spec, err, want)
		}
	}
}
