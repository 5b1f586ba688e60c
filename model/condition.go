package model

import (
	"bytes"
	"encoding/json"
)

// maxConds bounds the tables of conditions a parser or loader shares:
// a log has a handful of conditions (a grid of templates × ID sets ×
// shots), so the bound is only a guard against a hostile one.
const maxConds = 1024

// ConditionKey returns the canonical form of a record's "condition"
// object: compact JSON with the keys of every object sorted, numbers as
// written. Two conditions are the same condition when their keys are
// equal, whatever their key order or spacing. It returns "" for an absent
// condition, and raw as given when it is not valid JSON.
func ConditionKey(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return string(raw)
	}
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil { // maps encode with sorted keys
		return string(raw)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte{'\n'}))
}

// condTable shares the conditions of the records read by one parser or
// loader: raw bytes → the one copy records hold and its canonical key.
type condTable map[string]condEntry

type condEntry struct {
	raw json.RawMessage
	key string
}

// get returns the shared copy of raw and its key ("" and nil for an
// absent condition).
func (t *condTable) get(raw []byte) (json.RawMessage, string) {
	if len(raw) == 0 {
		return nil, ""
	}
	if e, ok := (*t)[string(raw)]; ok {
		return e.raw, e.key
	}
	if *t == nil {
		*t = make(condTable)
	}
	if len(*t) >= maxConds {
		clear(*t)
	}
	e := condEntry{raw: bytes.Clone(raw)}
	e.key = ConditionKey(e.raw)
	(*t)[string(raw)] = e
	return e.raw, e.key
}

// key returns the canonical key of raw ("" when absent).
func (t *condTable) key(raw []byte) string {
	_, k := t.get(raw)
	return k
}

// condition decodes the optional "condition" field: an object, kept
// verbatim (records with the same bytes share one copy, which must not be
// modified).
func (p *recParser) condition() (json.RawMessage, *LineError) {
	raw := p.vals[fCondition]
	if absent(raw) {
		return nil, nil
	}
	if raw[0] != '{' {
		return nil, errType("condition", raw, "an object")
	}
	c, _ := p.conds.get(raw)
	return c, nil
}

// validCondition checks a condition before it is written: absent, or a
// JSON object.
func validCondition(c json.RawMessage) *LineError {
	if c = bytes.TrimSpace(c); len(c) > 0 && (c[0] != '{' || !json.Valid(c)) {
		return fieldErr("condition", "is not a JSON object")
	}
	return nil
}

// appendCondition appends `,"condition":{…}` (compacted) unless c is empty.
func (w *Writer) appendCondition(b []byte, c json.RawMessage) []byte {
	if len(c) == 0 {
		return b
	}
	b = appendKey(b, "condition")
	w.compact.Reset()
	if json.Compact(&w.compact, c) == nil { // validated already
		b = append(b, w.compact.Bytes()...)
	}
	return b
}
