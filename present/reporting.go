package present

import (
	"unicode"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/calib/reporting"
)

// CoverageText says whether θ̂'s interval covers the true rate, or why no
// claim is made (no interval, or an uninformative one); r.TrueTheta must
// be set.
func CoverageText(r *reporting.Result) string {
	return CoveredText(r.Covered, r.Uninformative)
}

// CoveredText is CoverageText of a result's covered and uninformative.
func CoveredText(covered *bool, uninformative string) string {
	switch {
	case covered != nil && *covered:
		return "covered by the CI"
	case covered != nil:
		return "not covered by the CI"
	case uninformative != "":
		return "no coverage claim: the interval is all of [0, 1]"
	}
	return "no coverage claim: θ̂ has no interval"
}

// Capitalize upper-cases the first letter of s.
func Capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
