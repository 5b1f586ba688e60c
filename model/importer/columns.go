package importer

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// Any CSV (or TSV) file, or JSON Lines / JSON array of flat objects, with a
// column mapping given as KEY=COLUMN pairs (plumb import --map KEY=COLUMN).
// Two layouts:
//
// Verdicts, one row per answer: judge-columns=A,B,C names one True/False
// column per judge (the column name is the judge), human=COL the human
// label, id=COL the item. Or the long layout: verdict=COL with judge=COL
// (a column holding the judge's name) or judge-name=NAME.
//
// Pairs, one row per item and judge: p_a.x0=COL ... p_a.x3=COL, or
// choice.x0=COL ... (A, B or tie), or logprobs.x0.A=COL and
// logprobs.x0.B=COL ...; with judge=COL or judge-name=NAME, and optionally
// id, gold (1, 2 or tie), group, prompt, response_1, response_2.
//
// sep=, or sep=tab (or any single character) sets the CSV separator; by
// default it is a tab for .tsv files and for files whose header has tabs
// but no commas, else a comma. Without id=COL the id is the row's line.
//
// Truthy values are true/false, 1/0 and yes/no, case-insensitive (JSON
// booleans and the numbers 1 and 0 too). Probabilities and
// log-probabilities are decimal numbers (0.25, -1.5e-3, .5); hexadecimal
// (0x1p-2), inf and nan are errors. Choices are A, B or tie as log format
// v1 writes them; another case (a, b, Tie) is read too and counted in the
// notes. In a JSON row the judge and group must be strings, the id a
// string or a number (kept as written), and a text (prompt, response_1,
// response_2) that is a boolean or number is kept as written, counted in
// the notes. An empty cell (or JSON null, or a missing key) is a missing
// value: the verdict or arrangement is left out and counted, and a missing
// human label leaves the item unlabelled. Anything else is an error naming
// the line and the column.

// cell is one value of a row: its text and whether it is missing (an
// empty CSV cell, JSON null, or a key the row lacks), and in a JSON row
// its value (nil in a CSV row), whose type columns_cells.go checks.
type cell struct {
	text    string
	missing bool
	raw     []byte
}

// rowFunc returns the value of a mapped column in the current row.
type rowFunc func(col string) (cell, *model.LineError)

// truthy reads a True/False value.
func truthy(col string, c cell) (bool, bool, *model.LineError) {
	if c.missing {
		return false, false, nil
	}
	switch strings.ToLower(strings.TrimSpace(c.text)) {
	case "true", "1", "yes":
		return true, true, nil
	case "false", "0", "no":
		return false, true, nil
	case "":
		return false, false, nil
	}
	return false, false, fieldErr(col, "= "+strconv.Quote(c.text)+" is not a truth value (expected true/false, 1/0 or yes/no)")
}

// colsRow turns one row into records in rc.
func (m *Mapping) colsRow(rc *recCtx, line int, get rowFunc) *model.LineError {
	id := itoa(line)
	if m.ID != "" {
		c, err := get(m.ID)
		if err != nil {
			return err
		}
		if c.missing || strings.TrimSpace(c.text) == "" {
			return fieldErr(m.ID, "is empty (expected the item's id)")
		}
		if err := idCell(m.ID, c); err != nil {
			return err
		}
		id = c.text
	}
	if m.pairwise() {
		return m.pairRow(rc, id, get)
	}
	var human *bool
	if m.Human != "" {
		c, err := get(m.Human)
		if err != nil {
			return err
		}
		v, ok, lerr := truthy(m.Human, c)
		if lerr != nil {
			return lerr
		}
		if ok {
			human = &v
		} else {
			rc.tally.noHuman++
			rc.tally.humanCol = m.Human
		}
	}
	add := func(judge, col string) *model.LineError {
		c, err := get(col)
		if err != nil {
			return err
		}
		v, ok, lerr := truthy(col, c)
		if lerr != nil {
			return lerr
		}
		rc.verdict(judge, emptyRaw, ok)
		rc.tally.get(judge).verdictK = true
		if ok {
			rc.verdicts = append(rc.verdicts, model.Verdict{ID: id, Judge: judge, Verdict: v, Human: human})
		}
		return nil
	}
	if len(m.JudgeColumns) > 0 {
		for _, col := range m.JudgeColumns {
			if err := add(rc.internString(col), col); err != nil {
				return err
			}
		}
		return nil
	}
	judge, err := m.judgeOf(rc, get)
	if err != nil {
		return err
	}
	return add(judge, m.Verdict)
}

// judgeOf returns the row's judge: judge-name, or the judge column.
func (m *Mapping) judgeOf(rc *recCtx, get rowFunc) (string, *model.LineError) {
	if m.JudgeName != "" {
		return rc.internString(m.JudgeName), nil
	}
	c, err := get(m.Judge)
	if err != nil {
		return "", err
	}
	if err := nameCell(m.Judge, c); err != nil {
		return "", err
	}
	if c.missing || strings.TrimSpace(c.text) == "" {
		return "", fieldErr(m.Judge, "is empty (expected the judge's name)")
	}
	return rc.internString(c.text), nil
}

