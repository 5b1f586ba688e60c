package importer

import (
	"encoding/json"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/model"
)

// Helpers shared by the record parsers: walking a record's fields, typed
// field errors, and the per-record context that collects pairs and counts.

// object walks the record b, which must be exactly one JSON object of
// valid UTF-8 with no field given twice (record_checks.go), and calls set
// with each top-level field's name and raw value (validated JSON).
// Errors are LineErrors whose Line is relative to b's first line.
func object(b []byte, set func(key, val []byte)) *model.LineError {
	if len(b) == 0 || b[0] != '{' {
		what := "nothing"
		if len(b) > 0 {
			if _, se := jsonscan.SkipValue(b, 0, 0, end); se == nil {
				what = typeName(b)
			} else {
				what = "invalid JSON (" + se.Msg + ")"
			}
		}
		return &model.LineError{Msg: "a record must be a JSON object, found " + what}
	}
	if off := badUTF8(b); off >= 0 {
		return utf8Error(b, off)
	}
	var keys keySet
	end, se := jsonscan.WalkObject(b, 0, 0, end, func(key []byte, esc bool, val []byte) *jsonscan.Error {
		if esc {
			key = jsonscan.Unescape(nil, key)
		}
		if !keys.add(key) {
			return &jsonscan.Error{Msg: "appears twice"}
		}
		set(key, val)
		return nil
	})
	if keys.dup != nil {
		le := synError(b, se)
		return &model.LineError{Line: le.Line, Field: string(keys.dup), Msg: "appears twice"}
	}
	if se != nil {
		return synError(b, se)
	}
	if j := jsonscan.SkipSpace(b, end); j < len(b) {
		return synError(b, &jsonscan.Error{Off: j, Msg: jsonscan.Unexpected(b, j) + " after the record (one JSON object per line)"})
	}
	return nil
}

// fieldFunc adapts set to jsonscan.WalkObject, unescaping the rare escaped key.
func fieldFunc(set func(key, val []byte)) func(key []byte, esc bool, val []byte) *jsonscan.Error {
	return func(key []byte, esc bool, val []byte) *jsonscan.Error {
		if esc {
			key = jsonscan.Unescape(nil, key)
		}
		set(key, val)
		return nil
	}
}

// fields calls set for each field of raw, an object already validated.
func fields(raw []byte, set func(key, val []byte)) {
	jsonscan.WalkObject(raw, 0, 0, end, fieldFunc(set))
}

// elems calls fn for each element of raw, an array already validated.
func elems(raw []byte, fn func(n int, val []byte)) {
	jsonscan.WalkArray(raw, 0, 0, end, func(n int, val []byte) *jsonscan.Error {
		fn(n, val)
		return nil
	})
}

// fieldErr is an error about field.
func fieldErr(field, msg string) *model.LineError {
	return &model.LineError{Field: field, Msg: msg}
}

// typeErr says that field has the wrong JSON type (or is missing).
func typeErr(field string, raw []byte, want string) *model.LineError {
	switch {
	case raw == nil:
		return fieldErr(field, "is missing (expected "+want+")")
	case isNull(raw):
		return fieldErr(field, "is null, expected "+want)
	}
	return fieldErr(field, "= "+jsonscan.Show(raw)+" is "+typeName(raw)+", expected "+want)
}

// needString decodes the required non-empty string field.
func needString(field string, raw []byte) (string, *model.LineError) {
	if !isString(raw) {
		return "", typeErr(field, raw, "a string")
	}
	s := str(raw)
	if strings.TrimSpace(s) == "" {
		return "", fieldErr(field, "is empty")
	}
	return s, nil
}

// optString decodes an optional string field: "" when missing or null.
func optString(field string, raw []byte) (string, *model.LineError) {
	if raw == nil || isNull(raw) {
		return "", nil
	}
	if !isString(raw) {
		return "", typeErr(field, raw, "a string")
	}
	return str(raw), nil
}

// text decodes an optional text field, or skips it (checking its type)
// when texts are not kept; null is no text. A JSON boolean or number is
// kept as written ("true", "1e2") and counted in the file's notes, by
// field, with its first line: a model may well have answered "true", and
// a tool's JSON writer stored it so (PandaLM's testset-v1.json has six).
// The log reader refuses non-string texts; an importer converts them, and
// says so, so that a real file still imports.
func (rc *recCtx) text(field string, raw []byte) (string, *model.LineError) {
	switch {
	case raw == nil || isNull(raw):
		return "", nil
	case isObject(raw) || isArray(raw):
		return "", typeErr(field, raw, "a string")
	case rc.skipText:
		return "", nil
	case isString(raw):
		return str(raw), nil
	}
	rc.convert(convText, field, jsonscan.Show(raw))
	return string(raw), nil
}

// response is text for a response field, and also returns the response's
// length in Unicode code points when texts are skipped and their lengths
// kept (model.ReadOptions.TextLengths): nil otherwise (Pair.Length counts
// a kept text itself).
func (rc *recCtx) response(field string, raw []byte) (string, *int, *model.LineError) {
	s, err := rc.text(field, raw)
	if err != nil || !rc.skipText || !(rc.textLengths || rc.genTextLengths) || raw == nil || isNull(raw) {
		return s, nil, err
	}
	n := len(raw) // a JSON boolean or number, kept as written
	if isString(raw) {
		n = utf8.RuneCount(strBytes(raw))
	}
	return s, &n, nil
}

