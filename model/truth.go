package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// TruthEntry is one fact of a Truth: a name and its value.
type TruthEntry struct {
	Key   string
	Value float64
}

// Truth holds simulator ground truth (or any numeric facts a producer knows
// for certain about a record), keyed by name. See README "Log format" for the
// keys plumb's simulator writes; any other key is kept and written back.
// Values are finite numbers; booleans are 0/1.
//
// A Truth is a small sorted list of entries rather than a map: a record
// has one to three facts, and a million maps cost the reader more than the
// rest of a record. The zero value is empty and ready to use. A Truth is a
// value: copies may share storage (the reader hands out the entries of many
// records from one block), and Set and Delete never change storage a copy
// can see, so a copy changed later leaves the original as it was.
// Iteration (All) is in key order, so output is deterministic.
type Truth struct {
	e []TruthEntry // sorted by Key, keys unique; nil when empty
}

// NewTruth returns a Truth with the given entries. A later entry replaces
// an earlier one with the same key.
func NewTruth(entries ...TruthEntry) Truth {
	if len(entries) == 0 {
		return Truth{}
	}
	e := slices.Clone(entries)
	slices.SortStableFunc(e, compareEntries)
	// Keep the last of each run of equal keys.
	out := e[:0]
	for i := range e {
		if i+1 < len(e) && e[i+1].Key == e[i].Key {
			continue
		}
		out = append(out, e[i])
	}
	return Truth{e: slices.Clip(out)}
}

// TruthFromMap returns a Truth with the entries of m.
func TruthFromMap(m map[string]float64) Truth {
	if len(m) == 0 {
		return Truth{}
	}
	e := make([]TruthEntry, 0, len(m))
	for k, v := range m {
		e = append(e, TruthEntry{Key: k, Value: v})
	}
	slices.SortFunc(e, compareEntries)
	return Truth{e: e}
}

func compareEntries(a, b TruthEntry) int { return strings.Compare(a.Key, b.Key) }

// Len returns the number of entries.
func (t Truth) Len() int { return len(t.e) }

// find returns the index of key, or where it would be inserted and false.
func (t Truth) find(key string) (int, bool) {
	if len(t.e) <= 8 {
		for i := range t.e {
			switch c := strings.Compare(t.e[i].Key, key); {
			case c == 0:
				return i, true
			case c > 0:
				return i, false
			}
		}
		return len(t.e), false
	}
	return slices.BinarySearchFunc(t.e, key, func(e TruthEntry, k string) int { return strings.Compare(e.Key, k) })
}

// Get returns the value of key and whether t has it.
func (t Truth) Get(key string) (float64, bool) {
	if i, ok := t.find(key); ok {
		return t.e[i].Value, true
	}
	return 0, false
}

// Value returns the value of key, or 0 when t does not have it.
func (t Truth) Value(key string) float64 {
	v, _ := t.Get(key)
	return v
}

// Set sets the value of key, adding it if needed. It copies the entries,
// so copies of t made before are unchanged.
func (t *Truth) Set(key string, v float64) {
	i, ok := t.find(key)
	n := len(t.e)
	if !ok {
		n++
	}
	e := make([]TruthEntry, n)
	copy(e, t.e[:i])
	e[i] = TruthEntry{Key: key, Value: v}
	if ok {
		copy(e[i+1:], t.e[i+1:])
	} else {
		copy(e[i+1:], t.e[i:])
	}
	t.e = e
}

// Delete removes key, if present. It copies the entries, so copies of t
// made before are unchanged.
func (t *Truth) Delete(key string) {
	i, ok := t.find(key)
	if !ok {
		return
	}
	if len(t.e) == 1 {
		t.e = nil
		return
	}
	t.e = slices.Concat(t.e[:i], t.e[i+1:])
}

// All iterates the entries in key order.
func (t Truth) All() iter.Seq2[string, float64] {
	return func(yield func(string, float64) bool) {
		for _, e := range t.e {
			if !yield(e.Key, e.Value) {
				return
			}
		}
	}
}

// Entries returns a copy of the entries, in key order.
func (t Truth) Entries() []TruthEntry { return slices.Clone(t.e) }

// Map returns the entries as a new map (nil when t is empty).
func (t Truth) Map() map[string]float64 {
	if len(t.e) == 0 {
		return nil
	}
	m := make(map[string]float64, len(t.e))
	for _, e := range t.e {
		m[e.Key] = e.Value
	}
	return m
}

// Equal reports whether t and u have the same keys with the same values
// (compared with ==, so a NaN is equal to nothing).
func (t Truth) Equal(u Truth) bool {
	return slices.Equal(t.e, u.e)
}

// String formats t as a JSON object, keys in order; non-finite values
// (which Validate rejects) are written as Go formats them.
func (t Truth) String() string {
	b := []byte{'{'}
	for i, e := range t.e {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, e.Key)
		b = append(b, ':')
		b = strconv.AppendFloat(b, e.Value, 'g', -1, 64)
	}
	return string(append(b, '}'))
}

// MarshalJSON writes t as a JSON object of numbers, keys in order, as the
// log format's truth field. A non-finite value is an error.
func (t Truth) MarshalJSON() ([]byte, error) {
	for _, e := range t.e {
		if math.IsNaN(e.Value) || math.IsInf(e.Value, 0) {
			return nil, fmt.Errorf("truth.%s = %v is not a finite number", textsafe.Line(e.Key), e.Value)
		}
	}
	b := []byte{'{'}
	for i, e := range t.e {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, e.Key)
		b = append(b, ':')
		b = appendFloat(b, e.Value)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads a JSON object of numbers or booleans (as 1/0), as
// the log format's truth field; null gives the empty Truth.
func (t *Truth) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		*t = Truth{}
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("truth: %w", err)
	}
	e := make([]TruthEntry, 0, len(m))
	for k, raw := range m {
		var v float64
		switch s := string(bytes.TrimSpace(raw)); s {
		case "true":
			v = 1
		case "false":
			v = 0
		default:
			if err := json.Unmarshal(raw, &v); err != nil {
				return fmt.Errorf("truth.%s: want a number or a boolean: %w", textsafe.Line(k), err)
			}
		}
		e = append(e, TruthEntry{Key: k, Value: v})
	}
	slices.SortFunc(e, compareEntries)
	*t = Truth{}
	if len(e) > 0 {
		t.e = e
	}
	return nil
}

// sortedEntries reports whether e is sorted by key with no repeats.
func sortedEntries(e []TruthEntry) bool {
	for i := 1; i < len(e); i++ {
		if e[i-1].Key >= e[i].Key {
			return false
		}
	}
	return true
}
