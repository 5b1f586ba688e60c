package vocab

import (
	"slices"
	"strings"
)

// Stray returns the wrong spellings (Concept.Wrong) of any concept that
// text uses, in glossary order; nil when it uses none. The comparison
// ignores case. A right spelling (a Name or Short) that contains a wrong
// one is blanked out first, so that it does not count.
func Stray(text string) []string {
	t := strings.ToLower(text)
	var right, wrong []string
	for _, s := range Glossary() {
		for _, c := range s.Concepts {
			right = append(right, c.Name)
			if c.Short != "" {
				right = append(right, c.Short)
			}
			wrong = append(wrong, c.Wrong...)
		}
	}
	// Longest first, so a name inside another is blanked with it.
	slices.SortFunc(right, func(a, b string) int { return len(b) - len(a) })
	for _, r := range right {
		r = strings.ToLower(r)
		if slices.ContainsFunc(wrong, func(w string) bool { return strings.Contains(r, strings.ToLower(w)) }) {
			t = strings.ReplaceAll(t, r, "\x00")
		}
	}
	var out []string
	for _, w := range wrong {
		if strings.Contains(t, strings.ToLower(w)) {
			out = append(out, w)
		}
	}
	return out
}
