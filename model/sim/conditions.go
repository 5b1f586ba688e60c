package sim

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Level is one value of one dimension of a grid of collection conditions
// (a template, an option ID set or a number of shots) with the biases it
// adds to every judge's: a condition's PosBias and TokenBias are its
// judges' plus the sum of its levels'.
type Level struct {
	Value     string  // the template name, the ID set ("A/B") or the shots ("0")
	PosBias   float64 // added to each judge's PosBias (pos=)
	TokenBias float64 // added to each judge's TokenBias (tok=)
}

// Grid is a grid of collection conditions, templates × ID sets × shots,
// as plumb collect runs it. An empty dimension is left out of the
// condition object; an empty Grid is no condition at all.
type Grid struct {
	Templates, IDs, Shots []Level
}

// Condition is one cell of a Grid: its condition object (written on every
// pair and probe record judged in it) and the biases it adds.
type Condition struct {
	JSON      json.RawMessage // {"template": …, "ids": …, "shots": …}
	Label     string          // template, ids and shots, for messages
	PosBias   float64
	TokenBias float64
}

// Conditions lists the grid's cells, templates outermost and shots
// innermost; nil for an empty grid.
func (g Grid) Conditions() []Condition {
	if len(g.Templates)+len(g.IDs)+len(g.Shots) == 0 {
		return nil
	}
	dims := [3][]Level{g.Templates, g.IDs, g.Shots}
	for i := range dims {
		if len(dims[i]) == 0 {
			dims[i] = []Level{{}} // the dimension is left out
		}
	}
	var out []Condition
	for _, t := range dims[0] {
		for _, ids := range dims[1] {
			for _, sh := range dims[2] {
				out = append(out, cell(g, t, ids, sh))
			}
		}
	}
	return out
}

// cell builds the condition of one template, ID set and shots.
func cell(g Grid, t, ids, sh Level) Condition {
	var keys, label []string
	if len(g.Templates) > 0 {
		keys = append(keys, `"template":`+jsonString(t.Value))
		label = append(label, t.Value)
	}
	if len(g.IDs) > 0 {
		keys = append(keys, `"ids":`+jsonString(ids.Value))
		label = append(label, ids.Value)
	}
	if len(g.Shots) > 0 {
		keys = append(keys, `"shots":`+sh.Value)
		label = append(label, sh.Value+"-shot")
	}
	return Condition{
		JSON:      json.RawMessage("{" + strings.Join(keys, ",") + "}"),
		Label:     strings.Join(label, " "),
		PosBias:   t.PosBias + ids.PosBias + sh.PosBias,
		TokenBias: t.TokenBias + ids.TokenBias + sh.TokenBias,
	}
}

// jsonString is s as a JSON string (strconv.Quote's \x escapes are not
// JSON).
func jsonString(s string) string {
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}

// LevelKeys are the keys a grid level spec takes.
var LevelKeys = []struct{ Key, Meaning string }{
	{"pos", "added to every judge's pos in this level's conditions"},
	{"tok", "added to every judge's tok in this level's conditions"},
}

// ParseLevel parses a grid level given as 'VALUE' or 'VALUE:pos=β,tok=τ'.
// dim names the dimension ("template", "ids" or "shots") for messages;
// shots must be an integer ≥ 0.
func ParseLevel(dim, spec string) (Level, error) {
	value, params, _ := strings.Cut(spec, ":")
	l := Level{Value: strings.TrimSpace(value)}
	if l.Value == "" {
		return l, fmt.Errorf("%s %q: the value is empty", dim, spec)
	}
	if dim == "shots" {
		if n, err := strconv.Atoi(l.Value); err != nil || n < 0 {
			return l, fmt.Errorf("shots %q: want an integer ≥ 0", l.Value)
		}
	}
	if strings.TrimSpace(params) == "" {
		return l, nil
	}
	err := eachParam(dim, l.Value, params, func(key, val string) error {
		switch key {
		case "pos":
			return setFinite(&l.PosBias, key, val)
		case "tok":
			return setFinite(&l.TokenBias, key, val)
		}
		return fmt.Errorf("unknown key %q (known: %s)", key, knownKeys(LevelKeys))
	})
	return l, err
}

// validateGrid checks that no dimension repeats a value.
func (g Grid) validate(bad func(string, ...any)) {
	for _, d := range []struct {
		name string
		ls   []Level
	}{{"template", g.Templates}, {"ids", g.IDs}, {"shots", g.Shots}} {
		seen := map[string]bool{}
		for _, l := range d.ls {
			if seen[l.Value] {
				bad("grid %s %q is given twice", d.name, l.Value)
			}
			seen[l.Value] = true
			checkFinite(bad, "grid "+d.name+" pos", l.PosBias)
			checkFinite(bad, "grid "+d.name+" tok", l.TokenBias)
		}
	}
}

// inCondition returns judge j as it judges in condition c: its position
// and token biases plus the condition's.
func (j Judge) inCondition(c *Condition) Judge {
	if c != nil {
		j.PosBias += c.PosBias
		j.TokenBias += c.TokenBias
	}
	return j
}

// condStreams returns, for a record kind, one stream per judge and
// condition ("KIND/judge/NAME/condition/LABEL"); nil without a grid.
func (c *Config) condStreams(kind string) [][]*rand.Rand {
	conds := c.Grid.Conditions()
	if conds == nil {
		return nil
	}
	rs := make([][]*rand.Rand, len(c.Judges))
	for k := range c.Judges {
		rs[k] = make([]*rand.Rand, len(conds))
		for i := range conds {
			rs[k][i] = stream(c.Seed, kind+"/judge/"+c.Judges[k].Name+"/condition/"+conds[i].Label)
		}
	}
	return rs
}

// judgeConditions writes judge k's records of item it, one per condition.
// Each record's truth adds the condition's effective biases, pos and tok.
func (c *Config) judgeConditions(sink Sink, k int, conds []Condition, rs []*rand.Rand, it *pairItem) error {
	for i := range conds {
		j := c.Judges[k].inCondition(&conds[i])
		p := c.judgePair(&j, rs[i], it)
		p.Condition = conds[i].JSON
		rd := rounder(c.Digits)
		p.Truth.Set("pos", rd.num(j.PosBias))
		p.Truth.Set("tok", rd.num(j.TokenBias))
		if err := sink.WritePair(p); err != nil {
			return fmt.Errorf("writing pair %s of %s in condition %s: %w", p.ID, p.Judge, conds[i].Label, err)
		}
	}
	return nil
}
