package report

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
)

// finiteDoc makes every float of d finite so that encoding/json never
// fails ("unsupported value: NaN"): a non-finite value behind a pointer
// (every metric, which is null when undefined) becomes null; a non-finite
// plain float (options, fit diagnostics, curve points, intervals) becomes
// 0. Each replacement is named by its JSON path in the returned list, which
// WriteJSON adds to the document's notes, so nothing is changed silently.
// calib already turns non-finite statistics into undefined ones
// (calib.Defined), so on valid input this finds nothing; it is the last
// line of defence, not the way undefined values are reported.
func finiteDoc(d *Doc) []string {
	var fixed []string
	w := finiteWalk{fixed: &fixed}
	w.value(reflect.ValueOf(d).Elem())
	slices.Sort(fixed)
	return fixed
}

// finiteWalk walks a document, keeping the JSON path of the value it is at
// as a stack of segments: the path is built only for a value it replaces.
type finiteWalk struct {
	path  []pathSeg
	fixed *[]string
}

// pathSeg is a key (or field name) or, with index set, a slice index.
type pathSeg struct {
	name  string
	idx   int
	index bool
}

// String returns the path as "a.b[2].c".
func (w *finiteWalk) String() string {
	var b strings.Builder
	for _, s := range w.path {
		switch {
		case s.index:
			fmt.Fprintf(&b, "[%d]", s.idx)
		case b.Len() == 0:
			b.WriteString(s.name)
		default:
			b.WriteString(".")
			b.WriteString(s.name)
		}
	}
	return b.String()
}

func (w *finiteWalk) push(s pathSeg) { w.path = append(w.path, s) }

func (w *finiteWalk) pop() { w.path = w.path[:len(w.path)-1] }

// float replaces a non-finite *f by 0, naming it.
func (w *finiteWalk) float(f *float64) {
	if v := *f; math.IsNaN(v) || math.IsInf(v, 0) {
		*f = 0
		*w.fixed = append(*w.fixed, fmt.Sprintf("%s was %v, written as 0", w, v))
	}
}

// value walks v (settable), replacing non-finite floats.
func (w *finiteWalk) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			v.SetFloat(0)
			*w.fixed = append(*w.fixed, fmt.Sprintf("%s was %v, written as 0", w, f))
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if k := v.Elem().Kind(); k == reflect.Float64 || k == reflect.Float32 {
			if f := v.Elem().Float(); math.IsNaN(f) || math.IsInf(f, 0) {
				v.SetZero()
				*w.fixed = append(*w.fixed, fmt.Sprintf("%s was %v, written as null", w, f))
			}
			return
		}
		w.value(v.Elem())
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
				continue
			case f.Anonymous && name == "":
				// Embedded: its fields are the parent's.
				w.value(v.Field(i))
				continue
			case name == "":
				name = f.Name
			}
			w.push(pathSeg{name: name})
			w.value(v.Field(i))
			w.pop()
		}
	case reflect.Slice, reflect.Array:
		if v.Type() == pointsType {
			// The LS–US points: typed, as there may be millions.
			for i := range v.Len() {
				w.point(v, i)
			}
			return
		}
		for i := range v.Len() {
			w.push(pathSeg{idx: i, index: true})
			w.value(v.Index(i))
			w.pop()
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		iter := v.MapRange()
		for iter.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(iter.Value())
			n := len(*w.fixed)
			w.push(pathSeg{name: fmt.Sprint(iter.Key().Interface())})
			w.value(e)
			w.pop()
			if len(*w.fixed) > n {
				v.SetMapIndex(iter.Key(), e)
			}
		}
	case reflect.Interface:
		// The Doc has no interface fields; a future one is left to the
		// encoder.
	}
}

// point checks point i of the []Point v.
func (w *finiteWalk) point(v reflect.Value, i int) {
	p := v.Index(i).Addr().Interface().(*Point)
	w.push(pathSeg{idx: i, index: true})
	for _, f := range [...]struct {
		name string
		v    *float64
	}{{"ls", &p.LS}, {"us", &p.US}, {"rs", &p.RS}, {"s_m", &p.Sm}, {"s_h", &p.Sh}} {
		w.push(pathSeg{name: f.name})
		w.float(f.v)
		w.pop()
	}
	w.pop()
}
