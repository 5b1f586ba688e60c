package present

import (
	"fmt"
	"math"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
)

// Value is s as a JSON number: nil (null) when s is undefined.
func Value(s calib.Stat) *float64 {
	if !s.OK() {
		return nil
	}
	v := s.Value
	return &v
}

// Signed formats a change d with its sign and a true minus; a change that
// rounds to zero is written ±0. Every surface writes a change with it.
func Signed(d float64, decimals int) string {
	s := fmt.Sprintf("%+.*f", decimals, d)
	if strings.Trim(s, "+-0.") == "" {
		return "±0"
	}
	return strings.Replace(s, "-", "−", 1)
}

// MaxChangeDecimals bounds ChangeDecimals: a change smaller than 10⁻¹⁰
// whose interval excludes 0 is printed in exponent-free decimals no
// further.
const MaxChangeDecimals = 10

// ChangeDecimals is how many decimals a change d from raw is printed with,
// beside the mark its bootstrap interval delta gives: dec (the metric's
// own) unless the interval excludes 0 — a ▲ or ▼ — and then enough that
// neither d nor the interval's end nearest 0 prints as zero, so a marked
// change never reads "±0" (judge-fair's Pride ICC(2,k): −0.0004 [−0.0006,
// −0.0003], not ±0 ▼). The same decimals serve the interval's ends.
func ChangeDecimals(delta bootstrap.Interval, d float64, dec int) int {
	if delta.ChangeSign() == 0 {
		return dec
	}
	near := min(math.Abs(delta.CI.Lower), math.Abs(delta.CI.Upper))
	k := dec
	for _, x := range []float64{math.Abs(d), near} {
		for k < MaxChangeDecimals && x > 0 && x < 0.5*math.Pow(10, -float64(k)) {
			k++
		}
	}
	return k
}

// Minus formats v with a true minus sign and no plus.
func Minus(v float64, decimals int) string {
	return strings.Replace(fmt.Sprintf("%.*f", decimals, v), "-", "−", 1)
}

// SignedIf formats x with a sign (a change) or plainly (a value).
func SignedIf(x float64, dec int, sign bool) string {
	if sign {
		return Signed(x, dec)
	}
	return Minus(x, dec)
}

// FmtStat formats a defined statistic to decimals decimals, or "—" (its
// reason is shown in the notes; a value is never printed as NaN). Every
// surface writes a statistic with it.
func FmtStat(s calib.Stat, decimals int) string { return FmtValue(Value(s), decimals) }

// FmtValue formats a document's number (nil when undefined) with the given
// decimals, "—" when it is nil: FmtStat of a document value.
func FmtValue(v *float64, decimals int) string {
	if v == nil {
		return "—"
	}
	return fmt.Sprintf("%.*f", decimals, *v)
}

// ciCell is a Stat's interval as a table cell ("" when it has none).
func ciCell(s calib.Stat) string {
	if !s.OK() || s.CI == nil {
		return ""
	}
	return fmt.Sprintf("[%.3f, %.3f]", s.CI.Lower, s.CI.Upper)
}

// bootKindName names an interval kind in a sentence: "percentile" or
// "BCa".
func bootKindName(k bootstrap.Kind) string {
	if k == bootstrap.BCa {
		return "BCa"
	}
	return "percentile"
}
