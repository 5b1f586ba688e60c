package model

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
)

// Writer writes records as log format v1 JSON Lines: one JSON object per
// line, keys in a fixed order, numbers in their shortest round-trip form
// (strconv 'g', -1). The output depends only on the records, never on map
// order. Key order:
//
//	pair:    kind, id, judge, group, model_1, model_2, p_a | logprobs | choice, gold, prompt, response_1, response_2, len_1, len_2, condition, truth, extra
//	score:   kind, id, judge, criterion, judge_score | score_probs, human_score, ls, tokens, input, output, condition, truth, extra
//	verdict: kind, id, judge, verdict, human, truth, extra
//
// Optional fields that are empty (or nil, or GoldNone) are left out, except
// a verdict's human, written as null. Arrangements appear in order x0..x3,
// score_probs in order of rating, truth and extra fields sorted by name.
// A pair is written from the Source it was read from. Records are checked
// with Validate first, so everything written reads back equal.
//
// Writes are buffered: call Flush at the end. A Writer is not safe for
// concurrent use.
type Writer struct {
	w       *bufio.Writer
	buf     []byte
	keys    []string
	ratings []ratingProb
	compact bytes.Buffer
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10), buf: make([]byte, 0, 512)}
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() error { return w.w.Flush() }

// WriteLog writes every record of l to w: pairs, then scores, then
// verdicts, then probes, each in slice order.
func WriteLog(w io.Writer, l *Log) error {
	wr := NewWriter(w)
	for i := range l.Pairs {
		if err := wr.WritePair(&l.Pairs[i]); err != nil {
			return err
		}
	}
	for i := range l.Scores {
		if err := wr.WriteScore(&l.Scores[i]); err != nil {
			return err
		}
	}
	for i := range l.Verdicts {
		if err := wr.WriteVerdict(&l.Verdicts[i]); err != nil {
			return err
		}
	}
	for i := range l.Probes {
		if err := wr.WriteProbe(&l.Probes[i]); err != nil {
			return err
		}
	}
	return wr.Flush()
}

// line writes the finished line in w.buf.
func (w *Writer) line(b []byte) error {
	b = append(b, '}', '\n')
	w.buf = b
	_, err := w.w.Write(b)
	return err
}

// appendHead appends the opening of a record: kind, id and judge.
func appendHead(b []byte, kind, id, judge string) []byte {
	b = append(b, `{"kind":"`...)
	b = append(b, kind...)
	b = append(b, `","id":`...)
	b = appendString(b, id)
	b = append(b, `,"judge":`...)
	return appendString(b, judge)
}

