// Package suggest finds the names nearest to a mistyped one: the
// "did you mean" of the CLI's flags, commands and names and of the
// terminal UI's command line.
package suggest

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxSuggestions bounds how many names Closest returns.
const MaxSuggestions = 3

// Closest returns the names nearest to word, at most MaxSuggestions of
// them, best first: those within maxEdits(word) edits of it (Damerau–
// Levenshtein distance, restricted: a swap of two neighbours is one edit,
// so "frist" is one from "first"), ignoring case, at the smallest distance
// found; failing any, those that start with word when it has at least
// three characters (`--est` → `--est-frac`). A name equal to word is not a
// suggestion.
func Closest(word string, names []string) []string {
	lw := strings.ToLower(word)
	best, limit := []string(nil), maxEdits(word)
	for _, n := range names {
		if n == word {
			continue
		}
		d := editDistance(lw, strings.ToLower(n))
		switch {
		case d > limit:
		case d < limit:
			best, limit = []string{n}, d
		default:
			best = append(best, n)
		}
	}
	if len(best) == 0 && utf8.RuneCountInString(word) >= 3 {
		for _, n := range names {
			if n != word && strings.HasPrefix(strings.ToLower(n), lw) {
				best = append(best, n)
			}
		}
	}
	slices.Sort(best)
	best = slices.Compact(best)
	if len(best) > MaxSuggestions {
		best = best[:MaxSuggestions]
	}
	return best
}

// maxEdits is how many edits from word a name may be to be suggested:
// 1 up to four characters (a short flag such as --k or --dpi would
// otherwise match half of the others), 2 beyond.
func maxEdits(word string) int {
	if utf8.RuneCountInString(word) <= 4 {
		return 1
	}
	return 2
}

// editDistance is the optimal-string-alignment distance between a and b,
// by runes: the fewest insertions, deletions, substitutions and swaps of
// two neighbouring runes that turn a into b (no substring edited twice).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows of the dynamic programme: i−2, i−1 and i.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
