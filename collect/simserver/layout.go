package simserver

import (
	"fmt"
	"strings"
	"unicode"
)

// Fields are the values a pair template is rendered with: those of
// collect.Prompt, which this package cannot import (collect's own tests
// import this package).
type Fields struct {
	Question, First, Second string
	FirstID, SecondID       string // the IDs of the first- and second-shown responses
	ID1, ID2                string // the IDs in --ids order: ID1 is the token A
	Arrangement             string
}

// The fields, as indices of a parse.
const (
	fQuestion = iota
	fFirst
	fSecond
	fFirstID
	fSecondID
	fID1
	fID2
	fArrangement
	numFields
)

var fieldNames = [numFields]string{"Question", "First", "Second", "FirstID", "SecondID", "ID1", "ID2", "Arrangement"}

// token reports whether a field holds one word (an ID or an arrangement):
// non-empty and without white space.
func token(f int) bool { return f >= fFirstID }

// probe is what a template is rendered with to learn its layout: each field
// a marker that no template text contains.
func probe() Fields {
	m := func(f int) string { return "\x00plumb:" + fieldNames[f] + "\x00" }
	return Fields{Question: m(fQuestion), First: m(fFirst), Second: m(fSecond), FirstID: m(fFirstID),
		SecondID: m(fSecondID), ID1: m(fID1), ID2: m(fID2), Arrangement: m(fArrangement)}
}

// segment is a literal text (field < 0) or a field.
type segment struct {
	lit   string
	field int
}

// layout is one way a template renders a prompt: literals and fields in
// order. A prompt matches when it is the literals with field values
// between them (white space at both ends ignored).
type layout struct {
	name string
	segs []segment
}

// parseLayout splits a template rendered with probe() into literals and
// fields. The responses and both shown IDs must each appear verbatim, and
// no two fields may touch (the boundary between them would be unknowable).
func parseLayout(name, rendered string) (layout, error) {
	pr := probe()
	markers := [numFields]string{pr.Question, pr.First, pr.Second, pr.FirstID, pr.SecondID, pr.ID1, pr.ID2, pr.Arrangement}
	lo := layout{name: name}
	var seen [numFields]bool
	rest := strings.TrimSpace(rendered)
	for rest != "" {
		at, f := len(rest), -1
		for k, mk := range markers {
			if i := strings.Index(rest, mk); i >= 0 && i < at {
				at, f = i, k
			}
		}
		if at > 0 {
			lo.segs = append(lo.segs, segment{lit: rest[:at], field: -1})
		}
		if f < 0 {
			break
		}
		if n := len(lo.segs); n > 0 && lo.segs[n-1].field >= 0 {
			return layout{}, fmt.Errorf("template %s: {{.%s}} follows {{.%s}} with nothing between them, so a prompt cannot be split into them",
				name, fieldNames[f], fieldNames[lo.segs[n-1].field])
		}
		lo.segs = append(lo.segs, segment{field: f})
		seen[f] = true
		rest = rest[at+len(markers[f]):]
	}
	for _, f := range []int{fFirst, fSecond, fFirstID, fSecondID} {
		if !seen[f] {
			return layout{}, fmt.Errorf("template %s does not show {{.%s}} verbatim, so the practice server cannot find it in a prompt", name, fieldNames[f])
		}
	}
	return lo, nil
}

// A match gives up once it has scanned matchBase + matchPerByte·len(text)
// bytes: a prompt whose responses repeat the template's own separators
// thousands of times is refused (400) within a fraction of a second rather
// than searched at length. An ordinary prompt is scanned about once.
const (
	matchBase    = 16 << 20
	matchPerByte = 16
)

// match splits text into the layout's fields. Where a separator also occurs
// inside a field, the shortest field that lets the rest match is taken;
// repeated fields must be equal, token fields one word, the two shown IDs
// different and ID1, ID2 (when shown) among them.
func (lo *layout) match(text string) (vals [numFields]string, ok bool) {
	budget := matchBase + matchPerByte*len(strings.TrimSpace(text))
	return lo.matchWithin(text, &budget)
}

// matchWithin is match charging the bytes it scans to *budget, which the
// caller may share among several matches.
func (lo *layout) matchWithin(text string, budget *int) (vals [numFields]string, ok bool) {
	text = strings.TrimSpace(text)
	var set [numFields]bool
	// index finds lit in text[from:to], charging the bytes scanned.
	index := func(from, to int, lit string) int {
		i := strings.Index(text[from:to], lit)
		if i < 0 {
			*budget -= to - from + 1
			return -1
		}
		*budget -= i + len(lit) + 1
		return from + i
	}
	var rec func(k, pos int) bool
	// try gives field f the value v and continues with next; it undoes the
	// assignment when next fails.
	try := func(f int, v string, next func() bool) bool {
		if token(f) && (v == "" || strings.IndexFunc(v, unicode.IsSpace) >= 0) {
			return false
		}
		if set[f] {
			return vals[f] == v && next()
		}
		set[f], vals[f] = true, v
		if next() {
			return true
		}
		set[f] = false
		return false
	}
	rec = func(k, pos int) bool {
		if *budget--; *budget < 0 {
			return false
		}
		if k == len(lo.segs) {
			return pos == len(text) && valid(&vals, &set)
		}
		sg := lo.segs[k]
		if sg.field < 0 {
			return strings.HasPrefix(text[pos:], sg.lit) && rec(k+1, pos+len(sg.lit))
		}
		if k+1 == len(lo.segs) {
			return try(sg.field, text[pos:], func() bool { return rec(k+1, len(text)) })
		}
		lit := lo.segs[k+1].lit
		to := len(text)
		if token(sg.field) {
			// A token ends at the first space: the separator starts by then.
			if sp := strings.IndexFunc(text[pos:], unicode.IsSpace); sp >= 0 {
				to = min(to, pos+sp+len(lit))
			}
		}
		for off := pos; off < to && *budget >= 0; {
			end := index(off, to, lit)
			if end < 0 {
				return false
			}
			if try(sg.field, text[pos:end], func() bool { return rec(k+2, end+len(lit)) }) {
				return true
			}
			off = end + 1
		}
		return false
	}
	return vals, rec(0, 0)
}

// valid checks a complete parse: both responses and shown IDs, the IDs
// different, and ID1, ID2 (when shown) among them and different.
func valid(vals *[numFields]string, set *[numFields]bool) bool {
	if !set[fFirst] || !set[fSecond] || !set[fFirstID] || !set[fSecondID] || vals[fFirstID] == vals[fSecondID] {
		return false
	}
	for _, f := range []int{fID1, fID2} {
		if set[f] && vals[f] != vals[fFirstID] && vals[f] != vals[fSecondID] {
			return false
		}
	}
	return !set[fID1] || !set[fID2] || vals[fID1] != vals[fID2]
}
