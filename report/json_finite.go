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
	finiteValue(reflect.ValueOf(d).Elem(), "", &fixed)
	slices.Sort(fixed)
	return fixed
}

// finiteValue walks v (settable), replacing non-finite floats.
func finiteValue(v reflect.Value, path string, fixed *[]string) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			v.SetFloat(0)
			*fixed = append(*fixed, fmt.Sprintf("%s was %v, written as 0", path, f))
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if k := v.Elem().Kind(); k == reflect.Float64 || k == reflect.Float32 {
			if f := v.Elem().Float(); math.IsNaN(f) || math.IsInf(f, 0) {
				v.SetZero()
				*fixed = append(*fixed, fmt.Sprintf("%s was %v, written as null", path, f))
			}
			return
		}
		finiteValue(v.Elem(), path, fixed)
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			p := path
			switch {
			case name == "-":
				continue
			case f.Anonymous && name == "":
				// Embedded: its fields are the parent's.
			case name == "":
				p = join(path, f.Name)
			default:
				p = join(path, name)
			}
			finiteValue(v.Field(i), p, fixed)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			finiteValue(v.Index(i), fmt.Sprintf("%s[%d]", path, i), fixed)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		iter := v.MapRange()
		for iter.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(iter.Value())
			n := len(*fixed)
			finiteValue(e, join(path, fmt.Sprint(iter.Key().Interface())), fixed)
			if len(*fixed) > n {
				v.SetMapIndex(iter.Key(), e)
			}
		}
	case reflect.Interface:
		// The Doc has no interface fields; a future one is left to the
		// encoder.
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
