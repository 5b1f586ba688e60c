package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// scoreText formats a judge or human score: as given when whole or short
// (4, 3.5), else to 4 significant digits (the total's averages over
// criteria, 1.667, which %g printed as 1.6666666666666667 and pushed the
// columns apart).
func scoreText(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

// pct formats a share as a whole percentage.
func pct(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }

// table lays out rows in columns: the first column left-aligned, the others
// right-aligned, two spaces apart. Cells may hold ANSI styles.
func table(header []string, rows [][]string) []string {
	n := len(header)
	wd := make([]int, n)
	for _, r := range append([][]string{header}, rows...) {
		for i := 0; i < n && i < len(r); i++ {
			wd[i] = max(wd[i], lipgloss.Width(r[i]))
		}
	}
	line := func(r []string) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			c := ""
			if i < len(r) {
				c = r[i]
			}
			pad := strings.Repeat(" ", wd[i]-lipgloss.Width(c))
			if i == 0 {
				b.WriteString(c + pad)
			} else {
				b.WriteString("  " + pad + c)
			}
		}
		return strings.TrimRight(b.String(), " ")
	}
	out := []string{line(header)}
	for _, r := range rows {
		out = append(out, line(r))
	}
	return out
}

// wrap word-wraps text to w cells and prefixes every line. The text is
// made safe first (cleanText): wrap is where notes, reasons, errors and
// item texts are laid out.
func wrap(text string, w int, prefix string) []string {
	text = cleanText(text)
	pw := lipgloss.Width(prefix)
	lines := strings.Split(ansi.Wordwrap(text, max(10, w-pw), " "), "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = prefix + lines[i]
		} else {
			lines[i] = strings.Repeat(" ", pw) + lines[i]
		}
	}
	return lines
}

// sideBySide puts two blocks next to each other when both fit in w, else
// one above the other.
func sideBySide(left, right []string, w, gap int) []string {
	lw := 0
	for _, l := range left {
		lw = max(lw, lipgloss.Width(l))
	}
	rw := 0
	for _, l := range right {
		rw = max(rw, lipgloss.Width(l))
	}
	if lw+gap+rw > w {
		return append(append(left, ""), right...)
	}
	n := max(len(left), len(right))
	out := make([]string, n)
	for i := range n {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out[i] = l + strings.Repeat(" ", lw-lipgloss.Width(l)+gap) + r
	}
	return out
}
