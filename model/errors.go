package model

import (
	"errors"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/internal/jsonscan"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// ErrBadInput is matched, via errors.Is, by every error that is the input's
// fault: a bad line, a duplicate record, a file that cannot be opened or
// decompressed. The CLI exits with status 2 on such errors.
var ErrBadInput = errors.New("bad input")

// LineError is a problem with the input, located by file, line and field.
//
// Its Error text is "file:line: field msg", for example
//
//	runs.jsonl:1207: p_a.x1 = 1.7 is not a probability in [0, 1]
//
// Parts that are unknown are left out: "file: msg" for an error about a
// whole file, "field msg" for a record that came from no file.
//
// File, Field and Msg hold what the input said: a file name found by
// walking a folder, a JSON key path, a CSV header name, a value quoted in
// the message. Error shows each through textsafe.Line, so no error of a
// reader or importer can carry a control character, an escape sequence or
// a bidi override to the terminal or report that prints it;
// the fields themselves keep the input's bytes. This is the one place
// input-derived error text is made safe: readers and importers build
// LineErrors and need no escaping of their own. Errors that are not
// LineErrors are made safe where they are printed (cmd/plumb's error
// output, the TUI's status line).
type LineError struct {
	File  string // the path as given, or the name passed to Read
	Line  int    // 1-based; 0 when the error concerns the whole file
	Field string // dotted path of the offending field, e.g. "p_a.x1"; "" for the whole record
	Msg   string // what is wrong and what was expected; follows Field
}

// Error formats the error as "file:line: field msg".
func (e *LineError) Error() string {
	var b strings.Builder
	b.Grow(len(e.File) + len(e.Field) + len(e.Msg) + 16)
	if e.File != "" || e.Line > 0 {
		b.WriteString(textsafe.Line(e.File))
		if e.Line > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString(textsafe.Line(e.Field))
		b.WriteByte(' ')
	}
	b.WriteString(textsafe.Line(e.Msg))
	return b.String()
}

// Is reports whether target is ErrBadInput: every LineError is the input's fault.
func (e *LineError) Is(target error) bool { return target == ErrBadInput }

// at returns e located at pos.
func (e *LineError) at(pos Pos) *LineError {
	e.File, e.Line = pos.File, pos.Line
	return e
}

// fieldErr returns an error about field with message msg.
func fieldErr(field, msg string) *LineError { return &LineError{Field: field, Msg: msg} }

// errMissing says that a required field is absent.
func errMissing(field, hint string) *LineError {
	if hint != "" {
		return fieldErr(field, "is missing ("+hint+")")
	}
	return fieldErr(field, "is missing")
}

// errValue says that the value raw of field is wrong: "field = raw what".
func errValue(field string, raw []byte, what string) *LineError {
	return fieldErr(field, "= "+jsonscan.Show(raw)+" "+what)
}

// errType says that the value raw of field has the wrong JSON type:
// `p_a.x0 = "0.3" is a string, expected a number`.
func errType(field string, raw []byte, want string) *LineError {
	if len(raw) > 0 && raw[0] == 'n' {
		return fieldErr(field, "is null, expected "+want)
	}
	return fieldErr(field, "= "+jsonscan.Show(raw)+" is "+jsonscan.TypeName(raw)+", expected "+want)
}
