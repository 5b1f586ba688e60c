package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
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
	quoted := make([]string, len(sug))
	for i, s := range sug {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	return inputError{fmt.Errorf("unknown command %q; did you mean %s? (no file %q either)",
		word, strings.Join(quoted, " or "), word)}
}