// pairRow turns one row into a pair record.
func (m *Mapping) pairRow(rc *recCtx, id string, get rowFunc) *model.LineError {
	judge, err := m.judgeOf(rc, get)
	if err != nil {
		return err
	}
	p := model.Pair{ID: id, Judge: judge}
	texts := []struct {
		col string
		dst *string
	}{{m.Group, &p.Group}, {m.Prompt, &p.Prompt}, {m.Response1, &p.Response1}, {m.Response2, &p.Response2}}
	for i, t := range texts {
		if t.col == "" || (i > 0 && rc.skipText) {
			continue
		}
		c, err := get(t.col)
		if err != nil {
			return err
		}
		if i == 0 {
			if err := nameCell(t.col, c); err != nil {
				return err
			}
			*t.dst = c.text
			continue
		}
		*t.dst = textCell(rc, t.col, c)
		if string(c.raw) == `""` { // a JSON "" is a value; an empty CSV cell is none
			p.Empty |= model.EmptyPrompt << (i - 1)
		}
	}
	p.Group = rc.internString(p.Group)
	if m.Gold != "" {
		c, err := get(m.Gold)
		if err != nil {
			return err
		}
		switch strings.ToLower(strings.TrimSpace(c.text)) {
		case "":
		case "1":
			p.Gold = model.Gold1
		case "2":
			p.Gold = model.Gold2
		case "tie":
			p.Gold = model.GoldTie
		default:
			return fieldErr(m.Gold, "= "+strconv.Quote(c.text)+` is not a gold label (expected 1, 2 or tie)`)
		}
	}
	for _, a := range model.Arrangements {
		var err *model.LineError
		switch {
		case m.PA != [4]string{}:
			p.Source = model.SourceProb
			err = m.probCell(rc, &p, a, get)
		case m.Choice != [4]string{}:
			p.Source = model.SourceChoice
			err = m.choiceCell(rc, &p, a, get)
		default:
			p.Source = model.SourceLogprob
			err = m.logprobCells(rc, &p, a, get)
		}
		if err != nil {
			return err
		}
	}
	rc.emit(&p)
	return nil
}

// emptyRaw is the spelling counted for an empty cell.
var emptyRaw = []byte(`""`)

func (m *Mapping) probCell(rc *recCtx, p *model.Pair, a model.Arrangement, get rowFunc) *model.LineError {
	col := m.PA[a]
	if col == "" {
		return nil
	}
	c, err := get(col)
	if err != nil {
		return err
	}
	if c.missing || strings.TrimSpace(c.text) == "" {
		rc.verdict(p.Judge, emptyRaw, false)
		return nil
	}
	v, ok := decimal(strings.TrimSpace(c.text))
	if !ok {
		return notDecimal(col, c, "a probability")
	}
	if !(v >= 0 && v <= 1) {
		return fieldErr(col, "= "+strconv.Quote(c.text)+" is not a probability in [0, 1]")
	}
	rc.verdict(p.Judge, nil, true)
	p.Has[a], p.S[a] = true, v
	return nil
}

func (m *Mapping) choiceCell(rc *recCtx, p *model.Pair, a model.Arrangement, get rowFunc) *model.LineError {
	col := m.Choice[a]
	if col == "" {
		return nil
	}
	c, err := get(col)
	if err != nil {
		return err
	}
	v, ok, cerr := choice(rc, col, c)
	if cerr != nil {
		return cerr
	}
	if !ok {
		rc.verdict(p.Judge, emptyRaw, false)
		return nil
	}
	rc.verdict(p.Judge, nil, true)
	p.Has[a], p.S[a] = true, v
	return nil
}

func (m *Mapping) logprobCells(rc *recCtx, p *model.Pair, a model.Arrangement, get rowFunc) *model.LineError {
	if m.Logprobs[a] == [2]string{} {
		return nil
	}
	lp := [2]float64{math.Inf(-1), math.Inf(-1)}
	for t, col := range m.Logprobs[a] {
		if col == "" {
			continue
		}
		c, err := get(col)
		if err != nil {
			return err
		}
		s := strings.TrimSpace(c.text)
		if c.missing || s == "" {
			continue
		}
		v, ok := decimal(s)
		if !ok {
			return notDecimal(col, c, "a log-probability")
		}
		if !(v <= 0) || math.IsInf(v, 0) {
			return fieldErr(col, "= "+strconv.Quote(c.text)+" is not a log-probability (a finite number ≤ 0)")
		}
		lp[t] = v
	}
	if math.IsInf(lp[0], -1) && math.IsInf(lp[1], -1) {
		rc.verdict(p.Judge, emptyRaw, false)
		return nil
	}
	rc.verdict(p.Judge, nil, true)
	p.Has[a], p.Logprobs[a] = true, lp
	p.S[a] = probA(lp[0], lp[1])
	return nil
}

// probA is exp(a)/(exp(a)+exp(b)) without overflow; −Inf is a missing token.
func probA(a, b float64) float64 {
	switch {
	case math.IsInf(b, -1):
		return 1
	case math.IsInf(a, -1):
		return 0
	}
	return mathx.Sigmoid(a - b)
}

