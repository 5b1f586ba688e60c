package tui

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

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
			wd[i] = max(wd[i], cellWidth(r[i]))
		}
	}
	line := func(r []string) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			c := ""
			if i < len(r) {
				c = r[i]
			}
			pad := strings.Repeat(" ", wd[i]-cellWidth(c))
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
// item texts are laid out. Nothing is cut: a line breaks at a space, or
// at a hyphen inside a plain word ("log-probabilities"), never inside a
// number, a flag, a path or a name with digits ("1e-09", "--self",
// "docs/log-format.md", "gpt-4"); a path wider than the line shortens in
// the middle (shortenMiddle), any other word wider than the line breaks
// where it must.
func wrap(text string, w int, prefix string) []string {
	text = cleanText(text)
	pw := cellWidth(prefix)
	lim := max(10, w-pw)
	text = protectWords(text, lim)
	lines := strings.Split(ansi.Wordwrap(text, lim, " "), "\n")
	var out []string
	for _, l := range lines {
		if cellWidth(l) > lim {
			out = append(out, strings.Split(ansi.Hardwrap(l, lim, true), "\n")...)
			continue
		}
		out = append(out, l)
	}
	for i := range out {
		out[i] = strings.ReplaceAll(out[i], string(keptHyphen), "-")
		if i == 0 {
			out[i] = prefix + out[i]
		} else {
			out[i] = strings.Repeat(" ", pw) + out[i]
		}
	}
	return out
}

// keptHyphen stands in for a hyphen that must not end a line while wrap
// lays a text out (ansi.Wordwrap breaks after every '-'); it is one cell
// wide, and wrap puts the hyphen back.
const keptHyphen = '\u2011'

// protectWords replaces the hyphens of every word that is not a plain
// word (letters and inner hyphens) by keptHyphen, and shortens a path
// wider than lim in the middle.
func protectWords(text string, lim int) string {
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		for j, word := range strings.Split(line, " ") {
			if j > 0 {
				b.WriteByte(' ')
			}
			if strings.ContainsRune(word, '/') && cellWidth(word) > lim {
				word = shortenMiddle(word, lim)
			}
			if strings.ContainsRune(word, '-') && !plainWord(word) {
				word = strings.ReplaceAll(word, "-", string(keptHyphen))
			}
			b.WriteString(word)
		}
	}
	return b.String()
}

// plainWord reports whether word is letters with inner hyphens (and
// trailing punctuation): a word a line may break after a hyphen of.
func plainWord(word string) bool {
	word = strings.TrimRight(word, ",.;:)")
	if word == "" || word[0] == '-' || word[len(word)-1] == '-' {
		return false
	}
	for _, r := range word {
		if r != '-' && !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// shortenMiddle fits s in w cells by putting "…" in its middle: a path
// keeps its last element whole where it can ("/work/…/alpaca-7b.json"),
// anything else keeps as much of its start as of its end. s fitting in w
// is returned as it is. Every place that has no room for a name or path
// shortens it so, never at its end, where a count or a file's extension
// would be lost.
func shortenMiddle(s string, w int) string {
	sw := ansi.StringWidth(s)
	if sw <= w {
		return s
	}
	if w <= 1 {
		return ansi.Truncate("…", max(0, w), "")
	}
	tail := (w - 1) / 2
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		if base := ansi.StringWidth(s[i:]); base <= w-2 {
			tail = max(tail, base)
		}
	}
	head := w - 1 - tail
	return ansi.Truncate(s, head, "") + "…" + ansi.TruncateLeft(s, sw-tail, "")
}

// sideBySide puts two blocks next to each other when both fit in w, else
// one above the other.
func sideBySide(left, right []string, w, gap int) []string {
	lw := 0
	for _, l := range left {
		lw = max(lw, cellWidth(l))
	}
	rw := 0
	for _, l := range right {
		rw = max(rw, cellWidth(l))
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
		out[i] = l + strings.Repeat(" ", lw-cellWidth(l)+gap) + r
	}
	return out
}