// setLengths sets the response lengths l1 and l2 (nil: not known) in
// p.Gen, creating it when needed; under model.ReadOptions.GenTextLengths
// alone only when p names a generator (p.Gen is set: the importers set
// the generators first).
func (rc *recCtx) setLengths(p *model.Pair, l1, l2 *int) {
	if l1 == nil && l2 == nil || p.Gen == nil && !rc.textLengths && rc.genTextLengths {
		return
	}
	if p.Gen == nil {
		p.Gen = &model.Generators{}
	}
	p.Gen.Len1, p.Gen.Len2 = l1, l2
}

// idString decodes an identifier that may be a string or a number, as the
// number is written ("81", "3.5").
func idString(field string, raw []byte) (string, *model.LineError) {
	switch {
	case isString(raw):
		s := str(raw)
		if strings.TrimSpace(s) == "" {
			return "", fieldErr(field, "is empty")
		}
		return s, nil
	case isNumber(raw):
		return string(raw), nil
	}
	return "", typeErr(field, raw, "a string or a number")
}

// recCtx is the context of the records of one file: options, the judge
// names seen (interned), and the counts behind the notes. Parsers append
// the pairs of each record to pairs.
type recCtx struct {
	skipText bool
	// textLengths keeps the lengths of skipped response texts
	// (model.ReadOptions.TextLengths).
	textLengths bool
	// genTextLengths keeps them for records that name a generator only
	// (model.ReadOptions.GenTextLengths).
	genTextLengths bool
	tally          *tally
	names          map[string]string
	pairs          []model.Pair
	verdicts       []model.Verdict
	// recUnread counts the current record's unreadable verdicts.
	recUnread int
	// convs are the current record's converted values, counted in the
	// tally when the record is kept (commit).
	convs []pendingConv
}

// pendingConv is one converted value of the current record (tally.convert).
type pendingConv struct {
	kind           convKind
	field, example string
}

// convert notes that field's value, written as example, was read by the
// conversion kind; it is counted when the record is kept.
func (rc *recCtx) convert(kind convKind, field, example string) {
	rc.convs = append(rc.convs, pendingConv{kind, field, example})
}

// commit counts the conversions of the current record, which starts on
// line: the record was kept.
func (rc *recCtx) commit(line int) {
	for _, c := range rc.convs {
		rc.tally.convert(c.kind, c.field, line, c.example)
	}
	rc.convs = rc.convs[:0]
}

func newRecCtx(file string, skipText bool) *recCtx {
	return &recCtx{skipText: skipText, tally: newTally(file), names: map[string]string{}}
}

// intern returns s, sharing one string per distinct value.
func (rc *recCtx) intern(b []byte) string {
	if s, ok := rc.names[string(b)]; ok {
		return s
	}
	s := string(b)
	rc.names[s] = s
	return s
}

// internString is intern for a string.
func (rc *recCtx) internString(s string) string {
	if t, ok := rc.names[s]; ok {
		return t
	}
	rc.names[s] = s
	return s
}

// reset empties the record outputs for the next record.
func (rc *recCtx) reset() {
	clear(rc.pairs)
	rc.pairs = rc.pairs[:0]
	clear(rc.verdicts)
	rc.verdicts = rc.verdicts[:0]
	rc.recUnread = 0
	rc.convs = rc.convs[:0]
}

// emit adds p unless it has no readable x0, which a pair record needs:
// then the item is counted as left out. It reports whether p was kept.
func (rc *recCtx) emit(p *model.Pair) bool {
	if !p.Has[model.X0] {
		jc := rc.tally.get(p.Judge)
		jc.leftOut++
		jc.lostBad += rc.recUnread
		jc.lostGood += p.NumArrangementsPresent()
		return false
	}
	rc.pairs = append(rc.pairs, *p)
	return true
}

// verdict counts one verdict of judge; raw is its value, and ok says
// whether it could be read. Unreadable values are counted by spelling.
func (rc *recCtx) verdict(judge string, raw []byte, ok bool) {
	jc := rc.tally.get(judge)
	jc.verdicts++
	if !ok {
		jc.unread++
		jc.value(raw)
		rc.recUnread++
	}
}

// swappedRun is the arrangement of the second run of FastChat/MT-Bench,
// LLMBar, JudgeBench and Arena-Hard. They show the other response first and
// still call the first-shown response "A" (option IDs stay on positions,
// contents swap): METHODS.md §1 x2, where P(A) = P(response_2 better).
const swappedRun = model.X2

// setPref stores a verdict read in response identity: r is the preference
// for response_1 (1, 0.5 or 0 for a hard verdict) seen in arrangement a.
// S[a] is the observed P(A), so r is turned back into it: S = r for x0 and
// x1, 1 − r for x2 and x3 (Arrangement.Preference is its own inverse).
func setPref(p *model.Pair, a model.Arrangement, r float64) {
	p.Has[a], p.S[a] = true, a.Preference(r)
}

// jsonString encodes s as a JSON value for an extra field.
func jsonString(s string) json.RawMessage {
	b, _ := json.Marshal(s) // a string always encodes
	return b
}

// jsonNumber encodes the finite v as a JSON value for an extra field.
func jsonNumber(v float64) json.RawMessage { return strconv.AppendFloat(nil, v, 'g', -1, 64) }

// empties is the set of the pair texts (prompt, response_1, response_2,
// from the raw JSON values given) that are the empty string "": values a
// log keeps and writes back (model.Pair.Empty), not texts left out. None
// when texts are skipped.
func (rc *recCtx) empties(prompt, r1, r2 []byte) model.EmptyTexts {
	var e model.EmptyTexts
	if rc.skipText {
		return 0
	}
	for i, raw := range [...][]byte{prompt, r1, r2} {
		if string(raw) == `""` {
			e |= model.EmptyPrompt << i
		}
	}
	return e
}
