package model

import (
	"bytes"
	"encoding/json"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"strconv"
	"unicode/utf8"
)

// Record is one parsed log record: exactly one of Pair, Score, Verdict and Probe is
// set, as Kind says. A blank line parses to the zero Record.
type Record struct {
	Kind    Kind
	Pair    *Pair
	Score   *Score
	Verdict *Verdict
	Probe   *Probe
}

// ParseLine parses one line of a JSON Lines log (without its newline) into a
// record located at pos. It applies every check of the reader except the
// duplicate check, which needs the whole log. Errors are *LineError and
// match ErrBadInput.
func ParseLine(line []byte, pos Pos) (Record, error) {
	var p recParser
	p.init(pos.File, false)
	out := record{pair: new(Pair), score: new(Score), verdict: new(Verdict), probe: new(Probe)}
	if err := p.parse(line, pos.Line, 0, &out); err != nil {
		return Record{}, err
	}
	switch out.kind {
	case KindPair:
		return Record{Kind: out.kind, Pair: out.pair}, nil
	case KindScore:
		return Record{Kind: out.kind, Score: out.score}, nil
	case KindVerdict:
		return Record{Kind: out.kind, Verdict: out.verdict}, nil
	case KindProbe:
		return Record{Kind: out.kind, Probe: out.probe}, nil
	}
	return Record{}, nil
}

// record says where the parser puts a record: it decodes a pair into
// *pair, a score into *score, a verdict into *verdict, and sets kind to
// say which one it filled. The reader points them at free slots of the
// batch's record slices, so records are decoded in place.
type record struct {
	kind    Kind // "" for a blank line or an error
	pair    *Pair
	score   *Score
	verdict *Verdict
	probe   *Probe
}

// drop empties the slot a failed record was decoded into, so that it
// holds no memory.
func (r *record) drop() {
	switch r.kind {
	case KindPair:
		*r.pair = Pair{}
	case KindScore:
		*r.score = Score{}
	case KindVerdict:
		*r.verdict = Verdict{}
	case KindProbe:
		*r.probe = Probe{}
	}
	r.kind = ""
}

// field identifies a top-level field the format defines for some kind.
type field uint8

const (
	fKind field = iota
	fID
	fJudge
	fTruth
	fGroup // pair fields
	fPA
	fLogprobs
	fChoice
	fGold
	fPrompt
	fResponse1
	fResponse2
	fModel1
	fModel2
	fLen1
	fLen2
	fCriterion // score fields
	fJudgeScore
	fScoreProbs
	fHumanScore
	fLS
	fTokens
	fInput
	fOutput
	fVerdict // verdict fields
	fHuman
	fProbe // probe fields
	fCondition
	fSamples // pair field, last so that merges stay small
	numFields
	fUnknown field = 255
)

// fieldNames are the JSON names of the fields, indexed by field.
var fieldNames = [numFields]string{
	"kind", "id", "judge", "truth",
	"group", "p_a", "logprobs", "choice", "gold", "prompt", "response_1", "response_2",
	"model_1", "model_2", "len_1", "len_2",
	"criterion", "judge_score", "score_probs", "human_score", "ls", "tokens", "input", "output",
	"verdict", "human",
	"probe", "condition",
	"samples",
}

// fieldSet is a set of fields.
type fieldSet uint32

func setOf(fs ...field) fieldSet {
	var s fieldSet
	for _, f := range fs {
		s |= 1 << f
	}
	return s
}

func (s fieldSet) has(f field) bool { return s&(1<<f) != 0 }

// The fields each kind defines; other fields are kept in Extra.
var (
	pairFields = setOf(fKind, fID, fJudge, fTruth, fGroup, fPA, fLogprobs, fChoice, fGold, fPrompt, fResponse1, fResponse2,
		fModel1, fModel2, fLen1, fLen2, fCondition, fSamples)
	scoreFields   = setOf(fKind, fID, fJudge, fTruth, fCriterion, fJudgeScore, fScoreProbs, fHumanScore, fLS, fTokens, fInput, fOutput, fCondition)
	verdictFields = setOf(fKind, fID, fJudge, fTruth, fVerdict, fHuman)
	probeFields   = setOf(fKind, fID, fJudge, fTruth, fProbe, fPA, fCondition)
)

