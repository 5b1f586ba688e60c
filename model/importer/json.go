package importer

import (
	"math"
	"strconv"

	"github.com/plumb-eval/plumb/internal/jsonscan"
)

// Helpers over raw JSON values that internal/jsonscan (the strict scanner
// shared with the log reader) has validated. Importers say "the record"
// where the log reader says "line".

// end names a record in "unexpected end of …" messages.
const end = "the record"

// Kinds of a raw JSON value, by its first byte.
func isString(raw []byte) bool { return len(raw) > 0 && raw[0] == '"' }
func isNull(raw []byte) bool   { return len(raw) > 0 && raw[0] == 'n' }
func isNumber(raw []byte) bool { return len(raw) > 0 && (raw[0] == '-' || jsonscan.IsDigit(raw[0])) }
func isObject(raw []byte) bool { return len(raw) > 0 && raw[0] == '{' }
func isArray(raw []byte) bool  { return len(raw) > 0 && raw[0] == '[' }

// typeName names the JSON type of a valid raw value; an empty one is a
// missing field.
func typeName(raw []byte) string {
	if len(raw) == 0 {
		return "missing"
	}
	return jsonscan.TypeName(raw)
}

// strBytes returns the decoded body of the valid JSON string raw, without
// copying when it has no escapes.
func strBytes(raw []byte) []byte {
	body := raw[1 : len(raw)-1]
	for _, c := range body {
		if c == '\\' {
			return jsonscan.Unescape(make([]byte, 0, len(body)), body)
		}
	}
	return body
}

// str decodes the valid JSON string raw. Its record has passed object,
// which rejects invalid UTF-8, so nothing is replaced here.
func str(raw []byte) string { return string(strBytes(raw)) }

// num decodes the valid JSON number raw; ok is false when it overflows.
func num(raw []byte) (float64, bool) {
	v, err := strconv.ParseFloat(string(raw), 64)
	return v, err == nil && !math.IsInf(v, 0)
}
