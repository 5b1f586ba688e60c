package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// drop deletes from v every object key whose key path (path, then the
// key; array positions are no keys) ends with suffix.
func drop(v any, suffix, path []string) any {
	switch v := v.(type) {
	case map[string]any:
		for k, c := range v {
			p := append(slices.Clip(path), k)
			if len(p) >= len(suffix) && slices.Equal(p[len(p)-len(suffix):], suffix) {
				delete(v, k)
				continue
			}
			v[k] = drop(c, suffix, p)
		}
	case []any:
		for i, c := range v {
			v[i] = drop(c, suffix, path)
		}
	}
	return v
}

// compare returns the differences between a and b below path, in the
// order of the keys (sorted) and positions: numbers are equal when their
// values are within rel of each other relative to the larger magnitude.
func compare(a, b any, path string, rel float64) []string {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: %s → %s", show(path), brief(a), brief(b))}
		}
		keys := make([]string, 0, len(a)+len(bm))
		for k := range a {
			keys = append(keys, k)
		}
		for k := range bm {
			if _, ok := a[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		var out []string
		for _, k := range keys {
			av, inA := a[k]
			bv, inB := bm[k]
			p := path + "." + k
			switch {
			case !inA:
				out = append(out, fmt.Sprintf("%s: only in the new one: %s", show(p), brief(bv)))
			case !inB:
				out = append(out, fmt.Sprintf("%s: only in the old one: %s", show(p), brief(av)))
			default:
				out = append(out, compare(av, bv, p, rel)...)
			}
		}
		return out
	case []any:
		bs, ok := b.([]any)
		if !ok {
			return []string{fmt.Sprintf("%s: %s → %s", show(path), brief(a), brief(b))}
		}
		var out []string
		if len(a) != len(bs) {
			out = append(out, fmt.Sprintf("%s: %d elements → %d", show(path), len(a), len(bs)))
		}
		for i := range min(len(a), len(bs)) {
			out = append(out, compare(a[i], bs[i], path+"["+strconv.Itoa(i)+"]", rel)...)
		}
		return out
	case json.Number:
		if bn, ok := b.(json.Number); ok && sameNumber(a, bn, rel) {
			return nil
		}
	default:
		if a == b {
			return nil
		}
	}
	return []string{fmt.Sprintf("%s: %s → %s", show(path), brief(a), brief(b))}
}

// sameNumber reports whether a and b are the same number: the same text,
// or values within rel of each other relative to the larger magnitude
// (rel 0: the same float64).
func sameNumber(a, b json.Number, rel float64) bool {
	if a == b {
		return true
	}
	x, errA := strconv.ParseFloat(string(a), 64)
	y, errB := strconv.ParseFloat(string(b), 64)
	if errA != nil || errB != nil {
		return false
	}
	return x == y || math.Abs(x-y) <= rel*max(math.Abs(x), math.Abs(y))
}

// show is a path for printing ("." for the whole document).
func show(path string) string {
	if path == "" {
		return "."
	}
	return path
}

// brief is a value for printing: numbers, strings, booleans and null as
// JSON writes them, objects and arrays by their size.
func brief(v any) string {
	switch v := v.(type) {
	case map[string]any:
		return fmt.Sprintf("an object of %d keys", len(v))
	case []any:
		return fmt.Sprintf("an array of %d elements", len(v))
	case nil:
		return "null"
	case json.Number:
		return string(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