// lookupField maps a field name to its field, or fUnknown.
func lookupField(name []byte) field {
	switch string(name) {
	case "kind":
		return fKind
	case "id":
		return fID
	case "judge":
		return fJudge
	case "truth":
		return fTruth
	case "group":
		return fGroup
	case "p_a":
		return fPA
	case "logprobs":
		return fLogprobs
	case "choice":
		return fChoice
	case "gold":
		return fGold
	case "prompt":
		return fPrompt
	case "response_1":
		return fResponse1
	case "response_2":
		return fResponse2
	case "model_1":
		return fModel1
	case "model_2":
		return fModel2
	case "len_1":
		return fLen1
	case "len_2":
		return fLen2
	case "criterion":
		return fCriterion
	case "judge_score":
		return fJudgeScore
	case "score_probs":
		return fScoreProbs
	case "human_score":
		return fHumanScore
	case "ls":
		return fLS
	case "tokens":
		return fTokens
	case "input":
		return fInput
	case "output":
		return fOutput
	case "verdict":
		return fVerdict
	case "human":
		return fHuman
	case "probe":
		return fProbe
	case "condition":
		return fCondition
	case "samples":
		return fSamples
	}
	return fUnknown
}

// member is a top-level field of a record whose name is not one of the
// format's: kept for Extra.
type member struct {
	name string
	val  []byte
}

// recParser parses records. It is not safe for concurrent use; the reader
// gives each worker its own.
type recParser struct {
	file      string
	multiLine bool // records are JSON array elements that may span lines
	final     bool // the record is the file's last line, without a newline
	skipText  bool // leave texts empty
	// textLengths keeps the lengths of skipped response texts in Pair.Gen
	// (ReadOptions.TextLengths).
	textLengths bool
	// genTextLengths keeps them for records with generator fields only
	// (ReadOptions.GenTextLengths).
	genTextLengths bool
	end            string
	// where the current record starts, for syntax error positions
	line, col int
	b         []byte

	vals    [numFields][]byte   // raw values of known fields; nil when absent
	unknown []member            // other fields, in order
	seen    map[string]struct{} // names in unknown
	ratings map[float64]string  // score_probs ratings seen, for duplicates
	names   map[string]string   // intern table of judges, groups, criteria, keys
	last    [numFields]string   // IDs and texts of the previous record
	scratch []byte
	tbuf    []TruthEntry        // the current block of truth entries
	tseen   map[string]struct{} // keys of a long truth object
	tkeys   []string            // the truth keys of the previous record, in order
	vals1   valueBlocks         // what records' *float64, *int and *bool point to
	conds   condTable           // the conditions records share
}

func (p *recParser) init(file string, multiLine bool) {
	p.file = file
	p.setMultiLine(multiLine)
	p.names = make(map[string]string)
}

// setMultiLine says whether records are JSON array elements (true) or
// JSON Lines lines (false).
func (p *recParser) setMultiLine(m bool) {
	p.multiLine = m
	p.end = "line"
	if m {
		p.end = "element"
	}
}

// Sharing equal strings saves memory (and, on a large log, the time to
// touch it). Names (judges, groups, criteria, truth and rating keys) repeat
// across a whole log: they go through a bounded table, emptied when full.
// IDs and texts repeat across the judges of an item, whose records are
// usually next to each other: each is compared with the same field of the
// previous record, which costs almost nothing when it differs.
const maxNames = 4096

// internMode says how a string value is shared with equal earlier ones.
type internMode uint8

const (
	internName internMode = iota // through the table p.names
	internLast                   // with the same field of the previous record
)

// intern returns the string with content b, sharing storage with an equal
// string seen before in table m.
func intern(m map[string]string, b []byte, limit int) string {
	if s, ok := m[string(b)]; ok {
		return s
	}
	if len(m) >= limit {
		clear(m)
	}
	s := string(b)
	m[s] = s
	return s
}

// str decodes the JSON string raw, the value of field f, sharing it as
// mode says.
func (p *recParser) str(raw []byte, f field, mode internMode) string {
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') >= 0 {
		p.scratch = jsonscan.Unescape(p.scratch[:0], body)
		body = p.scratch
	}
	switch mode {
	case internName:
		return intern(p.names, body, maxNames)
	case internLast:
		if string(body) == p.last[f] {
			return p.last[f]
		}
		s := string(body)
		p.last[f] = s
		return s
	}
	return string(body)
}