// appendKey appends `,"name":`.
func appendKey(b []byte, name string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

// appendOptString appends `,"name":"s"` unless s is empty.
func appendOptString(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	return appendString(appendKey(b, name), s)
}

// appendText appends the text field name: s when not empty, "" when the
// record gave it as "" (empty), nothing when it left it out.
func appendText(b []byte, name, s string, empty bool) []byte {
	if s == "" && !empty {
		return b
	}
	return appendString(appendKey(b, name), s)
}

// WritePair writes one pair record.
func (w *Writer) WritePair(p *Pair) error {
	if err := p.validate(); err != nil {
		return fmt.Errorf("model: cannot write pair %q of judge %q: %w", p.ID, p.Judge, err.at(p.Pos))
	}
	b := appendHead(w.buf[:0], "pair", p.ID, p.Judge)
	b = appendOptString(b, "group", p.Group)
	if p.Gen != nil {
		b = appendOptString(b, "model_1", p.Gen.Model1)
		b = appendOptString(b, "model_2", p.Gen.Model2)
	}
	b = appendKey(b, p.Source.String())
	b = append(b, '{')
	first := true
	for _, a := range Arrangements {
		if !p.Has[a] {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"', 'x', byte('0'+a), '"', ':')
		switch p.Source {
		case SourceProb:
			b = appendFloat(b, p.S[a])
		case SourceChoice:
			switch p.S[a] {
			case 1:
				b = append(b, `"A"`...)
			case 0:
				b = append(b, `"B"`...)
			default:
				b = append(b, `"tie"`...)
			}
		case SourceLogprob:
			b = appendLogprobs(b, p.Logprobs[a])
		}
	}
	b = append(b, '}')
	b = appendSamples(b, p.Samples)
	if p.Gold != GoldNone {
		b = appendKey(b, "gold")
		b = append(b, '"')
		b = append(b, p.Gold.String()...)
		b = append(b, '"')
	}
	b = appendText(b, "prompt", p.Prompt, p.Empty.Has(EmptyPrompt))
	b = appendText(b, "response_1", p.Response1, p.Empty.Has(EmptyResponse1))
	b = appendText(b, "response_2", p.Response2, p.Empty.Has(EmptyResponse2))
	if p.Gen != nil {
		if p.Gen.Len1 != nil {
			b = appendInt(appendKey(b, "len_1"), *p.Gen.Len1)
		}
		if p.Gen.Len2 != nil {
			b = appendInt(appendKey(b, "len_2"), *p.Gen.Len2)
		}
	}
	b = w.appendCondition(b, p.Condition)
	b = w.appendTruth(b, p.Truth)
	b = w.appendExtra(b, p.Extra)
	return w.line(b)
}

// appendLogprobs appends {"A":la,"B":lb}, leaving out −Inf (missing) tokens.
func appendLogprobs(b []byte, lp [2]float64) []byte {
	b = append(b, '{')
	if !math.IsInf(lp[0], -1) {
		b = append(b, `"A":`...)
		b = appendFloat(b, lp[0])
		if !math.IsInf(lp[1], -1) {
			b = append(b, ',')
		}
	}
	if !math.IsInf(lp[1], -1) {
		b = append(b, `"B":`...)
		b = appendFloat(b, lp[1])
	}
	return append(b, '}')
}

// WriteScore writes one score record.
func (w *Writer) WriteScore(s *Score) error {
	if err := s.validate(&w.ratings); err != nil {
		return fmt.Errorf("model: cannot write score %q of judge %q: %w", s.ID, s.Judge, err.at(s.Pos))
	}
	b := appendHead(w.buf[:0], "score", s.ID, s.Judge)
	b = appendString(appendKey(b, "criterion"), s.Criterion)
	if s.JudgeScore != nil {
		b = appendFloat(appendKey(b, "judge_score"), *s.JudgeScore)
	} else {
		b = appendKey(b, "score_probs")
		b = append(b, '{')
		for i, e := range w.ratings { // sorted by validate
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, e.key)
			b = append(b, ':')
			b = appendFloat(b, e.prob)
		}
		b = append(b, '}')
	}
	b = appendFloat(appendKey(b, "human_score"), s.HumanScore)
	if s.LS != nil {
		b = appendFloat(appendKey(b, "ls"), *s.LS)
	}
	if s.Tokens != nil {
		b = appendInt(appendKey(b, "tokens"), *s.Tokens)
	}
	b = appendOptString(b, "input", s.Input)
	b = appendOptString(b, "output", s.Output)
	b = w.appendCondition(b, s.Condition)
	b = w.appendTruth(b, s.Truth)
	b = w.appendExtra(b, s.Extra)
	return w.line(b)
}

// WriteVerdict writes one verdict record.
func (w *Writer) WriteVerdict(v *Verdict) error {
	if err := v.validate(); err != nil {
		return fmt.Errorf("model: cannot write verdict %q of judge %q: %w", v.ID, v.Judge, err.at(v.Pos))
	}
	b := appendHead(w.buf[:0], "verdict", v.ID, v.Judge)
	b = appendBool(appendKey(b, "verdict"), v.Verdict)
	b = appendKey(b, "human")
	if v.Human == nil {
		b = append(b, "null"...)
	} else {
		b = appendBool(b, *v.Human)
	}
	b = w.appendTruth(b, v.Truth)
	b = w.appendExtra(b, v.Extra)
	return w.line(b)
}

// sortedKeys returns the keys of m, sorted, in w's scratch slice.
func sortedKeys[V any](w *Writer, m map[string]V) []string {
	w.keys = w.keys[:0]
	for k := range m {
		w.keys = append(w.keys, k)
	}
	slices.Sort(w.keys)
	return w.keys
}

// appendTruth appends `,"truth":{...}` unless t is empty.
func (w *Writer) appendTruth(b []byte, t Truth) []byte {
	if t.Len() == 0 {
		return b
	}
	b = appendKey(b, "truth")
	b = append(b, '{')
	for i, e := range t.e {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, e.Key)
		b = append(b, ':')
		b = appendFloat(b, e.Value)
	}
	return append(b, '}')
}

// appendExtra appends the extra fields, sorted by name. Values are written
// verbatim, except that values spanning lines (from a JSON array file) are
// compacted to keep one record per line.
func (w *Writer) appendExtra(b []byte, e Extra) []byte {
	for _, k := range sortedKeys(w, e) {
		b = append(b, ',')
		b = appendString(b, k)
		b = append(b, ':')
		v := e[k]
		if bytes.ContainsAny(v, "\r\n") {
			w.compact.Reset()
			if json.Compact(&w.compact, v) == nil { // validated already
				v = w.compact.Bytes()
			}
		}
		b = append(b, v...)
	}
	return b
}