// readColumns reads a CSV/TSV or JSON file with mapping m into rc,
// calling rec for each row's outcome; sn is what detection found at the
// start of the file (JSON, tabular with its first line, or empty).
func readColumns(r *bufio.Reader, name string, sn sniffed, m *Mapping, rc *recCtx, rec func(line int, err *model.LineError) error) error {
	switch sn.role {
	case roleEmpty:
		return fileError(name, "holds no records")
	case roleTabular:
		return m.readCSV(r, name, sn.header, rc, rec)
	case roleNotLog:
		return sn.usable(name)
	}
	return eachRecord(r, name, func(line int, b []byte) error {
		rc.reset()
		return rec(line, m.jsonRow(rc, line, b))
	})
}

// jsonRow reads one flat JSON object as a row.
func (m *Mapping) jsonRow(rc *recCtx, line int, b []byte) *model.LineError {
	vals := map[string][]byte{}
	cols := m.columns()
	if err := object(b, func(key, val []byte) {
		if slices.Contains(cols, string(key)) {
			vals[string(key)] = val
		}
	}); err != nil {
		return err
	}
	return m.colsRow(rc, line, func(col string) (cell, *model.LineError) {
		raw, ok := vals[col]
		switch {
		case !ok || isNull(raw):
			return cell{missing: true}, nil
		case isString(raw):
			return cell{text: str(raw), raw: raw}, nil
		case isNumber(raw), raw[0] == 't', raw[0] == 'f':
			return cell{text: string(raw), raw: raw}, nil
		}
		return cell{}, typeErr(col, raw, "a string, number, boolean or null")
	})
}

// guessComma is the separator of a CSV file without sep=: a tab for a
// .tsv file and for one whose first line has tabs but no commas, else a
// comma.
func guessComma(name string, first []byte) rune {
	if strings.HasSuffix(strings.ToLower(strings.TrimSuffix(name, ".gz")), ".tsv") ||
		bytes.IndexByte(first, '\t') >= 0 && bytes.IndexByte(first, ',') < 0 {
		return '\t'
	}
	return ','
}

// readCSV reads a CSV file whose first non-blank line is first.
func (m *Mapping) readCSV(r *bufio.Reader, name string, first []byte, rc *recCtx, rec func(line int, err *model.LineError) error) error {
	if b, _ := r.Peek(len(utf8BOM)); bytes.Equal(b, utf8BOM) {
		r.Discard(len(utf8BOM))
	}
	cr := csv.NewReader(&lineCapped{r: r, max: model.MaxRecordBytes})
	cr.ReuseRecord = true
	cr.Comma = m.Sep
	if cr.Comma == 0 {
		cr.Comma = guessComma(name, first)
	}
	header, err := cr.Read()
	if err == io.EOF {
		return fileError(name, "is empty (expected a header row with the column names)")
	}
	if err != nil {
		return csvError(name, err)
	}
	headLine, _ := cr.FieldPos(0)
	index := map[string]int{}
	twice := map[string]int{} // a name given twice: its second position
	for i, h := range header {
		h = strings.TrimSpace(h)
		if _, dup := index[h]; !dup {
			index[h] = i
		} else if _, ok := twice[h]; !ok {
			twice[h] = i
		}
	}
	for _, col := range m.columns() {
		if _, ok := index[col]; !ok {
			return &model.LineError{File: name, Line: headLine, Msg: fmt.Sprintf("no column %q (the header has: %s)", col, strings.Join(header, ", "))}
		}
		// A mapped name given twice is ambiguous: reading either column
		// would drop the other silently. Unmapped duplicates (say two
		// unnamed index columns) are never read and do no harm.
		if j, ok := twice[col]; ok {
			return &model.LineError{File: name, Line: headLine, Msg: fmt.Sprintf("column %q appears twice in the header (columns %d and %d): "+
				"rename one, so that the mapping says which to read", col, index[col]+1, j+1)}
		}
	}
	for rows := 0; ; rows++ {
		row, err := cr.Read()
		if err == io.EOF && rows == 0 {
			// As for an empty JSON file: an import of nothing is an error,
			// not an empty log that every later command rejects.
			return fileError(name, "holds no records (only a header row)")
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			rc.reset()
			if le := csvError(name, err); le.Line > 0 {
				if e := rec(le.Line, &model.LineError{Msg: le.Msg}); e != nil {
					return e
				}
				continue
			}
			return csvError(name, err)
		}
		line, _ := cr.FieldPos(0)
		rc.reset()
		lerr := m.colsRow(rc, line, func(col string) (cell, *model.LineError) {
			v := row[index[col]]
			if err := cellUTF8(col, v); err != nil {
				return cell{}, err
			}
			return cell{text: v, missing: v == ""}, nil
		})
		if e := rec(line, lerr); e != nil {
			return e
		}
	}
}

// csvError turns an encoding/csv error into a LineError.
func csvError(name string, err error) *model.LineError {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &model.LineError{File: name, Line: pe.Line, Msg: "not valid CSV: " + pe.Err.Error()}
	}
	return readError(name, err)
}
