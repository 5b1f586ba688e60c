package tui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The Items pane's filter (/): words separated by spaces, every one of
// which an item must match (AND). A word is an expression when it starts
// with a field name followed by an operator, otherwise free text:
//
//	cons:no      categorical field: cons (yes, no, n/a), gold (1, 2, tie, none)
//	shift>0.2    numeric field and one of : = < <= > >= (":" is "=")
//	x0<=0.5      x0..x3: the raw preference for response 1 in that arrangement
//	p00          free text, matched case-insensitively against id, group, prompt
//
// Score items have the numeric fields ls, us, rs, judge and human. A word
// naming an unknown field, an operator a field does not take, or a value
// that is not a number or one of the field's values is an error, and the
// whole filter then filters nothing.

// filterOp is a comparison of a filter expression.
type filterOp int

const (
	opEq filterOp = iota
	opLt
	opLe
	opGt
	opGe
)

// filterTerm is one word of a filter: free text (field ""), a categorical
// value (text) or a numeric comparison (num).
type filterTerm struct {
	field string
	op    filterOp
	num   float64
	text  string
}

// filterFields are the fields of each item kind: numeric ones compare
// numbers, the others take one of their values.
var (
	pairNumFields  = []string{"shift", "x0", "x1", "x2", "x3"}
	pairCatFields  = map[string][]string{"cons": {"yes", "no", "n/a"}, "gold": {"1", "2", "tie", "none"}}
	scoreNumFields = []string{"ls", "us", "rs", "judge", "human"}
)

// filterHelp lists the fields of an item kind, for an error message.
func filterHelp(scores bool) string {
	if scores {
		return "fields: " + strings.Join(scoreNumFields, ", ")
	}
	return "fields: cons (yes/no/n/a), gold (1/2/tie/none), shift, x0–x3"
}

// parseFilter parses a filter of pair items (scores false) or score items.
// An empty filter has no terms.
func parseFilter(s string, scores bool) ([]filterTerm, error) {
	var terms []filterTerm
	for _, w := range strings.Fields(s) {
		t, err := parseTerm(w, scores)
		if err != nil {
			return nil, err
		}
		terms = append(terms, t)
	}
	return terms, nil
}

// parseTerm parses one word.
func parseTerm(w string, scores bool) (filterTerm, error) {
	i := strings.IndexAny(w, ":=<>")
	if i <= 0 {
		return filterTerm{text: strings.ToLower(w)}, nil
	}
	field, rest := strings.ToLower(w[:i]), w[i:]
	op, val := splitOp(rest)
	if slices.Contains(numFields(scores), field) {
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return filterTerm{}, fmt.Errorf("filter %q: %s takes a number (%s%s0.2)", w, field, field, rest[:len(rest)-len(val)])
		}
		return filterTerm{field: field, op: op, num: v}, nil
	}
	if vals, ok := pairCatFields[field]; ok && !scores {
		if op != opEq {
			return filterTerm{}, fmt.Errorf("filter %q: %s takes %s:VALUE, one of %s", w, field, field, strings.Join(vals, ", "))
		}
		v := strings.ToLower(val)
		if !slices.Contains(vals, v) {
			return filterTerm{}, fmt.Errorf("filter %q: %s is one of %s", w, field, strings.Join(vals, ", "))
		}
		return filterTerm{field: field, text: v}, nil
	}
	return filterTerm{}, fmt.Errorf("filter %q: no field %q (%s; other words match id, group and prompt)", w, field, filterHelp(scores))
}

// splitOp splits the operator off the front of s (which starts with one
// of : = < >).
func splitOp(s string) (filterOp, string) {
	for _, o := range []struct {
		tok string
		op  filterOp
	}{{"<=", opLe}, {">=", opGe}, {"<", opLt}, {">", opGt}, {":", opEq}, {"=", opEq}} {
		if strings.HasPrefix(s, o.tok) {
			return o.op, s[len(o.tok):]
		}
	}
	return opEq, s
}

func numFields(scores bool) []string {
	if scores {
		return scoreNumFields
	}
	return pairNumFields
}

// compare applies the term's operator to v (false for NaN: an item
// without the number matches no comparison).
func (t filterTerm) compare(v float64) bool {
	switch t.op {
	case opLt:
		return v < t.num
	case opLe:
		return v <= t.num
	case opGt:
		return v > t.num
	case opGe:
		return v >= t.num
	}
	return v == t.num
}
