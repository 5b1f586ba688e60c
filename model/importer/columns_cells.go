package importer

import (
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/internal/jsonscan"
	"github.com/plumb-eval/plumb/model"
)

// Reading one cell of the columns format as a number, a choice, a name or
// a text, as the log reader reads the corresponding field, or by a
// conversion that columns.go documents and the notes count.

// decimal parses s, a cell with its surrounding space trimmed, as a
// decimal number: an optional sign, digits with an optional decimal point
// (1, 0.25, .5, 5.), and an optional exponent (1e-3). That is what
// spreadsheets, pandas and R write. strconv.ParseFloat alone would also
// read hexadecimal (0x1p-2), inf, nan and infinity, which no such tool
// writes for a probability: a cell like that is an error, as a JSON
// number in log format v1 cannot be one either.
func decimal(s string) (float64, bool) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && jsonscan.IsDigit(s[i]); i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && jsonscan.IsDigit(s[i]); i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for ; i < len(s) && jsonscan.IsDigit(s[i]); i++ {
			exp++
		}
		if exp == 0 {
			return 0, false
		}
	}
	if i != len(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil // a range error: ±Inf, which no caller accepts
}

// notDecimal is the message for a cell that is not a decimal number.
func notDecimal(col string, c cell, want string) *model.LineError {
	return fieldErr(col, "= "+strconv.Quote(c.text)+" is not "+want+
		" (a decimal number such as 0.25 or -1.5e-3; hexadecimal, inf and nan are not read)")
}

// choice reads a choice cell: A, B or tie, as log format v1 writes them.
// Another case (a, b, Tie, TIE) is read too and counted in the notes
// (convChoice); anything else is an error.
func choice(rc *recCtx, col string, c cell) (v float64, ok bool, err *model.LineError) {
	s := strings.TrimSpace(c.text)
	switch s {
	case "":
		return 0, false, nil
	case "A":
		return 1, true, nil
	case "B":
		return 0, true, nil
	case "tie":
		return 0.5, true, nil
	}
	switch strings.ToLower(s) {
	case "a":
		v = 1
	case "b":
		v = 0
	case "tie":
		v = 0.5
	default:
		return 0, false, fieldErr(col, "= "+strconv.Quote(c.text)+" is not a choice (expected A, B or tie)")
	}
	rc.convert(convChoice, col, strconv.Quote(s))
	return v, true, nil
}

// nameCell checks a cell that names something (the judge, the group): in
// JSON it must be a string, as in log format v1 and every other importer.
func nameCell(col string, c cell) *model.LineError {
	if c.raw != nil && !isString(c.raw) && !isNull(c.raw) {
		return typeErr(col, c.raw, "a string")
	}
	return nil
}

// textCell reads a text cell (prompt, response_1, response_2): a JSON
// boolean or number is kept as written and counted, as the other
// importers keep such texts (recCtx.text).
func textCell(rc *recCtx, col string, c cell) string {
	if c.raw != nil && !isString(c.raw) && !isNull(c.raw) {
		rc.convert(convText, col, jsonscan.Show(c.raw))
	}
	return c.text
}

// idCell checks the id cell: in JSON a string or a number (kept as
// written, as the other importers read question_id or idx), not a
// boolean.
func idCell(col string, c cell) *model.LineError {
	if c.raw != nil && !isString(c.raw) && !isNumber(c.raw) && !isNull(c.raw) {
		return typeErr(col, c.raw, "a string or a number")
	}
	return nil
}
