package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// The report JSON is written as a stream: encoding/json's Encoder builds a
// whole value in memory and then re-indents it into a second buffer, which
// for a report with every LS–US point of a million-record log (≈ 70 MB)
// costs about 0.5 GB of allocation and seconds of copying. jsonStream walks
// the few types on the way to the big arrays (the document, judges,
// likelihood results) field by field, writes the LS–US points itself and
// hands every other value to an Encoder with the indent prefix of its
// depth, so the bytes are exactly those of json.Encoder with SetIndent("",
// "  ") and SetEscapeHTML(false) on the whole document (TestStreamMatchesEncoder).

// streamed are the struct types jsonStream walks itself; every other value
// goes to encoding/json whole.
var streamed = map[reflect.Type]bool{
	reflect.TypeFor[Doc]():        true,
	reflect.TypeFor[Judge]():      true,
	reflect.TypeFor[Likelihood](): true,
	reflect.TypeFor[BiasScore]():  true,
}

var pointsType = reflect.TypeFor[[]Point]()

// jsonIndent is the report's indent step.
const jsonIndent = "  "

// jsonStream writes one document to w.
type jsonStream struct {
	w       *bufio.Writer
	scratch bytes.Buffer
	enc     *json.Encoder
	num     []byte
	err     error
}

func newJSONStream(w io.Writer) *jsonStream {
	s := &jsonStream{w: bufio.NewWriterSize(w, 256<<10)}
	s.enc = json.NewEncoder(&s.scratch)
	s.enc.SetEscapeHTML(false)
	return s
}

// writeDoc writes d and a final newline, as Encoder.Encode does.
func (s *jsonStream) writeDoc(d *Doc) error {
	s.value(reflect.ValueOf(d).Elem(), "")
	s.w.WriteByte('\n')
	if s.err != nil {
		return s.err
	}
	return s.w.Flush()
}

// value writes v, whose first line continues the current one and whose
// further lines start with prefix.
func (s *jsonStream) value(v reflect.Value, prefix string) {
	if s.err != nil {
		return
	}
	t := v.Type()
	switch {
	case t == pointsType:
		if v.IsNil() {
			s.w.WriteString("null")
			return
		}
		s.points(v.Interface().([]Point), prefix)
	case t.Kind() == reflect.Pointer && streamed[t.Elem()]:
		if v.IsNil() {
			s.w.WriteString("null")
			return
		}
		s.object(v.Elem(), prefix)
	case t.Kind() == reflect.Struct && streamed[t]:
		s.object(v, prefix)
	case t.Kind() == reflect.Map && t.Key().Kind() == reflect.String && streamedElem(t.Elem()):
		s.mapping(v, prefix)
	default:
		s.delegate(v.Interface(), prefix)
	}
}

func streamedElem(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return streamed[t]
}

// delegate writes x with encoding/json.
func (s *jsonStream) delegate(x any, prefix string) {
	s.scratch.Reset()
	s.enc.SetIndent(prefix, jsonIndent)
	if err := s.enc.Encode(x); err != nil {
		s.err = err
		return
	}
	b := s.scratch.Bytes()
	s.w.Write(b[:len(b)-1]) // Encode's newline
}

// object writes a struct of a streamed type field by field, with
// encoding/json's rules for the tags it uses (name, omitempty, omitzero,
// "-"). The streamed types have no embedded fields (TestStreamedTypes).
func (s *jsonStream) object(v reflect.Value, prefix string) {
	t := v.Type()
	inner := prefix + jsonIndent
	n := 0
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" && opts == "" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fv := v.Field(i)
		if hasOpt(opts, "omitempty") && emptyValue(fv) || hasOpt(opts, "omitzero") && fv.IsZero() {
			continue
		}
		if n == 0 {
			s.w.WriteByte('{')
		} else {
			s.w.WriteByte(',')
		}
		n++
		s.w.WriteByte('\n')
		s.w.WriteString(inner)
		s.key(name)
		s.value(fv, inner)
	}
	if n == 0 {
		s.w.WriteString("{}")
		return
	}
	s.w.WriteByte('\n')
	s.w.WriteString(prefix)
	s.w.WriteByte('}')
}

// mapping writes a map with string keys in key order.
func (s *jsonStream) mapping(v reflect.Value, prefix string) {
	if v.IsNil() {
		s.w.WriteString("null")
		return
	}
	if v.Len() == 0 {
		s.w.WriteString("{}")
		return
	}
	keys := make([]string, 0, v.Len())
	for _, k := range v.MapKeys() {
		keys = append(keys, k.String())
	}
	slices.Sort(keys)
	inner := prefix + jsonIndent
	s.w.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			s.w.WriteByte(',')
		}
		s.w.WriteByte('\n')
		s.w.WriteString(inner)
		s.key(k)
		s.value(v.MapIndex(reflect.ValueOf(k).Convert(v.Type().Key())), inner)
	}
	s.w.WriteByte('\n')
	s.w.WriteString(prefix)
	s.w.WriteByte('}')
}

// key writes "k": .
func (s *jsonStream) key(k string) {
	s.str(k)
	s.w.WriteString(": ")
}

// str writes a JSON string: plain printable ASCII directly, anything else
// through encoding/json (its escapes).
func (s *jsonStream) str(x string) {
	for i := 0; i < len(x); i++ {
		if c := x[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			s.delegate(x, "")
			return
		}
	}
	s.w.WriteByte('"')
	s.w.WriteString(x)
	s.w.WriteByte('"')
}

// points writes the LS–US points, each as encoding/json would indent it.
func (s *jsonStream) points(ps []Point, prefix string) {
	if len(ps) == 0 {
		s.w.WriteString("[]")
		return
	}
	in1 := prefix + jsonIndent
	in2 := in1 + jsonIndent
	s.w.WriteByte('[')
	for i := range ps {
		p := &ps[i]
		if i > 0 {
			s.w.WriteByte(',')
		}
		s.w.WriteByte('\n')
		s.w.WriteString(in1)
		s.w.WriteString("{\n")
		s.w.WriteString(in2)
		s.w.WriteString(`"id": `)
		s.str(p.ID)
		for _, f := range [...]struct {
			key string
			v   float64
		}{{`"ls": `, p.LS}, {`"us": `, p.US}, {`"rs": `, p.RS}, {`"s_m": `, p.Sm}, {`"s_h": `, p.Sh}} {
			s.w.WriteString(",\n")
			s.w.WriteString(in2)
			s.w.WriteString(f.key)
			s.float(f.v)
		}
		s.w.WriteByte('\n')
		s.w.WriteString(in1)
		s.w.WriteByte('}')
	}
	s.w.WriteByte('\n')
	s.w.WriteString(prefix)
	s.w.WriteByte(']')
}

// float writes f as encoding/json writes a float64: shortest
// representation, exponent form outside [1e-6, 1e21), "e-07" shortened to
// "e-7". A non-finite f (finiteDoc replaces them before) is an error, as
// it is for encoding/json.
func (s *jsonStream) float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if s.err == nil {
			s.err = fmt.Errorf("json: unsupported value: %v", f)
		}
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(s.num[:0], f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	s.num = b
	s.w.Write(b)
}

func hasOpt(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// emptyValue is encoding/json's omitempty test.
func emptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
