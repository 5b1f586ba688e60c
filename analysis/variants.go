package analysis

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// A log whose records carry a condition (model.Pair.Condition: the
// template, option IDs and shots a record was judged in) is never pooled
// across conditions: the records of a judge in one condition are analysed
// as a judge of their own, a variant named "judge [label]" (VariantName),
// and records without a condition keep the judge's name. Every analysis
// (the methods table, CC and DC with the probes of the same condition,
// the intervals, the items) then sees one condition at a time; the
// Conditions view compares the variants of a judge (conditions.go).

// Variant is what the engine knows of one analysed judge name: the judge
// it is a variant of and the condition of its records.
type Variant struct {
	Judge     string          // the judge as named in the log
	Condition json.RawMessage // nil for records without a condition
	Key       string          // model.ConditionKey of Condition
	Label     string          // ConditionLabel of Condition ("" without one)
}

// ConditionLabel returns a short label of a condition object: the values
// of template (its "name" when it is an object), ids and shots ("N-shot"),
// then any other key as key=value, in canonical key order, separated by
// spaces ("calibraeval A/B 0-shot"). It returns "" for an absent condition.
func ConditionLabel(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var obj map[string]json.RawMessage
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if d.Decode(&obj) != nil {
		return model.ConditionKey(raw)
	}
	var parts []string
	if v, ok := obj["template"]; ok {
		parts = append(parts, templateName(v))
	}
	if v, ok := obj["ids"]; ok {
		parts = append(parts, plainValue(v))
	}
	if v, ok := obj["shots"]; ok {
		parts = append(parts, plainValue(v)+"-shot")
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		if k != "template" && k != "ids" && k != "shots" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		parts = append(parts, k+"="+plainValue(obj[k]))
	}
	return strings.Join(parts, " ")
}

// templateName is a template's name: the string, or the "name" of an
// object (collect writes the template by name and SHA-256).
func templateName(v json.RawMessage) string {
	var o struct {
		Name string `json:"name"`
	}
	if len(v) > 0 && v[0] == '{' && json.Unmarshal(v, &o) == nil && o.Name != "" {
		return o.Name
	}
	return plainValue(v)
}

// plainValue is a JSON value as a label shows it: a string unquoted,
// anything else as canonical JSON.
func plainValue(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return model.ConditionKey(v)
}

// VariantName is the judge name the records of judge in a condition with
// label are analysed under: judge without a condition, else
// "judge [label]".
func VariantName(judge, label string) string {
	if label == "" {
		return judge
	}
	return judge + " [" + label + "]"
}

// variantIndex names the variant of every record, once per judge and
// distinct condition bytes (records read with the same bytes share them,
// so a lookup costs no allocation).
type variantIndex struct {
	byJudge map[string]map[string]string // judge → condition bytes → variant name
	info    map[string]Variant           // variant name → Variant
	labels  map[string]string            // judge + "\x00" + label → condition key, to keep names apart
}

func newVariantIndex() *variantIndex {
	return &variantIndex{byJudge: map[string]map[string]string{}, info: map[string]Variant{}, labels: map[string]string{}}
}

// name returns the variant name of judge's records in condition raw.
func (x *variantIndex) name(judge string, raw json.RawMessage) string {
	if len(raw) == 0 {
		return judge
	}
	m := x.byJudge[judge]
	if n, ok := m[string(raw)]; ok {
		return n
	}
	if m == nil {
		m = map[string]string{}
		x.byJudge[judge] = m
	}
	v := Variant{Judge: judge, Condition: raw, Key: model.ConditionKey(raw), Label: ConditionLabel(raw)}
	// Two conditions with one label (a template's name with two SHA-256s)
	// must not share a name: the second is labelled by its canonical form.
	lk := judge + "\x00" + v.Label
	if k, taken := x.labels[lk]; taken && k != v.Key {
		v.Label = v.Key
		lk = judge + "\x00" + v.Label
	}
	x.labels[lk] = v.Key
	n := VariantName(judge, v.Label)
	m[string(raw)] = n
	if _, ok := x.info[n]; !ok {
		x.info[n] = v
	}
	return n
}

// Variant returns what the engine knows of a judge name that is a judge
// in one condition; ok is false for a judge without conditions.
func (e *Engine) Variant(name string) (v Variant, ok bool) {
	v, ok = e.variants[name]
	return v, ok
}

// VariantsOf returns the analysed names of judge's records in a
// condition, sorted; nil when it has none.
func (e *Engine) VariantsOf(judge string) []string {
	var out []string
	for _, n := range e.judges {
		if v, ok := e.variants[n]; ok && v.Judge == judge {
			out = append(out, n)
		}
	}
	return out
}

// expandVariants replaces, in a list of judges asked for, a judge of the
// log whose records all carry conditions by its variants.
func (e *Engine) expandVariants(names []string) []string {
	var out []string
	for _, j := range names {
		if _, ok := e.recs[j]; !ok {
			if vs := e.VariantsOf(j); len(vs) > 0 {
				out = append(out, vs...)
				continue
			}
		}
		out = append(out, j)
	}
	return out
}

// VariantNamer names the judge each record is analysed under, as an
// Engine does (records of a judge in a condition are a judge of their
// own). Give it the records in log order.
type VariantNamer struct{ x *variantIndex }

// NewVariantNamer returns a namer that has seen no record.
func NewVariantNamer() *VariantNamer { return &VariantNamer{newVariantIndex()} }

// Name returns the name judge's record in condition cond is analysed
// under: judge without a condition, else its variant's name.
func (n *VariantNamer) Name(judge string, cond json.RawMessage) string { return n.x.name(judge, cond) }

// BaseJudge returns the judge as the log names it of an analysed name: the
// judge of a variant, else name itself.
func (e *Engine) BaseJudge(name string) string {
	if v, ok := e.variants[name]; ok {
		return v.Judge
	}
	return name
}
