package model

import (
	"bytes"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"math"
	"strconv"
)

// Decoding of single values that split has already validated as JSON.

// strBody returns the decoded content of the JSON string raw, without
// copying when it has no escapes.
func strBody(raw []byte) []byte {
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') >= 0 {
		return jsonscan.Unescape(nil, body)
	}
	return body
}

// absent reports whether an optional field is missing or null.
func absent(raw []byte) bool { return raw == nil || raw[0] == 'n' }

// Outcomes of number.
const (
	numOK = iota
	numNotNumber
	numOverflow
)

// number decodes raw as a finite number.
func number(raw []byte) (float64, int) {
	if raw[0] != '-' && !jsonscan.IsDigit(raw[0]) {
		return 0, numNotNumber
	}
	if v, ok := smallDecimal(raw); ok {
		return v, numOK
	}
	v, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, numOverflow // a valid JSON number can only fail by range
	}
	return v, numOK
}

// pow10 holds the powers of ten that are exact in a float64.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// smallDecimal decodes numbers like "0.734" or "-12" exactly and fast:
// when the digits form an integer m ≤ 2^53 and there are at most 22
// decimals, m and 10^k are exact doubles, so the IEEE division m / 10^k is
// the correctly rounded value (Clinger's fast path, as in strconv). Other
// forms (exponents, longer mantissas) return ok == false.
func smallDecimal(raw []byte) (float64, bool) {
	i, neg := 0, false
	if raw[0] == '-' {
		neg, i = true, 1
	}
	var m uint64
	digits, frac := 0, -1
	for ; i < len(raw); i++ {
		c := raw[i]
		switch {
		case jsonscan.IsDigit(c):
			if digits == 19 { // m could overflow
				return 0, false
			}
			m = m*10 + uint64(c-'0')
			digits++
			if frac >= 0 {
				frac++
			}
		case c == '.' && frac < 0:
			frac = 0
		default:
			return 0, false
		}
	}
	if m > 1<<53 || frac >= len(pow10) {
		return 0, false
	}
	v := float64(m)
	if frac > 0 {
		v /= pow10[frac]
	}
	if neg {
		v = -v
	}
	return v, true
}

// numErr makes the error for a number outcome other than numOK.
func numErr(name string, raw []byte, code int, want string) *LineError {
	if code == numNotNumber {
		return errType(name, raw, want)
	}
	return errValue(name, raw, "is out of range (it overflows to infinity)")
}

// num decodes the field name as a finite number.
func num(name string, raw []byte) (float64, *LineError) {
	v, code := number(raw)
	if code != numOK {
		return 0, numErr(name, raw, code, "a number")
	}
	return v, nil
}

// prob decodes the field name as a probability in [0, 1].
func prob(name string, raw []byte) (float64, *LineError) {
	v, code := number(raw)
	if code != numOK {
		return 0, numErr(name, raw, code, "a number")
	}
	if !(v >= 0 && v <= 1) {
		return 0, errValue(name, raw, "is not a probability in [0, 1]")
	}
	return v, nil
}

// boolean decodes the field name as true or false.
func boolean(name string, raw []byte) (bool, *LineError) {
	switch raw[0] {
	case 't':
		return true, nil
	case 'f':
		return false, nil
	}
	return false, errType(name, raw, "true or false")
}

// reqString decodes the required, non-empty string field f.
func (p *recParser) reqString(f field, mode internMode) (string, *LineError) {
	raw := p.vals[f]
	if raw == nil {
		return "", errMissing(fieldNames[f], "")
	}
	if raw[0] != '"' {
		return "", errType(fieldNames[f], raw, "a string")
	}
	if len(raw) == 2 {
		return "", fieldErr(fieldNames[f], "is empty")
	}
	return p.str(raw, f, mode), nil
}

// optString decodes the optional string field f ("" when absent or null).
func (p *recParser) optString(f field, mode internMode) (string, *LineError) {
	raw := p.vals[f]
	if absent(raw) {
		return "", nil
	}
	if raw[0] != '"' {
		return "", errType(fieldNames[f], raw, "a string")
	}
	return p.str(raw, f, mode), nil
}

// text decodes the optional text field f ("" when absent or null, or when
// texts are skipped).
func (p *recParser) text(f field) (string, *LineError) {
	raw := p.vals[f]
	if absent(raw) {
		return "", nil
	}
	if raw[0] != '"' {
		return "", errType(fieldNames[f], raw, "a string")
	}
	if p.skipText {
		return "", nil
	}
	return p.str(raw, f, internLast), nil
}

// emptyTexts is the set of the pair text fields given as "" (none when
// texts are skipped: their lengths are kept as len_k then).
func (p *recParser) emptyTexts() EmptyTexts {
	var e EmptyTexts
	if p.skipText {
		return 0
	}
	for i, f := range [...]field{fPrompt, fResponse1, fResponse2} {
		if raw := p.vals[f]; len(raw) == 2 && raw[0] == '"' {
			e |= EmptyPrompt << i
		}
	}
	return e
}

// optNum decodes the optional number field f (nil when absent or null).
func (p *recParser) optNum(f field) (*float64, *LineError) {
	raw := p.vals[f]
	if absent(raw) {
		return nil, nil
	}
	v, err := num(fieldNames[f], raw)
	if err != nil {
		return nil, err
	}
	return p.vals1.float(v), nil
}

// objIter walks the members of a JSON object that split has validated.
type objIter struct {
	b []byte
	i int
}

func newObjIter(raw []byte) objIter { return objIter{b: raw, i: 1} }

// next returns the next member's raw key (without quotes; esc if it has
// escapes) and value, or ok == false at the end.
func (it *objIter) next() (key []byte, esc bool, val []byte, ok bool) {
	b := it.b
	i := jsonscan.SkipSpace(b, it.i)
	if b[i] == ',' {
		i = jsonscan.SkipSpace(b, i+1)
	}
	if b[i] == '}' {
		return nil, false, nil, false
	}
	j, esc, _ := jsonscan.SkipString(b, i, "")
	key = b[i+1 : j-1]
	i = jsonscan.SkipSpace(b, j)
	i = jsonscan.SkipSpace(b, i+1) // ':'
	j, _ = jsonscan.SkipValue(b, i, 0, "")
	it.i = j
	return key, esc, b[i:j], true
}

// finiteNumbers refuses a number that overflows to infinity anywhere in
// the value raw of the field name (an unknown field, kept as written), as
// it is refused in a known field. raw is valid JSON; one pass over it.
func finiteNumbers(name string, raw []byte) *LineError {
	if len(raw) < 310 && bytes.IndexAny(raw, "eE") < 0 {
		return nil // too few digits to overflow, and no exponent
	}
	for i := 0; i < len(raw); {
		switch c := raw[i]; {
		case c == '"':
			i, _, _ = jsonscan.SkipString(raw, i, "")
		case c == '-' || jsonscan.IsDigit(c):
			j, _ := jsonscan.SkipNumber(raw, i)
			if j <= i {
				return nil // not reached: raw is valid JSON
			}
			if _, code := number(raw[i:j]); code == numOverflow {
				if i == 0 && j == len(raw) {
					return numErr(name, raw, code, "a number")
				}
				return fieldErr(name, "holds "+jsonscan.Show(raw[i:j])+", which is out of range (it overflows to infinity)")
			}
			i = j
		default:
			i++
		}
	}
	return nil
}
