package present

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/internal/vocab"
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

// BestSplitLabel is the name of the search's split in the splits table:
// "narrowest CI (search, ≥ k per class)", or without "narrowest" when the
// split is too small to hold.
func BestSplitLabel(minPer int, tooSmall bool) string {
	if tooSmall {
		return fmt.Sprintf("search, ≥ %d per class (too small to hold)", minPer)
	}
	return fmt.Sprintf("%s (search, ≥ %d per class)", vocab.SplitNarrowest, minPer)
}

// SimCoverageCell is a split's simulated coverage as a table cell: "95.1%",
// "79.0% too small" when it does not hold, "—" when not checked.
func SimCoverageCell(cov *float64, holds *bool) string {
	switch {
	case cov == nil:
		return "—"
	case holds != nil && !*holds:
		return fmt.Sprintf("%.1f%% too small", 100**cov)
	}
	return fmt.Sprintf("%.1f%%", 100**cov)
}

// CoverageCheckText says what the simulated coverage is and when a split
// holds.
func CoverageCheckText(sims int, minCoverage float64) string {
	return fmt.Sprintf("Simulated coverage: the share of %d data sets, simulated with the split's m0, m1 at the plug-in rates "+
		"(a q̂ of 0 or 1 moved half a label from the edge, so that it still varies) and the θ they give with p̂, "+
		"seeded by --seed and the split, whose interval covers that θ; "+
		"a split holds when it reaches %.0f%%, and one below is too small to hold.",
		sims, 100*minCoverage)
}
