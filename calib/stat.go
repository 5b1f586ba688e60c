package calib

import (
	"fmt"
	"math"
)

// Interval is a confidence interval.
type Interval struct {
	Lower, Upper float64
	Level        float64 // e.g. 0.95
}

// Stat is a statistic with the number of units it used, or the reason it is
// undefined. A Stat with a non-empty Reason has no value; its Value is 0 and
// must not be shown.
type Stat struct {
	Value  float64
	N      int       // how many items (or units) it was computed from
	Reason string    // non-empty when the value is undefined
	CI     *Interval // optional confidence interval
	// Flag is non-empty when the value is defined but cannot be right (an
	// ICC outside [−1, 1], an interval with its lower bound above its
	// upper one): the value is shown with a mark and this note, never as
	// a plain number.
	Flag string
}

// Defined returns a defined Stat. A non-finite v becomes undefined with a
// reason, so NaN never leaves calib.
func Defined(v float64, n int) Stat {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return Stat{N: n, Reason: "not a finite number (numerical failure)"}
	}
	return Stat{Value: v, N: n}
}

// Undefined returns a Stat that has no value, with the reason why.
func Undefined(n int, reason string) Stat { return Stat{N: n, Reason: reason} }

// OK reports whether the statistic has a value.
func (s Stat) OK() bool { return s.Reason == "" }

// Format prints the value with the given number of decimals, or
// "undefined (reason)".
func (s Stat) Format(decimals int) string {
	if !s.OK() {
		return "undefined (" + s.Reason + ")"
	}
	return fmt.Sprintf("%.*f", decimals, s.Value)
}
