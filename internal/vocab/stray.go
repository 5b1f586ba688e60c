package vocab

import (
	"slices"
	"strings"
)

// Stray returns the wrong spellings (Concept.Wrong) of any concept that
// text uses, in glossary order; nil when it uses none. The comparison
// ignores case, and every concept's Name and Short are blanked out first,
// so that a right name containing a wrong one ("bias-corrected rate"
// contains "corrected rate") does not count.
func Stray(text string) []string {
	t := strings.ToLower(text)
	var right []string
	for _, s := range Glossary() {
		for _, c := range s.Concepts {
			right = append(right, c.Name)
			if c.Short != "" {
				right = append(right, c.Short)
			}
		}
	}
	// Longest first, so a name inside another is blanked with it.
	slices.SortFunc(right, func(a, b string) int { return len(b) - len(a) })
	for _, r := range right {
		t = strings.ReplaceAll(t, strings.ToLower(r), "\x00")
	}
	var out []string
	for _, s := range Glossary() {
		for _, c := range s.Concepts {
			for _, w := range c.Wrong {
				if strings.Contains(t, strings.ToLower(w)) {
					out = append(out, w)
				}
			}
		}
	}
	return out
}
