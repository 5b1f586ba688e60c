package sim

import (
	"testing"
)

// FuzzParseJudge feeds arbitrary --judge specs to the parser: it must never
// panic, and a judge it accepts must pass validation.
func FuzzParseJudge(f *testing.F) {
	for _, s := range []string{
		"gpt:skill=2,pos=0.8,tok=0.3,noise=0.4,slope=0.5,sens=0.9,spec=0.8",
		"a", "b:mode=choice,sprobs=true", "x:pos=NaN", "y:skill=1e400", ":", "z:=1", "w:pos=1,pos=2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		j, err := ParseJudge(spec, DefaultJudge("base"))
		if err != nil {
			return
		}
		if verr := j.Validate(); verr != nil {
			t.Errorf("ParseJudge(%q) accepted a judge that fails validation: %v", spec, verr)
		}
	})
}
