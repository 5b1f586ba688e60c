package collect

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// A grid run judges the items under several conditions — every
// combination of the templates, option ID sets and shot counts asked for
// (--template calibraeval,mt-bench --ids A/B,X/Y --shots 0,2) — each
// condition a run of its own into the same log, its records marked with
// a "condition" object naming it.

// Condition is one cell of a grid: a template, the option IDs and the
// number of in-context examples (shots) each prompt shows.
type Condition struct {
	Template *Template
	IDs      IDs
	Shots    int
}

// conditionJSON is a record's "condition" object: the template by name
// and SHA-256 (the name and hex digest the collect extra field gives), the
// IDs as "A/B" and the number of shots.
type conditionJSON struct {
	Template struct {
		Name   string `json:"name"`
		SHA256 string `json:"sha256"`
	} `json:"template"`
	IDs   string `json:"ids"`
	Shots int    `json:"shots"`
}

// JSON returns the condition object records of this condition carry.
func (c *Condition) JSON() json.RawMessage {
	cj := conditionJSON{IDs: c.IDs.String(), Shots: c.Shots}
	cj.Template.Name, cj.Template.SHA256 = c.Template.Name, c.Template.SHA256
	b, _ := json.Marshal(cj)
	return b
}

// Label names the condition in one line: "mt-bench, X/Y, 2 shots".
func (c *Condition) Label() string {
	s := "s"
	if c.Shots == 1 {
		s = ""
	}
	return fmt.Sprintf("%s, %s, %d shot%s", c.Template.Name, c.IDs.String(), c.Shots, s)
}

// sameCondition reports whether a record's condition object (raw, nil
// when it has none) is want (nil: a run without conditions), compared in
// the canonical form the log's duplicate key uses (model.ConditionKey).
func sameCondition(raw, want json.RawMessage) bool {
	return model.ConditionKey(raw) == model.ConditionKey(want)
}

// String returns the IDs as a grid names them: "A/B".
func (ids IDs) String() string { return ids[0] + "/" + ids[1] }

// ParseIDSets parses --ids: either the two IDs of one run ("A,B") or a
// grid's ID sets, each two IDs joined by a slash ("A/B,a/b,Alice/Bob").
// Every set follows ParseIDs' rules; a set named twice is an error.
func ParseIDSets(s string) ([]IDs, error) {
	if !strings.Contains(s, "/") {
		ids, err := ParseIDs(s)
		if err != nil {
			return nil, err
		}
		return []IDs{ids}, nil
	}
	var out []IDs
	seen := map[IDs]bool{}
	for _, set := range strings.Split(s, ",") {
		parts := strings.Split(set, "/")
		if len(parts) != 2 {
			return nil, fmt.Errorf("ID set %q: want two option IDs joined by a slash (A/B)", strings.TrimSpace(set))
		}
		ids, err := ParseIDs(parts[0] + "," + parts[1])
		if err != nil {
			return nil, fmt.Errorf("ID set %q: %w", strings.TrimSpace(set), err)
		}
		if seen[ids] {
			return nil, fmt.Errorf("ID set %s is named twice", ids)
		}
		seen[ids] = true
		out = append(out, ids)
	}
	return out, nil
}

// ParseShots parses --shots: comma-separated counts of in-context
// examples, each 0 or more ("0,1,2,3").
func ParseShots(s string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%q is not a number of examples (0 or more)", strings.TrimSpace(f))
		}
		if seen[n] {
			return nil, fmt.Errorf("%d is named twice", n)
		}
		seen[n] = true
		out = append(out, n)
	}
	return out, nil
}

// LoadTemplates loads --template: one template, or a grid's templates
// separated by commas (built-in names or files). A value that is itself
// a template file (a name with a comma in it) is that one template.
func LoadTemplates(s string) ([]*Template, error) {
	if st, err := os.Stat(s); err == nil && !st.IsDir() || !strings.Contains(s, ",") {
		tp, err := LoadTemplate(s)
		if err != nil {
			return nil, err
		}
		return []*Template{tp}, nil
	}
	var out []*Template
	seen := map[string]bool{}
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, errors.New("an empty template name in the list")
		}
		if seen[name] {
			return nil, fmt.Errorf("template %s is named twice", name)
		}
		seen[name] = true
		tp, err := LoadTemplate(name)
		if err != nil {
			return nil, err
		}
		out = append(out, tp)
	}
	return out, nil
}

// Grid returns every combination of templates, ID sets and shot counts,
// templates varying slowest, each checked (Template.CheckIDs).
func Grid(templates []*Template, ids []IDs, shots []int) ([]Condition, error) {
	var out []Condition
	for _, tp := range templates {
		for _, set := range ids {
			if err := tp.CheckIDs(set); err != nil && !tp.Scores { // a scores template labels the answers by position
				return nil, err
			}
			for _, k := range shots {
				out = append(out, Condition{Template: tp, IDs: set, Shots: k})
			}
		}
	}
	return out, nil
}

// ForCondition returns a copy of cfg that runs condition c: its template,
// IDs, answer reader, shots and, when mark is set, the condition object
// on every record.
func (cfg *Config) ForCondition(c *Condition, mark bool) *Config {
	out := *cfg
	out.Template, out.IDs, out.Shots = c.Template, c.IDs, c.Shots
	out.Reader.IDs, out.Reader.Marker, out.Reader.Tie = c.IDs, c.Template.Marker, c.Template.Tie
	out.Condition = nil
	if mark {
		out.Condition = c.JSON()
	}
	out.same = nil
	return &out
}

// note records in p the judge's pair and probe records of lg whose
// condition is cond (none when cond is nil), and counts every record.
func (p *Prior) note(lg *model.Log, judge string, cond json.RawMessage) {
	p.Records = len(lg.Pairs) + len(lg.Scores) + len(lg.Verdicts) + len(lg.Probes)
	if judge == "" {
		return
	}
	for i := range lg.Pairs {
		if pr := &lg.Pairs[i]; pr.Judge == judge && sameCondition(pr.Condition, cond) {
			p.Done[pr.ID] = pr.Has
		}
	}
	for i := range lg.Probes {
		if pr := &lg.Probes[i]; pr.Judge == judge && sameCondition(pr.Condition, cond) {
			p.Done[doneKey(pr.Probe, pr.ID)] = pr.Has
		}
	}
}
