package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
)

// value is s as a JSON number: nil (null) when s is undefined.
func value(s calib.Stat) *float64 {
	if !s.OK() {
		return nil
	}
	v := s.Value
	return &v
}

// nonNil returns a copy of xs that encodes as [] rather than null when
// empty; callers may append to it without touching xs.
func nonNil(xs []string) []string {
	return append([]string{}, xs...)
}

// signed formats a change d with its sign and a true minus; a change that
// rounds to zero is written ±0.
func signed(d float64, decimals int) string {
	s := fmt.Sprintf("%+.*f", decimals, d)
	if strings.Trim(s, "+-0.") == "" {
		return "±0"
	}
	return strings.Replace(s, "-", "−", 1)
}

// signedIf formats x with a sign (a change) or plainly (a value).
func signedIf(x float64, dec int, sign bool) string {
	if sign {
		return signed(x, dec)
	}
	return strings.Replace(fmt.Sprintf("%.*f", dec, x), "-", "−", 1)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func fmtStat(s calib.Stat, decimals int) string {
	if !s.OK() {
		return "—"
	}
	return fmt.Sprintf("%.*f", decimals, s.Value)
}

func fmtP(s calib.Stat) string {
	if !s.OK() {
		return "—"
	}
	if s.Value < 1e-3 {
		return fmt.Sprintf("%.1e", s.Value)
	}
	return fmt.Sprintf("%.4f", s.Value)
}

func ciText(s calib.Stat) string {
	if !s.OK() || s.CI == nil {
		return ""
	}
	return fmt.Sprintf(" [%.3f, %.3f]", s.CI.Lower, s.CI.Upper)
}

func writeNotes(b *strings.Builder, notes []string) {
	if len(notes) == 0 {
		return
	}
	b.WriteString("\nNotes:\n")
	for _, n := range notes {
		fmt.Fprintf(b, "- %s\n", mdMsg(strings.TrimSuffix(n, ".")))
	}
}