// internKey decodes a field name given without quotes, interned as a name.
func (p *recParser) internKey(key []byte, esc bool) string {
	if esc {
		p.scratch = jsonscan.Unescape(p.scratch[:0], key)
		key = p.scratch
	}
	return intern(p.names, key, maxNames)
}

// loc describes byte offset off of the current record for a message:
// "column 17", or "line 12, column 5" for multi-line records.
func (p *recParser) loc(off int) string {
	if !p.multiLine {
		return "column " + strconv.Itoa(off+1)
	}
	line, col := p.line, p.col+off
	if nl := bytes.LastIndexByte(p.b[:off], '\n'); nl >= 0 {
		line += bytes.Count(p.b[:nl+1], []byte{'\n'})
		col = off - nl
	}
	return "line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col)
}

// syntax turns a syntax error into a LineError.
func (p *recParser) syntax(e *jsonscan.Error) *LineError {
	msg := "invalid JSON at " + p.loc(e.Off)
	if e.Path != "" {
		msg += " (in " + e.Path + ")"
	}
	msg += ": " + e.Msg
	switch {
	case !p.multiLine && e.Off >= len(p.b) && p.final:
		msg += "; the file's last line has no newline and ends inside a record: a write was cut off (a plumb collect stopped or out of disk space); re-running the same plumb collect command repairs it (it cuts that line off and asks its item again)"
	case !p.multiLine && e.Off >= len(p.b):
		msg += "; each record must be one JSON object on one line"
	}
	return &LineError{Msg: msg}
}

// parse parses the record b, which starts at line (and, for multi-line
// records, column col) of p.file, into out. A blank b gives out.kind == "".
func (p *recParser) parse(b []byte, line, col int, out *record) *LineError {
	p.b, p.line, p.col = b, line, col
	out.kind = ""
	if jsonscan.SkipSpace(b, 0) == len(b) {
		return nil
	}
	pos := Pos{File: p.file, Line: line}
	if err := p.split(b); err != nil {
		return err.at(pos)
	}
	if err := p.record(out, pos); err != nil {
		out.drop()
		return err.at(pos)
	}
	return nil
}

