package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// unknownCommand returns an error when the first argument of the root
// command is not an existing file but is close to a command name (cobra's
// SuggestionsFor: within SuggestionsMinimumDistance edits, or a prefix):
// `plumb reprot` says `unknown command "reprot"; did you mean "report"?`
// instead of "reprot: cannot open". The root command takes FILE arguments,
// so cobra's own check for unknown commands does not run; a word that is
// an existing file is always read as one.
func unknownCommand(root *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	word := args[0]
	if _, err := os.Stat(word); err == nil {
		return nil
	}
	sug := root.SuggestionsFor(word)
	if len(sug) == 0 {
		return nil
	}
	return inputError{fmt.Errorf("unknown command %q; did you mean %s? (no file %q either)",
		word, quoteJoin(sug, " or "), word)}
}

// flagError is every command's flag error function: the error exits with
// status 2, and an unknown long flag close to one of cmd's (shown) flags
// gets a suggestion: `--lamda` says "unknown flag: --lamda; did you mean
// --lambda?". cobra suggests only subcommands (SuggestionsMinimumDistance);
// pflag's NotExistError names the flag as typed.
func flagError(cmd *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) || ne.GetSpecifiedShortnames() != "" {
		return inputError{err}
	}
	var names []string
	visit := func(fl *pflag.Flag) {
		if !fl.Hidden {
			names = append(names, fl.Name)
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	names = append(names, "help")
	sug := closest(ne.GetSpecifiedName(), names)
	if len(sug) == 0 {
		return inputError{err}
	}
	for i, s := range sug {
		sug[i] = "--" + s
	}
	return inputError{fmt.Errorf("%w; did you mean %s?", err, strings.Join(sug, " or "))}
}

// didYouMean returns "; did you mean "x"?" for the names closest to word
// (closest), or "" when none is close.
func didYouMean(word string, names []string) string {
	sug := closest(word, names)
	if len(sug) == 0 {
		return ""
	}
	return "; did you mean " + quoteJoin(sug, " or ") + "?"
}

// maxSuggestions bounds how many names a suggestion lists.
const maxSuggestions = 3

// closest returns the names nearest to word, at most maxSuggestions of
// them, best first: those within maxEdits(word) edits of it (Damerau–
// Levenshtein distance, restricted: a swap of two neighbours is one edit,
// so "frist" is one from "first"), ignoring case, at the smallest distance
// found; failing any, those that start with word when it has at least
// three characters (`--est` → `--est-frac`). A name equal to word is not a
// suggestion.
func closest(word string, names []string) []string {
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
	if len(best) > maxSuggestions {
		best = best[:maxSuggestions]
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