// split checks that b is one JSON object (with optional surrounding space)
// and sorts its fields into p.vals and p.unknown.
func (p *recParser) split(b []byte) *LineError {
	p.vals = [numFields][]byte{}
	p.unknown = p.unknown[:0]
	i := jsonscan.SkipSpace(b, 0)
	if !utf8.Valid(b) {
		off := 0
		for off < len(b) {
			r, n := utf8.DecodeRune(b[off:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			off += n
		}
		return p.syntax(&jsonscan.Error{Off: off, Msg: "invalid UTF-8"})
	}
	if b[i] != '{' {
		j, err := jsonscan.SkipValue(b, i, 0, p.end)
		if err != nil {
			return p.syntax(err)
		}
		return &LineError{Msg: "a record must be a JSON object, found " + jsonscan.TypeName(b[i:j])}
	}
	i = jsonscan.SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		i++
	} else {
		for {
			if i >= len(b) {
				return p.syntax(jsonscan.EndError(b, p.end+"; expected a field name"))
			}
			if b[i] != '"' {
				return p.syntax(&jsonscan.Error{Off: i, Msg: jsonscan.Unexpected(b, i) + "; expected a field name in double quotes"})
			}
			ks := i
			j, esc, serr := jsonscan.SkipString(b, i, p.end)
			if serr != nil {
				return p.syntax(serr)
			}
			key := b[ks+1 : j-1]
			i = jsonscan.SkipSpace(b, j)
			if i >= len(b) {
				return p.syntax(jsonscan.EndError(b, p.end+"; expected ':'"))
			}
			if b[i] != ':' {
				return p.syntax(&jsonscan.Error{Off: i, Msg: jsonscan.Unexpected(b, i) + "; expected ':' after a field name"})
			}
			i = jsonscan.SkipSpace(b, i+1)
			vs := i
			i, serr = jsonscan.SkipValue(b, i, 0, p.end)
			if serr != nil {
				return p.syntax(serr.In(jsonscan.KeyString(key, esc)))
			}
			if err := p.addField(key, esc, b[vs:i]); err != nil {
				return err
			}
			i = jsonscan.SkipSpace(b, i)
			if i >= len(b) {
				return p.syntax(jsonscan.EndError(b, p.end+"; expected ',' or '}'"))
			}
			if b[i] == ',' {
				i = jsonscan.SkipSpace(b, i+1)
				continue
			}
			if b[i] != '}' {
				return p.syntax(&jsonscan.Error{Off: i, Msg: jsonscan.Unexpected(b, i) + "; expected ',' or '}' after a field value"})
			}
			i++
			break
		}
	}
	if i = jsonscan.SkipSpace(b, i); i < len(b) {
		return p.syntax(&jsonscan.Error{Off: i, Msg: jsonscan.Unexpected(b, i) + " after the record's closing '}' (one JSON object per " + p.end + ")"})
	}
	return nil
}

// addField files the field key (raw, without quotes) with value val.
func (p *recParser) addField(key []byte, esc bool, val []byte) *LineError {
	name := key
	if esc {
		p.scratch = jsonscan.Unescape(p.scratch[:0], key)
		name = p.scratch
	}
	if f := lookupField(name); f != fUnknown {
		if p.vals[f] != nil {
			return fieldErr(fieldNames[f], "appears twice")
		}
		p.vals[f] = val
		return nil
	}
	if p.seen == nil {
		p.seen = make(map[string]struct{})
	}
	if len(p.unknown) == 0 {
		clear(p.seen)
	}
	if _, dup := p.seen[string(name)]; dup {
		return fieldErr(string(name), "appears twice")
	}
	if err := finiteNumbers(string(name), val); err != nil {
		return err
	}
	m := member{name: string(name), val: val}
	p.seen[m.name] = struct{}{}
	p.unknown = append(p.unknown, m)
	return nil
}

// record decodes the filed fields into out.
func (p *recParser) record(out *record, pos Pos) *LineError {
	raw := p.vals[fKind]
	if raw == nil {
		return errMissing("kind", `expected "pair", "score", "verdict" or "probe"`)
	}
	if raw[0] != '"' {
		return errType("kind", raw, `"pair", "score", "verdict" or "probe"`)
	}
	var err *LineError
	switch string(strBody(raw)) {
	case string(KindPair):
		out.kind = KindPair
		*out.pair = Pair{Pos: pos}
		err = p.pair(out.pair)
		if err == nil {
			out.pair.Extra = p.extra(pairFields)
		}
	case string(KindScore):
		out.kind = KindScore
		*out.score = Score{Pos: pos}
		err = p.score(out.score)
		if err == nil {
			out.score.Extra = p.extra(scoreFields)
		}
	case string(KindVerdict):
		out.kind = KindVerdict
		*out.verdict = Verdict{Pos: pos}
		err = p.verdict(out.verdict)
		if err == nil {
			out.verdict.Extra = p.extra(verdictFields)
		}
	case string(KindProbe):
		if out.probe == nil {
			out.probe = new(Probe)
		}
		out.kind = KindProbe
		*out.probe = Probe{Pos: pos}
		err = p.probe(out.probe)
		if err == nil {
			out.probe.Extra = p.extra(probeFields)
		}
	default:
		return errValue("kind", raw, `is not a record kind (expected "pair", "score", "verdict" or "probe")`)
	}
	return err
}

// extra collects the fields that kind does not define: unknown ones and
// those of other kinds. It copies their values, so the record does not
// share memory with the input buffer.
func (p *recParser) extra(kind fieldSet) Extra {
	var e Extra
	for f := field(0); f < numFields; f++ {
		if p.vals[f] != nil && !kind.has(f) {
			if e == nil {
				e = make(Extra)
			}
			e[fieldNames[f]] = json.RawMessage(bytes.Clone(p.vals[f]))
		}
	}
	for _, m := range p.unknown {
		if e == nil {
			e = make(Extra, len(p.unknown))
		}
		e[m.name] = json.RawMessage(bytes.Clone(m.val))
	}
	return e
}
